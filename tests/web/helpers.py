"""A test client on a fresh in-memory server, and tables made through the public API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient


@dataclass
class Seated:
    """A table and the tokens of its human seats (by 0-based seat)."""

    id: str
    tokens: dict[int, str]
    links: dict[str, str]


def create(client: TestClient, game: str = "draws-troidal", opponent: str = "friend",
           **extra: Any) -> Seated:
    r = client.post("/api/tables", json={"game": game, "opponent": opponent, **extra})
    assert r.status_code == 200, r.text
    data = r.json()
    tokens = {int(s) - 1: link.split("#k=")[1] for s, link in data["links"].items()}
    return Seated(data["table"], tokens, data["links"])


def state(client: TestClient, table: Seated, seat: int | None) -> dict[str, Any]:
    headers = {} if seat is None else {"x-seat-token": table.tokens[seat]}
    r = client.get(f"/api/tables/{table.id}", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def move(client: TestClient, table: Seated, seat: int, code: Any, **extra: Any) -> Any:
    """Post a move; ``n`` (required by the server) is the table's current count unless given."""
    if "n" not in extra:
        extra["n"] = state(client, table, None)["n"]
    return client.post(f"/api/tables/{table.id}/move",
                       json={"token": table.tokens[seat], "code": code, **extra})
