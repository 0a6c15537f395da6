"""Reads a JUnit XML report with junitparser (a JUnit library from PyPI, pinned in
requirements.txt) and prints what it understood as JSON, for ReportConsumerTests to compare
with the run: per suite its name, counts and properties; per case its name, classname, time,
result elements (tag, message, text), and Surefire's rerun*/flaky* children. Usage: read_junit.py REPORT.xml"""
import json
import sys

from junitparser import JUnitXml, TestSuite

xml = JUnitXml.fromfile(sys.argv[1])
suites = [xml] if isinstance(xml, TestSuite) else list(xml)
out = {"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "suites": []}
for suite in suites:
    entry = {
        "name": suite.name,
        "tests": suite.tests,
        "failures": suite.failures,
        "errors": suite.errors,
        "skipped": suite.skipped,
        "properties": {p.name: p.value for p in suite.properties()},
        "cases": [],
    }
    for case in suite:
        entry["cases"].append({
            "name": case.name,
            "classname": case.classname,
            "time": case.time,
            "file": case._elem.get("file"),
            "line": case._elem.get("line"),
            "results": [{"tag": r._tag, "message": r.message, "text": r.text} for r in case.result],
            "system_out": case.system_out,
            "reruns": [child.tag for child in case._elem if child.tag.startswith("rerun")],
            "flaky": [child.tag for child in case._elem if child.tag.startswith("flaky")],
        })
    out["suites"].append(entry)
json.dump(out, sys.stdout, indent=1, sort_keys=True)
