"""``cardtable serve``: the browser table (lobby, tables, spectators) on one address.

The web server is an optional extra; without it this command says how to install it.
"""

from __future__ import annotations

import contextlib
import re
import signal
import socket
import subprocess
import sys

import typer

from cardtable.cli.errors import fail


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="port to listen on"),
    db: str = typer.Option("cardtable.db", "--db",
                           help="SQLite file holding every table (created if missing), or a "
                                "PostgreSQL URL (postgresql://user@host/db; needs the "
                                "postgres extra)"),
    workers: int = typer.Option(2, "--workers", min=1, max=64,
                                help="processes for computer players' searches"),
    ws_rate: float = typer.Option(20.0, "--ws-rate", min=0.1,
                                  help="messages a second one browser connection may send "
                                       "on average (bursts of twice that); floods are dropped"),
    ws_address_rate: float = typer.Option(60.0, "--ws-address-rate", min=0.1,
                                          help="messages a second all the browser "
                                               "connections of one address may send together"),
    http_rate: float = typer.Option(20.0, "--http-rate", min=0.1,
                                    help="POST requests a second one address may send on "
                                         "average (bursts of three times that)"),
    get_rate: float = typer.Option(50.0, "--get-rate", min=0.1,
                                   help="GET requests (pages, files, positions) a second one "
                                        "address may send on average (bursts of four times "
                                        "that)"),
    max_connections: int = typer.Option(4000, "--max-connections", min=1, max=1_000_000,
                                        help="connections open at once, in all (kept under "
                                             "the file descriptor limit)"),
    max_connections_per_address: int = typer.Option(
        64, "--max-connections-per-address", min=1, max=1_000_000,
        help="connections one address may hold open (pages, WebSockets)"),
    header_timeout: float = typer.Option(10.0, "--header-timeout", min=0.1, max=3600,
                                         help="seconds a request's headers may take"),
    body_timeout: float = typer.Option(30.0, "--body-timeout", min=0.1, max=3600,
                                       help="seconds a request's body may take after its "
                                            "headers"),
    keep_alive: int = typer.Option(5, "--keep-alive", min=1, max=3600,
                                   help="seconds an idle HTTP connection is kept open"),
    db_sync: str = typer.Option("normal", "--db-sync",
                                help="normal (safe if the server is killed) or full (also "
                                     "against power loss, slower)"),
    proxy_headers: bool = typer.Option(False, "--proxy-headers",
                                       help="believe X-Forwarded-For (only behind your own "
                                            "reverse proxy; see --forwarded-allow-ips)"),
    forwarded_allow_ips: str = typer.Option("127.0.0.1", "--forwarded-allow-ips",
                                            help="with --proxy-headers: the proxy addresses "
                                                 "whose X-Forwarded-For is believed"),
    max_tables: int = typer.Option(2000, "--max-tables", min=1, max=1_000_000,
                                   help="unfinished tables open at once, in all"),
    max_tables_per_address: int = typer.Option(20, "--max-tables-per-address", min=1,
                                               max=1_000_000,
                                               help="unfinished tables one address may have"),
    expire_hours: float = typer.Option(12.0, "--expire-hours", min=0.01, max=24 * 365,
                                       help="close an unfinished table after this many hours "
                                            "without a move and with no seat's page open"),
    servers: int = typer.Option(1, "--servers", min=1, max=64,
                                help="server processes sharing the address and every table "
                                     "(needs --db postgresql://...)"),
    redis: str = typer.Option("", "--redis",
                              help="with --db postgresql://...: servers tell each other of "
                                   "moves over this Redis's pub/sub (redis://host:port/db; "
                                   "needs the redis extra) instead of PostgreSQL's "
                                   "LISTEN/NOTIFY"),
    fd: int = typer.Option(-1, "--fd", hidden=True,
                           help="(internal) the listening socket a --servers child serves"),
) -> None:
    """Serve the browser table. / ブラウザで遊べる卓を起動する。"""
    if db_sync not in ("normal", "full"):
        raise fail(f"--db-sync must be normal or full, not {db_sync!r}", "en")
    from cardtable.web.store import is_postgres

    if redis:
        if not is_postgres(db):
            raise fail("--redis announces moves between servers sharing a PostgreSQL "
                       "database: give --db postgresql://... too", "en")
        from cardtable.web.announce import RedisUnreachable, check_redis

        try:
            check_redis(redis)
        except RedisUnreachable as exc:
            raise fail(str(exc), "en") from None
    if servers > 1:
        if not is_postgres(db):
            raise fail("--servers shares the tables through PostgreSQL: give --db "
                       "postgresql://...", "en")
        _supervise(host, port, servers, db)
        return
    try:
        import uvicorn

        from cardtable.web.app import create_app
        from cardtable.web.guard import ConnectionGuard, descriptor_room, uvicorn_config
        from cardtable.web.limits import MAX_MESSAGE
    except ModuleNotFoundError as exc:
        raise fail(f"the browser table needs the web extra ({exc.name} is missing): "
                   "pip install 'cardtable[web]'", "en") from None
    app = create_app(db, workers=workers, sync=db_sync, http_rate=http_rate, ws_rate=ws_rate,
                     get_rate=get_rate, ws_address_rate=ws_address_rate, processes=True,
                     proxy_headers=proxy_headers,
                     forwarded_allow_ips=forwarded_allow_ips, max_open=max_tables,
                     max_per_address=max_tables_per_address,
                     expire_after=expire_hours * 3600, redis_url=redis or None)
    shown = f"[{host}]" if ":" in host else host
    where = _hidden(db)
    heard = f"; moves announced over {_hidden(redis)}" if redis else ""
    print(f"cardtable: serving the browser table at http://{shown}:{port}/ "
          f"(tables in {where}{heard}; Ctrl-C stops)", flush=True)
    guard = ConnectionGuard(per_address=max_connections_per_address,
                            total=descriptor_room(max_connections),
                            header_timeout=header_timeout, body_timeout=body_timeout,
                            trusted=frozenset(a.strip() for a in forwarded_allow_ips.split(","))
                            if proxy_headers else frozenset())
    # the application reads proxy headers itself, and only when told to (--proxy-headers);
    # then every connection comes from the proxy, which the per-address cap leaves alone
    # (the proxy's own limit per client, nginx's limit_conn, does that part)
    config = uvicorn_config(app, host, port, guard, ws_max_size=MAX_MESSAGE,
                            log_level="warning", proxy_headers=False,
                            timeout_keep_alive=keep_alive)
    if fd >= 0:  # a child of --servers: serve the socket its parent bound
        uvicorn.Server(config).run(sockets=[socket.socket(fileno=fd)])
        return
    uvicorn.Server(config).run()


