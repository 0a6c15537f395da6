#!/usr/bin/env python3
"""Upstream suites: luassert's and busted's own spec files, run unchanged by busted and by
`detent run`, compared test by test.

    python3 Tests/Upstream/upstream_suite.py --detent .build/debug/detent [--busted busted]
                                             [--threshold 0.95] [--suite NAME]... [--show]

The folders here are copies of upstream files, licences kept (see README.md for the commits):

    luassert/   lunarmodules/luassert's spec/ and its .busted (helper, verbose, output)
    busted/     the spec files of lunarmodules/busted's spec/ that test the spec language
                (structure, hooks, environments, insulate/expose, randomize, finally, the
                `busted` module), with spec/strict.lua which one of them requires
    penlight/   lunarmodules/Penlight's spec/stringx_spec.lua, whose setup gives strings a
                `%` operator for the tests after it (string metatable state a file sets
                lasts for its tests, as under busted)

Not one line is changed: the modules they require (luassert, luassert.util, luassert.match,
busted, say) are Detent's own built-in modules; penlight (pl) comes from Debian's
lua-penlight, on Lua's default path.

Each suite runs from a scratch copy of its folder, once under busted (Debian's lua-busted,
busted 2.1.1) and once under detent, both with TAP output. A test counts as passed for a
runner when its TAP line is `ok` (a pending test is `ok ... # SKIP`, for both). The check:
of the tests busted passes, detent passes at least --threshold of them (--suite runs the
named suites alone, every one by default). Tests busted fails
(Debian's luassert 1.9 predates some of luassert's current specs) are reported, not counted.

The output lists each test where the runners differ, a line per suite, and ends with
`N passed, N failed`: passed = tests busted passes that detent passes too, failed = tests
busted passes that detent does not. The exit status is 1 below the threshold or when a
runner could not run. Python 3 standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# suite folder -> the spec files to run (relative to the folder)
SUITES = {
    "luassert": ["spec"],
    "busted": [
        "spec/async_spec.lua",
        "spec/core_spec.lua",
        "spec/execution_order_sync_spec.lua",
        "spec/export_spec.lua",
        "spec/file_context_support_spec.lua",
        "spec/file_randomize_spec.lua",
        "spec/insulate-expose_spec.lua",
        "spec/randomize_spec.lua",
        "spec/strict_spec.lua",
    ],
    "penlight": ["spec/stringx_spec.lua"],
}

TAP_LINE = re.compile(r"^(ok|not ok) \d+ - (.*?)(\s+# SKIP.*)?$")


def tap_results(text):
    """[(name, passed)] from TAP, in order. busted writes pending tests as `ok N - # SKIP name`."""
    results = []
    for line in text.splitlines():
        m = TAP_LINE.match(line)
        if not m:
            continue
        name = m.group(2)
        if name.startswith("# SKIP "):
            name = name[len("# SKIP "):]
        # TAP escapes a # in a description as \# (detent does; busted does not).
        results.append((name.strip().replace("\\#", "#"), m.group(1) == "ok"))
    return results


def run(command, cwd, timeout):
    try:
        done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"
    except OSError as error:
        return None, "", str(error)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def by_name(results):
    """name -> [passed, ...] (names repeat: busted's randomize specs declare a test 100 times)."""
    table = {}
    for name, passed in results:
        table.setdefault(name, []).append(passed)
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--detent", required=True)
    parser.add_argument("--busted", default="busted")
    parser.add_argument("--threshold", type=float, default=0.95)
    parser.add_argument("--suite", action="append", choices=sorted(SUITES), help="run this suite (repeatable; default: all)")
    parser.add_argument("--show", action="store_true", help="print each runner's output")
    args = parser.parse_args()
    detent = os.path.abspath(args.detent)

    total_busted = total_both = total_detent = total_tests = 0
    broken = False
    for suite, files in SUITES.items():
        if args.suite and suite not in args.suite:
            continue
        with tempfile.TemporaryDirectory(prefix=f"upstream-{suite}-") as scratch:
            folder = os.path.join(scratch, suite)
            shutil.copytree(os.path.join(HERE, suite), folder)
            b_code, b_out, b_err = run([args.busted, "-o", "TAP"] + files, folder, 600)
            d_code, d_out, d_err = run([detent, "run", "-o", "tap"] + files, folder, 600)
        if args.show:
            print(b_out, b_err, d_out, d_err, sep="\n")
        busted_results, detent_results = tap_results(b_out), tap_results(d_out)
        if b_code is None or not busted_results:
            print(f"{suite}: busted did not run: {b_err.strip()[-400:]}")
            broken = True
            continue
        if d_code is None or d_code not in (0, 1) or not detent_results:
            print(f"{suite}: detent did not run (exit {d_code}): {d_err.strip()[-400:]}")
            broken = True
            continue
        busted_names, detent_names = by_name(busted_results), by_name(detent_results)
        both = 0
        for name, outcomes in busted_names.items():
            theirs = detent_names.get(name, [])
            for i, passed in enumerate(outcomes):
                ours = theirs[i] if i < len(theirs) else None
                if passed and ours:
                    both += 1
                elif passed:
                    print(f"  {suite}: detent {'does not run' if ours is None else 'fails'}: {name}")
                elif ours:
                    print(f"  {suite}: busted fails, detent passes: {name}")
        for name in detent_names:
            if name not in busted_names:
                print(f"  {suite}: only detent has: {name}")
        passed_busted = sum(1 for _, p in busted_results if p)
        passed_detent = sum(1 for _, p in detent_results if p)
        print(f"{suite}: {len(busted_results)} tests; busted passes {passed_busted}, detent {passed_detent}; "
              f"detent passes {both} of busted's {passed_busted}")
        total_busted += passed_busted
        total_both += both
        total_detent += passed_detent
        total_tests += len(busted_results)

    share = total_both / total_busted if total_busted else 0.0
    print(f"all: {total_tests} tests; busted passes {total_busted}, detent {total_detent}; "
          f"detent passes {total_both} of busted's {total_busted} ({share:.1%}, at least {args.threshold:.0%} wanted)")
    print(f"{total_both} passed, {total_busted - total_both} failed")
    return 1 if broken or share < args.threshold else 0


if __name__ == "__main__":
    sys.exit(main())
