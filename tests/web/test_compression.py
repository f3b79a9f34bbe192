"""A page's WebSocket, compressed as its browser asks: the server's cheaper deflate setting
(``guard.DEFLATE``) on a real uvicorn server, and the messages read the same through it."""

from __future__ import annotations

import json

from tests.web.test_attacks_public import Server
from websockets.sync.client import connect

from cardtable.web.guard import ConnectionGuard


def _table(server: Server) -> tuple[str, str]:
    body = '{"game": "draws-troidal", "opponent": "friend"}'
    r = server.request('POST /api/tables HTTP/1.1\r\nhost: 127.0.0.1\r\n'
                       f'content-type: application/json\r\ncontent-length: {len(body)}\r\n'
                       f'connection: close\r\n\r\n{body}')
    data = json.loads(r.split(b"\r\n\r\n", 1)[1])
    return data["table"], data["links"]["1"].split("#k=")[1]


def test_a_page_asking_for_deflate_gets_it_over_a_16_kib_window():
    with Server(ConnectionGuard()) as server:
        table, token = _table(server)
        with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", compression="deflate") as ws:
            agreed = ws.response.headers["Sec-WebSocket-Extensions"]
            assert "permessage-deflate" in agreed and "server_max_window_bits=14" in agreed
            ws.send(json.dumps({"token": token}))
            first = json.loads(ws.recv(timeout=10))
            assert first["type"] == "state" and first["yours"]
            ws.send(json.dumps({"move": first["choices"][0]["code"], "n": first["n"]}))
            after = json.loads(ws.recv(timeout=10))
            assert after["type"] == "state" and after["n"] == first["n"] + 1


def test_a_page_asking_for_no_compression_gets_plain_frames():
    with Server(ConnectionGuard()) as server:
        table, token = _table(server)
        with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", compression=None) as ws:
            assert "Sec-WebSocket-Extensions" not in ws.response.headers
            ws.send(json.dumps({"token": token}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