def _hidden(url: str) -> str:
    """A URL with its password starred out (it is printed)."""
    return re.sub(r"//([^:/@]*):[^@/]*@", r"//\1:***@", url)


def _child_args(argv: list[str]) -> list[str]:
    """The command line without ``--servers``, for the children to run as single servers."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--servers":
            skip = True
        elif not arg.startswith("--servers="):
            out.append(arg)
    return out


def _end_with_parent() -> None:
    """In a child: be sent SIGTERM when the supervising parent dies (even by kill -9)."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _supervise(host: str, port: int, servers: int, db: str) -> None:
    """Bind the address once and run ``servers`` single servers on it, each a process of its
    own sharing the database; the kernel spreads connections between them. Ctrl-C (or
    SIGTERM) stops them all."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    exe = [sys.executable, "-c", "from cardtable.cli.app import main; main()"]
    args = _child_args(sys.argv[1:])
    children = [subprocess.Popen([*exe, *args, "--fd", str(sock.fileno())],
                                 pass_fds=[sock.fileno()], preexec_fn=_end_with_parent)
                for _ in range(servers)]
    shown = f"[{host}]" if ":" in host else host
    print(f"cardtable: {servers} servers share http://{shown}:{port}/ (Ctrl-C stops)",
          flush=True)

    def stop(*_: object) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()

    signal.signal(signal.SIGTERM, stop)
    try:
        for child in children:
            child.wait()
    except KeyboardInterrupt:
        stop()
        for child in children:
            child.wait()


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    app.command("serve")(serve)
