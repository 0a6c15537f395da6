#!/usr/bin/env python3
"""Issue 28 §7: the daemon's `eval` round trip against Redis's `EVAL "return 1" 0`, measured as
the issue asks — unpinned, from one client, over Unix sockets, in rounds of 200 requests that
alternate between the servers (this build's daemon — through the daemon, and on a connection
attached to the shared world's worker — a baseline build's daemon, redis-server),
so a noisy moment weighs on all alike. Prints p50/p99/max per server and the ratios.

  python3 scripts/bench/eval_vs_redis.py --detent .build/release/detent --baseline .build/bench-before/detent [--rounds 50]

Needs Debian's redis-server (apt-get install redis-server). Every process it starts is stopped
by its pid."""
import argparse, json, os, shutil, subprocess, tempfile

from redis_baseline import REDIS_EVAL, Line, pct, start_redis, stop

EVAL = b'{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"return 1"}}\n'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--detent", required=True)
    ap.add_argument("--baseline")
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
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
        redis, redis_client = start_redis(tmp)
        processes.append(redis)
        clients["redis-server EVAL"] = (redis_client, REDIS_EVAL)
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
        stop(processes)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
