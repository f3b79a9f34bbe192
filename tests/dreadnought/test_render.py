"""The table: every event of whole games explained in both languages, the board drawn from
the projection, and the front end's auto-pass."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import W_ACTION, W_REACT
from cardtable.table import choices, log_lines
from cardtable.table.board import board_lines

from .helpers import GAME, STOP, find, table


def _text(lines: list[str]) -> str:
    return "\n".join(lines)


class R:
    """The shared layer as this file used to call the terminal renderer."""

    @staticmethod
    def events(evs: list, view: dict, seat: int, lang: str) -> list[str]:
        return log_lines(GAME, evs, view, seat, lang)

    @staticmethod
    def board(view: dict, lang: str) -> list[str]:
        return board_lines(GAME.project(view, lang), view["player"], lang)


def test_whole_games_render_in_english_and_japanese_from_views_and_events() -> None:
    for seed in (1, 2):
        s = GAME.new_game(seed)
        r = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[r.randrange(len(legal))])
        for seat in (0, 1):
            view = s.view(seat)
            for lang in ("en", "ja"):
                text = _text(R.events(s.events(seat), view, seat, lang))
                assert text.strip()
                assert _text(R.board(view, lang))
        explained = _text(R.events(s.events(0), s.view(0), 0, "en"))
        assert " against " in explained and "Order: SP" in explained


def test_an_attack_block_and_hp_break_are_explained_with_their_numbers() -> None:
    s = table(W_ACTION, 0, units=[(0, 0, "溶岩の巨人"), (0, 1, "火の粉の精")],
              hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "attack with Lava Giant BP100, Ember Sprite BP70 -> enemy left"))
    text = _text(R.events(s.events(1), s.view(1), 1, "en"))
    assert "Attack damage 170" in text and "3 HP break (1 per 50)" in text
    ja = _text(R.events(s.events(1), s.view(1), 1, "ja"))
    assert "170のアタックダメージ" in ja


def test_auto_pass_answers_pass_only_when_passing_is_the_only_legal_action() -> None:
    s = table(W_ACTION, 0, hands=(["火球", "溶岩の巨人"], ["溶岩の巨人"]),
              units=[(0, 0, "溶岩の巨人")], hp=(3, 3, 3, 3), after=[STOP])
    assert choices.auto_pass(GAME, s.legal_actions()) is None  # own action: never
    s.apply(find(s, "attack with Lava Giant", "left"))
    assert s.ask == ("win", 1, W_REACT, 0)
    s2 = table(W_REACT, 1, hands=([], ["溶岩の巨人"]), after=[STOP])
    if s2.legal_actions() == [A.PASS]:
        assert choices.auto_pass(GAME, s2.legal_actions()) == A.PASS


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 300))
def test_auto_pass_passes_a_window_only_if_pass_is_the_only_legal_action(seed: int,
                                                                          steps: int) -> None:
    s = GAME.new_game(seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        code = choices.auto_pass(GAME, s.legal_actions())
        legal = s.legal_actions()
        if code is not None:
            assert legal == [code] and GAME.describe_action(code)["kind"] == "pass"
        elif legal == [A.PASS]:
            raise AssertionError("a window with nothing but pass was not passed")
        s.apply(legal[r.randrange(len(legal))])
