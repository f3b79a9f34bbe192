"""The turn (standby, draw, set, shuffle, open, battle, end), initiative and simultaneous steps."""

from __future__ import annotations

from itertools import pairwise

import pytest

from cardtable.games.draws_troidal import GAME, turn
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import advance_to, card, lab, play_out, put

PHASES = ["opening-redo", "opening-set", "field-set", "field-shuffle"]


def test_initiative_passes_to_the_other_player_at_the_end_of_the_turn() -> None:
    strong, weak = card("none", 5, guard=2), card("none", 1, guard=2)
    s = lab(strong, weak)
    for lane in range(5):
        put(s, 0, lane, strong)
        put(s, 1, lane, weak)
    s.initiative, s.turn_no = 1, 4
    turn.end_turn(s)
    assert s.initiative == 0
    assert s.turn == 5
    assert {"type": "turn", "turn": 5, "initiative": 0} in s.log


@pytest.mark.parametrize("seed", range(5))
def test_initiative_alternates_every_turn_of_a_whole_game(seed: int) -> None:
    s = GAME.new_game(seed, options={"life": 200})
    play_out(s, seed)
    turns = [e for e in s.log if e["type"] == "turn"]
    assert len(turns) == s.turn >= 3
    assert [e["turn"] for e in turns] == list(range(1, s.turn + 1))
    for before, after in pairwise(turns):
        assert after["initiative"] == 1 - before["initiative"]


def test_a_turn_runs_draw_set_shuffle_open_battle_in_order() -> None:
    s = GAME.new_game(11)
    play_out(s, 11)
    order = {"draw": 0, "set": 1, "shuffle": 2, "open": 3, "battle": 4, "win-limit": 5}
    start = [i for i, e in enumerate(s.log) if e["type"] == "turn"]
    for a, b in zip(start, [*start[1:], len(s.log)], strict=True):
        steps = [order[e["type"]] for e in s.log[a:b] if e["type"] in order]
        assert steps == sorted(steps), steps
        if b < len(s.log):  # every finished turn opened the field and battled five lanes
            assert steps.count(3) == 1 and steps.count(4) == 5


# -- simultaneous steps ----------------------------------------------------------------------------

def two_different_answers(s: DrawsState) -> tuple[int, int]:
    legal = s.legal_actions()
    assert len(legal) >= 2
    return legal[0], legal[-1]


@pytest.mark.parametrize("phase", PHASES)
def test_second_player_cannot_see_the_first_players_answer(phase: str) -> None:
    s = advance_to(GAME.new_game(7), phase, play_seed=7)
    assert s.view(1)["opponent"]["answered"] is False
    a, b = two_different_answers(s)
    after_a, after_b = s.clone(), s.clone()
    after_a.apply(a)
    after_b.apply(b)
    assert after_a.current_player() == after_b.current_player() == 1
    assert after_a.view(1) == after_b.view(1)
    assert after_a.events(1) == after_b.events(1)
    assert after_a.legal_actions() == after_b.legal_actions()
    opponent = after_a.view(1)["opponent"]
    assert opponent["answered"] is True  # all that shows: an answer is in
    assert after_a.view(0)["you"]["pending"] == a  # the player sees its own answer


@pytest.mark.parametrize("phase", PHASES)
def test_first_answer_takes_effect_only_when_both_have_answered(phase: str) -> None:
    s = advance_to(GAME.new_game(8), phase, play_seed=8)
    a, b = two_different_answers(s)
    after_a, after_b = s.clone(), s.clone()
    after_a.apply(a)
    after_b.apply(b)
    assert after_a.log == after_b.log == s.log  # nothing happened yet
    reply = after_a.legal_actions()[0]
    after_a.apply(reply)
    after_b.apply(reply)
    assert after_a.to_json() != after_b.to_json()  # the answers did differ in effect
