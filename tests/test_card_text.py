"""Every shipped card reads in English from what its game's parser understood, and in Japanese.

Run through ``Game.card_lines`` for every registered game, so a new game's cards are held to
the same standard the day it lands.
"""

from __future__ import annotations

import re

import pytest

from cardtable.core import list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff【】「」『』、。]")


def _cards(game_id: str) -> list[dict]:
    game = load_game(game_id)
    seen: dict[str, dict] = {}
    for name in game.deck_names():
        seen.update(game.load_deck(name).definitions())
    return list(seen.values())


def _names(cards: list[dict]) -> list[str]:
    out = {str(c.get(k, "")) for c in cards for k in ("name", "short")}
    return sorted((n for n in out if n), key=len, reverse=True)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_card_reads_in_english_beyond_its_name(game_id: str) -> None:
    game = load_game(game_id)
    cards = _cards(game_id)
    names = _names(cards)
    for card in cards:
        lines = game.card_lines(card, "en")
        assert lines and str(card["name"]) in lines[0]
        for line in lines[1:]:
            for name in names:  # card names may stand in a line (an evolution's base)
                line = line.replace(name, "")
            assert not JAPANESE.search(line), (card["name"], line)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_card_reads_in_japanese(game_id: str) -> None:
    game = load_game(game_id)
    for card in _cards(game_id):
        lines = game.card_lines(card, "ja")
        assert lines[0] == card["name"]
        assert len(lines) >= 2
