#!/usr/bin/env python3
"""Detent Studio in a real browser (issue 30 §3): `detent daemon --http 127.0.0.1:0`, Debian's
headless Chromium through chromedriver (the pinned Selenium), and a Python client of the
daemon's socket protocol (wsclient.py) reading the world's `state` to check what the page does.

The page refuses without the token (403) and a page on another origin cannot open the
WebSocket even with it; Record starts a fresh world; a drawer made from the console pane is
drawn where `state` says; a Selenium pointer drag on the drawer's header, upward with a
release velocity, lands it on an anchor (read through `state`), drawn within 0.5 pt after
settling; the console pane evaluates, prints errors with their line and completes; Stop gives a
spec that `detent run` passes, asserting that same anchor — the same drag lands the same way
in a spec; space pauses, the right arrow steps exactly one frame; the speed menu sets the
world's speed; a second page on the session draws the same world. Screenshots of each step are
kept (the folder is printed).

    .build/python/bin/python Tests/Studio/studio_browser_test.py --detent .build/debug/detent
Ends with `N passed, N failed`. The daemon, the browser and its driver are stopped by pid.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))
from headless_chromium import SETUP_HINT, Browser  # noqa: E402
import studio_suite  # noqa: E402
from studio_suite import Daemon, check  # noqa: E402

TOLERANCE = 0.5  # pt
SESSION = "studio"   # the page's default session
def eventually(condition, seconds=10, interval=0.05):
    """The condition's first truthy value within `seconds`, or its last value."""
    deadline = time.time() + seconds
    value = condition()
    while not value and time.time() < deadline:
        time.sleep(interval)
        value = condition()
    return value


