"""A designer's own English line, and the gaps in a game's English, in every game's template.

Every game's card template accepts ``English text: …`` lines (core/card_english.py): the n-th
replaces the English rendered for the card's n-th text line, the Japanese and the rules stay as
printed, and more such lines than text lines is a ``FILE:LINE:`` error. A valid file whose cards
still show Japanese in English mode gets a warning from ``cards check``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import Game, registry

OWN = "A designer's own words."
#: a card per game with one own English line, and the Japanese its line renders from
CARDS = {
    "draws-troidal": ("""\
◆ 試しの火竜 / Trial Drake
属性: 火  パワー: 7  リスク: 4  ガード: 1
フレーバー: 山を焼く古き竜。
English text: {own}
""", "山を焼く古き竜。"),
    "dice-and-monsters": ("""\
■試し剣士「テスト」■
【英名:Trial Fencer】
【属性:聖】【HP:10】【速度:3】
【特徴:人間、剣士】
English text: {own}
■行動表■
【1】「剣撃」……【近接】1体に3点の物理ダメージを与える。
【2】「なし」
【3】「なし」
【4】「なし」
【5】「なし」
【6】「なし」
""", "1体に3点の物理ダメージを与える。"),
    "sarasvati": ("""\
◇試しの鬨の声
English: Trial Battle Cry
English text: {own}
2(サポート/アクション)
‣このターンの終わりまで、自分のキャラクターすべての攻撃力を+1000する。
""", "このターンの終わりまで"),
    "culdcept": ("""\
◇試しの火蜥蜴
English: Trial Salamander
クリーチャー 火 ST30/HP30 コスト1 条件:火
‣侵略時、STを+10する。
English text: {own}
""", "侵略時"),
    "dreadnought": ("""\
◇試しの術士
English: Trial Caster
キャスター 【赤】 HP3 タイプ:術士
「Ac」チェック:敵軍のユニット1体に30ダメージを与える。
English text: {own}
""", "30ダメージを与える"),
}


def _game(game_id: str) -> Game:
    """The game's definition, through its record (its rules part)."""
    return registry.parts(game_id).module("rules").GAME  # type: ignore[union-attr]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.txt"
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize("game_id", sorted(CARDS))
def test_an_english_text_line_replaces_the_rendered_english_in_every_game(
        game_id: str, tmp_path: Path) -> None:
    game = _game(game_id)
    template, japanese = CARDS[game_id]
    path = _write(tmp_path, template.format(own=OWN))
    assert game.check_file(path) == []
    [(line, card)] = game.file_cards(path)
    assert line == 1
    english, ja = game.card_lines(card, "en"), game.card_lines(card, "ja")
    assert any(OWN in text for text in english), english
    assert not any(OWN in text for text in ja) and any(japanese in text for text in ja)
    again = game.card_from_json(card)  # a record keeps the designer's line
    assert any(OWN in text for text in game.card_lines(again.to_json(), "en"))


@pytest.mark.parametrize("game_id", sorted(CARDS))
def test_more_english_text_lines_than_text_lines_is_an_error_at_the_card(
        game_id: str, tmp_path: Path) -> None:
    game = _game(game_id)
    template, _ = CARDS[game_id]
    many = "\n".join(f"English text: {OWN}" for _ in range(8))
    path = _write(tmp_path, template.format(own=many))
    problems = [str(d) for d in game.check_file(path)]
    assert any(p.startswith(f"{path}:1: ") and "'English text:' lines but" in p
               for p in problems), problems


@pytest.mark.parametrize("game_id", sorted(CARDS))
def test_the_shipped_cards_leave_no_japanese_word_without_english(game_id: str) -> None:
    game = _game(game_id)
    for file in sorted((Path(game.deck_file(game.deck_names()[0])).parents[1]).rglob("*.txt")):
        assert game.english_gaps(file) == [], file


def test_a_feature_word_without_english_is_a_warning_naming_it(tmp_path: Path) -> None:
    template, _ = CARDS["dice-and-monsters"]
    path = _write(tmp_path, template.format(own=OWN).replace("人間、剣士", "人間、吟遊詩人"))
    [gap] = _game("dice-and-monsters").english_gaps(path)
    assert str(gap).startswith(f"{path}:1: no English for '吟遊詩人'")
    result = CliRunner().invoke(app, ["cards", "check", "dice-and-monsters", str(path)])
    assert result.exit_code == 0  # a warning: the card is valid and plays
    assert f"{path}:1: no English for '吟遊詩人'" in result.output
    assert "show Japanese in English mode" in result.output


def test_a_sub_attribute_without_english_is_a_gap_too(tmp_path: Path) -> None:
    template, _ = CARDS["sarasvati"]
    unread = template.format(own=OWN).replace("/アクション)", "/アクション、吟遊)")
    game = _game("sarasvati")
    path = _write(tmp_path, unread)
    assert game.check_file(path) == []
    assert "'吟遊'" in str(game.english_gaps(path))


def test_a_printed_card_names_its_english_name_in_english_and_its_flavour_in_japanese() -> None:
    from types import SimpleNamespace

    from cardtable.core.card_english import printed_lines

    drake = SimpleNamespace(name="火竜", name_en="Fire Drake", flavor="古き竜。")
    assert printed_lines(drake, "en", ["body"]) == ["火竜 / Fire Drake", "body"]
    assert printed_lines(drake, "ja", ["本文"]) == ["火竜", "本文", "『古き竜。』"]
    unnamed = SimpleNamespace(name="火竜", name_en="火竜", flavor="")
    assert printed_lines(unnamed, "en", []) == ["火竜"]
