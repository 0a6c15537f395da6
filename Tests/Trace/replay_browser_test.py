#!/usr/bin/env python3
"""The HTML trace replay in a real browser (issue 15 §5).

Runs `detent run --trace on` on Tests/Trace/specs/replay_spec.lua (a drawer flick and a
navigation push, and a test that fails), writes the replays with `detent show-trace`, then
drives Debian's headless Chromium through chromedriver (Selenium): scrubs to frames, reads the
drawn geometry from the DOM and compares it with the trace's numbers within 0.5 pt, steps with
the arrow keys, checks the failing assertion is shown at its frame, and saves screenshots.

Run by `swift test` (TraceReplayBrowserTests) with the venv's Python:
    .build/python/bin/python Tests/Trace/replay_browser_test.py --detent .build/debug/detent
Chromium, chromedriver and Selenium come from scripts/setup.sh. The browser and driver this
script starts are stopped by pid (driver.quit(), then a bounded check), never by name.
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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
from headless_chromium import SETUP_HINT, Browser  # noqa: E402

TOLERANCE = 0.5  # pt


def fail(message):
    print("FAIL " + message)
    sys.exit(1)


def fold(path):
    """The trace's frames, each with the full geometry state, as the replay must draw them."""
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    header, end = lines[0], (lines[-1] if lines[-1].get("type") == "end" else None)
    assert header["type"] == "header", header
    frames, state = [], {}
    for line in lines[1:]:
        if "type" in line:
            continue
        for id_, change in (line.get("geometry") or {}).items():
            if change is None:
                state.pop(id_, None)
            else:
                state[id_] = dict(state.get(id_, {}), **change)
        if "t" in line:
            frames.append({"frame": line["frame"], "t": line["t"], "state": {k: dict(v) for k, v in state.items()}})
    return header, frames, end


def near(expected, actual, what):
    if abs(float(expected) - float(actual)) > TOLERANCE:
        fail(f"{what}: the DOM has {actual}, the trace {expected} (tolerance {TOLERANCE} pt)")


