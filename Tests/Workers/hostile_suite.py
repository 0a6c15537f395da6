#!/usr/bin/env python3
"""Issue 28: no spec — Lua, or C loaded by Lua — can hang, crash, wedge or outlive a run.

Builds a native Lua module with `cc` whose functions segfault, abort, loop for ever in C,
malloc 8 GiB and touch it, close or flood the worker's pipe to its coordinator, and close
or flood the worker's standard output; writes one spec file per hostile act (a passing test
before and after it), plus a Lua recursion through pcall and a plain passing file. Then:

- `detent run --jobs 1` and `--jobs 2`: each hostile test fails alone with a message naming
  its file:line and why, every other test passes, and afterwards no worker of that run is
  left (workers are found by the DETENT_WORKER_PARENT their coordinator gives them) and no
  zombie remains;
- the daemon's `run` of the same files while another client's eval keeps answering within
  100 ms; `cancel` of a run stuck in C ends it within 1 s; `session/restart` recovers a
  shared world stuck in C (its worker process is replaced); a segfault, an abort and an 8 GiB
  malloc in C in the shared world or a named session cost that session only: the eval is
  answered -32006 naming the signal, the session is replaced, every client is told;
- `kill -9` of `detent run` and of the daemon leaves no worker running;
- 100 runs in a row each start their forked worker (no lock of the runtime's left held).

Processes are stopped by pid only. Prints `N passed, N failed` last.

Usage: hostile_suite.py --detent PATH
"""
import argparse
import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import traceback

DETENT = None
RESULTS = []

HOSTILE_C = r"""
#include <lua.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int segfault(lua_State *L) { volatile int *p = NULL; *p = 1; return 0; }
static int do_abort(lua_State *L) { fprintf(stderr, "hostile: about to abort\n"); fflush(stderr); abort(); return 0; }
static int spin(lua_State *L) { volatile unsigned long n = 0; for (;;) n++; return 0; }
static int hog(lua_State *L) {
    size_t size = (size_t)8 << 30;
    char *p = malloc(size);              /* no check: touching a refused block crashes */
    for (size_t i = 0; i < size; i += 4096) p[i] = 1;
    lua_pushinteger(L, p[4096]);
    return 1;
}
static int close_pipe(lua_State *L) { close(3); return 0; }
static int flood_pipe(lua_State *L) {
    char junk[65536]; memset(junk, 'x', sizeof junk);
    for (int i = 0; i < 4096; i++) if (write(3, junk, sizeof junk) < 0) break;
    return 0;
}
static int flood_stdout(lua_State *L) {
    char junk[4096]; memset(junk, 'y', sizeof junk); junk[sizeof junk - 1] = '\n';
    for (int i = 0; i < 256; i++) if (write(1, junk, sizeof junk) < 0) break;
    return 0;
}
static int close_stdout(lua_State *L) { close(1); return 0; }
int luaopen_hostile(lua_State *L) {
    luaL_Reg fns[] = {{"segfault", segfault}, {"abort", do_abort}, {"spin", spin}, {"hog", hog},
                      {"close_pipe", close_pipe}, {"flood_pipe", flood_pipe}, {"flood_stdout", flood_stdout},
                      {"close_stdout", close_stdout}, {NULL, NULL}};
    luaL_newlib(L, fns);
    return 1;
}
"""

# The hostile act of each spec file, and what its test's message must say.
ACTS = {
    "segfault": "killed by SIGSEGV",
    "abort": "killed by SIGABRT; its standard error ended: hostile: about to abort",
    "spin": "no result after 8 s (test_timeout_seconds in runner.toml); worker killed",
    "hog": "killed by SIGSEGV",
    "close_pipe": "lost its pipe to the coordinator",
    "flood_pipe": "pipe carried what is not its protocol",
}
# Acts on the worker's standard output: the test itself may pass (output is the terminal's).
HARMLESS = ["flood_stdout", "close_stdout"]


def check(name, condition, detail=""):
    RESULTS.append((name, bool(condition), detail))
    print(("ok    " if condition else "FAIL  ") + name + ("" if condition else f"\n      {detail}"), flush=True)


