"""Shared fixtures."""

from __future__ import annotations

import pytest

from cardtable.core import registry
from cardtable.core.parts import GameParts

#: the id of a game listed in the registry but not built, as a sixth game would be
UNBUILT_ID = "sketch"


@pytest.fixture
def unbuilt_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """A registry entry with no rules core yet: every game is built, but the path that refuses
    an unbuilt one must keep working for the next game to be listed."""
    record = GameParts(UNBUILT_ID, "Sketch", "スケッチ", package="sketch", rules=None)
    monkeypatch.setitem(registry.GAMES, UNBUILT_ID, record)
    return UNBUILT_ID
