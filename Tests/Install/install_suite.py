#!/usr/bin/env python3
"""Detent as a new user meets it (issue 26 §7): installed with scripts/install.sh into a
temporary prefix and unpacked from the archive scripts/package.sh makes, then used from
temporary folders outside the checkout under `env -i` (nothing of the checkout, the toolchain
or this shell leaks in): `detent init` and `detent run`, specs requiring the project's own
modules, a module found through LUA_PATH and a fixture read with io.open, a run from a
subfolder, a project file that adds a device and overrides an engine constant, `detent
config`'s origins, `detent console -e`, `detent daemon` answering a Python client and
refusing `io` under its sandbox, bad project files, a plugin and a spec requiring
scripts/lib/ of a project `detent init` made, and the examples in share/detent/examples/ —
each run from where it is installed, and again in a project `detent init --examples` made,
the installed Python client driving a daemon there. Python's standard library only.

    python3 Tests/Install/install_suite.py --repo .                    # builds, installs, packs
    python3 Tests/Install/install_suite.py --prefix P --archive A.tar.gz  # reuse both

Ends with `N passed, N failed`; exit status 1 when anything failed.
"""

import argparse
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
import traceback

COMMAND_TIMEOUT = 120      # seconds for one detent command
BUILD_TIMEOUT = 3000       # seconds for install.sh / package.sh (a first release build)

# ---------------------------------------------------------------------------------------------
# Running detent as installed


class Detent:
    """One installed detent: its bin folder, run under `env -i PATH=bin:/usr/bin:/bin`."""

    def __init__(self, label, binary, home):
        self.label = label
        self.binary = binary
        self.home = home

    def env(self, extra=None):
        env = {"PATH": os.path.dirname(self.binary) + ":/usr/bin:/bin", "HOME": self.home, "LANG": "C.UTF-8"}
        env.update(extra or {})
        return env

    def run(self, args, cwd, extra_env=None, timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL):
        # `env -i`: the child starts from an empty environment plus what env() names.
        command = ["env", "-i"] + [f"{k}={v}" for k, v in self.env(extra_env).items()] + ["detent"] + list(args)
        proc = subprocess.run(command, cwd=cwd, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
        return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def write(folder, files):
    for path, text in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)


class Check:
    def __init__(self):
        self.failures = []

    def that(self, condition, what, output=""):
        if not condition:
            self.failures.append(what + (("\n      " + output.strip().replace("\n", "\n      ")[:3000]) if output else ""))
        return condition


# ---------------------------------------------------------------------------------------------
# The user's project


PROJECT_SPEC = """\
local anchors = require("myapp.anchors")       -- the project's own module (?.lua)
local helpers = require("helpers")             -- spec/?.lua, as the project file names it

describe("a project of its own", function()
  it("uses its modules and reads a fixture", function()
    assert.are.same({ "top", "middle", "bottom" }, anchors.names)
    local f = assert(io.open(helpers.fixture("flick.txt")))
    local velocity = tonumber(f:read("l"))
    f:close()
    local drawer = world:drawer{ anchors = anchors.names, at = "middle" }
    flick("drawer.header", { velocity = velocity, distance = 60 })
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("top", drawer.anchor)
  end)
end)
"""

EXTERNAL_SPEC = """\
describe("a module from LUA_PATH", function()
  it("loads as lua5.4 would find it", function()
    assert.are.equal("from LUA_PATH", require("extmod").where)
  end)
end)
"""

HELPERS = """\
local helpers = {}
-- Fixtures live beside the specs; the run's working folder may be anywhere below the project.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
function helpers.fixture(name) return here .. "fixtures/" .. name end
return helpers
"""

KIOSK = """\
[engine.drawer]
middle_fraction = 0.3

[[device]]
name = "Kiosk"
width = 600
height = 1000
scale = 2
idiom = "pad"
refresh = 60
touch_rate = 60
insets.portrait = { top = 0, left = 0, bottom = 0, right = 0 }
insets.landscape = { top = 0, left = 0, bottom = 0, right = 0 }
"""

