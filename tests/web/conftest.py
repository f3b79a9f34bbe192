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