def wait_for(what, condition, seconds=10, interval=0.05):
    value = eventually(condition, seconds, interval)
    if not value:
        raise AssertionError(f"timed out after {seconds} s waiting for {what}")
    return value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--detent", required=True)
    parser.add_argument("--screenshots", default=None, help="folder to keep the screenshots in (default: a temporary folder, printed)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    detent = os.path.abspath(args.detent)
    signal.signal(signal.SIGALRM, lambda *_: (print("FAIL timed out after 240 s"), sys.exit(1)))
    signal.alarm(240)
    try:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import Select
    except ImportError:
        print(f"FAIL selenium is not importable by {sys.executable}: {SETUP_HINT}")
        sys.exit(1)

    work = tempfile.mkdtemp(prefix="detent-studio-browser-")
    shots = args.screenshots or os.path.join(work, "screenshots")
    os.makedirs(shots, exist_ok=True)
    daemon = Daemon(detent, work)
    browser = None
    try:
        browser = Browser(os.path.join(work, "profile"), args.chromium, args.chromedriver)
        driver = browser.driver
        shot_number = [0]

        def shot(name):
            shot_number[0] += 1
            driver.save_screenshot(os.path.join(shots, f"{shot_number[0]:02d}-{name}.png"))

        client = daemon.socket_()
        ids = iter(range(1, 1000000))

        def state(paths=None):
            params = {"session": SESSION}
            if paths is not None:
                params["paths"] = paths
            reply = client.request(next(ids), "state", params)
            if "result" not in reply:
                raise AssertionError(f"state: {reply}")
            return reply["result"]

        def page(script, *arguments):
            return driver.execute_script(script, *arguments)

        # 1. The token: without it the page is 403; with it the page connects.
        driver.get(f"http://{daemon.host}/")
        shot("without-token")
        check("the page without the token is 403", "403" in driver.find_element(By.TAG_NAME, "body").text)
        driver.get_log("browser")  # that 403's own log line, read and dropped
        driver.get(daemon.url)
        wait_for("the page to connect", lambda: page("return window.detentStudio && window.detentStudio.connected"))
        shot("connected")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check("the page loads with the token and logs no error (its CSP blocks nothing of its own)", not errors, errors)

        # 2. Record from a fresh world; a drawer made by eval from a Python client is drawn.
        driver.find_element(By.ID, "record").click()
        wait_for("the recording to start", lambda: driver.find_element(By.ID, "record").get_attribute("aria-pressed") == "true")
        check("Record starts the session over at frame 0", state([])["frame"] < 30, state([]))
        client.request(next(ids), "subscribe", {"session": SESSION, "events": ["drawer.settled"]})
        made = client.request(next(ids), "eval", {"session": SESSION, "code": "d = world:drawer{ anchors = { 'top', 'middle', 'bottom' }, at = 'bottom' }"})
        check("a Python client's eval makes a drawer in the page's session", "result" in made, made)
        drawn = wait_for("the page to draw the drawer",
                         lambda: page("const r = document.querySelector('[data-kind=drawer]'); return r && {y: +r.getAttribute('y'), h: +r.getAttribute('height')};"))
        origin = state(["drawer.origin"])["properties"]["drawer.origin"]
        shot("drawer-drawn")
        check("the page draws it where state says (within 0.5 pt)", abs(drawn["y"] - origin) <= TOLERANCE, (drawn, origin))
        code = driver.find_element(By.ID, "code")

        # 3. The console pane: a value, an error with its line, a completion.
        code.send_keys("return d.anchor", Keys.ENTER)
        wait_for("the value", lambda: '"bottom"' in driver.find_element(By.ID, "transcript").text
                 or "bottom" in driver.find_element(By.ID, "transcript").text.split("> return d.anchor")[-1])
        check("the console pane prints a value", "bottom" in driver.find_element(By.ID, "transcript").text.split("> return d.anchor")[-1])
        code.send_keys("local x = 1", Keys.SHIFT, Keys.ENTER)  # one chunk; shift is ignored by the form
        code.send_keys("error('boom')", Keys.ENTER)
        wait_for("the error", lambda: "boom" in driver.find_element(By.ID, "transcript").text)
        error_line = driver.find_elements(By.CSS_SELECTOR, "#transcript .error")
        check("an error is printed with its chunk and line", error_line and ":1:" in error_line[-1].text and "boom" in error_line[-1].text,
              [e.text for e in error_line])
        code.send_keys("d:animate_t", Keys.TAB)
        wait_for("the completion", lambda: code.get_attribute("value") != "d:animate_t", seconds=5)
        check("Tab completes in the console pane (the daemon's complete)", code.get_attribute("value") == "d:animate_to",
              code.get_attribute("value"))
        code.clear()

        # 4. A pointer drag on the drawer's header, upward, released with velocity.
        def flick_header():
            box = page("const r = document.querySelector('[data-kind=drawer-header]').getBoundingClientRect(); "
                       "return {x: r.left + r.width / 2, y: r.top + r.height / 2};")
            scale = page("const b = document.getElementById('device').getBoundingClientRect(); return b.height / 852;")
            mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")
            actions = ActionBuilder(driver, mouse=mouse, duration=0)
            actions.pointer_action.move_to_location(int(box["x"]), int(box["y"]))
            actions.pointer_action.pointer_down()
            actions.perform()
            # ~10 pt every 16 ms, upward: a flick of ~600 pt/s, as a quick drag of a mouse is.
            y = box["y"]
            for _ in range(10):
                y -= 10 * scale
                step = ActionBuilder(driver, mouse=mouse, duration=16)
                step.pointer_action.move_to_location(int(box["x"]), int(y))
                step.perform()
            release = ActionBuilder(driver, mouse=mouse, duration=0)
            release.pointer_action.pointer_up()
            release.perform()

        flick_header()
        shot("dragged")
        def landed(seconds):
            """The anchor of the next drawer.settled event after the flick (where it came to rest,
            whichever anchor: a loaded machine moves the mouse slower), with the drawer's state."""
            deadline = time.time() + seconds
            while time.time() < deadline:
                for message in client.notifications() + [client.receive()]:
                    if message.get("method") == "event" and message["params"]["name"] == "drawer.settled":
                        return message["params"]["payload"]["anchor"]
            raise AssertionError(f"no drawer.settled within {seconds} s; the world: {state(['drawer.origin'])}")

        anchor = landed(20)
        resting = next(e for e in state([])["engines"] if e.startswith("drawer "))
        check(f"the drag from the bottom anchor upward ends with the drawer at rest on '{anchor}' (the daemon's state)",
              resting == f"drawer resting {anchor}", resting)
        time.sleep(0.3)
        settled = state(["drawer.origin"])["properties"]["drawer.origin"]
        drawn_y = float(page("return document.querySelector('[data-kind=drawer]').getAttribute('y')"))
        shot("settled")
        check("after settling the drawn drawer matches state within 0.5 pt", abs(drawn_y - settled) <= TOLERANCE, (drawn_y, settled))

        # The timeline: look back at an earlier frame of the drag, then follow the world again.
        latest = int(page("return +document.getElementById('device').getAttribute('data-frame')"))
        page("document.getElementById('device').focus()")   # a click would tap the world
        for _ in range(20):
            driver.find_element(By.ID, "device").send_keys(Keys.ARROW_LEFT)
        back = page("const d = document.getElementById('device'); return {frame: +d.getAttribute('data-frame'), live: d.getAttribute('data-live'),"
                    " y: +document.querySelector('[data-kind=drawer]').getAttribute('y')};")
        shot("looking-back")
        check("← draws earlier frames from the page's history (the world is not rewound)",
              back["live"] == "false" and back["frame"] < latest and abs(back["y"] - settled) > TOLERANCE, (back, latest, settled))
        driver.find_element(By.ID, "live").click()
        live = page("const d = document.getElementById('device'); return {frame: +d.getAttribute('data-frame'), live: d.getAttribute('data-live')};")
        check("Live follows the world again", live["live"] == "true" and live["frame"] >= latest, live)

        # Slow time, soften the drawer's spring from the console pane, flick again.
        Select(driver.find_element(By.ID, "speed")).select_by_value("0.25")
        check("the speed menu slows the world (0.25×)", eventually(lambda: state([])["speed"] == 0.25), state([]))
        code.send_keys("detent.world{ config = { drawer = { spring_stiffness = 120 } } } "
                       "d = world:drawer{ anchors = { 'top', 'middle', 'bottom' }, at = 'bottom' }", Keys.ENTER)
        wait_for("the new drawer at the bottom", lambda: abs(float(page("return +document.querySelector('[data-kind=drawer]').getAttribute('y')")) - origin) < TOLERANCE)
        flick_header()
        shot("slow-flick")
        anchor = landed(60)
        check(f"at 0.25× with a softer spring the flick brings the drawer to rest on '{anchor}'",
              next(e for e in state([])["engines"] if e.startswith("drawer ")) == f"drawer resting {anchor}")
        Select(driver.find_element(By.ID, "speed")).select_by_value("1")
        wait_for("the speed back", lambda: state([])["speed"] == 1)

        # 5. Stop: the spec, which detent run passes — the same drags landing on the same anchors.
        driver.find_element(By.ID, "record").click()
        spec = wait_for("the spec", lambda: page("return window.detentStudio.spec"))
        shot("recorded")
        path = os.path.join(work, "studio_spec.lua")
        with open(path, "w") as f:
            f.write(spec)
        check("the recorded spec replays the drag as touch_path and asserts the anchor",
              "touch_path{" in spec and f'assert.are.equal("{anchor}", d.anchor)' in spec, spec)
        result = subprocess.run([detent, "run", path], cwd=work, capture_output=True, text=True, timeout=120)
        check("detent run passes the spec recorded in the page (the same drags land on the same anchors)",
              result.returncode == 0 and "1 passed, 0 failed" in result.stdout, result.stdout + result.stderr + spec)
        check("the spec has both flicks and the softer spring", spec.count("touch_path{") == 2 and "spring_stiffness = 120" in spec, spec)

        # Plots: a property's samples drawn as SVG.
        driver.find_element(By.ID, "plot-property").send_keys("drawer.origin")
        driver.find_element(By.ID, "plot-add").click()
        client.request(next(ids), "eval", {"session": SESSION, "code": "d:animate_to('bottom')"})
        points = wait_for("the plot", lambda: page("const l = document.querySelector('#plot-area svg[data-series=\"drawer.origin\"] polyline');"
                                                   " return l && l.getAttribute('points') && l.getAttribute('points').split(' ').length > 10;"))
        shot("plot")
        check("a plotted property is drawn as an SVG line from its samples", points)

        # 6. Time: space pauses, the right arrow steps one frame, the speed menu.
        body = driver.find_element(By.ID, "device")
        page("document.getElementById('device').focus()")  # the stage, not an input (a click would tap the world)
        body.send_keys(Keys.SPACE)
        wait_for("the pause", lambda: state([])["paused"])
        before = state([])["frame"]
        body.send_keys(Keys.ARROW_RIGHT)
        after = wait_for("the step", lambda: (lambda s: s["frame"] if s["frame"] != before else None)(state([])))
        check("pause + step (space, →) advances exactly one frame", after == before + 1, (before, after))
        time.sleep(0.2)
        check("and the world stays paused after the step", state([])["frame"] == after)
        body.send_keys(Keys.SPACE)
        wait_for("the resume", lambda: not state([])["paused"])
        shot("paused-stepped")

        # A second finger is refused clearly, not misread as a move of the first.
        header = page("const r = document.querySelector('[data-kind=drawer-header]').getBoundingClientRect(); "
                      "return {x: r.left + r.width / 2, y: r.top + r.height / 2};")
        fingers = ActionBuilder(driver)
        one = fingers.add_pointer_input(interaction.POINTER_TOUCH, "one")
        two = fingers.add_pointer_input(interaction.POINTER_TOUCH, "two")
        one.create_pointer_move(x=int(header["x"]) - 40, y=int(header["y"]))
        two.create_pointer_move(x=int(header["x"]) + 40, y=int(header["y"]))
        one.create_pointer_down(button=0)
        two.create_pointer_down(button=0)
        one.create_pointer_move(x=int(header["x"]) - 40, y=int(header["y"]) - 30, duration=100)
        two.create_pointer_move(x=int(header["x"]) + 40, y=int(header["y"]) - 30, duration=100)
        one.create_pointer_up(button=0)
        two.create_pointer_up(button=0)
        fingers.perform()
        check("a second finger is refused with a message in the console pane",
              eventually(lambda: "one finger at a time" in driver.find_element(By.ID, "transcript").text, seconds=5),
              driver.find_element(By.ID, "transcript").text[-500:])
        check("and no finger stays down in the world", eventually(lambda: "touch idle" in state([])["engines"]), state([])["engines"])

        # 7. A second page on the same session sees the same world.
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(daemon.url)
        wait_for("the second page to draw the drawer", lambda: page("return document.querySelector('[data-kind=drawer]') !== null"))
        client.request(next(ids), "eval", {"session": SESSION, "code": "d:animate_to('top')"})
        wait_for("the drawer to reach the top", lambda: any(e == "drawer resting top" for e in state([])["engines"]), seconds=20)
        time.sleep(0.3)
        second_y = float(page("return document.querySelector('[data-kind=drawer]').getAttribute('y')"))
        shot("second-page")
        driver.switch_to.window(first)
        first_y = float(page("return document.querySelector('[data-kind=drawer]').getAttribute('y')"))
        top = state(["drawer.origin"])["properties"]["drawer.origin"]
        check("two pages on the same session draw the same world", abs(first_y - second_y) <= TOLERANCE and abs(first_y - top) <= TOLERANCE,
              (first_y, second_y, top))

        # 8. A page on another origin cannot drive the daemon, even knowing the token.
        driver.get("data:text/html,<p>another origin</p>")
        outcome = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const ws = new WebSocket(arguments[0]);"
            "ws.onopen = () => done('open'); ws.onerror = () => done('refused');"
            "setTimeout(() => done('timeout'), 5000);", f"ws://{daemon.host}/ws?token={daemon.token}")
        check("a WebSocket from a page on another origin is refused, token or not", outcome == "refused", outcome)
        print(f"screenshots: {shots}")
    except Exception as e:
        check("the browser test ran through", False, repr(e))
    finally:
        if browser is not None:
            browser.stop()
        daemon.stop()
        signal.alarm(0)
        if args.screenshots is None and not studio_suite.failed:
            shutil.rmtree(work, ignore_errors=True)
        else:
            shutil.rmtree(os.path.join(work, "profile"), ignore_errors=True)
    print(f"{studio_suite.passed} passed, {studio_suite.failed} failed")
    sys.exit(1 if studio_suite.failed else 0)


if __name__ == "__main__":
    main()
