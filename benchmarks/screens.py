"""What the screenshot scripts share: a throwaway server, Debian's chromium, and the small steps
around them.

``lobby_screenshots.py``, ``table_screenshots.py``, ``workbench_screenshots.py`` and
``story_strips.py`` each started ``cardtable serve`` on a free port with a database in a
temporary folder, waited for it, opened chromium through Playwright and stopped the server at
the end; they now say ``with served() as base, chromium() as browser:``.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

DOCS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


@contextmanager
def served(*args: str) -> Iterator[str]:
    """The base URL of ``cardtable serve`` (with ``args``) on a free port and a database of its
    own, answering once ``/api/games`` does; stopped, and its database gone, on leaving."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve",
             "--port", str(port), "--db", str(Path(tmp) / "t.db"), *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(1200):
                try:
                    urllib.request.urlopen(base + "/api/games").read()
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            yield base
        finally:
            server.kill()
            server.wait()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium, driven by Playwright."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                    args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def call(url: str, body: dict[str, Any] | None = None, token: str = "") -> Any:
    """One JSON request to the server (a POST when there is a ``body``)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json",
                                                          "x-seat-token": token})
    return json.load(urllib.request.urlopen(req))


def shrink(path: Path) -> None:
    """256 colours (ImageMagick, where installed): half the bytes, no visible loss on a table."""
    if shutil.which("convert"):  # a convert that cannot (a stand-in) leaves the picture as it is
        subprocess.run(["convert", str(path), "-dither", "FloydSteinberg", "-colors", "256",
                        f"PNG8:{path}"], check=False, capture_output=True)
