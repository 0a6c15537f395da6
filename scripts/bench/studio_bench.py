#!/usr/bin/env python3
"""Detent Studio's figures (issue 30 §4, BENCHMARKS.md "Detent Studio"), on a release build
with Debian's headless Chromium (the venv's Selenium, as the tests use it):

  latency   from a pointer event in the page to the painted frame that shows its effect: the
            event's own time stamp to the animation frame after the first drawing that follows
            it (both on the page's clock), over a scripted drag of ROUNDS × 60 moves on a
            drawer's header; median and p99.
  fps       frames drawn per second while a drawer springs between its anchors without pause,
            on a 60 Hz device (iPhone 15) and a 120 Hz one (iPhone 15 Pro), over SECONDS.
  cpu       the daemon's CPU (its process and its session workers, user + system from /proc),
            over SECONDS: while one page watches an idle world, and while a drawer settles
            again and again.

    swift build -c release --product detent
    .build/python/bin/python scripts/bench/studio_bench.py [--detent .build/release/detent]
Everything it starts is stopped by pid.
"""
import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Studio"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "python"))
from headless_chromium import Browser, descendants  # noqa: E402
from studio_suite import Daemon  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SPRING = "while true do d:animate_to('top') wait_event('drawer.settled') d:animate_to('bottom') wait_event('drawer.settled') end"


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / CLOCK_TICKS


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--detent", default=os.path.join(ROOT, ".build/release/detent"))
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    work = tempfile.mkdtemp(prefix="detent-studio-bench-")
    daemon = Daemon(os.path.abspath(args.detent), work)
    browser = Browser(os.path.join(work, "profile"))
    driver = browser.driver
    client = daemon.socket_()
    ids = iter(range(1, 10 ** 9))

    def request(method, **params):
        reply = client.request(next(ids), method, dict(params, session="bench"))
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def page(script, *arguments):
        return driver.execute_script(script, *arguments)

    try:
        request("eval", code="d = world:drawer{ anchors = { 'top', 'middle', 'bottom' }, at = 'bottom' }")
        driver.get(daemon.url)
        deadline = time.time() + 20
        while not page("return window.detentStudio && window.detentStudio.connected") and time.time() < deadline:
            time.sleep(0.05)
        field = driver.find_element("id", "session")
        field.clear()
        field.send_keys("bench\n")
        while not page("return document.querySelector('[data-kind=drawer-header]') !== null") and time.time() < deadline:
            time.sleep(0.05)

        # Latency: drags up and down the header, a move every 16 ms.
        latencies = []
        mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")
        for _ in range(args.rounds):
            request("eval", code="d:animate_to('bottom') wait_event('drawer.settled', { timeout = 5 })")
            time.sleep(0.2)
            box = page("const r = document.querySelector('[data-kind=drawer-header]').getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2};")
            page("window.detentStudio.latencies.length = 0")
            down = ActionBuilder(driver, mouse=mouse, duration=0)
            down.pointer_action.move_to_location(int(box["x"]), int(box["y"]))
            down.pointer_action.pointer_down()
            down.perform()
            for k in range(60):
                step = ActionBuilder(driver, mouse=mouse, duration=16)
                step.pointer_action.move_to_location(int(box["x"]), int(box["y"] - 4 * (k % 30 if k < 30 else 60 - k)))
                step.perform()
            up = ActionBuilder(driver, mouse=mouse, duration=0)
            up.pointer_action.pointer_up()
            up.perform()
            time.sleep(0.3)
            latencies += page("return window.detentStudio.latencies.slice()")
        print(f"pointer event → painted frame: {len(latencies)} samples over {args.rounds} drags, "
              f"median {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 99):.1f} ms, max {max(latencies):.1f} ms")

        # The daemon's share: from a touch sent by a client on this machine (Python's standard
        # library, no browser) to the geometry sample that shows the finger there, moves at
        # random phases of the display link.
        request("eval", code="d:animate_to('bottom') wait_event('drawer.settled', { timeout = 5 })")
        request("subscribe", geometry=True)
        origin = request("state", paths=["drawer.origin"])["properties"]["drawer.origin"]
        request("touch", phase="down", x=196.5, y=origin + 20, time=time.monotonic())
        share = []
        for k in range(1, 241):
            time.sleep(random.uniform(0.004, 0.03))
            sent, y = time.monotonic(), origin + 20 - (k % 120)
            request("touch", phase="move", x=196.5, y=y, time=sent)
            while True:
                message = client.receive()
                touches = [e for e in message.get("params", {}).get("geometry", {}).values() if e.get("kind") == "touch"] \
                    if message.get("method") == "sample" else []
                if touches and abs(touches[0]["y"] - y) < 0.01:
                    share.append((time.monotonic() - sent) * 1000)
                    break
        request("touch", phase="up", x=196.5, y=origin, time=time.monotonic())
        print(f"the daemon's share (a touch sent → the geometry sample showing it, stdlib client): {len(share)} moves, "
              f"median {statistics.median(share):.1f} ms, p99 {percentile(share, 99):.1f} ms")

        pids = lambda: [daemon.process.pid] + descendants(daemon.process.pid)  # noqa: E731

        # CPU while one page watches an idle world.
        request("eval", code="d:animate_to('bottom') wait_event('drawer.settled', { timeout = 5 })")
        time.sleep(1)
        before = cpu_seconds(pids())
        time.sleep(args.seconds)
        idle = cpu_seconds(pids()) - before
        print(f"daemon CPU, one page watching an idle world: {idle:.2f} s in {args.seconds:.0f} s ({100 * idle / args.seconds:.1f} %)")

        # Frames drawn per second and CPU while the drawer springs without pause.
        for device in ("iPhone 15", "iPhone 15 Pro"):
            # The eval waits for ever (a notification: no answer), until `cancel` stops it.
            request("eval", code=f"detent.world{{ device = '{device}' }} d = world:drawer{{ anchors = {{ 'top', 'middle', 'bottom' }}, at = 'bottom' }}")
            client.send_text(json.dumps({"jsonrpc": "2.0", "method": "eval", "params": {"session": "bench", "code": SPRING}}))
            time.sleep(1)
            drawn0, cpu0, t0 = page("return window.detentStudio.framesDrawn"), cpu_seconds(pids()), time.time()
            time.sleep(args.seconds)
            drawn1, cpu1, t1 = page("return window.detentStudio.framesDrawn"), cpu_seconds(pids()), time.time()
            print(f"{device}: {(drawn1 - drawn0) / (t1 - t0):.1f} frames drawn per second while the drawer springs; "
                  f"daemon CPU {cpu1 - cpu0:.2f} s in {t1 - t0:.0f} s ({100 * (cpu1 - cpu0) / (t1 - t0):.1f} %)")
            request("cancel")
    finally:
        browser.stop()
        daemon.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
