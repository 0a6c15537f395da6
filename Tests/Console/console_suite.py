#!/usr/bin/env python3
"""`detent console` driven through a real terminal (tmux: send-keys, capture-pane) and
through pipes, with nothing but Python's standard library and tmux.

Each terminal test starts its own tmux server on a private socket in a temporary folder,
with its own XDG_STATE_HOME (the history file), and stops the console and the server by
pid with bounded waits. Prints one line per test and `N passed, N failed`; exit status 1
when a test failed.

    python3 Tests/Console/console_suite.py --detent .build/debug/detent --repo .
"""
import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback

ARGS = None


class Terminal:
    """One console in a tmux pane of a private server."""

    def __init__(self, state_home, extra=(), options=("--no-plugins",), status_file=None):
        """`status_file`: a shell runs the console and writes its exit status there."""
        self.folder = tempfile.mkdtemp(prefix="detent-console-")
        self.socket = os.path.join(self.folder, "tmux.sock")
        command = " ".join([ARGS.detent, "console", *options, *extra])
        if status_file:
            command = f"sh -c '{command}; echo $? > {status_file}'"
        env = dict(os.environ, XDG_STATE_HOME=state_home, TERM="xterm-256color")
        self.server_pid = self.pane_pid = None
        self.tmux("new-session", "-d", "-x", "120", "-y", "40", "-c", ARGS.repo, command, env=env)
        try:
            self.server_pid = int(self.tmux("display-message", "-p", "#{pid}").strip())
            self.pane_pid = int(self.tmux("display-message", "-p", "#{pane_pid}").strip())
            # capture-pane drops trailing spaces: an empty prompt reads ">".
            self.wait_for(lambda s: "\n>" in s, "the first prompt")
        except BaseException:
            # A console that never showed its prompt is stopped too (by pid), not left behind.
            self.close()
            raise

    def tmux(self, *arguments, env=None):
        return subprocess.run(["tmux", "-S", self.socket, *arguments], check=True, capture_output=True, text=True,
                              env=env, timeout=10).stdout

    def keys(self, *keys):
        """Named keys (Enter, Tab, C-c, Up)."""
        self.tmux("send-keys", "-t", "0", *keys)

    def type(self, text):
        """Literal text (never read as key names: 'end' would be the End key)."""
        self.tmux("send-keys", "-t", "0", "-l", text)

    def line(self, text):
        self.type(text)
        self.keys("Enter")

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "0")

    def lines(self):
        return [l.rstrip() for l in self.screen().rstrip("\n").split("\n")]

    def wait_for(self, predicate, what, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if predicate(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; screen:\n{screen}")
            time.sleep(0.05)

    def prompt_line(self):
        """The last line that starts with a prompt."""
        return [l for l in self.lines() if l.startswith(">")][-1]

    def close(self):
        if self.server_pid is None:
            # The server's pid was never read: ask the private server itself to end.
            subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True, timeout=10)
        for pid in (self.pane_pid, self.server_pid):
            if pid is not None:
                stop(pid)
        shutil.rmtree(self.folder, ignore_errors=True)


def stop(pid):
    """SIGTERM, then SIGKILL after 5 s; never by name."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def with_terminal(test):
    def run():
        state = tempfile.mkdtemp(prefix="detent-state-")
        term = Terminal(state)
        try:
            test(term)
        finally:
            term.close()
            shutil.rmtree(state, ignore_errors=True)
    run.__name__ = test.__name__
    return run


# MARK: Through a terminal

@with_terminal
def test_an_expression_prints_its_value(term):
    term.line("1 + 1")
    term.wait_for(lambda s: "> 1 + 1\n2\n" in s, "the value 2")
    term.line("{1, 'a', {x = 1}}")
    term.wait_for(lambda s: '{ 1, "a", { x = 1 } }' in s, "a nested table")


@with_terminal
def test_engine_objects_print_as_their_kind_and_key_properties(term):
    term.line('d = world:drawer{anchors = {"top", "middle", "bottom"}}')
    term.line("d")
    term.wait_for(lambda s: "<drawer anchor=bottom origin=774.0 state=resting>" in s, "the drawer's summary")


def test_up_arrow_recalls_history_across_two_sessions():
    state = tempfile.mkdtemp(prefix="detent-state-")
    try:
        first = Terminal(state)
        try:
            first.line("remembered = 40 + 2")
            first.wait_for(lambda s: s.rstrip().endswith("\n>"), "the next prompt")
            first.keys("C-d")
            deadline = time.monotonic() + 10
            while alive(first.pane_pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not alive(first.pane_pid), "Ctrl-D did not quit the console"
        finally:
            first.close()
        second = Terminal(state)
        try:
            second.keys("Up")
            second.wait_for(lambda s: "> remembered = 40 + 2" in s, "the line from the first session")
            second.keys("Enter")
            second.line("remembered")
            second.wait_for(lambda s: "\n42\n" in s, "the recalled line to run")
        finally:
            second.close()
    finally:
        shutil.rmtree(state, ignore_errors=True)


@with_terminal
def test_tab_completes_detent_members_and_a_drawers_fields(term):
    term.type("detent.wo")
    term.keys("Tab")
    term.wait_for(lambda s: "> detent.world" in s, "detent.wo to complete to detent.world")
    term.keys("C-u")
    term.line('d = world:drawer{anchors = {"top", "middle", "bottom"}}')
    # Keys typed while a line still runs are echoed by the terminal before the next prompt,
    # as in any line editor: type the next line at the prompt, as a person does.
    term.wait_for(lambda s: s.rstrip().endswith("\n>"), "the prompt after the drawer is made")
    term.type("d.ori")
    term.keys("Tab")
    term.wait_for(lambda s: "> d.origin" in s, "d.ori to complete to d.origin")
    term.keys("C-u")
    term.type("d.anch")
    term.keys("Tab", "Tab")
    term.wait_for(lambda s: "d.anchor_origin" in s and "d.anchors" in s, "the drawer's fields listed")
    term.keys("C-u")
    term.type("d:move_")
    term.keys("Tab")
    term.wait_for(lambda s: "> d:move_to" in s, "a method after ':'")


@with_terminal
def test_a_multi_line_function_definition_continues_with_the_continuation_prompt(term):
    term.line("function square(x)")
    term.wait_for(lambda s: s.rstrip().endswith(">>"), "the >> prompt")
    term.line("  return x * x")
    term.line("end")
    term.line("square(12)")
    term.wait_for(lambda s: "\n144\n" in s, "the function's value")
    lines = term.lines()
    assert ">>   return x * x" in lines and ">> end" in lines, "\n".join(lines)
    # The whole definition is one history entry: Up three times brings it back (past `square = nil`
    # and `square(12)`), Enter defines it again.
    term.line("square = nil")
    term.keys("Up", "Up", "Up")
    term.wait_for(lambda s: "return x * x" in s.rstrip().split("\n")[-1] or "end" in s.rstrip().split("\n")[-1],
                  "the recalled definition")
    term.keys("Enter")
    term.line("square(5)")
    term.wait_for(lambda s: "\n25\n" in s, "the recalled definition to work")


@with_terminal
def test_ctrl_c_stops_a_runaway_loop_and_the_prompt_comes_back(term):
    term.line("kept = 7")
    term.line("while true do end")
    time.sleep(0.5)
    started = time.monotonic()
    term.keys("C-c")
    term.wait_for(lambda s: "interrupted" in s, "the interruption")
    assert time.monotonic() - started < 3, "Ctrl-C took too long"
    term.line("kept + world.frame * 0")
    term.wait_for(lambda s: "\n7\n" in s, "the world and globals intact")


@with_terminal
def test_ctrl_c_stops_a_wait(term):
    term.line("wait(30)")
    time.sleep(0.3)
    term.keys("C-c")
    term.wait_for(lambda s: "interrupted" in s, "the wait to be interrupted", timeout=15)
    term.line("2 + 3")
    term.wait_for(lambda s: "\n5\n" in s, "the prompt to work again")


@with_terminal
def test_step_10_advances_the_frame_by_exactly_10(term):
    term.line(":pause")
    term.line("before = world.frame")
    term.line(":step 10")
    term.line("world.frame - before")
    term.wait_for(lambda s: "> world.frame - before\n10\n" in s, "a difference of exactly 10 frames")


@with_terminal
def test_the_status_line_updates_while_typing(term):
    term.line(":status")
    term.wait_for(lambda s: "[t=" in s, "the status line")
    term.type("abc")
    first = term.wait_for(lambda s: "> abc" in s, "the typed text")

    def status_above_prompt(screen):
        lines = [l.rstrip() for l in screen.rstrip("\n").split("\n")]
        index = max(i for i, l in enumerate(lines) if l.startswith("> abc"))
        return lines[index - 1]

    before = status_above_prompt(first)
    assert before.startswith("[t="), before
    later = term.wait_for(lambda s: status_above_prompt(s) != before and status_above_prompt(s).startswith("[t="),
                          "the status line to change", timeout=20)
    assert "> abc" in later, later
    term.keys("C-u")
    term.line("world.frame >= 0")
    term.wait_for(lambda s: "\ntrue\n" in s, "input to still work")


def run_spec(path):
    """`detent run` on a recorded spec, as a user would (the console ran without plugins too)."""
    return subprocess.run([ARGS.detent, "run", "--no-plugins", path], cwd=ARGS.repo, capture_output=True, text=True, timeout=120)


def test_record_turns_a_real_time_session_into_a_spec_that_detent_run_passes():
    state = tempfile.mkdtemp(prefix="detent-state-")
    folder = tempfile.mkdtemp(prefix="detent-record-")
    term = Terminal(state)
    try:
        spec = os.path.join(folder, "recorded_flick_spec.lua")
        term.line(f":record {spec}")
        term.wait_for(lambda s: "recording into" in s, "the recording to start")
        term.line('d = world:drawer{anchors = {"top", "middle", "bottom"}, at = "middle"}')
        time.sleep(0.4)  # real time passes between chunks: it becomes wait_frames
        term.line('flick("drawer.header", {velocity = -900, distance = 50})')
        time.sleep(0.2)
        term.line("d.origin")
        term.line("nil + 1")  # raises: left out of the spec
        term.line("s = world:spring{from = 0, to = 100, response = 0.5}")
        time.sleep(0.15)  # the spring is mid-flight when the recording stops
        term.line(":stop")
        term.wait_for(lambda s: "wrote " in s, "the spec to be written")
        with open(spec) as f:
            text = f.read()
        for expected in ('describe("recorded_flick_spec"', 'it("replays the recorded session"', "wait_frames(",
                         'flick("drawer.header"', "-- d.origin", "assert.near(", "s.value", "d.anchor", "nil + 1"):
            assert expected in text, (expected, text)
        assert "\n    nil + 1" not in text, text  # the chunk that raised is only a comment
        run = run_spec(spec)
        assert run.returncode == 0 and "1 passed, 0 failed" in run.stdout, (run.returncode, run.stdout, run.stderr, text)
    finally:
        term.close()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)


@with_terminal
def test_the_status_line_stays_above_a_typed_line_that_wraps(term):
    term.line(":status")
    term.wait_for(lambda s: "[t=" in s, "the status line")
    long_line = "x = " + " + ".join(["1"] * 70)  # 280 characters: three rows of a 120-column pane
    term.type(long_line)

    def layout(screen):
        lines = [l.rstrip() for l in screen.rstrip("\n").split("\n")]
        start = max(i for i, l in enumerate(lines) if l.startswith("> x = 1"))
        return lines, start

    def typed_in_full(screen):
        # All of it: tmux delivers the keys in bursts, and on a loaded machine the screen ends
        # in "1 + 1" many times before the console has read the last one.
        if "> x = 1" not in screen:
            return False
        lines, start = layout(screen)
        return "".join(lines[start:]).replace(" ", "") == ("> " + long_line).replace(" ", "")

    first = term.wait_for(typed_in_full, "the long line typed")
    lines, start = layout(first)
    assert lines[start - 1].startswith("[t="), "\n".join(lines)
    later = term.wait_for(lambda s: layout(s)[0][layout(s)[1] - 1] != lines[start - 1], "the status line to be redrawn", timeout=20)
    lines2, start2 = layout(later)
    assert lines2[start2 - 1].startswith("[t="), "\n".join(lines2)
    assert "".join(lines2[start2:]).replace(" ", "") == ("> " + long_line).replace(" ", ""), "\n".join(lines2)
    assert sum(1 for l in lines2 if l.startswith("[t=")) == 1, "\n".join(lines2)
    term.keys("Enter")
    term.line("x")
    term.wait_for(lambda s: "\n70\n" in s, "the long line to run")


# MARK: On a daemon's live world (--connect)

def start_daemon(folder):
    """`detent daemon` on a socket in `folder`; returns the process once the socket accepts (10 s at most)."""
    path = os.path.join(folder, "d.sock")
    log = open(os.path.join(folder, "daemon.log"), "wb")
    daemon = subprocess.Popen([ARGS.detent, "daemon", "--socket", path, "--no-plugins",
                               "--config", os.path.join(ARGS.repo, "config")],
                              cwd=ARGS.repo, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    log.close()
    deadline = time.monotonic() + 10
    while True:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
            return daemon, path
        except OSError:
            if daemon.poll() is not None or time.monotonic() > deadline:
                stop(daemon.pid)
                raise AssertionError("the daemon did not start listening")
            time.sleep(0.05)
        finally:
            probe.close()


def test_connect_evaluates_completes_and_steps_the_daemons_world_and_says_when_it_goes_away():
    state = tempfile.mkdtemp(prefix="detent-state-")
    folder = tempfile.mkdtemp(prefix="detent-daemon-")
    daemon, path = start_daemon(folder)
    term = None
    try:
        status_file = os.path.join(folder, "status")
        term = Terminal(state, extra=("--connect", path), options=(), status_file=status_file)
        # The pane stays after the console exits, to read its last line and exit status.
        term.tmux("set-option", "-w", "-t", "0", "remain-on-exit", "on")
        term.line("1 + 1")
        term.wait_for(lambda s: "> 1 + 1\n2\n" in s, "the value 2")
        term.line('d = world:drawer{anchors = {"top", "middle", "bottom"}}')
        term.line("d")
        term.wait_for(lambda s: "<drawer anchor=bottom origin=774.0 state=resting>" in s, "the drawer's summary")
        term.type("detent.wo")
        term.keys("Tab")
        term.wait_for(lambda s: "> detent.world" in s, "detent.wo to complete to detent.world")
        term.keys("C-u")
        term.line(":pause")
        term.line("before = world.frame")
        term.line(":step 10")
        term.line("world.frame - before")
        term.wait_for(lambda s: "> world.frame - before\n10\n" in s, "the daemon's world 10 frames on")
        os.kill(daemon.pid, signal.SIGKILL)
        daemon.wait(10)
        term.wait_for(lambda s: f"detent: the daemon at {path} went away" in s, "the message that the daemon went away")
        deadline = time.monotonic() + 10
        status = ""
        while status == "" and time.monotonic() < deadline:
            time.sleep(0.05)
            if os.path.exists(status_file):
                with open(status_file) as f:
                    status = f.read().strip()
        assert status == "1", f"exit status {status!r}"
    finally:
        if term:
            term.close()
        stop(daemon.pid)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)


def test_connect_with_a_session_shows_engines_in_status_resets_and_records():
    folder = tempfile.mkdtemp(prefix="detent-daemon-")
    daemon, path = start_daemon(folder)
    try:
        spec = os.path.join(folder, "daemon_recorded_spec.lua")
        shared = subprocess.run([ARGS.detent, "console", "--connect", path], cwd=ARGS.repo, input=":reset\n",
                                capture_output=True, text=True, timeout=60)
        assert shared.returncode == 1 and "--session NAME" in shared.stdout, (shared.returncode, shared.stdout, shared.stderr)
        console = subprocess.Popen([ARGS.detent, "console", "--connect", path, "--session", "mine"], cwd=ARGS.repo,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            def send(line, pause=0.0):
                console.stdin.write(line + "\n")
                console.stdin.flush()
                time.sleep(pause)
            send(f":record {spec}")
            send('d = world:drawer{anchors = {"top", "middle", "bottom"}, at = "middle"}', 0.3)
            send('flick("drawer.header", {velocity = -900, distance = 50})', 0.1)
            send(":status")
            send(":stop")
            send(":reset")
            out, err = console.communicate(timeout=60)
        finally:
            stop(console.pid)
        assert console.returncode == 0, (console.returncode, out, err)
        assert "| drawer " in out, out  # the status line names the daemon's engines
        assert "a fresh world" in out, out
        run = run_spec(spec)
        assert run.returncode == 0 and "1 passed, 0 failed" in run.stdout, (run.returncode, run.stdout, run.stderr)
    finally:
        stop(daemon.pid)
        shutil.rmtree(folder, ignore_errors=True)


def test_connect_restart_gives_the_session_a_fresh_world_and_globals():
    # Issue 28: `:restart` over --connect is the daemon's session/restart (which also frees a
    # session stuck in native code; Tests/Workers/hostile_suite.py drives that case).
    folder = tempfile.mkdtemp(prefix="detent-daemon-")
    daemon, path = start_daemon(folder)
    try:
        run = subprocess.run([ARGS.detent, "console", "--connect", path, "--session", "again"], cwd=ARGS.repo,
                             input="kept = 5\nkept\n:restart\nkept\n", capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, (run.returncode, run.stdout, run.stderr)
        assert run.stdout.split("\n")[:3] == ["5", "a fresh session: the world and globals start over", "nil"], run.stdout
    finally:
        stop(daemon.pid)
        shutil.rmtree(folder, ignore_errors=True)


def test_connect_refuses_the_options_the_daemon_owns():
    for option in (["--virtual"], ["--device", "iphone-15"], ["--plugins", "scripts/plugins"]):
        run = subprocess.run([ARGS.detent, "console", "--connect", "/nonexistent.sock", *option], cwd=ARGS.repo,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "--connect cannot be combined with" in run.stderr, (option, run.returncode, run.stderr)


# MARK: Without a terminal

def console(*arguments, stdin=None):
    return subprocess.run([ARGS.detent, "console", "--no-plugins", *arguments], cwd=ARGS.repo, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_dash_e_prints_values_and_exits_1_on_error():
    ok = console("-e", "world.frame", "-e", "wait(0.1); return world.time > 0")
    assert ok.returncode == 0 and ok.stdout == "0\ntrue\n", (ok.returncode, ok.stdout, ok.stderr)
    bad = console("-e", "nil + 1")
    assert bad.returncode == 1 and "attempt to perform arithmetic" in bad.stdout + bad.stderr, (bad.returncode, bad.stdout)


def test_piped_input_runs_without_prompts():
    # The world runs in real time until :pause (a loaded machine may tick it before :step).
    run = console(stdin="x = 20\nfunction f(y)\n  return y + x\nend\n=f(1)\n:pause\nbefore = world.frame\n"
                        ":step 3\n=world.frame - before\n")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "21" and lines[-1] == "3" and not any(l.startswith(">") for l in lines), run.stdout


def test_a_script_runs_then_exits_and_an_error_exits_1():
    folder = tempfile.mkdtemp(prefix="detent-script-")
    try:
        good = os.path.join(folder, "good.lua")
        with open(good, "w") as f:
            f.write('d = world:drawer{anchors = {"top", "middle", "bottom"}}\nprint(d.anchor)\n')
        bad = os.path.join(folder, "bad.lua")
        with open(bad, "w") as f:
            f.write("local x = 1\nerror('broken')\n")
        run = console(good)
        assert run.returncode == 0 and run.stdout == "bottom\n", (run.returncode, run.stdout, run.stderr)
        run = console(bad)
        assert run.returncode == 1 and "bad.lua:2: broken" in run.stdout, (run.returncode, run.stdout)
        run = console("-i", good, stdin="d.origin\n")
        assert run.returncode == 0 and run.stdout == "bottom\n774.0\n", (run.returncode, run.stdout)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_trace_and_plot_write_an_svg():
    folder = tempfile.mkdtemp(prefix="detent-plot-")
    try:
        svg = os.path.join(folder, "drawer.svg")
        run = console("--virtual", stdin=f'd = world:drawer{{anchors = {{"top", "middle", "bottom"}}}}\n:trace drawer.origin\n'
                                           f'd:animate_to("top")\nwait(1)\n:plot {svg}\n')
        assert run.returncode == 0, run.stdout + run.stderr
        with open(svg) as f:
            text = f.read()
        assert text.startswith("<svg") and "<polyline" in text and "drawer.origin" in text, text[:200]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--detent", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--filter", default="")
    ARGS = parser.parse_args()
    ARGS.detent = os.path.abspath(ARGS.detent)
    tests = [v for k, v in sorted(globals().items()) if k.startswith("test_") and ARGS.filter in k]
    if shutil.which("tmux") is None:
        print("tmux is missing: run scripts/setup.sh")
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    for test in tests:
        try:
            test()
            passed += 1
            print(f"  ok    {test.__name__}")
        except Exception:
            failed += 1
            print(f"  FAIL  {test.__name__}\n" + traceback.format_exc())
        sys.stdout.flush()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
