#!/usr/bin/env python3
"""Daemon figures for BENCHMARKS.md, measured side by side in one run (release build):
idle CPU over 10 s (from /proc), `eval` round trip p50/p99 over 10,000 requests on the Unix
socket with 1 and with 50 clients, Redis's `EVAL "return 1" 0` over a Unix socket with the
same client loop, and the per-frame sample stream at 120 Hz to 10 subscribers.

On a 2-core machine a one-client round trip depends mostly on where the scheduler puts the
client and the server: on one core a wake-up is a context switch, across cores it is an
inter-processor interrupt (far slower on a virtual machine). So the one-client comparison is
made three times, each with both servers placed alike: unpinned, client and server on one
core, and on different cores (taskset / sched_setaffinity).

  python3 scripts/bench/daemon_bench.py --detent .build/release/detent

Needs Debian's redis-server for the yardstick (apt-get install redis-server). Every process
this starts is stopped by its pid."""
import argparse, json, os, shutil, signal, socket, statistics, subprocess, sys, tempfile, threading, time

def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

def wait_for(path, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        if os.path.exists(path):
            try:
                s = socket.socket(socket.AF_UNIX); s.connect(path); s.close(); return
            except OSError: pass
        time.sleep(0.05)
    raise SystemExit(f"nothing listens on {path}")

def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

class Line:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX); self.s.connect(path); self.s.settimeout(10); self.buf = b""
    def send(self, data): self.s.sendall(data)
    def line(self):
        while b"\n" not in self.buf:
            chunk = self.s.recv(65536)
            if not chunk: raise SystemExit("connection closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

EVAL_DETENT = b'{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"return 1"}}\n'
# A request answered on the event loop itself (an unknown run: -32005): the daemon's floor
# without the hop to the live world's queue that an eval makes.
CANCEL_DETENT = b'{"jsonrpc":"2.0","id":1,"method":"cancel","params":{"run":"none"}}\n'
EVAL_REDIS = b'*3\r\n$4\r\nEVAL\r\n$8\r\nreturn 1\r\n$1\r\n0\r\n'

def round_trips(request):
    """A client loop: 200 warm-up requests, then n timed ones, one line answered each."""
    def measure(path, n):
        c = Line(path); out = []
        for _ in range(200): c.send(request); c.line()
        for _ in range(n):
            t = time.perf_counter_ns(); c.send(request); c.line(); out.append(time.perf_counter_ns() - t)
        return out
    return measure

rtt_detent, rtt_redis, rtt_cancel = round_trips(EVAL_DETENT), round_trips(EVAL_REDIS), round_trips(CANCEL_DETENT)

def many(fn, path, clients, total):
    results, threads = [], []
    per = total // clients
    def work():
        results.extend(fn(path, per))
    for _ in range(clients): threads.append(threading.Thread(target=work))
    for t in threads: t.start()
    for t in threads: t.join(120)
    return results

def row(name, samples):
    us = [s / 1000 for s in samples]
    return f"| {name} | {pct(us, 50):.1f} | {pct(us, 99):.1f} | {max(us):.1f} | {len(us):,} |"

PLACEMENTS = [("unpinned", None, None), ("one core", "0", 0), ("client core 0, server core 1", "1", 0)]

def start_servers(args, tmp, server_cpu):
    """The daemon and redis-server, pinned to `server_cpu` when given."""
    sock = os.path.join(tmp, "d.sock"); rsock = os.path.join(tmp, "r.sock")
    for path in (sock, rsock):
        if os.path.exists(path): os.unlink(path)
    pin = ["taskset", "-c", server_cpu] if server_cpu is not None else []
    daemon = subprocess.Popen(pin + [args.detent, "daemon", "--socket", sock, "--log-level", "warning"], stdout=subprocess.DEVNULL)
    redis = None
    if shutil.which("redis-server"):
        redis = subprocess.Popen(pin + ["redis-server", "--port", "0", "--unixsocket", rsock, "--save", "", "--appendonly", "no"],
                                 stdout=subprocess.DEVNULL)
    wait_for(sock)
    if redis: wait_for(rsock)
    return daemon, redis, sock, rsock

def stop(*processes):
    for p in processes:
        if p:
            p.send_signal(signal.SIGTERM)
            try: p.wait(10)
            except subprocess.TimeoutExpired: p.kill(); p.wait(5)

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--detent", required=True); ap.add_argument("--requests", type=int, default=10000)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="detent-bench-")
    everywhere = os.sched_getaffinity(0)
    daemon = redis = None
    try:
        print("| eval round trip, 1 client | p50 µs | p99 µs | max µs | requests |"); print("|---|---:|---:|---:|---:|")
        for label, server_cpu, client_cpu in PLACEMENTS:
            if server_cpu is not None and int(server_cpu) not in everywhere: continue
            daemon, redis, sock, rsock = start_servers(args, tmp, server_cpu)
            os.sched_setaffinity(0, {client_cpu} if client_cpu is not None else everywhere)
            time.sleep(0.5)
            print(row(f"detent eval `return 1`, {label}", rtt_detent(sock, args.requests)))
            print(row(f"detent cancel (answered on the event loop), {label}", rtt_cancel(sock, args.requests)))
            if redis: print(row(f"redis-server EVAL \"return 1\" 0, {label}", rtt_redis(rsock, args.requests)))
            os.sched_setaffinity(0, everywhere)
            stop(daemon, redis); daemon = redis = None
        daemon, redis, sock, rsock = start_servers(args, tmp, None)
        time.sleep(1)
        c0 = cpu_seconds(daemon.pid); t0 = time.time(); time.sleep(10)
        idle = (cpu_seconds(daemon.pid) - c0) / (time.time() - t0) * 100
        print(f"idle CPU over 10 s: {idle:.2f} %")
        print("| eval round trip, 50 clients, unpinned | p50 µs | p99 µs | max µs | requests |"); print("|---|---:|---:|---:|---:|")
        print(row("detent eval, 50 clients", many(rtt_detent, sock, 50, args.requests)))
        if redis: print(row("redis-server EVAL, 50 clients", many(rtt_redis, rsock, 50, args.requests)))
        # Sample stream: a 120 Hz device, 10 subscribers to one property, 5 s.
        setup = Line(sock)
        setup.send(b'{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"detent.world{device=\\"iPhone 15 Pro\\"}; d = world:drawer{anchors={\\"top\\",\\"middle\\",\\"bottom\\"}}"}}\n'); setup.line()
        subs = []
        for i in range(10):
            c = Line(sock); c.send(b'{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"properties":["drawer.origin"]}}\n'); c.line(); subs.append(c)
        counts, gaps, dropped = [0] * 10, [0] * 10, [0] * 10
        end = time.time() + 5
        def reader(i):
            last = None
            while time.time() < end:
                try: m = json.loads(subs[i].line())
                except Exception: break
                if m.get("method") == "sample":
                    f = m["params"]["frame"]; counts[i] += 1; dropped[i] += m["params"].get("dropped", 0)
                    if last is not None and f != last + 1: gaps[i] += 1
                    last = f
        ts = [threading.Thread(target=reader, args=(i,)) for i in range(10)]
        for t in ts: t.start()
        for t in ts: t.join(15)
        print(f"sample stream, 120 Hz device, 10 subscribers, 5 s: {min(counts)}–{max(counts)} samples each ({min(counts)/5:.1f}–{max(counts)/5:.1f} per s), frame gaps {sum(gaps)}, dropped {sum(dropped)}")
    finally:
        os.sched_setaffinity(0, everywhere)
        stop(daemon, redis)
        shutil.rmtree(tmp, ignore_errors=True)

main()
