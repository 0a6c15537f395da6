#!/usr/bin/env python3
"""The eval round trip of a live session's worker alone — `detent __worker daemon-session`
driven over its socket pair by this client, no daemon at all — against Redis's
`EVAL "return 1" 0` over a Unix socket, in rounds of 200 that alternate (unpinned).
What is left of the attached connection's factor over Redis is the eval itself.

  python3 scripts/bench/session_worker_direct.py --detent .build/release/detent [--rounds 30]

Needs redis-server. Every process it starts is stopped by its pid."""
import argparse, json, os, shutil, socket, subprocess, sys, tempfile, time

from redis_baseline import REDIS_EVAL, pct, start_redis, stop


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--detent", required=True)
    ap.add_argument("--rounds", type=int, default=30)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="detent-direct-bench-")
    ours, theirs = socket.socketpair()
    worker = subprocess.Popen(["sh", "-c", f'exec "$0" __worker daemon-session 3<&{theirs.fileno()}', os.path.abspath(args.detent)],
                              pass_fds=[theirs.fileno()], cwd=tmp, stderr=subprocess.DEVNULL)
    theirs.close()
    redis, redis_client = start_redis(tmp)
    try:
        setup = {"setup": "daemon-session", "name": "live", "display_base": tmp, "plugins": [], "plugin_curves": [],
                 "location": {"working_directory": tmp, "discovers_project_file": True, "busted_task": "default"}}
        ours.sendall((json.dumps(setup) + "\n").encode())
        lines = ours.makefile("rb")
        if json.loads(lines.readline()).get("ready") is not True:
            sys.exit("the worker did not say it was ready")

        def ask_worker(n):
            started = time.perf_counter_ns()
            ours.sendall(b'{"id":%d,"method":"eval","params":{"code":"return 1","format":"default","limit":65536}}\n' % n)
            while not lines.readline().startswith(b'{"id"'):   # clock lines may come between
                pass
            return time.perf_counter_ns() - started

        def ask_redis():
            return redis_client.ask(REDIS_EVAL)

        samples = {"worker alone": [], "redis-server EVAL": []}
        for i in range(200):   # warm up
            ask_worker(i)
            ask_redis()
        for _ in range(args.rounds):
            samples["worker alone"] += [ask_worker(i) for i in range(200)]
            samples["redis-server EVAL"] += [ask_redis() for _ in range(200)]
        base = pct(samples["redis-server EVAL"], 50)
        print(f"| one client, unpinned, {args.rounds} rounds of 200 alternating | p50 µs | p99 µs | p50 / Redis |")
        print("|---|---:|---:|---:|")
        for name, values in samples.items():
            print(f"| {name} | {pct(values, 50) / 1000:.1f} | {pct(values, 99) / 1000:.1f} | {pct(values, 50) / base:.2f}× |")
    finally:
        stop([worker, redis])
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
