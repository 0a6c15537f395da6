#!/usr/bin/env python3
"""The example answers of docs/protocol.md, README.md, docs/daemon.md and docs/console.md are the binary's: every documented
request (a `-->` line, or `echo '{…}' | socat`) is sent, in document order, to one fresh
`detent daemon`, and the first documented answer with its id after it (`<--`, or the JSON line
shown after the `echo`) is compared with what came back:

- a result has exactly the documented top-level fields (at least them where the example
  elides some with `…` or `...`); an `eval` answers the documented `value`, a `complete` the
  documented `words`;
- an error has the documented code;
- a notification shown after a request (`run/test`, `sample`, `event`, …) has the documented
  params, compared with the one of its method (a `run/test` of its test) the daemon sent since
  the request; one the daemon did not send shows another situation and is passed by.

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

from daemon_suite import TINY_SPEC  # the spec the `run` example shows, as the protocol suite runs it


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
        self.buffer = b""
        # Notifications received and not yet compared with a documented one, oldest first.
        self.notifications = []

    def read(self):
        """The next message; a read that times out raises `socket.timeout` with nothing lost."""
        while b"\n" not in self.buffer:
            chunk = self.conn.recv(65536)
            if not chunk:
                raise AssertionError("the daemon closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = json.loads(line)
        if isinstance(message, dict) and "id" not in message and "method" in message:
            self.notifications.append(message)
        return message

    def send(self, request):
        """Sends `request`; its answer (notifications on the way are kept)."""
        self.notifications = []
        self.conn.sendall((json.dumps(request) + "\n").encode())
        while True:
            message = self.read()
            if isinstance(message, dict) and message.get("id") == request["id"] and ("result" in message or "error" in message):
                return message

    def notification(self, method, name=None):
        """The oldest kept notification `method` (a `run/test` of the test `name`), waiting a
        little for one that follows the answer; None when none comes."""
        deadline = time.monotonic() + 2
        while True:
            for i, m in enumerate(self.notifications):
                if m["method"] == method and (name is None or m["params"].get("name") == name):
                    return self.notifications.pop(i)
            if time.monotonic() > deadline:
                return None
            self.conn.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                self.read()
            except (socket.timeout, TimeoutError):
                pass
            finally:
                self.conn.settimeout(ANSWER_TIMEOUT)

    def stop(self):
        self.conn.close()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log.close()


def compare_notification(documented, daemon):
    """What differs between a documented notification (text) and the one the daemon sent of
    the same method since the last request, or []; None when the daemon sent none (an example
    of what happens in another situation, such as a crashed session)."""
    method = re.search(r'"method":"([^"]+)"', documented)
    fields = top_level(documented, "params")
    if not method or fields is None:
        return None
    name = re.search(r'"name":"([^"]*)"', documented) if method.group(1) == "run/test" else None
    actual = daemon.notification(method.group(1), name.group(1) if name else None)
    if actual is None:
        return None
    keys, elided = fields
    missing = [k for k in keys if k not in actual["params"]]
    extra = [k for k in actual["params"] if k not in keys]
    problems = [f"documented params the daemon does not send: {missing}"] if missing else []
    if extra and not elided:
        problems.append(f"params the daemon sends and the example leaves out: {extra}")
    return problems


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
    for doc in ("docs/protocol.md", "README.md", "docs/daemon.md", "docs/console.md"):
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
                    if request.get("method") == "cancel" and request.get("params", {}).get("session") == "live":
                        # The interrupt reaches a session's worker as a signal, unordered with the
                        # requests that follow on its pipe, so a late one can stop the next
                        # documented eval: the answer is checked on a session of its own.
                        daemon.send({"jsonrpc": "2.0", "id": "docs-open", "method": "eval",
                                     "params": {"code": "return 1", "session": "docs-cancel"}})
                        request["params"]["session"] = "docs-cancel"
                    sent[json.dumps(request["id"])] = (request["method"], daemon.send(request))
                    continue
                key = json.dumps(answer_id(text))
                if '"id":' not in text.split('"params"')[0] and '"method":' in text:
                    problems = compare_notification(text, daemon)
                    if problems is None:
                        continue
                    method = "notification " + re.search(r'"method":"([^"]+)"', text).group(1)
                elif key not in sent:
                    continue
                else:
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
