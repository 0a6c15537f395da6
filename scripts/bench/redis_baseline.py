"""What the eval benchmarks share (eval_vs_redis.py, session_worker_direct.py): Redis's
`EVAL "return 1" 0` as the baseline, a line client that times one round trip, percentiles,
and stopping what was started by its pid."""
import os, shutil, signal, socket, subprocess, sys, time

REDIS_EVAL = b'*3\r\n$4\r\nEVAL\r\n$8\r\nreturn 1\r\n$1\r\n0\r\n'


class Line:
    """A Unix-socket client of a line protocol; `ask` times one request and its answer's line."""

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


def start_redis(folder):
    """redis-server on a Unix socket in `folder`, no persistence: (process, client)."""
    if not shutil.which("redis-server"):
        sys.exit("needs redis-server (apt-get install redis-server)")
    path = os.path.join(folder, "r.sock")
    process = subprocess.Popen(["redis-server", "--port", "0", "--unixsocket", path, "--save", "", "--appendonly", "no"],
                               stdout=subprocess.DEVNULL)
    return process, Line(path)


def stop(processes):
    """SIGTERM each process by its pid, then SIGKILL after 10 s."""
    for p in processes:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)