KIOSK_SPEC = """\
describe("the project's device and engine constants", function()
  it("put the middle anchor 30 % up a 1000 pt kiosk", function()
    detent.world{ device = "Kiosk" }
    assert.are.equal(600, world.width)
    local drawer = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    assert.are.equal(700, drawer.origin)
  end)
end)
"""


SHARED = "return { anchors = { 'top', 'bottom' } }\n"

SHARED_PLUGIN = """\
local shared = require("lib.shared")
return { name = "uses_shared", version = "1", setup = function(detent)
  detent.register_assertion("shared_count", function(state, arguments) return arguments[1] == #shared.anchors end,
                            { positive = "Expected %s shared anchors", negative = "Expected not %s shared anchors" })
end }
"""

SHARED_SPEC = """\
local shared = require("lib.shared")
it("requires scripts/lib from a spec and a plugin", function()
  world:drawer{ anchors = shared.anchors }
  assert.shared_count(2)
end)
"""


def new_project(root, name):
    folder = os.path.join(root, name)
    os.makedirs(folder)
    return folder


def summary_line(out):
    lines = [l for l in out.splitlines() if " passed, " in l and " failed" in l]
    return lines[-1] if lines else ""


# ---------------------------------------------------------------------------------------------
# The checks; each takes a Detent and a scratch folder and returns a Check


def check_init_then_run(d, root):
    c = Check()
    project = new_project(root, "init")
    code, out, err = d.run(["init"], project)
    c.that(code == 0, f"detent init exits 0 (got {code})", out + err)
    for path in ["detent.toml", "spec/example_spec.lua", ".luarc.json", ".detent/types/engines.lua"]:
        c.that(os.path.isfile(os.path.join(project, path)), f"detent init wrote {path}")
    c.that("detent run" in out, "detent init prints the next commands", out)
    with open(os.path.join(project, ".luarc.json")) as f:
        c.that(".detent/types" in json.load(f).get("workspace", {}).get("library", []), ".luarc.json names the type definitions")
    code, out, err = d.run(["init"], project)
    c.that(code == 2 and "exist" in err and "--force" in err, "a second detent init overwrites nothing and says why (exit 2)", out + err)
    code, out, err = d.run(["run"], project)
    c.that(code == 0 and summary_line(out) == "3 passed, 0 failed", "detent run passes the example", out + err)
    # Shared code where docs/plugins.md puts it, required by a plugin and by a spec.
    write(project, {"scripts/lib/shared.lua": SHARED, "scripts/plugins/uses_shared.lua": SHARED_PLUGIN,
                    "spec/shared_spec.lua": SHARED_SPEC})
    for folder in (project, os.path.join(project, "spec")):
        code, out, err = d.run(["run"], folder)
        c.that(code == 0 and summary_line(out) == "4 passed, 0 failed",
               f"a plugin and a spec require scripts/lib/shared.lua as lib.shared (from {os.path.relpath(folder, root)})", out + err)
    return c


def project_with_modules(root, name):
    project = new_project(root, name)
    write(project, {
        "myapp/anchors.lua": 'return { names = { "top", "middle", "bottom" } }\n',
        "spec/helpers.lua": HELPERS,
        "spec/fixtures/flick.txt": "-2000\n",
        "spec/project_spec.lua": PROJECT_SPEC,
        "spec/external_spec.lua": EXTERNAL_SPEC,
        "luamods/extmod.lua": 'return { where = "from LUA_PATH" }\n',
    })
    return project


