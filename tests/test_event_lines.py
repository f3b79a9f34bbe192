"""A game whose sentences word each event on its own gives its lines event by event
(``table.sentences.event_lines``): together they are the log's lines, and each event's are
the lines it is worded with alone, so the board's cues can be matched without wording twice."""

from __future__ import annotations

import random

import pytest

from cardtable.core import load_game
from cardtable.core.events import filter_events, public_events
from cardtable.table import sentences


@pytest.mark.parametrize("seat", [0, 1, None])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_draws_lines_event_by_event_are_its_log_lines_and_each_events_own(seat, lang):
    game = load_game("draws-troidal")
    state = game.new_game(11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply(rng.choice(list(state.legal_actions())))
    events = public_events(state.log) if seat is None else filter_events(state.log, seat)
    view = state.view(0 if seat is None else seat)
    worded = sentences.event_lines(game.id, events, view, seat, lang)
    assert worded is not None and len(worded) == len(events)
    assert [line for own in worded for line in own] == \
        sentences.toned_lines(game.id, events, view, seat, lang)
    for ev, own in zip(events, worded, strict=True):
        assert own == sentences.toned_lines(game.id, [ev], view, seat, lang)


def test_a_game_that_words_events_together_gives_no_lines_event_by_event():
    game = load_game("culdcept")
    state = game.new_game(1)
    assert sentences.event_lines(game.id, list(state.log), state.view(0), 0, "en") is None
