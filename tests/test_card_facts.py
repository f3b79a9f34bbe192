"""Card facts ("seat p drew / saw / played card c") read from every playable game's events."""

from __future__ import annotations

import pytest

from cardtable.agents import make_agent
from cardtable.core import list_games, load_game
from cardtable.core.facts import DRAWN, KINDS, PLAYED, SEEN, CardFact, facts_from_events
from cardtable.sim.match import play_match

PLAYABLE = [g.id for g in list_games() if g.playable]


def _game(game_id: str, seed: int):
    game = load_game(game_id)
    return game, play_match(game, [make_agent("random"), make_agent("random")], seed)


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_fact_names_a_card_of_its_owners_deck(game_id: str, seed: int) -> None:
    game, state = _game(game_id, seed)
    facts = game.card_facts(state.log)
    assert facts, "a whole game yields card facts"
    for fact in facts:
        assert fact.kind in KINDS
        assert fact.card in state.decks[fact.seat].counts(), fact


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_is_played_only_after_its_owner_drew_or_saw_it(game_id: str, seed: int) -> None:
    game, state = _game(game_id, seed)
    known: set[tuple[int, str]] = set()
    played = 0
    for fact in game.card_facts(state.log):
        if fact.kind == PLAYED:
            played += 1
            assert (fact.seat, fact.card) in known, fact
        else:
            known.add((fact.seat, fact.card))
    assert played > 0


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_first_player_is_a_seat(game_id: str) -> None:
    game, state = _game(game_id, 5)
    assert game.first_player(state.log) in (0, 1)


def test_convention_reads_card_and_private_cards() -> None:
    events = [
        {"type": "draw", "player": 1, "count": 2, "private": [1, {"cards": ["a", "b"]}]},
        {"type": "summon", "player": 0, "card": "c"},
        {"type": "battle", "cards": ["a", "c"]},  # not in the table: no fact
    ]
    table = {"draw": DRAWN, "summon": PLAYED}
    assert facts_from_events(events, table) == [
        CardFact(1, DRAWN, "a"), CardFact(1, DRAWN, "b"), CardFact(0, PLAYED, "c")]


def test_draws_troidal_opening_five_are_seen_and_refills_drawn() -> None:
    game, state = _game("draws-troidal", 1)
    facts = game.card_facts(state.log)
    opening = next(e for e in state.log if e["type"] == "opening-five")
    names = opening["private"][1]["cards"]
    seat = opening["player"]
    assert facts[:5] == [CardFact(seat, SEEN, n) for n in names]
    draw = next(e for e in state.log if e["type"] == "draw")
    assert CardFact(draw["player"], DRAWN, draw["private"][1]["cards"][0]) in facts
