"""Debian's headless Chromium through chromedriver (Selenium from the venv scripts/setup.sh
makes), for the tests of pages Detent serves or writes: the trace replay and Detent Studio.
What it starts is stopped by pid (driver.quit(), then a bounded check, then SIGKILL for what is
left of exactly those pids), never by name."""
import os
import signal
import socket
import time

SETUP_HINT = "run scripts/setup.sh (it installs chromium, chromium-driver and the venv with selenium)"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid):
    """Pids of every process below `pid` (from /proc), to stop exactly what we started."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class Browser:
    """A headless Chromium session: `driver`, and the pids to stop."""

    def __init__(self, profile, chromium="/usr/bin/chromium", chromedriver="/usr/bin/chromedriver", size="1400,1000"):
        for tool in (chromium, chromedriver):
            if not os.access(tool, os.X_OK):
                raise RuntimeError(f"{tool} is missing: {SETUP_HINT}")
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        options = Options()
        options.binary_location = chromium
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--user-data-dir={profile}", f"--window-size={size}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(executable_path=chromedriver, port=free_port(), service_args=["--allowed-ips=127.0.0.1"])
        self.driver = webdriver.Chrome(service=service, options=options)
        self.pids = [service.process.pid] + descendants(service.process.pid)
        self.driver.set_page_load_timeout(30)
        self.driver.set_script_timeout(10)

    def stop(self):
        try:
            self.driver.quit()
        except Exception as error:  # the bounded check below still stops what is left
            print(f"note: driver.quit() raised {error!r}")
        deadline = time.time() + 10
        while any(alive(p) for p in self.pids) and time.time() < deadline:
            time.sleep(0.1)
        for pid in self.pids:
            if alive(pid):
                print(f"note: stopping pid {pid}, still running after driver.quit()")
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
