"""A work-pool process ends when its server does, however the server ended (issue 44: after
four kill -9s of the server, 36 orphaned workers and resource trackers were left running)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(),
                                reason="reads the process tree from Linux /proc")


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            out |= {kid, *_children(kid)}
    return out


def _alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] not in ("Z", "X")  # a zombie has ended; only its parent's reaping is left


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"content-type": "application/json"})
    return json.loads(urllib.request.urlopen(request, timeout=30).read())


def test_work_pool_processes_end_when_their_server_is_killed(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve",
         "--port", str(port), "--db", str(tmp_path / "t.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()
        deadline = time.monotonic() + 60
        while True:  # a readiness wait, not a timing assertion
            try:
                urllib.request.urlopen(base + "/api/games", timeout=2).read()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        # a deck check and a computer's move start the checking and quick lanes' processes
        _post(base + "/api/decks/check", {"game": "draws-troidal", "text": "x"})
        _post(base + "/api/tables", {"game": "draws-troidal", "opponent": "greedy", "seat": 2})
        workers = _children(server.pid)
        assert len(workers) >= 2, workers
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    deadline = time.monotonic() + 20
    while any(_alive(p) for p in workers):  # bounded: each watches its parent twice a second
        assert time.monotonic() < deadline, [p for p in workers if _alive(p)]
        time.sleep(0.1)
