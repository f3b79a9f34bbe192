"""Whole-game invariants over random games: cards are conserved, views leak nothing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.games.dice_and_monsters import GAME
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.state import BUILD, TEAM

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def walk(seed: int, play: int):
    rng = random.Random(play)
    s = GAME.new_game(seed)
    states = []
    while not s.is_terminal():
        states.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s, states


@PROPERTY
@given(seed=seeds, play=seeds)
def test_decks_are_built_from_the_pool_one_copy_each(seed: int, play: int) -> None:
    final, _ = walk(seed, play)
    for p in (0, 1):
        deck = final.deck[p] + final.leap[p]
        assert len(set(deck)) == len(deck) and set(deck) <= set(final.pool[p])
        assert len(final.deck[p]) == 8 and len(final.leap[p]) <= 3


@PROPERTY
@given(seed=seeds, play=seeds)
def test_every_unit_of_the_teams_ends_on_the_field_or_down_or_leapt(seed: int, play: int) -> None:
    final, _ = walk(seed, play)
    units = [e for e in final.log if e["type"] == "team"]
    downs = sum(1 for e in final.log if e["type"] == "down")
    revives = sum(1 for e in final.log if e["type"] == "revive")
    leaps = [e for e in final.log if e["type"] == "leap"]
    on_field = [sum(1 for c in row if c and "unit" in c) for row in final.final["field"]]
    assert sum(len(t["units"]) for t in units) + len(leaps) == (
        sum(on_field) + downs - revives + len(leaps))


@PROPERTY
@given(seed=seeds, play=seeds, other=seeds)
def test_the_opponents_hidden_choices_never_change_a_players_view(
    seed: int, play: int, other: int
) -> None:
    _, states = walk(seed, play)
    rng = random.Random(other)
    for s in states:
        me = s.current_player()
        if s.phase == BUILD and me == 1:
            # Seat 0 built its deck in secret: any other legal deck looks the same to seat 1.
            twin = GAME.sample_state(s.view(1), rng.randrange(2**32))
            assert twin.view(1) == s.view(1)
            assert [e for e in twin.events(1) if e["type"] == "pick"] == []
        if s.phase == TEAM and me == 1:
            twin = s.clone()
            legal0 = list(act.team_codes(tuple(s.cards[c].kind == "command" for c in s.deck[0])))
            twin.pending[0] = legal0[rng.randrange(len(legal0))]
            assert twin.view(1) == s.view(1)


@PROPERTY
@given(seed=seeds, play=seeds)
def test_an_unfired_opponent_command_is_never_named_to_the_player(seed: int, play: int) -> None:
    final, _ = walk(seed, play)
    for p in (0, 1):
        cmd = final.final["commands"][1 - p]
        if cmd["fired"] == 0:
            cell = final.view(p)["field"][1 - p][cmd["square"] - 1]
            assert cell == {"command": "face-down"}
            team = [e for e in final.events(p) if e["type"] == "team" and e["player"] != p]
            assert all("command" not in e for e in team)
            assert all(e.get("card") != cmd["card"] for e in final.events(p)
                       if e.get("player") == 1 - p)
