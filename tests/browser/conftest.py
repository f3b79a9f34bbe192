"""Browser tests: a real `cardtable serve` process driven by Playwright in Debian's chromium.

Playwright's own browser download does not work everywhere, so the tests use the system's
chromium (``make test`` installs it with apt). Where it is missing they fail and say how to
install it: a silent skip would hide that the browser table went untested.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

HOW = ("install Debian's chromium (`sudo apt-get install chromium`; `make test` does it when "
       "it may) or point CARDTABLE_CHROMIUM at a chromium binary")


def chromium_path() -> str:
    path = os.environ.get("CARDTABLE_CHROMIUM") or shutil.which("chromium") \
        or shutil.which("chromium-browser")
    if not path:
        pytest.fail(f"the browser tests need chromium and it is not installed: {HOW}",
                    pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ModuleNotFoundError:
        pytest.fail("the browser tests need playwright: pip install -e '.[dev,web]'",
                    pytrace=False)
    path = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`cardtable serve` in a child process, which a test may kill -9 and start again."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        exe = [sys.executable, "-c", "from cardtable.cli.app import main; main()"]
        self.proc = subprocess.Popen(
            [*exe, "serve", "--port", str(self.port), "--db", str(self.db)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert f"127.0.0.1:{self.port}" in line, line
        deadline = time.monotonic() + 30
        while True:  # wait until it answers (not a timing assertion: a readiness wait)
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "tables.db")
    s.start()
    yield s
    s.kill()
