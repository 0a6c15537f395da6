"""Reads a TAP report with tap.py (pinned in requirements.txt) and prints, one line each,
what it understood: `plan N`, `ok N description`, `not ok N description`, with ` # SKIP` when
tap.py saw a skip directive, and `bail` for a bail-out. Usage: read_tap.py REPORT.tap"""
import contextlib
import io
import sys

from tap.parser import Parser

# tap.py prints a warning on standard output when PyYAML is missing (YAML blocks are then
# read as unknown lines, which TAP allows); keep it out of the listing.
with contextlib.redirect_stdout(io.StringIO()):
    lines = list(Parser().parse_file(sys.argv[1]))

for line in lines:
    if line.category == "plan":
        print(f"plan {line.expected_tests}")
    elif line.category == "test":
        print(f"{'ok' if line.ok else 'not ok'} {line.number} {line.description}{' # SKIP' if line.skip else ''}")
    elif line.category == "bail":
        print("bail")
