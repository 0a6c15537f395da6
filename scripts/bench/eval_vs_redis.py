#!/usr/bin/env python3
"""Issue 28 §7: the daemon's `eval` round trip against Redis's `EVAL "return 1" 0`, measured as
the issue asks — unpinned, from one client, over Unix sockets, in rounds of 200 requests that
alternate between the servers (this build's daemon — through the daemon, and on a connection
attached to the shared world's worker — a baseline build's daemon, redis-server),
so a noisy moment weighs on all alike. Prints p50/p99/max per server and the ratios.

  python3 scripts/bench/eval_vs_redis.py --detent .build/release/detent --baseline .build/bench-before/detent [--rounds 50]

Needs Debian's redis-server (apt-get install redis-server). Every process it starts is stopped
by its pid."""
import argparse, json, os, shutil, signal, socket, subprocess, sys, tempfile, time

EVAL = b'{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"return 1"}}\n'
REDIS = b'*3\r\n$4\r\nEVAL\r\n$8\r\nreturn 1\r\n$1\r\n0\r\n'


class Line:
    def __init__(self, path):
        deadline = time.time() + 20
        while True:
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(path)
                break
            except OSError:
                if time.time() > deadline:
                    sys.exit(f"nothing listens on {path}")
                time.sleep(0.05)
        self.buf = b""

    def ask(self, request):
        started = time.perf_counter_ns()
        self.s.sendall(request)
        while b"\n" not in self.buf:
            chunk = self.s.recv(65536)
            if not chunk:
                sys.exit("connection closed")
            self.buf += chunk
        _, self.buf = self.buf.split(b"\n", 1)
        return time.perf_counter_ns() - started


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--detent", required=True)
    ap.add_argument("--baseline")
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    if not shutil.which("redis-server"):
        sys.exit("needs redis-server (apt-get install redis-server)")
    tmp = tempfile.mkdtemp(prefix="detent-eval-bench-")
    processes, clients = [], {}
    try:
        servers = [("detent (workers)", args.detent)] + ([("detent (baseline)", args.baseline)] if args.baseline else [])
        for name, binary in servers:
            path = os.path.join(tmp, f"{len(processes)}.sock")
            processes.append(subprocess.Popen([os.path.abspath(binary), "daemon", "--socket", path, "--log-level", "warning"],
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            clients[name] = (Line(path), EVAL)
            if name == "detent (workers)":
                # The same world over a connection attached to its worker (session/attach).
                attach = b'{"jsonrpc":"2.0","id":1,"method":"session/attach","params":{}}\n'
                control = Line(path)
                control.s.sendall(attach)
                while b"\n" not in control.buf:
                    control.buf += control.s.recv(65536)
                answer = json.loads(control.buf.split(b"\n", 1)[0])
                clients["detent (workers), attached"] = (Line(answer["result"]["socket"]), EVAL)
        rpath = os.path.join(tmp, "r.sock")
        processes.append(subprocess.Popen(["redis-server", "--port", "0", "--unixsocket", rpath, "--save", "", "--appendonly", "no"],
                                          stdout=subprocess.DEVNULL))
        clients["redis-server EVAL"] = (Line(rpath), REDIS)
        for client, request in clients.values():   # warm up
            for _ in range(200):
                client.ask(request)
        samples = {name: [] for name in clients}
        for _ in range(args.rounds):
            for name, (client, request) in clients.items():
                samples[name] += [client.ask(request) for _ in range(200)]
        redis = pct(samples["redis-server EVAL"], 50)
        print(f"| one client, unpinned, {args.rounds} rounds of 200 alternating | p50 µs | p99 µs | max µs | p50 / Redis |")
        print("|---|---:|---:|---:|---:|")
        for name, values in samples.items():
            us = [v / 1000 for v in values]
            print(f"| {name} | {pct(us, 50):.1f} | {pct(us, 99):.1f} | {max(us):.1f} | {pct(values, 50) / redis:.2f}× |")
    finally:
        for p in processes:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
