#!/usr/bin/env python3
"""The example answers of docs/protocol.md and README.md are the binary's: every documented
request (a `-->` line, or `echo '{…}' | socat`) is sent, in document order, to one fresh
`detent daemon`, and the first documented answer with its id after it (`<--`, or the JSON line
shown after the `echo`) is compared with what came back:

- a result has exactly the documented top-level fields (at least them where the example
  elides some with `…` or `...`); an `eval` answers the documented `value`, a `complete` the
  documented `words`;
- an error has the documented code.

Requests that cannot be replayed alone are passed by and counted: batches, lines that are not
JSON on purpose, and `shutdown` (the rest of the document still needs the daemon). The spec
file the `run` example names is written to a temporary folder, which replaces `/tmp/specs`.

    python3 Tests/DaemonClients/docs_answers.py --detent .build/debug/detent [--repo .]

Ends with `N passed, N failed`; exit status 1 when an answer drifted. Standard library only.
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

TINY_SPEC = """\
describe("tiny", function()
  it("passes", function()
    assert.are.equal(2, 1 + 1)
  end)
  it("fails", function()
    assert.are.equal(3, 1 + 1)
  end)
end)
"""

ANSWER_TIMEOUT = 60  # seconds for one answer (an eval that waits for a drawer to settle)


def decode_prefix(text):
    """The JSON value `text` starts with (trailing words such as `(no reply)` are left), or None."""
    try:
        return json.JSONDecoder().raw_decode(text.strip())[0]
    except ValueError:
        return None


def message_texts(lines, start):
    """The message starting after `--> ` / `<-- ` on lines[start], with its indented
    continuation lines until it parses; (text, next line index)."""
    text = lines[start][4:]
    i = start + 1
    while decode_prefix(text) is None and i < len(lines) and lines[i].startswith(" ") and not lines[i].strip().startswith(("-->", "<--")):
        text += lines[i].strip()
        i += 1
    return text, i


def examples(path):
    """(line number, request text, [(line number, documented answer text)]) in document order:
    each answer goes with the latest request before it that has its id."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    found = []
    i = 0
    while i < len(lines):
        line = lines[i]
        echo = re.search(r"echo '(\{\"jsonrpc\".*\})'", line)
        if line.startswith("--> "):
            text, following = message_texts(lines, i)
            found.append(("request", i + 1, text))
            i = following
            continue
        if line.startswith("<-- "):
            text, following = message_texts(lines, i)
            found.append(("answer", i + 1, text))
            i = following
            continue
        if echo:
            found.append(("request", i + 1, echo.group(1)))
        elif line.startswith('{"jsonrpc":"2.0","id":'):
            found.append(("answer", i + 1, line))
        i += 1
    return found


def answer_id(text):
    match = re.match(r'\s*\{"jsonrpc":"2\.0","id":("[^"]*"|-?\d+|null)', text)
    return json.loads(match.group(1)) if match else None


def top_level(text, key):
    """The top-level field names inside `"key":{…}` of `text`, and whether an ellipsis stands
    for some of them (`…` or `...` outside strings) — read without parsing, so elided examples
    are read too. None when `text` has no such object."""
    start = text.find(f'"{key}":{{')
    if start < 0:
        return None
    i = start + len(key) + 4
    depth, keys, elided, in_string, current = 1, [], False, False, ""
    while i < len(text) and depth > 0:
        ch = text[i]
        if in_string:
            if ch == "\\":
                current += text[i:i + 2]
                i += 2
                continue
            if ch == '"':
                in_string = False
                rest = text[i + 1:].lstrip()
                if depth == 1 and rest.startswith(":"):
                    keys.append(current)
            else:
                current += ch
        elif ch == '"':
            in_string, current = True, ""
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        elif ch == "…" or text.startswith("...", i):
            elided = True
        i += 1
    return keys, elided


