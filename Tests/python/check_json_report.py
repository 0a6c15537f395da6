"""Checks JSON reports against docs/report-schema.json with jsonschema (pinned in
requirements.txt): prints `valid FILE` or each error with its path, and exits 1 when one is
invalid. Usage: check_json_report.py SCHEMA REPORT.json…"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("jsonschema is missing from this virtual environment: run bash scripts/setup.sh")

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = False
for path in sys.argv[2:]:
    errors = list(validator.iter_errors(json.load(open(path))))
    for error in errors:
        print(f"{path}: {'/'.join(str(p) for p in error.absolute_path)}: {error.message}")
    if errors:
        failed = True
    else:
        print(f"valid {path}")
sys.exit(1 if failed else 0)
