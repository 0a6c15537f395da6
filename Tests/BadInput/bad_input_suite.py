#!/usr/bin/env python3
"""Bad-input corpus for `detent run` (issue: "No input crashes, hangs, passes falsely or errs
without file, line and cause").

    python3 Tests/BadInput/bad_input_suite.py --detent .build/debug/detent [--repo .] [-k SUB] [--list]

Cases live in Tests/BadInput/cases/*.cases (format: Tests/BadInput/README.md). For each case
the suite writes a spec file into a temporary folder, with the hostile snippet at a known line
inside a test (or at the top level, in a hook, a coroutine, a pcall, an event handler, ...)
next to a canary test, and runs

    detent run --config <tmp config> hostile_spec.lua        (cwd = the case's folder)

with a time limit. The temporary config is a copy of <repo>/config with runner.toml's
instruction budget and memory cap lowered, so runaway and memory cases end quickly in a
debug build. A case passes when:

  (a) detent exited by itself (no signal) within the time limit,
  (b) the exit status is the expected one (1 when the hostile test must fail, 2 for a load or
      usage error, 0 when the input is legitimately fine) -- never 0 when it must fail,
  (c) the output names the spec file and the hostile line (`hostile_spec.lua:<line>`) when the
      error is the test's own,
  (d) the canary test still ran and passed.

Cases named in Tests/BadInput/known.txt (or with a `known:` line) are expected to fail for
now: they still run, are counted as `known`, and one that starts passing is announced loudly
(remove it from the list). Everything else must pass for the exit status to be 0. The output
ends with `N passed, N failed, N known`.

Python 3 standard library only. Every subprocess is waited for, or killed by its own pid
(process group) when its time is up.
"""

import argparse
import concurrent.futures
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC_NAME = "hostile_spec.lua"

# runner.toml [limits] in the temporary config: small, so that runaway and memory cases end
# fast in a debug build (the defaults are 200M instructions and 64 MiB). The corpus counts
# instructions exactly, so where a case stops is the same on every machine and under any load
# (the default CPU watchdog stops a runaway after CPU seconds, at whatever line it reached:
# Tests/DetentRuntimeTests/SafetyTests and HardeningTests cover it); the CPU limit stays as
# the backstop for host work.
LIMITS = {"instruction_budget": "5_000_000", "memory_cap_mib": "32", "cpu_seconds_per_test": "2",
          "instruction_counting": '"exact"'}
DEFAULT_TIMEOUT = 20.0  # seconds of wall time per case; past it the case is a hang
ADDRESS_SPACE_LIMIT = 4 << 30  # RLIMIT_AS of each detent: a memory bomb outside the Lua
#                                allocator dies (and is reported) instead of eating the machine

OUTCOMES = {
    # expect   exit statuses
    "fail": {1},  # the hostile test fails or errors, with file:line; the canary passes
    "pass": {0},  # legitimately fine (a documented clamp, a big but valid table)
    "skip": {0},  # the hostile test ends as pending (skip), which fails nothing
    "load": {2},  # a load error of the spec file, with file:line
    "block": {1},  # an error of a describe block's body, with file:line: busted runs the body
    #                when the suite reaches it, so it is the block's error, and the tests it would
    #                have declared after that line (the canary among them) never exist
    "usage": {2},  # a usage error of the command line (argv cases)
    "any": {0, 1},  # either accepted or rejected with file:line -- but no crash, hang or NaN
}

# The spec's first line: a helper for cases where a function may either raise or return a
# finite number, but must never hand back NaN or an infinity silently.
PREAMBLE = ('local function finite(x) if type(x) ~= "number" or x ~= x or x == 1/0 or x == -1/0 '
            'then error("SILENTLY RETURNED " .. tostring(x), 2) end return x end')
SILENT_MARK = "SILENTLY RETURNED"

CANARY = 'it("canary", function() assert.are.equal(2, 1 + 1) end)'

# Where a snippet sits. "@" is the snippet (indented to the given depth); each template names
# the tests that must not pass when the snippet fails (full names as reported) and whether a
# failure is a load error.
def hooked(hook):
    """A template with the snippet inside `hook` of a nested block holding two tests. A hook
    that fails is reported as busted reports it, as an error of its own named after the block
    and the hook (`bad input hooked before_each`): that entry must not pass."""
    return ("""
describe("bad input", function()
  describe("hooked", function()
    %s(function()
@6
    end)
    it("hostile", function() end)
    it("hostile too", function() end)
  end)
  %%CANARY%%
end)""" % hook, ["bad input hooked " + hook])


