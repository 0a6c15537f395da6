#!/usr/bin/env python3
"""Busted parity suite: runs each portable spec under Debian's busted 2 (luassert 1.9) and
under `detent run`, and compares them test by test.

    python3 Tests/BustedParity/parity.py [--detent .build/debug/detent] [--busted busted]
                                         [--repo .] [FILE ...]

Files (default: every Tests/BustedParity/*_spec.lua) are plain Lua that uses only busted's
structure and luassert's vocabulary, no Detent world API. For each file the suite runs

    busted --output=Tests/BustedParity/busted_results.lua FILE     (one JSON line a test)
    detent run --no-plugins --config <repo>/config FILE            (console output)

from the file's folder and compares, per test in order: the full name, the status (busted's
success/failure/error/pending against Detent's ok/FAIL/ERROR/skip) and the message. A block's
or a hook's error is an entry of its own under both (busted names it after the block and the
hook, `outer inner teardown`), compared as a test is; per name, the number of successes,
failures, errors and pending must agree, and so must each file's totals with the figures of
busted's own summary line (which the output handler also reports, so an entry it missed is
caught). Messages are compared after
normalizing what is deliberately different: luassert prints table, function, thread and
userdata addresses (`(table: 0x55d4…)`, `function: 0x55d4…`), Detent prints a number the
state gives each value instead (`(table: 0x00000001)`), the same on every run; both become
`(table)`.

known_differences_spec.lua is the other way round: every test in it is listed in
KNOWN_DIFFERENCES below, with the reason, and must still differ (a listed difference that
disappears is reported, so the list shrinks).

Each difference is printed; the output ends with `N passed, N failed` (one per compared
test) and the exit status is 1 when anything differed or a runner could not run.
Python 3 standard library only.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KNOWN_FILE = "known_differences_spec.lua"

# Full test name -> why Detent differs from busted there (docs/README name each).
KNOWN_DIFFERENCES = {
    "known differences a string longer than 1000 bytes in a message":
        "Detent shows the first 1000 bytes of a string and counts the rest (…(N more bytes)); luassert prints it whole",
    "known differences match._ in a failing called_with":
        "luassert 1.9 cannot format match._ (formatters/init.lua indexes its missing arguments) and errors; "
        "Detent prints (matcher) _ *anything*, as luassert's current formatter does",
    "known differences too few arguments to an assertion":
        "luassert raises the usage error from its own file (luassert/assertions.lua:115), a failure; "
        "Detent names the spec's line, an error",
    "known differences pending with no reason":
        "busted 2.1.1 prints the reasonless pending object as `{\n}`; Detent prints no reason",
}

STATUS = {"success": "passed", "failure": "failed", "error": "error", "pending": "pending",
          "ok": "passed", "FAIL": "failed", "ERROR": "error", "skip": "pending"}

ADDRESS = re.compile(r"\b(table|function|thread|userdata|builtin): (0x)?[0-9a-fA-F]+")


def normalize(message):
    if message is None:
        return None
    # luassert: `(table: 0x55…) {` ; tostring: `table: 0x55…` ; Detent: `table: 0x00000001`.
    return ADDRESS.sub(lambda m: m.group(1), message)


def run(command, cwd, timeout=60):
    try:
        done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s: {' '.join(command)}"
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def busted_results(busted, path):
    handler = os.path.join(HERE, "busted_results.lua")
    status, out, err = run(busted + [f"--output={handler}", os.path.basename(path)], os.path.dirname(path))
    results = []
    totals = None
    for line in out.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if "totals" in record:
                totals = {STATUS[k]: v for k, v in record["totals"].items()}
                continue
            results.append((record["name"], STATUS[record["status"]], record["message"]))
    if status is None or (not results and status != 0):
        raise RuntimeError(f"busted could not run {path}:\n{out}{err}")
    if totals is None:
        raise RuntimeError(f"busted ended {path} without its counts:\n{out}{err}")
    if totals != tally(results):
        raise RuntimeError(f"busted counted {describe_tally(totals)} in {path}, its entries {describe_tally(tally(results))}")
    return results


def tally(results):
    """{status: count} over results [(name, status, message)], every status present."""
    counts = {state: 0 for state in ("passed", "failed", "error", "pending")}
    for _, state, _ in results:
        counts[state] += 1
    return counts


def describe_tally(counts):
    return ", ".join(f"{counts[state]} {state}" for state in ("passed", "failed", "error", "pending"))


TEST_LINE = re.compile(r"^  (ok   |FAIL |ERROR|skip ) (.*)$")
WHERE_LINE = re.compile(r"^at t=\S+ s \(frame \d+\)$")


def detent_results(detent, repo, path):
    command = [detent, "run", "--no-plugins", "--config", os.path.join(repo, "config"), os.path.basename(path)]
    status, out, err = run(command, os.path.dirname(path))
    results = []
    current = None
    for line in out.splitlines():
        m = TEST_LINE.match(line)
        if m:
            current = [m.group(2), STATUS[m.group(1).strip()], []]
            results.append(current)
        elif current is not None and line.startswith("        "):
            current[2].append(line[8:])
        elif current is not None and line.startswith("    | "):
            continue   # the test's print output
        else:
            current = None
    if status is None or status == 2 or (not results and status != 0):
        raise RuntimeError(f"detent could not run {path} (status {status}):\n{out}{err}")
    final = []
    for name, state, lines in results:
        if state in ("failed", "error") and lines and WHERE_LINE.match(lines[-1]):
            lines = lines[:-1]
        final.append((name, state, "\n".join(lines) if lines else None))
    return final


def compare(expected, actual):
    """Differences between busted's results and Detent's, test by test, in order."""
    differences = {}
    names = []
    for name, _, _ in expected + actual:
        if name not in names:
            names.append(name)
    by_name_b = {}
    by_name_d = {}
    for name, state, message in expected:
        by_name_b.setdefault(name, []).append((state, message))
    for name, state, message in actual:
        by_name_d.setdefault(name, []).append((state, message))
    for name in names:
        b = by_name_b.get(name, [])
        d = by_name_d.get(name, [])
        problems = []
        if len(b) != len(d):
            b_counts = tally([(name, state, None) for state, _ in b])
            d_counts = tally([(name, state, None) for state, _ in d])
            problems.append(f"reported {len(b)} time(s) under busted ({describe_tally(b_counts)}), "
                            f"{len(d)} under detent ({describe_tally(d_counts)})")
        for (bs, bm), (ds, dm) in zip(b, d):
            if bs != ds:
                problems.append(f"status: busted {bs}, detent {ds}")
            bm, dm = normalize(bm), normalize(dm)
            # Detent's console prints no message for a passing test; busted's success has none.
            if bs == ds == "passed":
                continue
            if bm != dm:
                problems.append("message:\n    busted: " + indent(bm) + "\n    detent: " + indent(dm))
        differences[name] = problems
    return names, differences


def indent(message):
    if message is None:
        return "(none)"
    return repr(message) if "\n" not in message else "\n      | " + "\n      | ".join(message.split("\n"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--detent", default=None, help="the detent binary (default: <repo>/.build/debug/detent)")
    parser.add_argument("--busted", default="busted", help="the busted command (default: busted)")
    parser.add_argument("--repo", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)
    detent = os.path.abspath(args.detent or os.path.join(repo, ".build/debug/detent"))
    busted = args.busted.split()
    if shutil.which(busted[0]) is None:
        print(f"parity: busted is not installed ({busted[0]} not found): apt-get install lua-busted "
              "(or bash scripts/setup.sh)", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    files = [os.path.abspath(f) for f in args.files] or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith("_spec.lua"))
    passed = failed = 0
    for path in files:
        print(os.path.relpath(path, repo))
        try:
            expected = busted_results(busted, path)
            actual = detent_results(detent, repo, path)
        except RuntimeError as error:
            print("  RUN ERROR " + str(error).replace("\n", "\n    "))
            failed += 1
            continue
        names, differences = compare(expected, actual)
        known_file = os.path.basename(path) == KNOWN_FILE
        if not known_file and tally(expected) != tally(actual):
            print(f"  FAIL  the file's totals\n    busted: {describe_tally(tally(expected))}\n"
                  f"    detent: {describe_tally(tally(actual))}")
            failed += 1
        for name in names:
            problems = differences[name]
            if known_file:
                reason = KNOWN_DIFFERENCES.get(name)
                if reason is None:
                    print(f"  FAIL  {name}\n    not listed in KNOWN_DIFFERENCES (list it with its reason, or move it)")
                    failed += 1
                elif not problems:
                    print(f"  FAIL  {name}\n    no longer differs ({reason}): remove it from the known differences")
                    failed += 1
                else:
                    print(f"  known {name}: {reason}")
                    passed += 1
                continue
            if problems:
                print(f"  FAIL  {name}")
                for problem in problems:
                    print("    " + problem)
                failed += 1
            else:
                passed += 1
        if known_file:
            for name in KNOWN_DIFFERENCES:
                if name not in names:
                    print(f"  FAIL  {name}\n    listed in KNOWN_DIFFERENCES but not in {KNOWN_FILE}")
                    failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