def check_modules_fixtures_and_lua_path(d, root):
    c = Check()
    project = project_with_modules(root, "modules")
    code, out, err = d.run(["init"], project)
    c.that(code == 0, "detent init in a project with specs", out + err)
    lua_path = os.path.join(project, "luamods", "?.lua") + ";;"
    code, out, err = d.run(["run"], project, {"LUA_PATH": lua_path})
    c.that(code == 0 and summary_line(out) == "5 passed, 0 failed",
           "project modules, spec/?.lua helpers, an io.open fixture and a LUA_PATH module all load", out + err)
    code, out, err = d.run(["run", "spec/external_spec.lua"], project, {"LUA_PATH_5_4": lua_path, "LUA_PATH": "/nowhere/?.lua"})
    c.that(code == 0, "LUA_PATH_5_4 wins over LUA_PATH, as in lua5.4", out + err)
    code, out, err = d.run(["run", "spec/external_spec.lua"], project)
    c.that(code == 1 and "module 'extmod' not found:" in out, "without LUA_PATH the module is reported missing, not passed", out + err)
    # From a subfolder the project file above is found and the same suite runs.
    code, out, err = d.run(["run"], os.path.join(project, "spec", "fixtures"), {"LUA_PATH": lua_path})
    c.that(code == 0 and summary_line(out) == "5 passed, 0 failed", "detent run from a subfolder runs the same suite", out + err)
    c.that("../project_spec.lua" in out, "spec files are shown from where the run started", out)
    # The console sees the same modules.
    code, out, err = d.run(["console", "--virtual", "-e", 'return require("myapp.anchors").names[2]'], project)
    c.that(code == 0 and "middle" in out, "detent console -e requires a project module", out + err)
    return c


SYSTEM_MODULES_SPEC = """\
describe("modules Debian installed (lua-busted brings them)", function()
  it("load through Lua's default path and cpath: penlight in Lua, lpeg and lfs native", function()
    assert.is_function(require("pl.pretty").write)
    local lpeg = require("lpeg")
    assert.are.equal(4, lpeg.match(lpeg.P("abc") * lpeg.Cp() / function(p) return p end, "abcd"))
    assert.is_string(require("lfs").currentdir())
  end)
end)
"""


def check_system_modules(d, root):
    c = Check()
    project = new_project(root, "system")
    write(project, {"spec/system_spec.lua": SYSTEM_MODULES_SPEC})
    missing = [p for p in ("/usr/share/lua/5.4/pl/pretty.lua",) if not os.path.exists(p)]
    if not c.that(not missing, "Debian's lua-penlight is installed (scripts/setup.sh installs lua-busted, which needs it)"):
        return c
    code, out, err = d.run(["run", "spec"], project)
    c.that(code == 0 and summary_line(out) == "1 passed, 0 failed", "Lua and native modules from Debian load", out + err)
    return c


def check_device_and_engine_override(d, root):
    c = Check()
    project = new_project(root, "kiosk")
    write(project, {"spec/kiosk_spec.lua": KIOSK_SPEC})
    code, out, err = d.run(["run", "spec"], project)
    c.that(code != 0 and "no device named 'Kiosk'" in out + err, "without the project file the device is unknown", out + err)
    write(project, {"detent.toml": KIOSK})
    code, out, err = d.run(["run", "spec"], project)
    c.that(code == 0 and summary_line(out) == "1 passed, 0 failed", "the project's device and middle_fraction change the outcome", out + err)
    write(project, {"detent.toml": KIOSK.replace("middle_fraction = 0.3", "middle_fraction = 0.5")})
    code, out, err = d.run(["run", "spec"], project)
    c.that(code == 1 and "500" in out, "another middle_fraction fails the same spec", out + err)
    code, out, err = d.run(["config"], project)
    c.that(code == 0, "detent config exits 0", out + err)
    lines = {l.split(" = ")[0]: l for l in out.splitlines() if " = " in l and not l.startswith("#")}
    c.that("# detent.toml:2" in lines.get("engine.drawer.middle_fraction", ""), "detent config names detent.toml:2 for the override", out)
    c.that("# built-in config/engine.toml:" in lines.get("engine.drawer.spring_stiffness", ""), "detent config names the built-in origin", out)
    code, out, err = d.run(["config", "--json", "--device", "Kiosk"], project)
    settings = {s["key"]: s for s in json.loads(out)["settings"]} if code == 0 else {}
    c.that(settings.get("run.default_device", {}).get("origin", {}).get("kind") == "flag", "detent config --json shows a flag's origin", out + err)
    return c