class Daemon:
    def __init__(self, detent, repo, folder):
        self.socket = os.path.join(folder, "d.sock")
        self.log = open(os.path.join(folder, "daemon.log"), "wb")
        self.proc = subprocess.Popen([detent, "daemon", "--socket", self.socket, "--config", os.path.join(repo, "config")],
                                     cwd=repo, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 30
        while not os.path.exists(self.socket) and self.proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.conn.settimeout(ANSWER_TIMEOUT)
        self.conn.connect(self.socket)
        self.reader = self.conn.makefile("rb")

    def send(self, request):
        """Sends `request`; its answer (notifications on the way are passed by)."""
        self.conn.sendall((json.dumps(request) + "\n").encode())
        while True:
            line = self.reader.readline()
            if not line:
                raise AssertionError("the daemon closed the connection")
            message = json.loads(line)
            if isinstance(message, dict) and message.get("id") == request["id"] and ("result" in message or "error" in message):
                return message

    def stop(self):
        self.conn.close()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log.close()


def compare(documented, actual, method):
    """What differs between a documented answer (text) and the daemon's (a message), or []."""
    problems = []
    if '"error":{' in documented:
        code = re.search(r'"code":(-?\d+)', documented)
        got = actual.get("error", {}).get("code")
        if got is None or not code or int(code.group(1)) != got:
            problems.append(f"documented error {code.group(1) if code else '?'}, the daemon answered {json.dumps(actual)[:300]}")
        return problems
    fields = top_level(documented, "result")
    if fields is None:
        return problems
    keys, elided = fields
    result = actual.get("result")
    if not isinstance(result, dict):
        return [f"documented a result, the daemon answered {json.dumps(actual)[:300]}"]
    missing = [k for k in keys if k not in result]
    extra = [k for k in result if k not in keys]
    if missing:
        problems.append(f"documented fields the daemon does not answer: {missing}")
    if extra and not elided:
        problems.append(f"fields the daemon answers and the example leaves out: {extra}")
    parsed = decode_prefix(documented)
    shown = parsed.get("result") if isinstance(parsed, dict) else None
    if isinstance(shown, dict):
        for key in {"eval": ["value"], "complete": ["words"]}.get(method, []):
            if key in shown and shown[key] != result.get(key):
                problems.append(f"documented {key} {json.dumps(shown[key])}, the daemon answered {json.dumps(result.get(key))}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--detent", required=True)
    parser.add_argument("--repo", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)
    passed = failed = passed_by = 0
    for doc in ("docs/protocol.md", "README.md"):
        folder = tempfile.mkdtemp(prefix="detent-docs-")
        specs = os.path.join(folder, "specs")
        os.makedirs(specs)
        with open(os.path.join(specs, "tiny_spec.lua"), "w") as f:
            f.write(TINY_SPEC)
        daemon = Daemon(os.path.abspath(args.detent), repo, folder)
        sent = {}  # id -> (method, the daemon's answer)
        try:
            for kind, line, text in examples(os.path.join(repo, doc)):
                if kind == "request":
                    request = decode_prefix(text.replace("/tmp/specs", specs))
                    if not isinstance(request, dict) or "id" not in request or request.get("method") == "shutdown":
                        passed_by += 1
                        continue
                    sent[json.dumps(request["id"])] = (request["method"], daemon.send(request))
                    continue
                key = json.dumps(answer_id(text))
                if key not in sent:
                    continue
                # One answer per request: a second with the same id shows another outcome
                # (reload's error after its result), not this request's.
                method, actual = sent.pop(key)
                problems = compare(text, actual, method)
                if problems:
                    failed += 1
                    print(f"FAIL  {doc}:{line}: {method}")
                    for p in problems:
                        print(f"    - {p}")
                else:
                    passed += 1
                    print(f"ok    {doc}:{line}: {method}")
        finally:
            daemon.stop()
            shutil.rmtree(folder, ignore_errors=True)
    print(f"note: {passed_by} documented requests passed by (batches, text that is not JSON on purpose, shutdown)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
