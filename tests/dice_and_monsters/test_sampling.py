"""How a search's sample fills seat 1's unseen knowledge: the opponent's secret line-up."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import CardtableError
from cardtable.games.dice_and_monsters import GAME
from cardtable.games.dice_and_monsters.state import TEAM, WAITING


def seat_one_to_answer(seed: int):
    """A game at seat 1's team step, seat 0 having answered in secret."""
    rng = random.Random(seed)
    s = GAME.new_game(seed)
    while not (s.phase == TEAM and s.current_player() == 1):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_without_a_model_the_secret_line_up_is_any_legal_one() -> None:
    s = seat_one_to_answer(1)
    drawn = {GAME.sample_state(s.view(1), k).pending[0] for k in range(30)}
    assert len(drawn) > 10


def test_a_model_is_asked_from_seat_zeros_own_view_and_its_answer_is_kept() -> None:
    s = seat_one_to_answer(2)
    asked = []

    def model(view, legal):
        asked.append((view, list(legal)))
        return legal[5]

    sample = GAME.sample_state(s.view(1), 9, model)
    (view, legal), = asked
    # what seat 0 saw when it chose: its own view, with no team of its own yet
    truth = s.clone()
    truth.pending[0], truth.to_move = WAITING, 0
    assert view == truth.view(0) and legal == truth.legal_actions()
    assert sample.pending[0] == legal[5]
    # the sample is still seat 1's decision, with seat 1's view
    assert sample.current_player() == 1 and sample.view(1) == s.view(1)


def test_a_model_answer_that_is_not_legal_is_refused() -> None:
    s = seat_one_to_answer(3)
    with pytest.raises(CardtableError, match="not a legal team"):
        GAME.sample_state(s.view(1), 9, lambda view, legal: -5)