def run(args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--detent", required=True)
    parser.add_argument("--repo", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    parser.add_argument("--screenshots", default=None, help="folder to keep the screenshots in (default: a temporary folder)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    # A hung browser must not hang the suite: the Swift test has its own limit, this one cleans up.
    signal.signal(signal.SIGALRM, lambda *_: fail("timed out after 150 s"))
    signal.alarm(150)

    for tool in (args.chromium, args.chromedriver):
        if not os.access(tool, os.X_OK):
            fail(f"{tool} is missing: {SETUP_HINT}")
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
    except ImportError:
        fail(f"selenium is not importable by {sys.executable}: {SETUP_HINT}")

    work = tempfile.mkdtemp(prefix="detent-replay-")
    shots = args.screenshots or os.path.join(work, "screenshots")
    os.makedirs(shots, exist_ok=True)
    browser = None
    try:
        traces = os.path.join(work, "traces")
        spec = "Tests/Trace/specs/replay_spec.lua"
        result = run([args.detent, "run", spec, "--trace", "on", "--trace-dir", traces], cwd=args.repo)
        if result.returncode != 1 or "1 passed, 1 failed" not in result.stdout:
            fail(f"detent run --trace on: expected one pass and one failure (exit 1), got {result.returncode}:\n{result.stdout}{result.stderr}")
        folder = os.path.join(traces, "tests-trace-specs-replay-spec.lua")
        names = sorted(os.listdir(folder))
        passing = os.path.join(folder, next(n for n in names if "flicks-the-drawer" in n))
        failing = os.path.join(folder, next(n for n in names if "fails-when" in n))
        replays = {}
        for key, trace in (("passing", passing), ("failing", failing)):
            out = os.path.join(work, key)
            result = run([args.detent, "show-trace", trace, "--out", out])
            if result.returncode != 0:
                fail(f"detent show-trace {trace}: exit {result.returncode}\n{result.stdout}{result.stderr}")
            replays[key] = os.path.join(out, "replay.html")
            with open(replays[key], encoding="utf-8") as f:
                html = f.read()
            external = [token for token in ("src=\"http", "href=\"http", "url(http", "@import", "fetch(", "XMLHttpRequest") if token in html]
            if external:
                fail(f"the replay must be self-contained; it mentions {external}")
        print("ok   detent run --trace on and detent show-trace wrote the traces and replays")

        browser = Browser(os.path.join(work, "profile"), args.chromium, args.chromedriver)
        driver = browser.driver

        # The passing trace: a drawer flick, then a push.
        header, frames, end = fold(passing)
        driver.get("file://" + replays["passing"])
        count = driver.execute_script("return window.detentReplay.count")
        if count != len(frames):
            fail(f"the replay has {count} frames, the trace {len(frames)}")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        if errors:
            fail(f"the replay logged errors: {errors}")

        def scrub(index):
            # As a person drags the scrubber: its value changes and it fires `input`.
            driver.execute_script(
                "const s = document.getElementById('scrubber'); s.value = arguments[0];"
                "s.dispatchEvent(new Event('input', {bubbles: true}));", index)

        def shown_index():
            return int(driver.find_element(By.ID, "device").get_attribute("data-index"))

        def rect(selector):
            node = driver.find_element(By.CSS_SELECTOR, selector)
            return {k: float(node.get_attribute(k)) for k in ("x", "y", "width", "height")}

        def check_frame(index):
            frame = frames[index]
            if shown_index() != index or int(driver.find_element(By.ID, "device").get_attribute("data-frame")) != frame["frame"]:
                fail(f"the replay shows index {shown_index()}, expected {index} (frame {frame['frame']})")
            checked = 0
            for id_, element in frame["state"].items():
                kind = element["kind"]
                if kind not in ("drawer", "screen", "bar", "sheet", "tabs", "navigation", "pager"):
                    continue
                drawn = rect(f'[data-kind="{kind}"][data-id="{id_}"]')
                for key, attr in (("x", "x"), ("y", "y"), ("w", "width"), ("h", "height")):
                    near(element[key], drawn[attr], f"frame {frame['frame']} {id_}.{attr}")
                checked += 1
            # A pager's pages sit side by side, moved by its offset: page i's left edge at
            # x + (i − 1)·(page width + spacing) − offset.
            for id_, element in frame["state"].items():
                if element["kind"] != "pager":
                    continue
                for page in range(1, element["pages"] + 1):
                    drawn = rect(f'[data-kind="page"][data-id="{id_}:{page}"]')
                    near(element["x"] + (page - 1) * (element["page_w"] + element["spacing"]) - element["offset"], drawn["x"],
                         f"frame {frame['frame']} {id_} page {page}.x")
                    near(element["page_w"], drawn["width"], f"frame {frame['frame']} {id_} page {page}.width")
                checked += 1
            drawn_ids = {n.get_attribute("data-id") for n in driver.find_elements(By.CSS_SELECTOR, "#scene [data-kind=screen]")}
            traced_ids = {i for i, e in frame["state"].items() if e["kind"] == "screen"}
            if drawn_ids != traced_ids:
                fail(f"frame {frame['frame']}: screens drawn {sorted(drawn_ids)}, traced {sorted(traced_ids)}")
            return checked

        # A frame while the drawer settles (between its anchors) and one mid-push (the
        # incoming screen part-way in).
        def find(predicate, what):
            for i, frame in enumerate(frames):
                if predicate(frame["state"]):
                    return i
            fail(f"the trace has no frame where {what}")

        settling = find(lambda s: s.get("drawer:drawer", {}).get("state") == "settling" and 100 < s["drawer:drawer"]["y"] < 400,
                        "the drawer settles between middle and top")
        pushing = find(lambda s: "screen:navigation:detail" in s and 50 < s["screen:navigation:detail"]["x"] < 300,
                       "the detail screen is part-way in")
        for index in (settling, pushing):
            scrub(index)
            checked = check_frame(index)
            if checked < 4:
                fail(f"frame {frames[index]['frame']}: only {checked} elements compared")
        print(f"ok   scrubbing to frames {frames[settling]['frame']} (drawer settling) and {frames[pushing]['frame']} (push) draws the traced geometry within {TOLERANCE} pt")
        driver.save_screenshot(os.path.join(shots, "push.png"))

        # Arrow keys step one frame at a time.
        body = driver.find_element(By.TAG_NAME, "body")
        scrub(settling)
        body.send_keys(Keys.ARROW_RIGHT)
        body.send_keys(Keys.ARROW_RIGHT)
        check_frame(settling + 2)
        body.send_keys(Keys.ARROW_LEFT)
        check_frame(settling + 1)
        print("ok   the arrow keys step one frame forwards and back")
        driver.save_screenshot(os.path.join(shots, "drawer.png"))

        # The plots' cursors follow the scrubber.
        cursors = driver.find_elements(By.CSS_SELECTOR, ".plot [data-kind=plot-cursor]")
        if len(cursors) != len(header["series"]) or not header["series"]:
            fail(f"{len(cursors)} plot cursors for series {header['series']}")
        before = cursors[0].get_attribute("x1")
        scrub(pushing)
        if cursors[0].get_attribute("x1") == before:
            fail("the plot cursor did not move with the scrubber")
        if not driver.find_elements(By.CSS_SELECTOR, "#timeline [data-kind=event]"):
            fail("no events on the timeline")
        print("ok   the plot cursors follow the scrubber; the events are on the timeline")

        # Play, then pause: playing moves forwards through the frames.
        scrub(0)
        driver.execute_script("document.getElementById('speed').value = '2'")
        driver.find_element(By.ID, "play").click()
        # Playing advances with the page's animation frames: on a loaded machine they come
        # slowly, so wait (bounded) until the replay moved rather than a fixed time.
        deadline = time.monotonic() + 10
        while shown_index() == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        driver.find_element(By.ID, "play").click()
        if shown_index() == 0:
            fail("play did not move the replay")
        print(f"ok   play and pause (reached index {shown_index()} at 2x)")

        # The failing trace opens at the failing frame, with the assertion highlighted.
        header, frames, end = fold(failing)
        driver.get("file://" + replays["failing"])
        banner = driver.find_element(By.ID, "failure")
        expected_index = next(i for i, f in enumerate(frames) if f["frame"] >= end["frame"])
        if not banner.is_displayed() or "current" not in banner.get_attribute("class").split():
            fail("the failure banner is not shown and highlighted at the failing frame")
        if end["location"] not in banner.text or shown_index() != expected_index:
            fail(f"failure banner {banner.text!r} at index {shown_index()}, expected {end['location']} at {expected_index}")
        if not driver.find_elements(By.CSS_SELECTOR, "#timeline [data-kind=failure]"):
            fail("the failing frame is not marked on the timeline")
        check_frame(expected_index)
        driver.save_screenshot(os.path.join(shots, "failure.png"))
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_LEFT)
        if "current" in banner.get_attribute("class").split():
            fail("the failure stays highlighted away from its frame")
        print(f"ok   the failing assertion ({end['location']}) is highlighted at frame {end['frame']} and marked on the timeline")
        print(f"screenshots: {shots}")
    finally:
        if browser is not None:
            browser.stop()
        signal.alarm(0)
        if args.screenshots is None:
            shutil.rmtree(work, ignore_errors=True)
        else:
            shutil.rmtree(os.path.join(work, "profile"), ignore_errors=True)
    print("all replay checks passed")


if __name__ == "__main__":
    main()
