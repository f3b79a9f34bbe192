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


CARD_WITH_OWN_ENGLISH = """\
◇鬨の声
English: Battle Cry
English text: All your characters shout: +1000 attack this turn.
2(サポート/アクション)
‣このターンの終わりまで、自分のキャラクターすべての攻撃力を+1000する。
"""


def test_a_designer_may_give_their_own_english_for_an_effect_line(tmp_path) -> None:
    game = load_game("sarasvati")
    path = tmp_path / "cards.txt"
    path.write_text(CARD_WITH_OWN_ENGLISH, "utf-8")
    assert game.check_file(path) == []
    from cardtable.games.sarasvati.cards import parse_document

    [card] = parse_document(CARD_WITH_OWN_ENGLISH, str(path)).cards
    data = card.to_json()
    assert game.card_lines(data, "en")[-1] == "‣ All your characters shout: +1000 attack this turn."
    assert "このターンの終わりまで" in game.card_lines(data, "ja")[-1]  # Japanese as printed
    assert game.card_from_json(data) == card  # the override survives a record's round trip
    plain = {k: v for k, v in data.items() if k != "text_en"}
    assert game.card_lines(plain, "en")[-1] == ("‣ Each of your characters gets attack +1000 "
                                                "until the end of this turn.")


def test_more_english_lines_than_text_lines_is_an_error(tmp_path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(CARD_WITH_OWN_ENGLISH.replace("English text:", "English text: one\n"
                                                  "English text:"), "utf-8")
    [problem] = load_game("sarasvati").check_file(path)
    assert "2 'English text:' lines but 1 text line(s)" in str(problem)
