#!/usr/bin/env python3
"""A small client for `detent daemon` (docs/protocol.md), Python 3 standard library only.

As a library:

    from detent_client import Client, DetentError

    with Client(socket_path="/tmp/detent-1000/detent.sock") as c:
        print(c.call("eval", {"code": "return 1+1"}))            # {'value': '2', 'json': 2, ...}
        result = c.run(path="scripts/scenarios/drawer", on_notification=print)
        print(result["summary"])

As a command:

    python3 detent_client.py --socket PATH eval 'return 1+1'
    python3 detent_client.py --socket PATH run scripts/scenarios/drawer
    python3 detent_client.py --socket PATH subscribe drawer.origin
    python3 detent_client.py --tcp 127.0.0.1:7878 --token-file ~/.detent-token status
"""

import argparse
import itertools
import json
import os
import socket
import sys


class DetentError(Exception):
    """A JSON-RPC error response: `code`, `message` and (maybe) `data`."""

    def __init__(self, code, message, data=None):
        super().__init__(f"{message} ({code})")
        self.code, self.message, self.data = code, message, data


def default_socket_path():
    """Where `detent daemon` listens when started without --socket."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "detent", "detent.sock")
    return f"/tmp/detent-{os.getuid()}/detent.sock"


class Client:
    """One connection. Requests are answered in any order; notifications that arrive while a
    call waits go to `on_notification(method, params)` (by default they are kept in `self.notifications`)."""

    def __init__(self, socket_path=None, tcp=None, token=None, timeout=60.0, on_notification=None):
        if tcp:
            host, port = tcp.rsplit(":", 1)
            self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        else:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.settimeout(timeout)
            self.sock.connect(socket_path or default_socket_path())
        self.reader = self.sock.makefile("rb")
        self.ids = itertools.count(1)
        self.responses = {}  # id -> response that arrived while waiting for another id
        self.notifications = []
        self.on_notification = on_notification or (lambda method, params: self.notifications.append((method, params)))
        hello = {"client": "detent_client.py", "protocol": 1}
        if token is not None:
            hello["token"] = token
        self.server = self.call("initialize", hello)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.reader.close()
        self.sock.close()

    def send(self, message):
        self.sock.sendall(json.dumps(message).encode() + b"\n")

    def notify(self, method, params=None):
        """A request without an id: the daemon runs it and sends no response."""
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def read(self):
        """The next message from the daemon (a response or a notification)."""
        line = self.reader.readline()
        if not line:
            raise ConnectionError("the daemon closed the connection")
        return json.loads(line)

    def call(self, method, params=None, on_notification=None):
        """Send a request and wait for its response; return its result or raise DetentError."""
        request_id = next(self.ids)
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}})
        while request_id not in self.responses:
            message = self.read()
            if "id" not in message:  # a notification
                (on_notification or self.on_notification)(message["method"], message.get("params"))
            elif message["id"] is None:  # an error about no request in particular (parse error, ...)
                error = message["error"]
                raise DetentError(error["code"], error["message"], error.get("data"))
            else:
                self.responses[message["id"]] = message
        response = self.responses.pop(request_id)
        if "error" in response:
            error = response["error"]
            raise DetentError(error["code"], error["message"], error.get("data"))
        return response["result"]

    def run(self, on_notification=None, **params):
        """Run specs (`path=`, `paths=` or `source=`, plus filters); stream run/* notifications to
        `on_notification(method, params)`; return the run's counts when it ends."""
        return self.call("run", params, on_notification=on_notification)

    def stream(self):
        """Yield notifications as (method, params) until the connection closes."""
        while True:
            message = self.read()
            if "id" not in message:
                yield message["method"], message.get("params")


def print_run_notification(method, params):
    if method == "run/test":
        mark = {"passed": "ok   ", "failed": "FAIL ", "error": "ERROR", "pending": "skip "}[params["status"]]
        print(f"  {mark} {params['full_name']}")
        if params.get("message"):
            print("        " + params["message"].replace("\n", "\n        "))
    elif method == "run/file":
        print(params["file"])
    elif method == "run/output":
        print(params["text"], end="" if params["text"].endswith("\n") else "\n")
    elif method == "run/load_error":
        print(f"{params['file']}: {params['message']}")
    elif method == "run/listed":
        print(params["line"])


def main():
    parser = argparse.ArgumentParser(description="Talk to a running `detent daemon`.")
    parser.add_argument("--socket", help="Unix socket path (default: the daemon's default)")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="loopback TCP address instead of a socket")
    parser.add_argument("--token-file", help="file holding the TCP token")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("eval", help="evaluate Lua in the live world").add_argument("code")
    run = sub.add_parser("run", help="run spec files, streaming the results")
    run.add_argument("paths", nargs="+")
    run.add_argument("--filter", action="append")
    subscribe = sub.add_parser("subscribe", help="print per-frame samples of properties (Ctrl-C stops)")
    subscribe.add_argument("properties", nargs="+")
    subscribe.add_argument("--every", type=int, default=1)
    for name in ("state", "status", "pause", "resume", "shutdown"):
        sub.add_parser(name)
    args = parser.parse_args()

    token = open(args.token_file).read().strip() if args.token_file else None
    try:
        with Client(socket_path=args.socket, tcp=args.tcp, token=token) as client:
            if args.command == "eval":
                result = client.call("eval", {"code": args.code})
                for line in result["output"]:
                    print(line)
                print(result["value"])
            elif args.command == "run":
                params = {"paths": args.paths, "cwd": os.getcwd()}
                if args.filter:
                    params["filter"] = args.filter
                result = client.run(on_notification=print_run_notification, **params)
                print(f"\n{result['summary']}")
                return result["exit_code"]
            elif args.command == "subscribe":
                client.call("subscribe", {"properties": args.properties, "every": args.every})
                for method, params in itertools.chain(client.notifications, client.stream()):
                    if method == "sample":
                        values = "  ".join(f"{k}={v}" for k, v in params["values"].items())
                        print(f"frame {params['frame']}  t={params['time']:.3f}  {values}", flush=True)
            else:
                print(json.dumps(client.call(args.command), indent=2))
    except DetentError as e:
        print(f"error {e.code}: {e.message}", file=sys.stderr)
        if e.data:
            print(json.dumps(e.data), file=sys.stderr)
        return 2 if e.code == -32002 else 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, as command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