TEMPLATES = {
    "it": ("""
describe("bad input", function()
  it("hostile", function()
@4
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    # After the describe block: the file is clearly a spec; a failure is a load error.
    "toplevel": ("""
describe("bad input", function()
  %CANARY%
end)
@0""", []),
    # Before any describe: still a *_spec.lua file, so still a load error (not a script).
    "toplevel_first": ("""
@0
describe("bad input", function()
  %CANARY%
end)""", []),
    "describe": ("""
describe("bad input", function()
@2
  it("hostile", function() end)
  %CANARY%
end)""", ["bad input hostile"]),
    "before_each": hooked("before_each"),
    "after_each": hooked("after_each"),
    "setup": hooked("setup"),
    "teardown": hooked("teardown"),
    "pcall": ("""
describe("bad input", function()
  it("hostile", function()
    local ok, err = pcall(function()
@6
    end)
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "xpcall_handler": ("""
describe("bad input", function()
  it("hostile", function()
    local ok, err = xpcall(function() error("first") end, function(m)
@6
      return m
    end)
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "coroutine_wrap": ("""
describe("bad input", function()
  it("hostile", function()
    coroutine.wrap(function()
@6
    end)()
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "coroutine_resume": ("""
describe("bad input", function()
  it("hostile", function()
    local co = coroutine.create(function()
@6
    end)
    local ok, err = coroutine.resume(co)
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "spawn": ("""
describe("bad input", function()
  it("hostile", function()
    spawn(function()
@6
    end)
    wait(0.1)
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "handler": ("""
describe("bad input", function()
  it("hostile", function()
    world:emit("bad.input")   -- emitted first: a name the test emits is known to world:on
    world:on("bad.input", function()
@6
    end)
    wait_frames(2)
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "wait_until": ("""
describe("bad input", function()
  it("hostile", function()
    wait_until(function()
@6
      return true
    end, { timeout = 1 })
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "tostring_mm": ("""
describe("bad input", function()
  it("hostile", function()
    local s = tostring(setmetatable({}, { __tostring = function()
@6
      return "x"
    end }))
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    "gc": ("""
describe("bad input", function()
  it("hostile", function()
    setmetatable({}, { __gc = function()
@6
    end })
    collectgarbage()
    collectgarbage()
  end)
  %CANARY%
end)""", ["bad input hostile"]),
    # The whole file is the snippet (structure cases write their own describe/it and canary).
    "file": ("""
@0""", ["bad input hostile"]),
}
CANARY_NAME = "bad input canary"


class Case:
    def __init__(self, name, source, lineno):
        self.name = name
        self.source = source  # "file:line" of the case definition
        self.lineno = lineno
        self.expect = "fail"
        self.where = "it"
        self.line = None  # None: the marked/last snippet line; "any"; "none"; or an int (1-based in the snippet)
        self.known = None
        self.output = []  # regexes that must match the output
        self.deny = []  # regexes that must not match the output
        self.argv = None  # argv after the binary (argv-only cases), with {spec} {config} {dir}
        self.canary = True
        self.timeout = None
        self.hostile = None  # override of the template's hostile test names
        self.fixture = None  # a named file-system fixture, built in the case's folder
        self.spec_name = SPEC_NAME  # the spec file's name (`file: hostile.lua` for a plain script)
        self.summary = True  # the output must end with `N passed, N failed` (not for --list)
        self.exit = None  # exit statuses accepted instead of the expectation's (`exit: 0 2`)
        self.snippet = []

    def describe_expectation(self):
        return self.expect + ("" if self.where == "it" else " in " + self.where)


# ---------------------------------------------------------------------------------------------
# Case files


KEYS = {"expect", "exit", "summary", "file", "where", "line", "known", "output", "deny", "argv", "canary", "timeout",
        "values", "hostile", "fixture"}


def parse_case_files(folder):
    """Reads every *.cases file: value definitions (`@value name lua-expression`) and case
    blocks (`== name`, key lines, then the snippet). Expands `$v` over `values:` and `$w` over a
    `where:` list. Returns the cases in file order."""
    values = {}
    blocks = []
    for filename in sorted(os.listdir(folder)):
        if not filename.endswith(".cases"):
            continue
        path = os.path.join(folder, filename)
        rel = os.path.relpath(path, os.path.dirname(os.path.dirname(HERE)))
        current = None
        with open(path, encoding="utf-8") as f:
            for number, raw in enumerate(f, 1):
                line = raw.rstrip("\n").rstrip("\r")
                if line.startswith("@value "):
                    parts = line.split(None, 2)
                    if len(parts) != 3:
                        raise SystemExit(f"{rel}:{number}: @value needs a name and a Lua expression")
                    values[parts[1]] = parts[2].strip()
                    continue
                if line.startswith("== "):
                    current = {"name": line[3:].strip(), "keys": [], "snippet": [], "where": f"{rel}:{number}"}
                    blocks.append(current)
                    continue
                if current is None:
                    if line.strip() and not line.startswith("#"):
                        raise SystemExit(f"{rel}:{number}: text outside a case: {line!r}")
                    continue
                if line.startswith("#"):
                    continue  # comment (never valid Lua at the start of a line)
                m = re.match(r"^([a-z]+): ?(.*)$", line)
                if not current["snippet"] and m and m.group(1) in KEYS:
                    current["keys"].append((m.group(1), m.group(2).strip(), number))
                    continue
                current["snippet"].append(line)
    cases = []
    names = set()
    for block in blocks:
        keys = block["keys"]
        value_names = [None]
        wheres = ["it"]
        for key, value, number in keys:
            if key == "values":
                value_names = value.split()
                for v in value_names:
                    if v not in values:
                        raise SystemExit(f"{block['where']}: unknown value {v!r} (define it with @value)")
            if key == "where":
                wheres = value.split()
                for w in wheres:
                    if w not in TEMPLATES:
                        raise SystemExit(f"{block['where']}: unknown where {w!r} (one of {', '.join(TEMPLATES)})")
        snippet = block["snippet"]
        while snippet and not snippet[-1].strip():
            snippet.pop()
        for v in value_names:
            for w in wheres:
                name = block["name"].replace("$w", w)
                if v is not None:
                    name = name.replace("$v", v)
                case = Case(name, block["where"], 0)
                case.where = w
                for key, value, _ in keys:
                    if v is not None:
                        value = value.replace("$v", values[v])
                    if key == "expect":
                        if value not in OUTCOMES:
                            raise SystemExit(f"{block['where']}: unknown expect {value!r}")
                        case.expect = value
                    elif key == "line":
                        case.line = value if value in ("any", "none") else int(value)
                    elif key == "known":
                        case.known = value
                    elif key == "output":
                        case.output.append(value)
                    elif key == "deny":
                        case.deny.append(value)
                    elif key == "argv":
                        case.argv = value
                    elif key == "canary":
                        case.canary = value not in ("no", "false", "0")
                    elif key == "timeout":
                        case.timeout = float(value)
                    elif key == "hostile":
                        case.hostile = [s.strip() for s in value.split("|") if s.strip() and s.strip() != "-"]
                    elif key == "summary":
                        case.summary = value not in ("no", "false", "0")
                    elif key == "fixture":
                        case.fixture = value
                    elif key == "file":
                        case.spec_name = value
                    elif key == "exit":
                        case.exit = {int(x) for x in value.split()}
                lines = []
                for text in snippet:
                    if v is not None:
                        text = text.replace("$v", values[v])
                    lines.append(text)
                case.snippet = lines
                if name in names:
                    raise SystemExit(f"{block['where']}: case name {name!r} is used twice")
                names.add(name)
                cases.append(case)
    return cases


def read_known(path):
    """known.txt: `case-name  reason` per line; '#' starts a comment line."""
    known = {}
    if not os.path.exists(path):
        return known
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            known[parts[0]] = parts[1] if len(parts) > 1 else "known"
    return known


# ---------------------------------------------------------------------------------------------
# Spec files


def build_spec(case):
    """The spec text and the 1-based line of the hostile code in it (None when not checked)."""
    template, _ = TEMPLATES[case.where]
    body = template.replace("%CANARY%", CANARY).lstrip("\n").split("\n")
    out = [] if case.where == "file" else [PREAMBLE]
    hostile_line = None
    marked = [i for i, text in enumerate(case.snippet) if text.rstrip().endswith("--<")]
    if marked:
        index = marked[0]
    else:
        non_empty = [i for i, text in enumerate(case.snippet) if text.strip()]
        index = non_empty[-1] if non_empty else 0
    if isinstance(case.line, int):
        index = case.line - 1
    for text in body:
        m = re.match(r"^@(\d+)$", text)
        if m:
            indent = " " * int(m.group(1))
            hostile_line = len(out) + 1 + index
            for s in case.snippet:
                out.append(indent + s if s.strip() else "")
        else:
            out.append(text)
    if case.line in ("any", "none"):
        hostile_line = None
    return "\n".join(out) + "\n", hostile_line


def write_config(repo, folder):
    """A copy of <repo>/config with runner.toml's [limits] lowered (LIMITS)."""
    target = os.path.join(folder, "config")
    shutil.copytree(os.path.join(repo, "config"), target)
    path = os.path.join(target, "runner.toml")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for key, value in LIMITS.items():
        text, n = re.subn(rf"(?m)^{key}\s*=.*$", f"{key} = {value}", text)
        if n == 0:
            text = text.replace("[limits]", f"[limits]\n{key} = {value}", 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return target


# File-system fixtures for argv cases, built in the case's folder before detent starts.
def fixture(name, folder, config):
    passing = 'describe("bad input", function()\n  ' + CANARY + '\nend)\n'
    if name and name.startswith("config "):
        # config FILE KEY VALUE: a copy of the lowered config in {dir}/cfg with FILE's first
        # `KEY = ...` line set to VALUE (KEY `*`: FILE's whole text becomes VALUE). Several
        # settings are joined by "; config ": each applies to the same copy.
        target = os.path.join(folder, "cfg")
        shutil.copytree(config, target)
        for setting in name[len("config "):].split("; config "):
            parts = setting.split(None, 2)
            filename, key, value = parts[0], parts[1], parts[2] if len(parts) > 2 else ""
            path = os.path.join(target, filename)
            if key == "*":
                text = value
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                text, n = re.subn(rf"(?m)^(\s*){re.escape(key)}\s*=.*$", lambda m: f"{m.group(1)}{key} = {value}", text, count=1)
                if n == 0:
                    raise SystemExit(f"fixture {name!r}: no key {key!r} in {filename}")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return
    if name == "require-loop":
        os.makedirs(os.path.join(folder, "scripts"))
        for module, text in (("loop", 'return require("loop")\n'), ("bad", 'error("module boom")\n'),
                             ("runaway", "while true do end\n")):
            with open(os.path.join(folder, "scripts", module + ".lua"), "w") as f:
                f.write(text)
        return
    if name == "fifo":
        os.mkfifo(os.path.join(folder, "fifo_spec.lua"))
    elif name == "symlink-loop":
        os.makedirs(os.path.join(folder, "loop", "a"))
        os.symlink("..", os.path.join(folder, "loop", "a", "up"))
        with open(os.path.join(folder, "loop", "ok_spec.lua"), "w") as f:
            f.write(passing)
    elif name == "empty-dir":
        os.makedirs(os.path.join(folder, "empty"))
    elif name == "binary":
        with open(os.path.join(folder, "binary_spec.lua"), "wb") as f:
            f.write(b"\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08" + bytes(range(256)))
    elif name == "latin1":
        with open(os.path.join(folder, "latin1_spec.lua"), "wb") as f:
            f.write(b'-- caf\xe9\n' + passing.encode())
    elif name == "nul":
        with open(os.path.join(folder, "nul_spec.lua"), "wb") as f:
            f.write(passing.encode() + b"\x00\nerror('after nul')\n")
    elif name == "dangling":
        os.symlink("nowhere_spec.lua", os.path.join(folder, "dangling_spec.lua"))
    elif name == "dir-named-spec":
        os.makedirs(os.path.join(folder, "dir_spec.lua"))
    elif name == "big":
        with open(os.path.join(folder, "big_spec.lua"), "w") as f:
            f.write('describe("bad input", function()\n')
            for i in range(20000):
                f.write(f'  it("t{i}", function() end)\n')
            f.write("  " + CANARY + "\nend)\n")
    elif name == "deep-nesting":
        with open(os.path.join(folder, "deep_spec.lua"), "w") as f:
            depth = 300
            for i in range(depth):
                f.write(f'describe("d{i}", function()\n')
            f.write("  " + CANARY + "\n")
            f.write("end)\n" * depth)
    elif name == "many-files":
        os.makedirs(os.path.join(folder, "many"))
        for i in range(300):
            with open(os.path.join(folder, "many", f"f{i:03}_spec.lua"), "w") as f:
                f.write(passing)
    elif name == "long-name":
        with open(os.path.join(folder, "x" * 200 + "_spec.lua"), "w") as f:
            f.write('describe("bad input", function()\n  it("hostile", function()\n    error("deep")\n  end)\nend)\n')
    elif name is not None:
        raise SystemExit(f"unknown fixture {name!r}")


# ---------------------------------------------------------------------------------------------
# Running and judging


def limit_resources(pid):
    """Caps a started child's address space and core dumps (prlimit on its pid: no
    preexec_fn, which is unsafe with the suite's threads)."""
    limits = [(resource.RLIMIT_CORE, 0)]
    # A sanitizer build reserves terabytes of shadow address space: no RLIMIT_AS for it.
    if not any(name in os.environ for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS")):
        limits.append((resource.RLIMIT_AS, ADDRESS_SPACE_LIMIT))
    for which, value in limits:
        try:
            resource.prlimit(pid, which, (value, value))
        except (ValueError, OSError, AttributeError):
            pass


def stable_binary(detent, workroot):
    """A private copy of the binary, so that a rebuild during the run (the file busy or gone
    for a while) cannot mix two builds or fail cases with ETXTBSY. Waits up to ~5 minutes for
    a binary that runs `--version`."""
    for _ in range(60):
        try:
            check = subprocess.run([detent, "--version"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=60)
            if check.returncode == 0:
                copy = os.path.join(workroot, "detent")
                shutil.copy2(detent, copy)
                again = subprocess.run([copy, "--version"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, timeout=60)
                if again.returncode == 0 and again.stdout == check.stdout:
                    return copy
        except (OSError, subprocess.TimeoutExpired):
            pass
        time.sleep(5)
    return detent


def run_process(argv, cwd, timeout):
    """Runs argv in its own process group; returns (returncode or None on timeout, output,
    seconds). On timeout the process group of this child (by its pid) is killed."""
    start = time.monotonic()
    for attempt in range(20):
        try:
            proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            break
        except OSError as error:  # ETXTBSY / ENOENT: the binary is being rebuilt
            if attempt == 19 or error.errno not in (2, 26):
                raise
            time.sleep(3)
    limit_resources(proc.pid)
    try:
        out, _ = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = proc.communicate()
        code = None
    return code, out.decode("utf-8", "replace"), time.monotonic() - start


def status_of(output, full_name):
    """ok / FAIL / ERROR / skip for a test's line in the console output, or None."""
    for line in output.splitlines():
        m = re.match(r"^\s+(ok|FAIL|ERROR|skip)\s+(.*)$", line)
        if m and m.group(2).strip() == full_name:
            return m.group(1)
    return None


def first_bad_line(output):
    """The line of the output that says what went wrong (for known.txt and the report)."""
    lines = [l.strip() for l in output.splitlines() if l.strip()]
    for marker in ("Fatal error", "runtime failure", "Program crashed"):
        for line in lines:
            if marker in line:
                return line
    skip = re.compile(r"^(ok|skip)\s|^[\w.]+\.lua$|^\d+ passed, \d+ failed|^at t=|^LOAD ERROR ")
    for line in lines:
        if skip.match(line) or re.match(r"^(FAIL|ERROR)\s", line):
            continue
        return line
    return None


def signal_name(code):
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


def interesting(output, limit=6):
    """The first lines worth showing: the error lines, not the file header."""
    lines = [l.rstrip() for l in output.splitlines() if l.strip()]
    keep = [l for l in lines if not re.fullmatch(r"[\w.]+\.lua", l.strip())]
    if not keep:
        return "(no output)"
    return " | ".join(l.strip() for l in keep[:limit])[:600]


def judge(case, code, output, seconds, timeout, hostile_line, spec_file):
    """Reasons the case failed (empty when it passed), each starting with its kind."""
    reasons = []
    if code is None:
        return [f"hang: no exit within {timeout:.0f} s (killed)"]
    if code < 0:
        return [f"crash: killed by {signal_name(code)}"]
    expected = case.exit if case.exit is not None else OUTCOMES[case.expect]
    if code not in expected:
        if code == 0:
            reasons.append(f"false pass: exit 0, expected {case.expect} (exit {'/'.join(map(str, sorted(expected)))})")
        else:
            reasons.append(f"exit: {code}, expected {case.expect} (exit {'/'.join(map(str, sorted(expected)))})")
    if SILENT_MARK in output:
        reasons.append("false pass: a non-finite number came back without an error")
    spec_case = case.argv is None
    _, template_hostile = TEMPLATES[case.where]
    hostile_names = case.hostile if case.hostile is not None else template_hostile
    if spec_case and case.expect == "fail":
        for name in hostile_names:
            status = status_of(output, name)
            if status == "ok":
                reasons.append(f"false pass: '{name}' reported ok")
            elif status is None and code == 1:
                reasons.append(f"not reported: no result line for '{name}'")
    if spec_case and case.expect == "pass":
        for name in hostile_names:
            status = status_of(output, name)
            if status not in ("ok", None):
                reasons.append(f"rejected: '{name}' reported {status}")
    if spec_case and case.expect == "skip":
        for name in hostile_names:
            status = status_of(output, name)
            if status != "skip":
                reasons.append(f"not skipped: '{name}' reported {status}")
    failed = code not in (0,)
    wants_line = case.expect in ("fail", "load", "block") or (case.expect == "any" and code == 1)
    if spec_case and wants_line and failed and case.line != "none":
        base = os.path.basename(spec_file)
        if hostile_line is not None:
            if not re.search(rf"{re.escape(base)}:{hostile_line}\b", output):
                found = sorted(set(re.findall(rf"{re.escape(base)}:(\d+)", output)), key=int)
                where = f" (names line {', '.join(found)})" if found else " (no file:line at all)"
                reasons.append(f"no file:line: expected {base}:{hostile_line}{where}")
        elif case.line == "any" and not re.search(rf"{re.escape(base)}:\d+", output):
            reasons.append(f"no file:line: {base}:<line> not in the output")
    if spec_case and case.canary and case.expect not in ("load", "block") and code in (0, 1):
        if status_of(output, CANARY_NAME) != "ok":
            reasons.append(f"canary disturbed: '{CANARY_NAME}' is {status_of(output, CANARY_NAME) or 'missing'}")
    if code in (0, 1) and case.expect != "usage" and case.summary:
        tail = [l for l in output.splitlines() if l.strip()]
        if not tail or not re.match(r"^\d+ passed, \d+ failed", tail[-1]):
            reasons.append("no summary: output does not end with 'N passed, N failed'")
    for pattern in case.output:
        if not re.search(pattern, output):
            reasons.append(f"output: /{pattern}/ not found")
    for pattern in case.deny:
        if re.search(pattern, output):
            reasons.append(f"output: /{pattern}/ must not appear")
    return reasons


def run_case(case, detent, config, workroot):
    folder = tempfile.mkdtemp(prefix="case-", dir=workroot)
    spec_file = case.spec_name
    hostile_line = None
    if case.snippet or case.argv is None:
        text, hostile_line = build_spec(case)
        with open(os.path.join(folder, spec_file), "w", encoding="utf-8", newline="") as f:
            if "crlf" in case.name:
                text = text.replace("\n", "\r\n")
            f.write(text)
    fixture(case.fixture, folder, config)
    if case.argv is not None:
        args = [a.replace("{spec}", spec_file).replace("{config}", config).replace("{dir}", folder)
                for a in shlex.split(case.argv)]
        argv = [detent] + args
    else:
        argv = [detent, "run", "--config", config, spec_file]
    timeout = case.timeout or DEFAULT_TIMEOUT
    code, output, seconds = run_process(argv, folder, timeout)
    reasons = judge(case, code, output, seconds, timeout, hostile_line, spec_file)
    shutil.rmtree(folder, ignore_errors=True)
    return reasons, output, seconds


def write_known(path, cases, results):
    header = [
        "# Cases of Tests/BadInput/cases that fail with the current detent, one per line:",
        "#   <case name>  <kind>: <what the suite saw> -- <the first line of bad output>",
        "# A listed case still runs and counts as `known`; when it starts passing the suite says so:",
        "# delete its line. Regenerate with: bad_input_suite.py --detent ... --update-known",
        "",
    ]
    lines = []
    for case in cases:
        reasons, output, _ = results[case.name]
        if not reasons:
            continue
        reason = "; ".join(reasons)
        bad = first_bad_line(output)
        lines.append((f"{case.name}  {reason}" + (f" -- {bad}" if bad else ""))[:400])
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(header + lines) + "\n")


def main():
    global DEFAULT_TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--detent", required=True, help="the detent binary")
    parser.add_argument("--repo", default=os.path.dirname(os.path.dirname(HERE)), help="the repository root (for config/)")
    parser.add_argument("-k", dest="substring", action="append", default=[], help="run only cases whose name contains SUBSTRING (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the cases and their expectations")
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (default 2)")
    parser.add_argument("--show", action="store_true", help="print each case's spec and output")
    parser.add_argument("--slowest", type=int, default=0, metavar="N", help="print the N slowest cases")
    parser.add_argument("--update-known", action="store_true",
                        help="rewrite known.txt with exactly the cases that fail now (kind and first line of bad output)")
    parser.add_argument("--timeout", type=float, default=None, help=f"seconds per case (default {DEFAULT_TIMEOUT:.0f})")
    args = parser.parse_args()

    cases = parse_case_files(os.path.join(HERE, "cases"))
    known = read_known(os.path.join(HERE, "known.txt"))
    names = {c.name for c in cases}
    stale = sorted(set(known) - names)
    for case in cases:
        if case.name in known and case.known is None:
            case.known = known[case.name]
    if args.substring:
        cases = [c for c in cases if any(s in c.name for s in args.substring)]
    if args.list:
        for case in cases:
            mark = f"   [known: {case.known}]" if case.known else ""
            print(f"{case.name:50} {case.describe_expectation()}{mark}")
        print(f"{len(cases)} cases")
        return 0

    detent = os.path.abspath(args.detent)
    if not os.access(detent, os.X_OK):
        print(f"no executable detent at {detent}")
        print("0 passed, 1 failed")
        return 1
    if args.timeout:
        DEFAULT_TIMEOUT = args.timeout

    workroot = tempfile.mkdtemp(prefix="detent-bad-input-")
    config = write_config(os.path.abspath(args.repo), workroot)
    detent = stable_binary(detent, workroot)
    lock = threading.Lock()
    results = {}
    started = time.monotonic()

    def work(case):
        try:
            reasons, output, seconds = run_case(case, detent, config, workroot)
        except Exception as error:  # a bug of the suite itself must not pass a case
            reasons, output, seconds = [f"suite error: {error!r}"], "", 0.0
        with lock:
            results[case.name] = (reasons, output, seconds)
            if args.show:
                print(f"--- {case.name} ({seconds:.2f} s): {reasons or 'ok'}")
                print(build_spec(case)[0] if case.argv is None else case.argv)
                print(output)
        return case.name

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            list(pool.map(work, cases))
    finally:
        shutil.rmtree(workroot, ignore_errors=True)

    passed = failed = known_failed = 0
    fixed = []
    for case in cases:
        reasons, output, seconds = results[case.name]
        if not reasons:
            passed += 1
            if case.known:
                fixed.append(case)
            continue
        summary = "; ".join(reasons)
        detail = interesting(output)
        if case.known:
            known_failed += 1
            print(f"known   {case.name}: {summary}")
        else:
            failed += 1
            print(f"FAILED  {case.name} ({case.source}, {case.describe_expectation()}): {summary} || output: {detail}")
    if fixed:
        print()
        print("!" * 78)
        print(f"!!! {len(fixed)} case(s) marked known now PASS -- remove them from Tests/BadInput/known.txt:")
        for case in fixed:
            print(f"!!!   {case.name}")
        print("!" * 78)
    if stale and not args.substring:
        print(f"note: known.txt names {len(stale)} case(s) that do not exist: {', '.join(stale)}")
    if args.slowest:
        print(f"slowest {args.slowest}:")
        for case in sorted(cases, key=lambda c: -results[c.name][2])[:args.slowest]:
            print(f"  {results[case.name][2]:6.2f} s  {case.name}")
    if args.update_known:
        if args.substring:
            print("note: --update-known ignored with -k (it needs the whole corpus)")
        else:
            write_known(os.path.join(HERE, "known.txt"), cases, results)
            print(f"known.txt rewritten: {sum(1 for c in cases if results[c.name][0])} case(s)")
    print(f"({len(cases)} cases in {time.monotonic() - started:.1f} s)")
    print(f"{passed} passed, {failed} failed, {known_failed} known")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
