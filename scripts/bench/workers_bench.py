#!/usr/bin/env python3
"""Issue 28 §7: what worker processes cost, side by side with a build that runs spec files in
threads of one process (BASELINE), in one run, interleaved (new, old, new, old, …), unpinned.

Whole processes, timed from outside (wall seconds, median of RUNS):
- one file of 1,000 trivial tests;
- the bundled suite (scripts/scenarios) at --jobs 1 and --jobs 2, and the speed-up;
and, for the new build only:
- a worker's start-up: `detent __worker run` started on a socket pair until it says ready;
- peak resident memory (VmHWM) of the coordinator and of each worker during the bundled
  suite at --jobs 2, and of the baseline's one process.

  swift build -c release --product detent
  python3 scripts/bench/workers_bench.py --detent .build/release/detent --baseline .build/bench-before/detent [--runs 7]

Every process it starts is waited for; none is killed by name."""
import argparse, os, socket, statistics, subprocess, sys, tempfile, time


def wall(command, cwd):
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited {done.returncode}")
    return time.perf_counter() - started


def hwm(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def workers_of(coordinator):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if f"DETENT_WORKER_PARENT={coordinator}".encode() in f.read().split(b"\0"):
                        found.append(int(entry))
            except OSError:
                pass
    return found


def peak_memory(command, cwd):
    """VmHWM of the coordinator and the largest of its workers, polled every 5 ms."""
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    coordinator, worker = 0, 0
    while proc.poll() is None:
        coordinator = max(coordinator, hwm(proc.pid) or 0)
        for pid in workers_of(proc.pid):
            worker = max(worker, hwm(pid) or 0)
        time.sleep(0.005)
    return coordinator, worker


def fd_open(fd):
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


def worker_startup(detent, cwd):
    parent, child = socket.socketpair()
    started = time.perf_counter()
    env = dict(os.environ, DETENT_WORKER_PARENT=str(os.getpid()), SWIFT_BACKTRACE="enable=no")
    saved = os.dup(3) if fd_open(3) else None   # the worker's pipe must be its fd 3
    os.dup2(child.fileno(), 3)
    proc = subprocess.Popen([detent, "__worker", "run", "--no-plugins"], cwd=cwd, pass_fds=(3,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    if saved is not None:
        os.dup2(saved, 3)
        os.close(saved)
    else:
        os.close(3)
    child.close()
    line = parent.makefile("rb").readline()
    seconds = time.perf_counter() - started
    parent.close()   # end of pipe: the worker exits
    proc.wait(10)
    if b"ready" not in line:
        sys.exit(f"the worker said {line!r}")
    return seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--detent", required=True)
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    new, old = os.path.abspath(args.detent), os.path.abspath(args.baseline)
    scratch = tempfile.mkdtemp(prefix="detent-workers-bench-")
    with open(os.path.join(scratch, "thousand_spec.lua"), "w") as f:
        f.write('describe("one file", function()\n')
        for i in range(1000):
            f.write(f'  it("passes {i}", function() assert.is_true(true) end)\n')
        f.write("end)\n")
    cases = [("1,000 trivial tests in one file", ["run", "--jobs", "1", "--no-plugins", os.path.join(scratch, "thousand_spec.lua")]),
             ("bundled suite, --jobs 1", ["run", "--jobs", "1", "scripts/scenarios"]),
             ("bundled suite, --jobs 2", ["run", "--jobs", "2", "scripts/scenarios"])]
    times = {(name, which): [] for name, _ in cases for which in ("new", "old")}
    for _ in range(args.runs):
        for name, arguments in cases:
            for which, binary in (("new", new), ("old", old)):
                times[(name, which)].append(wall([binary] + arguments, repo))
    print(f"| whole process, median of {args.runs} (interleaved) | workers (new) | threads (baseline) | new / baseline |")
    print("|---|---|---|---|")
    for name, _ in cases:
        a, b = statistics.median(times[(name, "new")]), statistics.median(times[(name, "old")])
        print(f"| {name} | {a:.3f} s | {b:.3f} s | {a / b:.2f} |")
    for which in ("new", "old"):
        one = statistics.median(times[("bundled suite, --jobs 1", which)])
        two = statistics.median(times[("bundled suite, --jobs 2", which)])
        print(f"| bundled suite, --jobs 1 / --jobs 2 ({which}) | | | {one / two:.2f}× |")
    startups = [worker_startup(new, repo) for _ in range(max(args.runs, 5))]
    print(f"\nworker start-up (spawn to ready), median of {len(startups)}: {statistics.median(startups) * 1000:.1f} ms "
          f"(min {min(startups) * 1000:.1f}, max {max(startups) * 1000:.1f})")
    coordinator, worker = peak_memory([new, "run", "--jobs", "2", "scripts/scenarios"], repo)
    baseline, _ = peak_memory([old, "run", "--jobs", "2", "scripts/scenarios"], repo)
    print(f"peak RSS, bundled suite at --jobs 2: coordinator {coordinator / 2**20:.1f} MiB, largest worker {worker / 2**20:.1f} MiB; "
          f"baseline's one process {baseline / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
