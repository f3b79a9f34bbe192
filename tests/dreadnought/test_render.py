"""The terminal table: every event of whole games explained in both languages, and the
front end's auto-pass."""

from __future__ import annotations

import random

from rich.console import Console

from cardtable.cli import render_dreadnought as R
from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import W_ACTION, W_REACT

from .helpers import GAME, STOP, find, table


def _text(renderables: list) -> str:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for r in renderables:
        console.print(r)
    return console.export_text()


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
                _text([R.board(view, lang)])
        explained = _text(R.events(s.events(0), s.view(0), 0, "en"))
        assert "Speed:" in explained and "Order:" in explained


def test_an_attack_block_and_hp_break_are_explained_with_their_numbers() -> None:
    s = table(W_ACTION, 0, units=[(0, 0, "溶岩の巨人"), (0, 1, "火の粉の精")],
              hp=(3, 3, 3, 3), after=[STOP])
    s.apply(find(s, "attack with Lava Giant BP100, Ember Sprite BP70 -> enemy left"))
    text = _text(R.events(s.events(1), s.view(1), 1, "en"))
    assert "Attack damage 170" in text and "3 HP break (1 per 50)" in text
    ja = _text(R.events(s.events(1), s.view(1), 1, "ja"))
    assert "170のアタックダメージ" in ja


def test_auto_pass_answers_pass_only_while_nothing_is_aimed_at_the_player() -> None:
    s = table(W_ACTION, 0, hands=(["火球", "溶岩の巨人"], ["溶岩の巨人"]),
              units=[(0, 0, "溶岩の巨人")], hp=(3, 3, 3, 3), after=[STOP])
    assert R.auto_pass(s.view(0), s.legal_actions()) is None  # own action: never
    s.apply(find(s, "attack with Lava Giant", "left"))
    assert s.ask == ("win", 1, W_REACT, 0)
    assert R.auto_pass(s.view(1), s.legal_actions()) is None  # an attack on me
    s2 = table(W_REACT, 1, hands=([], ["溶岩の巨人"]), after=[STOP])
    assert R.auto_pass(s2.view(1), s2.legal_actions()) == A.PASS
