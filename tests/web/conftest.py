"""A real PostgreSQL for the storage tests, started from Debian's ``postgresql`` package.

The cluster lives in a temporary directory (initdb, then pg_ctl), listening on a Unix socket
in it and a free port on 127.0.0.1; run as root, it runs as the package's ``postgres`` user (the
server refuses root). Each test gets a fresh database. Without the binaries the PostgreSQL
variants are skipped, saying so (``make test`` installs the package, as it installs chromium).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_count = itertools.count()


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Postgres:
    def __init__(self, root: Path) -> None:
        self.bin = _binaries()
        self.root = root
        self.data = root / "data"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name

    def _run(self, *args: str) -> None:
        assert self.bin is not None
        cmd = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust",
                  "--no-sync", "-E", "UTF8")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o",
                  f"-k {self.root} -p {self.port} -c listen_addresses=127.0.0.1 "
                  "-c fsync=off -c max_connections=200", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def fresh(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{next(_count)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    if _binaries() is None:
        pytest.skip("PostgreSQL's binaries (initdb, pg_ctl) are not installed: "
                    "apt-get install postgresql (make test does)")
    try:
        import psycopg  # noqa: F401
    except ModuleNotFoundError:
        pytest.skip("psycopg is not installed: pip install -e '.[web]'")
    # not under pytest's own temporary directory: root's is closed to the postgres user
    root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    server = Postgres(root)
    try:
        server.start()
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')}")
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database for one test: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    return str(request.getfixturevalue("postgres").fresh())


class Redis:
    """A throwaway Redis (Debian's ``redis-server``) on a free port of 127.0.0.1, nothing saved."""

    def __init__(self, root: Path) -> None:
        self.root = root
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.process = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.root)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)

    def again(self) -> None:
        """Started again on the same port, after ``kill`` (a Redis that came back)."""
        self.process = self._start()
        self.ready()

    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def ready(self, within: float = 30.0) -> None:
        """Wait until it answers PING (a readiness wait, not a timing assertion)."""
        import time

        import redis

        deadline = time.monotonic() + within
        while True:
            try:
                redis.Redis(port=self.port, socket_connect_timeout=1).ping()
                return
            except redis.ConnectionError:
                assert self.process.poll() is None, "redis-server exited"
                assert time.monotonic() < deadline, "redis-server never answered"
                time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def _redis() -> Iterator[Redis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed: apt-get install redis-server "
                    "(make test does)")
    try:
        import redis  # noqa: F401
    except ModuleNotFoundError:
        pytest.skip("redis-py is not installed: pip install -e '.[redis]'")
    root = Path(tempfile.mkdtemp(prefix="cardtable-redis-"))
    server = Redis(root)
    try:
        server.ready()
        yield server
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    yield from _redis()


@pytest.fixture
def own_redis() -> Iterator[Redis]:
    """A Redis of the test's own, which it may kill and restart."""
    yield from _redis()
