"""First-game tutorials (issue 38 item 7): every game ships one, readable data in its folder,
and it can be finished: each step names exactly one legal action when it comes, and each has its
note in both languages."""

from __future__ import annotations

import re

import pytest

from cardtable.agents.registry import make_agent
from cardtable.core import list_games, load_game
from cardtable.core.errors import CardtableError
from cardtable.table import tutorial

GAMES = [g.id for g in list_games() if g.playable]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_first_game_tutorial_that_can_be_finished(game_id):
    first = tutorial.load(game_id)
    game = load_game(game_id)
    state, seen = tutorial.play_through(first, game, make_agent(first.vs))
    assert len(seen) == len(first.steps) >= 5
    assert tutorial.current(first, state).step is None  # over: the game goes on as any other
    assert all(first.title) and all(first.end)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_with_a_note_has_it_in_both_languages(game_id):
    for step in tutorial.load(game_id).steps:
        en, ja = step.note
        assert en and ja, f"step at line {step.line} lacks a language"
        assert not re.search("[\u3040-\u30ff\u4e00-\u9fff]", en), \
            f"line {step.line}: Japanese in the English note"


def test_a_tutorial_seed_is_never_one_a_table_draws_at_random():
    for game_id in GAMES:
        assert tutorial.load(game_id).seed >= 2**31


def test_a_move_off_the_script_ends_the_tutorial():
    first = tutorial.load("draws-troidal")
    game = load_game("draws-troidal")
    state = first.new_game(game)
    now = tutorial.current(first, state)
    assert now.index == 0 and now.code is not None
    other = next(c for c in state.legal_actions() if c != now.code)
    state.apply(other)
    assert tutorial.current(first, state).step is None


def test_a_tutorial_line_it_cannot_read_names_its_line():
    with pytest.raises(CardtableError, match=r"x\.txt:2"):
        tutorial.parse("draws-troidal", "x.txt", "seed: 1\nnonsense here\n")


def test_japanese_lines_run_on_without_a_space_and_english_ones_with_one():
    lesson = tutorial.parse("draws-troidal", "x.txt", "seed: 1\nstep: kind=keep\n"
                            "en: two\nen: lines\nja: 二行の\nja: 日本語\n")
    assert lesson.steps[0].note == ("two lines", "二行の日本語")