def make_project():
    folder = tempfile.mkdtemp(prefix="detent-hostile-")
    with open(os.path.join(folder, "hostile.c"), "w") as f:
        f.write(HOSTILE_C)
    subprocess.run(["cc", "-shared", "-fPIC", "-O0", "-I/usr/include/lua5.4", "-o", os.path.join(folder, "hostile.so"),
                    os.path.join(folder, "hostile.c")], check=True)
    with open(os.path.join(folder, "detent.toml"), "w") as f:
        f.write(textwrap.dedent("""\
            [run]
            scenarios = "spec"
            [limits]
            test_timeout_seconds = 8
            cpu_seconds_per_test = 1
            [lua]
            cpath = ["?.so"]
            stdlib = "full"
            """))
    spec = os.path.join(folder, "spec")
    os.mkdir(spec)
    for act in list(ACTS) + HARMLESS:
        with open(os.path.join(spec, f"{act}_spec.lua"), "w") as f:
            f.write(textwrap.dedent(f"""\
                local hostile = require "hostile"
                describe("{act}", function()
                  it("before", function() assert.is_true(true) end)
                  it("does it", function() hostile.{act}() end)
                  it("after", function() assert.is_true(true) end)
                end)
                """))
    with open(os.path.join(spec, "recursion_spec.lua"), "w") as f:
        f.write(textwrap.dedent("""\
            describe("recursion", function()
              it("through pcall", function()
                local function f() pcall(f) return f() end
                f()
              end)
              it("after", function() assert.is_true(true) end)
            end)
            """))
    with open(os.path.join(spec, "plain_spec.lua"), "w") as f:
        f.write('it("passes", function() assert.equal(2, 1 + 1) end)\n')
    return folder


