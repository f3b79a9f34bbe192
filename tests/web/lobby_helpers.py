"""Strangers on a test server: names, open tables, quick matches, moves by the first choice."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

GAME = "draws-troidal"


def name(client: TestClient, who: str) -> str:
    r = client.post("/api/players", json={"name": who})
    assert r.status_code == 200, r.text
    return str(r.json()["key"])


def token(answer: dict[str, Any]) -> str:
    return str(answer["link"].split("#k=")[1])


def quick(client: TestClient, key: str | None, game: str = GAME, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/quick", json={"game": game, "player": key, **extra})
    assert r.status_code == 200, r.text
    return dict(r.json())


def pair(client: TestClient, a: str | None, b: str | None, **extra: Any
         ) -> tuple[str, dict[int, str]]:
    """A quick match of ``a`` then ``b``: the table and the token of each 0-based seat."""
    first, second = quick(client, a, **extra), quick(client, b, **extra)
    assert first["table"] == second["table"]
    return first["table"], {first["seat"] - 1: token(first), second["seat"] - 1: token(second)}


def look(client: TestClient, table: str, tok: str | None = None) -> dict[str, Any]:
    headers = {"x-seat-token": tok} if tok else {}
    r = client.get(f"/api/tables/{table}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def play_first(client: TestClient, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The deciding seat plays its first choice; the answer's JSON."""
    seen = look(client, table)
    seat = next(s for s, t in tokens.items() if look(client, table, t)["yours"])
    mine = look(client, table, tokens[seat])
    r = client.post(f"/api/tables/{table}/move",
                    json={"token": tokens[seat], "code": mine["choices"][0]["code"],
                          "n": seen["n"]})
    return {"status": r.status_code, "seat": seat, **r.json()}


def check_clocks(client: TestClient) -> list[str]:
    """Run the seating's clock and presence checks once, as the server's loop would (the tests
    give the app a time source, so the app leaves these checks to its caller)."""
    seating = client.app.state.seating  # type: ignore[attr-defined]
    return list(client.portal.call(seating.check))  # type: ignore[union-attr]
