"""Invariants over random games: cards conserved, snapshots checked when read back."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.errors import CardtableError
from cardtable.games.culdcept import GAME
from cardtable.games.culdcept.checks import _count

PROPERTY = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
def test_every_card_is_somewhere_exactly_once_at_every_step(seed: int, play: int) -> None:
    s = GAME.new_game(seed)
    rng = random.Random(play)
    while not s.is_terminal():
        _count(s)  # raises if a card of either seat is missing or doubled
        assert s.points(0) < 10 and s.points(1) < 10
        assert all(len(x) <= 3 for row in s.levels for x in row)
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    _count(s)


def _snapshot() -> dict:
    s = GAME.new_game(4)
    rng = random.Random(4)
    for _ in range(30):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return json.loads(json.dumps(s.to_json()))


@pytest.mark.parametrize(("field", "value", "words"), [
    ("turn", -1, "'turn'"),
    ("phase", "lunch", "phase: expected one of spell, invade"),
    ("active", 2, "'active'"),
    ("die", 7, "'die'"),
    ("options", {"hand_limit": 0}, "hand_limit"),
    ("options", {"nope": 1}, "no option"),
    ("battle", [0, 9, -1, -1, 0], "battle"),
    ("pending", ["toll", 3, 0], "pending"),
])
def test_a_bad_snapshot_field_is_named(field: str, value: object, words: str) -> None:
    data = _snapshot()
    data[field] = value
    with pytest.raises(CardtableError, match=words):
        GAME.state_from_json(data)


def test_a_snapshot_whose_cards_do_not_add_up_is_refused() -> None:
    data = _snapshot()
    data["hand"][0].append(data["deck"][0][0])
    data["hand"][0].sort()
    with pytest.raises(CardtableError, match="do not add up"):
        GAME.state_from_json(data)
    data = _snapshot()
    data["deck"][1] = data["deck"][1][1:]
    with pytest.raises(CardtableError, match="do not add up"):
        GAME.state_from_json(data)


def test_a_snapshot_with_a_card_index_out_of_range_is_refused() -> None:
    data = _snapshot()
    data["deck"][0][0] = 10_000
    with pytest.raises(CardtableError, match="deck"):
        GAME.state_from_json(data)
    data = _snapshot()
    data["levels"][1][0] = [1, 2, 3, 4]
    with pytest.raises(CardtableError, match="levels"):
        GAME.state_from_json(data)
