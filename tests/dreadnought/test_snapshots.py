"""Snapshots read back checked: a position that cannot exist is refused with its reason."""

from __future__ import annotations

import json

import pytest

from cardtable.core.errors import CardtableError

from .helpers import GAME, started


def test_a_snapshot_reads_back_to_the_same_position() -> None:
    s = started(5)
    back = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert back == s and back.legal_actions() == s.legal_actions()


def test_a_card_in_two_places_is_refused() -> None:
    data = started(5).to_json()
    data["hand"][0].append(data["deck"][0][0])
    with pytest.raises(CardtableError, match="not the deck's cards"):
        GAME.state_from_json(data)


def test_bursts_and_their_flags_must_match() -> None:
    data = started(5).to_json()
    data["bchk"][1].append(0)
    with pytest.raises(CardtableError, match="bursts and their checked flags"):
        GAME.state_from_json(data)


def test_a_missing_field_is_named() -> None:
    data = started(5).to_json()
    del data["ops"]
    with pytest.raises(CardtableError, match="ops"):
        GAME.state_from_json(data)


def test_a_hand_written_scenario_starts_at_its_window_and_plays_on() -> None:
    from pathlib import Path

    from cardtable.core.scenario import load_scenario
    from cardtable.games.dreadnought import actions as A

    s = load_scenario(GAME, Path(__file__).parent / "scenarios" / "full-area-attack.txt")
    assert s.ask == ("win", 0, 3, 0)
    attack = s.find_action(kind="attack", mask=3, area=0)  # both left units, enemy left area
    s.apply(attack)
    while s.ask is not None and s.ask[0] == "win" and s.ask[2] == 4:
        s.apply(A.PASS)
    assert len(s.hp[2]) == 0  # 170 damage: three HP cards, and the caster had three
    again = GAME.scenario_text(s)
    assert "[state]" in again