def workers_of(coordinator, kind=None):
    """Pids of live worker processes whose coordinator is `coordinator` (by their environment),
    of one kind (`daemon-run`, `daemon-session`: a word of their command line) when given."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                env = f.read().split(b"\0")
            with open(f"/proc/{entry}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if f"DETENT_WORKER_PARENT={coordinator}".encode() in env and state != "Z":
            if kind is not None:
                try:
                    with open(f"/proc/{entry}/cmdline", "rb") as f:
                        if kind.encode() not in f.read().split(b"\0"):
                            continue
                except OSError:
                    continue
            found.append(int(entry))
    return found


def zombies_of(parent):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z" and int(fields[1]) == parent:
            found.append(int(entry))
    return found


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def stop(proc):
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)


def check_report(label, report):
    tests = {t["full_name"]: t for t in report["tests"]}
    for act, expected in ACTS.items():
        test = tests.get(f"{act} does it", {})
        message = test.get("message") or ""
        check(f"{label}: {act} fails alone, naming its line and why",
              test.get("status") == "error" and message.startswith(f"spec/{act}_spec.lua:4: test stopped:") and expected in message,
              json.dumps(test)[:600])
        for neighbour in ("before", "after"):
            check(f"{label}: {act}'s '{neighbour}' passes", tests.get(f"{act} {neighbour}", {}).get("status") == "passed",
                  json.dumps(tests.get(f"{act} {neighbour}"))[:300])
    recursion = tests.get("recursion through pcall", {})
    check(f"{label}: the pcall recursion is stopped in-process at its line",
          recursion.get("status") == "error" and (recursion.get("message") or "").startswith("spec/recursion_spec.lua:3: test stopped:"),
          json.dumps(recursion)[:400])
    check(f"{label}: the test after the recursion passes", tests.get("recursion after", {}).get("status") == "passed")
    check(f"{label}: the plain file passes", tests.get("passes", {}).get("status") == "passed")
    for act in HARMLESS:
        check(f"{label}: {act}'s neighbours pass",
              all(tests.get(f"{act} {n}", {}).get("status") == "passed" for n in ("before", "after")))


def test_detent_run(project, jobs):
    label = f"detent run --jobs {jobs}"
    report = os.path.join(project, f"report{jobs}.json")
    proc = subprocess.Popen([DETENT, "run", "--jobs", str(jobs), "--report", report], cwd=project,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _, err = proc.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        check(f"{label}: finishes", False, "still running after 240 s")
        return
    check(f"{label}: exits 1 (failures, not a crash)", proc.returncode == 1, f"exit {proc.returncode}: {err.decode()[-800:]}")
    try:
        with open(report) as f:
            check_report(label, json.load(f))
    except (OSError, ValueError) as error:
        check(f"{label}: writes its report", False, repr(error))
    check(f"{label}: no worker left", wait_for(lambda: not workers_of(proc.pid), 5), f"{workers_of(proc.pid)}")
    check(f"{label}: no zombie left", not zombies_of(os.getpid()), f"{zombies_of(os.getpid())}")


def test_kill_9_of_a_run(project):
    proc = subprocess.Popen([DETENT, "run", "--jobs", "2", "spec/spin_spec.lua", "spec/plain_spec.lua"], cwd=project,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started = wait_for(lambda: len(workers_of(proc.pid)) >= 1, 20)
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    check("kill -9 of detent run: its workers had started", started)
    check("kill -9 of detent run leaves no worker running", wait_for(lambda: not workers_of(proc.pid), 5), f"{workers_of(proc.pid)}")


class Client:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self.next = 0
        self.inbox = []

    def request(self, method, params):
        self.next += 1
        self.file.write((json.dumps({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params}) + "\n").encode())
        self.file.flush()
        return self.next

    def response(self, id, timeout):
        self.sock.settimeout(timeout)
        try:
            while True:
                for i, m in enumerate(self.inbox):
                    if m.get("id") == id and ("result" in m or "error" in m):
                        return self.inbox.pop(i)
                line = self.file.readline()
                if not line:
                    raise AssertionError("the daemon closed the connection")
                self.inbox.append(json.loads(line))
        finally:
            self.sock.settimeout(None)

    def call(self, method, params, timeout=30):
        started = time.monotonic()
        reply = self.response(self.request(method, params), timeout)
        return reply, time.monotonic() - started

    def close(self):
        self.sock.close()


def start_daemon(project):
    sock = os.path.join(project, "d.sock")
    if os.path.exists(sock):
        os.unlink(sock)
    proc = subprocess.Popen([DETENT, "daemon", "--socket", sock], cwd=project, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(project, "daemon.log"), "ab"))
    if not wait_for(lambda: os.path.exists(sock), 20):
        stop(proc)
        raise AssertionError("the daemon did not listen")
    return proc, sock


def test_daemon(project):
    daemon, sock = start_daemon(project)
    try:
        runner, watcher = Client(sock), Client(sock)
        files = [f"spec/{name}" for name in sorted(os.listdir(os.path.join(project, "spec")))]
        run_id = runner.request("run", {"paths": files, "cwd": project})
        # The run's messages are read on a thread of their own; meanwhile another client's
        # eval keeps answering while the run's workers crash, hang and flood.
        answered = queue.Queue()
        reader = threading.Thread(target=lambda: answered.put(runner.response(run_id, 180)), daemon=True)
        reader.start()
        latencies = []
        deadline = time.monotonic() + 120
        result = None
        while time.monotonic() < deadline:
            reply, seconds = watcher.call("eval", {"code": "return 1"})
            latencies.append(seconds)
            if reply.get("result", {}).get("value") != "1":
                check("daemon: another client's eval answers", False, json.dumps(reply))
                break
            try:
                result = answered.get(timeout=0.05)
                break
            except queue.Empty:
                pass
        reader.join(5)
        check("daemon: the run of every hostile file is answered", result is not None and "result" in result, json.dumps(result)[:400])
        if result and "result" in result:
            r = result["result"]
            expected_errors = len(ACTS) + 1
            check("daemon: each hostile test is an error of its own, the rest pass",
                  r["errors"] + r["failed"] == expected_errors and r["passed"] == 2 * len(ACTS) + 1 + 1 + 3 * len(HARMLESS) - 0,
                  json.dumps(r))
        worst = max(latencies) if latencies else None
        check("daemon: another client's eval answered within 100 ms throughout the run",
              worst is not None and worst < 0.1, f"{len(latencies)} evals, slowest {worst}")
        check("daemon: no run worker left after the run", wait_for(lambda: not workers_of(daemon.pid, "daemon-run"), 5),
              f"{workers_of(daemon.pid, 'daemon-run')}")

        # cancel of a run stuck in C ends it within 1 s.
        stuck = runner.request("run", {"paths": ["spec/spin_spec.lua"], "cwd": project})
        wait_for(lambda: len(workers_of(daemon.pid, "daemon-run")) >= 1, 20)
        time.sleep(0.5)   # into the spinning test
        asked = time.monotonic()
        reply, _ = watcher.call("cancel", {"run": "r2"})
        check("daemon: cancel of a running run says it is stopping", reply.get("result") == {"cancelled": False, "stopping": True},
              json.dumps(reply))
        final = runner.response(stuck, 10)
        took = time.monotonic() - asked
        check("daemon: cancel of a run stuck in C ends it within 1 s, its response saying cancelled",
              took < 1.0 and final.get("result", {}).get("cancelled") is True, f"{took:.2f} s: {json.dumps(final)[:300]}")

        # session/restart recovers a shared world stuck in C.
        sessions_before = workers_of(daemon.pid, "daemon-session")
        check("daemon: the shared world lives in a worker process of its own", len(sessions_before) == 1, f"{sessions_before}")
        stuck_eval = watcher.request("eval", {"code": "require('hostile').spin()"})
        time.sleep(0.3)
        reply, seconds = runner.call("status", {}, timeout=5)
        check("daemon: status answers within 100 ms while the shared world is stuck in C", "result" in reply and seconds < 0.1,
              f"{seconds:.3f} s")
        reply, seconds = runner.call("session/restart", {}, timeout=5)
        check("daemon: session/restart answers at once", reply.get("result", {}).get("restarted") is True and seconds < 0.5,
              f"{seconds:.3f} s {json.dumps(reply)}")
        reply, seconds = runner.call("eval", {"code": "return 1"}, timeout=5)
        check("daemon: after session/restart the shared world answers an eval within 1 s",
              reply.get("result", {}).get("value") == "1" and seconds < 1.0, f"{seconds:.3f} s {json.dumps(reply)}")
        reply = watcher.response(stuck_eval, 5)
        check("daemon: the eval stuck in C is answered: its session was restarted (-32006)",
              reply.get("error", {}).get("code") == -32006 and "restarted" in reply["error"]["message"], json.dumps(reply)[:300])
        check("daemon: the stuck shared world's worker is gone, a fresh one serves",
              wait_for(lambda: len(workers_of(daemon.pid, "daemon-session")) == 1
                       and workers_of(daemon.pid, "daemon-session") != sessions_before, 5),
              f"before {sessions_before}, now {workers_of(daemon.pid, 'daemon-session')}")

        # A crash in C in a live session costs that session only: the eval is answered with the
        # signal, the session is replaced at once, the other sessions and clients go on.
        for act, signal_name, session in (("segfault", "SIGSEGV", None), ("abort", "SIGABRT", "crashy"), ("hog", "SIGSEGV", "hungry")):
            where = {"session": session} if session else {}
            if session:
                runner.call("eval", {"code": "x = 41", **where})
            reply, seconds = runner.call("eval", {"code": f"require('hostile').{act}()", **where}, timeout=30)
            error = reply.get("error", {})
            check(f"daemon: {act} in {session or 'the shared world'} is answered -32006 naming {signal_name}",
                  error.get("code") == -32006 and signal_name in error.get("message", ""), json.dumps(reply)[:400])
            reply, seconds = watcher.call("eval", {"code": "return 1"}, timeout=5)
            check(f"daemon: after {act}, another client's eval in the shared world answers within 1 s",
                  reply.get("result", {}).get("value") == "1" and seconds < 1.0, f"{seconds:.3f} s {json.dumps(reply)[:300]}")
            if session:
                reply, seconds = runner.call("eval", {"code": "return x == nil", **where}, timeout=5)
                check(f"daemon: after {act}, session '{session}' answers again, with a fresh world",
                      reply.get("result", {}).get("value") == "true" and seconds < 1.0, f"{seconds:.3f} s {json.dumps(reply)[:300]}")
        reply, _ = watcher.call("status", {})
        load = reply.get("result", {}).get("session_load", {})
        check("daemon: status counts the sessions restarted", load.get("restarts") == 4, json.dumps(reply)[:400])
        notes = [m for m in watcher.inbox if m.get("method") == "session/restarted"]
        check("daemon: every client hears which session was restarted and why",
              [n["params"]["session"] for n in notes] == ["live", "live", "crashy", "hungry"]
              and "SIGSEGV" in notes[1]["params"]["reason"], json.dumps(notes)[:600])
        runner.close()
        watcher.close()
    finally:
        stop(daemon)
    check("daemon: stops on SIGTERM even with a world stuck in C", daemon.returncode is not None and daemon.returncode != -9,
          f"exit {daemon.returncode}")
    check("daemon: no worker left after it stopped", wait_for(lambda: not workers_of(daemon.pid), 5))


def test_kill_9_of_the_daemon(project):
    daemon, sock = start_daemon(project)
    try:
        client = Client(sock)
        client.request("run", {"paths": ["spec/spin_spec.lua"], "cwd": project})
        started = wait_for(lambda: len(workers_of(daemon.pid, "daemon-run")) >= 1, 20)
        client.call("eval", {"code": "return 1", "session": "named"})
        sessions = workers_of(daemon.pid, "daemon-session")
        check("kill -9 of the daemon: its two sessions' workers had started", len(sessions) == 2, f"{sessions}")
        os.kill(daemon.pid, signal.SIGKILL)
        daemon.wait()
        check("kill -9 of the daemon: its run's worker had started", started)
        check("kill -9 of the daemon leaves no worker running", wait_for(lambda: not workers_of(daemon.pid), 5),
              f"{workers_of(daemon.pid)}")
        client.close()
    finally:
        stop(daemon)


def test_descriptors(project):
    """A worker holds none of its coordinator's descriptors but its channel, and a program a
    spec starts holds not even that: a pipe the caller left inheritable (as a test harness's
    may be) would otherwise stay open for as long as a worker, or its child, lives."""
    folder = tempfile.mkdtemp(dir=project)
    with open(os.path.join(folder, "fds_spec.lua"), "w") as f:
        f.write('describe("fds", function() it("lists", function()\n'
                '  local p = io.popen("ls /proc/self/fd | tr \'\\\\n\' \' \'"); print(p:read("a")); p:close()\n'
                'end) end)\n')
    read_end, write_end = os.pipe()
    os.set_inheritable(write_end, True)
    try:
        result = subprocess.run([DETENT, "run", "fds_spec.lua"], cwd=folder, pass_fds=(write_end,), capture_output=True, text=True, timeout=60)
    finally:
        os.close(read_end)
        os.close(write_end)
    listed = next((line.strip(" |") for line in result.stdout.splitlines() if line.strip().startswith("|")), "")
    # 0-2 are ls's standard streams, 3 the folder ls reads.
    check("a spec's child holds only its standard streams (no coordinator pipe, no worker channel)",
          result.returncode == 0 and listed.split() == ["0", "1", "2", "3"], f"{listed!r}\n{result.stdout}{result.stderr}")


def test_early_worker(project):
    """`detent run` starts its first worker while it still reads its own command line (it
    forks it): that worker is the one the run uses (a run of one file has one worker, not a
    second one started later beside it; every worker, forked or spawned, is named
    `detent-worker`), it is capped as any worker by its setup line (`worker_memory_mib`), and
    a run that stops at a usage error leaves no worker behind."""
    folder = tempfile.mkdtemp(dir=project)
    with open(os.path.join(folder, "detent.toml"), "w") as f:
        f.write("[limits]\nworker_memory_mib = 3000\n[lua]\nstdlib = \"full\"\n")
    for name in ("a", "b"):
        with open(os.path.join(folder, f"{name}_spec.lua"), "w") as f:
            # Its coordinator's worker processes, and its own address-space cap.
            f.write('it("reports its worker", function()\n'
                    '  local stat = io.open("/proc/self/stat"):read("a")\n'
                    '  local parent = stat:match("%) %S+ (%d+)")\n'
                    '  local workers = 0\n'
                    '  for task in io.popen("ls /proc/" .. parent .. "/task"):lines() do\n'
                    '    for child in io.open("/proc/" .. parent .. "/task/" .. task .. "/children"):read("a"):gmatch("%d+") do\n'
                    '      local comm = io.open("/proc/" .. child .. "/comm")\n'
                    '      if comm and comm:read("a") == "detent-worker\\n" then workers = workers + 1 end\n'
                    '    end\n'
                    '  end\n'
                    '  local limits = io.open("/proc/self/limits"):read("a")\n'
                    '  print("workers=" .. workers, limits:match("Max address space%s+(%d+)"), table.concat(arg, " ", 1, 3))\n'
                    'end)\n')
    limit = str(3000 << 20)
    for jobs, files, workers in ((1, ["a_spec.lua"], "1"), (2, ["a_spec.lua", "b_spec.lua"], "2")):
        result = subprocess.run([DETENT, "run", "--jobs", str(jobs)] + files, cwd=folder, capture_output=True, text=True, timeout=120)
        printed = [line.strip(" |").split("\t") for line in result.stdout.splitlines() if "workers=" in line]
        # A spec's `arg` is its worker's command line, the same whether the worker was forked or spawned.
        args = f"__worker run --jobs"
        expected = [[f"workers={workers}", limit, args]] * len(files) if jobs == 1 else None
        ok = result.returncode == 0 and len(printed) == len(files) and all(p[1:] == [limit, args] for p in printed)
        if expected is not None:
            ok = ok and printed == expected
        check(f"--jobs {jobs}: " + ("one worker runs the file: the one started early, capped by worker_memory_mib from its setup line"
                                    if jobs == 1 else "every worker is capped by worker_memory_mib") + ", and `arg` is its command line",
              ok, f"{printed}\n{result.stdout}{result.stderr}")
    marker = f"no-such-{os.getpid()}-marker_spec.lua"
    result = subprocess.run([DETENT, "run", marker], cwd=folder, capture_output=True, text=True, timeout=60)
    def left():
        found = []
        for pid in os.listdir("/proc"):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if marker.encode() in f.read() and int(pid) != os.getpid():
                        found.append(pid)
            except (OSError, ValueError):
                pass
        return found
    check("a run that stops at a usage error (exit 2) leaves no early worker behind",
          result.returncode == 2 and wait_for(lambda: not left(), 5), f"exit {result.returncode}, left {left()}: {result.stderr}")


def test_forked_workers_start(project):
    """A forked worker serves on a thread made after the fork: its main thread still holds the
    coordinator's thread id, which the Swift runtime writes into its locks, so a lock it took
    while another thread of the worker waited on it was never released (both hung; the run
    then reported that its worker did not start: 1 run in 8 to 40 while a thread warmed the
    classes beside the first session). 100 runs in a row give such a race its chances."""
    folder = tempfile.mkdtemp(dir=project)
    with open(os.path.join(folder, "one_spec.lua"), "w") as f:
        f.write('it("passes", function() assert.is_true(true) end)\n')
    failed = []
    for n in range(100):
        try:
            result = subprocess.run([DETENT, "run", "one_spec.lua"], cwd=folder, capture_output=True, text=True, timeout=30)
            if result.returncode != 0:
                failed.append(f"run {n}: exit {result.returncode}: {result.stdout[-300:]}{result.stderr[-300:]}")
        except subprocess.TimeoutExpired:
            failed.append(f"run {n}: no end within 30 s")
        if failed:
            break
    check("100 runs in a row: every forked worker starts and runs its file", not failed, "\n".join(failed))


def main():
    global DETENT
    parser = argparse.ArgumentParser()
    parser.add_argument("--detent", required=True)
    args = parser.parse_args()
    DETENT = os.path.abspath(args.detent)
    project = make_project()
    try:
        for test in (lambda: test_detent_run(project, 1), lambda: test_detent_run(project, 2), lambda: test_kill_9_of_a_run(project),
                     lambda: test_daemon(project), lambda: test_kill_9_of_the_daemon(project), lambda: test_descriptors(project),
                     lambda: test_early_worker(project), lambda: test_forked_workers_start(project)):
            try:
                test()
            except Exception:
                check("a test of the suite ran to its end", False, traceback.format_exc()[-1500:])
    finally:
        shutil.rmtree(project, ignore_errors=True)
    passed = sum(1 for _, ok, _ in RESULTS if ok)
    print(f"{passed} passed, {len(RESULTS) - passed} failed")
    return 0 if passed == len(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