def start_daemon(d, project, extra=()):
    """`detent daemon` in `project` on PROJECT/d.sock: (process, socket path, log file)."""
    sock = os.path.join(project, "d.sock")
    log = open(os.path.join(project, "daemon.log"), "wb")
    command = ["env", "-i"] + [f"{k}={v}" for k, v in d.env().items()] + ["detent", "daemon", "--socket", sock] + list(extra)
    proc = subprocess.Popen(command, cwd=project, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    deadline = time.monotonic() + 60
    while not os.path.exists(sock) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc, sock, log


def stop_daemon(proc, log):
    """SIGTERM, as a service manager stops it; the exit status."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
    log.close()
    return proc.returncode


def check_daemon(d, root):
    c = Check()
    project = project_with_modules(root, "daemon")
    proc, sock, log = start_daemon(d, project, ["--http", "127.0.0.1:0"])
    try:
        if not c.that(os.path.exists(sock), "the daemon listens on its socket"):
            return c
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.settimeout(30)
        client.connect(sock)
        reader = client.makefile("rb")
        next_id = [0]

        def call(method, params):
            next_id[0] += 1
            client.sendall((json.dumps({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params}) + "\n").encode())
            while True:
                message = json.loads(reader.readline())
                if message.get("id") == next_id[0]:
                    return message

        answer = call("eval", {"code": "return 6 * 7"})
        c.that(answer.get("result", {}).get("json") == 42, "the daemon answers an eval", json.dumps(answer))
        answer = call("eval", {"code": "return io.open('/etc/hostname')"})
        c.that("error" in answer and "io" in answer["error"].get("message", ""), "the daemon's sandbox refuses io", json.dumps(answer))
        answer = call("eval", {"code": "return require('myapp.anchors').names[3]"})
        c.that(answer.get("result", {}).get("json") == "bottom", "the daemon's sandbox requires the project's Lua modules", json.dumps(answer))
        client.close()
        # Detent Studio from the installed binary: its page is compiled in.
        with open(sock + ".studio") as f:
            url = f.read().strip()
        with urllib.request.urlopen(url, timeout=30) as response:
            page = response.read().decode()
            c.that(response.status == 200 and "Detent Studio" in page and "/render.js" in page,
                   "the installed daemon serves Detent Studio's page with the printed URL")
        try:
            urllib.request.urlopen(url.split("?", 1)[0], timeout=30)
            c.that(False, "the studio refuses a request without the token")
        except urllib.error.HTTPError as error:
            c.that(error.code == 403, f"the studio refuses a request without the token (HTTP {error.code})")
    finally:
        status = stop_daemon(proc, log)
    c.that(status == 0, f"the daemon stops cleanly on SIGTERM (status {status})")
    return c


# The examples scripts/install.sh installs (share/detent/examples, laid out as in a project).
EXAMPLES = ["scripts/plugins/pull_to_refresh.lua", "scripts/plugins/rests_at.lua", "spec/plugins/bundled_spec.lua",
            "spec/plugins/pull_to_refresh_spec.lua", "scripts/examples/hello_world.lua", "examples/clients/detent_client.py"]
# Every plugin this repository bundles (each file is named after the plugin it holds).
BUNDLED_PLUGINS = sorted(name[:-len(".lua")] for name in os.listdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "plugins"))
                         if name.endswith(".lua"))


def examples_of(d):
    return os.path.join(os.path.dirname(os.path.dirname(d.binary)), "share", "detent", "examples")


def passed_all(code, out):
    line = summary_line(out)
    return code == 0 and line.endswith(" 0 failed") and not line.startswith("0 passed")


def check_examples_where_installed(d, root):
    """Each example runs from the installed folder, read-only, from a folder of no project."""
    c = Check()
    examples = examples_of(d)
    for path in EXAMPLES:
        c.that(os.path.isfile(os.path.join(examples, path)), f"share/detent/examples/{path} is installed")
    folder = new_project(root, "elsewhere")
    code, out, err = d.run(["run", os.path.join(examples, "scripts/examples/hello_world.lua")], folder)
    c.that(passed_all(code, out) and "settled at y = 400 pt" in out, "the installed hello_world.lua runs", out + err)
    plugins = os.path.join(examples, "scripts", "plugins")
    code, out, err = d.run(["plugins", "--plugins", plugins, "--json"], folder)
    listing = json.loads(out) if code == 0 else {}
    c.that(sorted(p["name"] for p in listing.get("loaded", [])) == BUNDLED_PLUGINS and not listing.get("failed"),
           "every installed plugin loads", out + err)
    code, out, err = d.run(["run", "--plugins", plugins, os.path.join(examples, "spec", "plugins")], folder)
    c.that(passed_all(code, out), "the installed plugins' specs pass with them", out + err)
    return c


def check_init_examples_and_the_client(d, root):
    """`detent init --examples` makes a project of them: its run passes with the plugins it got,
    and the installed Python client drives a daemon there."""
    c = Check()
    project = new_project(root, "examples")
    code, out, err = d.run(["init", "--examples"], project)
    c.that(code == 0, "detent init --examples exits 0", out + err)
    for path in EXAMPLES:
        c.that(os.path.isfile(os.path.join(project, path)), f"detent init --examples wrote {path}")
    c.that(os.access(os.path.join(project, "examples/clients/detent_client.py"), os.X_OK), "the client stays executable")
    code, out, err = d.run(["run"], project)
    c.that(passed_all(code, out) and "spec/plugins/pull_to_refresh_spec.lua" in out,
           "detent run passes the example and the plugins' specs, with the project's scripts/plugins", out + err)
    code, out, err = d.run(["run", "scripts/examples/hello_world.lua"], project)
    c.that(passed_all(code, out), "detent run scripts/examples/hello_world.lua, as the README says", out + err)
    proc, sock, log = start_daemon(d, project)
    try:
        if not c.that(os.path.exists(sock), "the daemon listens on its socket"):
            return c
        client = ["env", "-i"] + [f"{k}={v}" for k, v in d.env().items()] + \
                 ["python3", os.path.join(examples_of(d), "examples", "clients", "detent_client.py"), "--socket", sock]
        proc_eval = subprocess.run(client + ["eval", "return 6 * 7"], cwd=project, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
        out = proc_eval.stdout.decode()
        c.that(proc_eval.returncode == 0 and out.strip().endswith("42"), "the installed client evaluates Lua", out)
        proc_run = subprocess.run(client + ["run", "spec"], cwd=project, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
        out = proc_run.stdout.decode()
        c.that(passed_all(proc_run.returncode, out) and "pull_to_refresh_spec.lua" in out,
               "the installed client runs the project's specs on the daemon, with the plugins it loaded", out)
    finally:
        status = stop_daemon(proc, log)
    c.that(status == 0, f"the daemon stops cleanly on SIGTERM (status {status})")
    return c


BAD_FILES = [
    ("[run]\nsed = 1\n", "detent.toml:2: unknown key 'run.sed' (expected one of: default_device, scenarios, seed, "),
    ("[limits]\ninstruction_budget = 5\n", "detent.toml:2: key 'limits.instruction_budget' must be a whole number of instructions from 1000 to"),
    ("[engine.drawer]\nspring_stiffness = \"stiff\"\n", "detent.toml:2: key 'engine.drawer.spring_stiffness' must be a number, found a string"),
    ("[run]\nseed = \n", "detent.toml:2:"),
    ("[lua]\nstdlib = \"open\"\n", "detent.toml:2: key 'lua.stdlib' must be one of: full, sandboxed"),
]


def check_bad_project_files(d, root):
    c = Check()
    for i, (text, message) in enumerate(BAD_FILES):
        project = new_project(root, f"bad{i}")
        write(project, {"detent.toml": text, "spec/a_spec.lua": 'it("runs", function() end)\n'})
        for command in (["run"], ["config"], ["console", "-e", "return 1"]):
            code, out, err = d.run(command, project)
            c.that(code == 2 and message in err and "passed" not in out,
                   f"detent {command[0]} with {text.splitlines()[-1]!r}: exit 2 naming {message!r}", out + err)
    return c


CHECKS = [check_init_then_run, check_modules_fixtures_and_lua_path, check_system_modules, check_device_and_engine_override,
          check_daemon, check_bad_project_files, check_examples_where_installed, check_init_examples_and_the_client]


# ---------------------------------------------------------------------------------------------
# Getting the binaries


def build(repo, work, scratch):
    env = dict(os.environ, DETENT_SCRATCH_PATH=scratch)
    prefix = os.path.join(work, "prefix")
    # Niced: under `swift test` the build shares the machine with suites that time their processes.
    for command in (["nice", "-n", "19", "bash", "scripts/install.sh", "--prefix", prefix],
                    ["nice", "-n", "19", "bash", "scripts/package.sh", "--out", os.path.join(work, "dist")]):
        started = time.monotonic()
        proc = subprocess.run(command, cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=BUILD_TIMEOUT)
        print(f"  {command[4]}: exit {proc.returncode} in {time.monotonic() - started:.0f} s")
        if proc.returncode != 0:
            sys.stdout.write(proc.stdout.decode("utf-8", "replace")[-4000:])
            return None, None
    archives = glob.glob(os.path.join(work, "dist", "detent-*-linux-*.tar.gz"))
    return prefix, archives[0] if archives else None


def unpack(archive, work):
    target = os.path.join(work, "unpacked")
    os.makedirs(target, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(target, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(target)
    found = glob.glob(os.path.join(target, "detent-*", "bin", "detent"))
    return found[0] if found else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    parser.add_argument("--scratch", help="the release build folder (default: REPO/.build-install)")
    parser.add_argument("--prefix", help="an install prefix made by scripts/install.sh (skips the build)")
    parser.add_argument("--archive", help="an archive made by scripts/package.sh (skips the build)")
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)
    work = tempfile.mkdtemp(prefix="detent-install-")
    passed = failed = 0
    try:
        prefix, archive = args.prefix, args.archive
        if not (prefix and archive):
            prefix, archive = build(repo, work, os.path.abspath(args.scratch or os.path.join(repo, ".build-install")))
        binaries = []
        if prefix and os.path.isfile(os.path.join(prefix, "bin", "detent")):
            binaries.append(("install.sh", os.path.join(os.path.abspath(prefix), "bin", "detent")))
        else:
            print("FAIL  scripts/install.sh installed bin/detent")
            failed += 1
        unpacked = unpack(archive, work) if archive else None
        if unpacked:
            binaries.append(("archive", unpacked))
            share = os.path.join(os.path.dirname(os.path.dirname(unpacked)), "share")
            for path in ["man/man1/detent.1", "bash-completion/completions/detent", "zsh/site-functions/_detent",
                         "fish/vendor_completions.d/detent.fish", "detent/types/engines.lua"] + ["detent/examples/" + e for e in EXAMPLES]:
                ok = os.path.isfile(os.path.join(share, path))
                print(f"{'ok  ' if ok else 'FAIL'}  archive: share/{path}")
                passed, failed = passed + ok, failed + (not ok)
            ldd = subprocess.run(["ldd", unpacked], stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode()
            libraries = [l.split()[0] for l in ldd.splitlines() if l.strip()]
            foreign = [l for l in libraries if not any(l.startswith(p) for p in
                       ("linux-vdso", "libc.so", "libm.so", "ld-linux", "/lib64/ld-linux", "libstdc++", "libgcc_s"))]
            ok = not foreign
            print(f"{'ok  ' if ok else 'FAIL'}  archive: the binary needs only the C and C++ runtimes ({', '.join(libraries)})")
            passed, failed = passed + ok, failed + (not ok)
        else:
            print("FAIL  scripts/package.sh made an archive holding bin/detent")
            failed += 1
        for label, binary in binaries:
            home = os.path.join(work, "home-" + label.replace(".", "-"))
            os.makedirs(home, exist_ok=True)
            detent = Detent(label, binary, home)
            for check in CHECKS:
                scratch = tempfile.mkdtemp(prefix="detent-user-", dir=work)
                name = check.__name__[len("check_"):].replace("_", " ")
                try:
                    result = check(detent, scratch)
                    problems = result.failures
                except Exception:
                    problems = ["raised:\n" + traceback.format_exc()]
                if problems:
                    failed += 1
                    print(f"FAIL  {label}: {name}")
                    for p in problems:
                        print("    - " + p)
                else:
                    passed += 1
                    print(f"ok    {label}: {name}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
