"""The card template, the effect vocabulary, the shipped pool and decks, and diagnostics."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardtable.games.culdcept import GAME
from cardtable.games.culdcept import effects as fx
from cardtable.games.culdcept.cards import parse_document
from cardtable.games.culdcept.pool import DECK_DIR, POOL_FILE


def test_the_pool_holds_at_least_sixty_distinct_cards_of_every_sort() -> None:
    pool = GAME.pool()
    assert len(pool) >= 60
    kinds = Counter(c.kind for c in pool.values())
    assert all(kinds[k] for k in ("creature", "item", "instant", "lasting", "land"))
    creatures = [c for c in pool.values() if c.kind == "creature"]
    assert {c.element for c in creatures} == set(range(5))
    assert any(c.battle_card for c in creatures)  # 援護
    assert {c.element for c in pool.values() if c.kind == "land"} == set(range(5))
    for c in creatures:
        assert 10 <= c.st <= 60 and 10 <= c.hp <= 60 and c.st % 10 == c.hp % 10 == 0
    assert {c.cost for c in pool.values() if c.kind != "land"} == {0, 1, 2, 3}


@pytest.mark.parametrize("name", GAME.deck_names())
def test_shipped_decks_are_legal_sixty_card_decks(name: str) -> None:
    deck = GAME.load_deck(name)
    assert len(deck) == 60 and max(deck.counts().values()) <= 4
    assert GAME.check_file(DECK_DIR / f"{name}.txt") == []


def test_at_least_three_decks_ship() -> None:
    assert len(GAME.deck_names()) >= 3


def test_the_shipped_pool_file_checks_clean() -> None:
    assert GAME.check_file(POOL_FILE) == []


def test_every_effect_renders_in_japanese_and_english_and_reads_back_the_same() -> None:
    for card in GAME.pool().values():
        for e in card.effects:
            ja, en = e.render("ja"), e.render("en")
            assert ja and en and ja != en
            again = fx.compile_line(ja, card.kind)
            assert isinstance(again, fx.Effect), (card.name, ja, again)
            assert again.ops == e.ops and again.target == e.target
            assert again.moment == e.moment and again.terrain == e.terrain


def test_an_unknown_phrase_is_file_line_phrase_not_understood(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("◇試作\nクリーチャー 火 ST30/HP30 コスト1\n‣戦闘中、STを+10、空を飛ぶ。\n",
                    "utf-8")
    [d] = GAME.check_file(path)
    assert d.line == 3 and "phrase not understood: '空を飛ぶ'" in str(d)
    assert str(d).startswith(f"{path}:3: ")


@pytest.mark.parametrize(("stat", "words"), [
    ("クリーチャー 火 ST70/HP30 コスト1", "outside 10-60"),
    ("クリーチャー 火 ST30/HP30 コスト4", "above 3"),
    ("クリーチャー 炎 ST30/HP30 コスト1", "cannot read '炎'"),
    ("モンスター 火 ST30/HP30 コスト1", "unknown card kind"),
    ("クリーチャー 火 ST30/HP30", "no cost"),
    ("アイテム 無 ST30/HP30 コスト1", "only a creature"),
    ("クリーチャー 火 ST30/HP30 コスト1 条件:火炎", "condition"),
])
def test_a_bad_stat_line_says_what_is_wrong(stat: str, words: str) -> None:
    doc = parse_document(f"◇試作\n{stat}\n", "x.txt")
    assert len(doc.diagnostics) == 1 and words in doc.diagnostics[0].message
    assert doc.diagnostics[0].line == 2


@pytest.mark.parametrize(("kind", "text", "words"), [
    ("クリーチャー 火 ST30/HP30 コスト1", "対象の相手のクリーチャーに20のダメージを与える。",
     "only a spell has a target"),
    ("スペル（即効） 火 コスト1", "対象の自分のクリーチャーのSTを+20する。", "instant spell"),
    ("スペル（継続） 火 コスト1", "カードを2枚引く。", "lasting spell"),
    ("スペル（即効） 火 コスト1", "対象の相手のクリーチャーを隣接する空いた土地に移動する。",
     "only your own creature"),
    ("アイテム 無 コスト1", "援護。", "item cannot"),
])
def test_an_effect_on_the_wrong_kind_of_card_is_refused(kind: str, text: str,
                                                        words: str) -> None:
    doc = parse_document(f"◇試作\n{kind}\n‣{text}\n", "x.txt")
    assert len(doc.diagnostics) == 1 and words in doc.diagnostics[0].message, doc.diagnostics


def test_a_deck_breaking_the_building_rules_is_reported_by_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("デッキ: 試作 / Test\n5 スケルトン\n4 傭兵\n1 火山\n1 存在しない\n", "utf-8")
    messages = [str(d) for d in GAME.check_file(path)]
    assert any(":2: 5 copies of 'スケルトン'" in m for m in messages)
    assert any("starting land" in m for m in messages)
    assert any("unknown card '存在しない'" in m for m in messages)
    assert any("at least 60" in m for m in messages)


def test_a_deck_of_sixty_four_different_cards_is_legal_and_plays_to_the_end(
        tmp_path: Path) -> None:
    """Issue 25 #2: the seed limits copies (4) and size (60 or more), never the names."""
    names = [c.name for c in GAME.pool().values() if c.kind != "land"][:60]
    names += [c.name for c in GAME.pool().values() if c.kind == "land"][:4]
    assert len(set(names)) == 64
    path = tmp_path / "rainbow.txt"
    path.write_text("デッキ: 虹 / Rainbow\n" + "".join(f"1 {n}\n" for n in names), "utf-8")
    assert GAME.check_file(path) == []
    deck = GAME.load_deck(str(path))
    s = GAME.new_game(5, (deck, deck))
    chooser = 5
    while not s.is_terminal():
        legal = s.legal_actions()
        chooser = (chooser * 6364136223846793005 + 1442695040888963407) % 2**64
        s.apply(legal[(chooser >> 33) % len(legal)])
    assert s.returns()[0] + s.returns()[1] == 0 or s.returns() == [0.0, 0.0]


def test_a_card_round_trips_through_json() -> None:
    for card in GAME.pool().values():
        assert GAME.card_from_json(card.to_json()) == card


def test_cards_check_command_prints_file_line_problems(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cardtable.cli.app import app

    path = tmp_path / "mine.txt"
    path.write_text("◇試作\nクリーチャー 火 ST30/HP30 コスト1\n‣空を飛ぶ。\n", "utf-8")
    result = CliRunner().invoke(app, ["cards", "check", "culdcept", str(path)],
                                env={"COLUMNS": "300"})
    assert result.exit_code == 1 and f"{path}:3: phrase not understood: '空を飛ぶ'" in result.output
    ok = CliRunner().invoke(app, ["cards", "check", "culdcept", str(POOL_FILE)])
    assert ok.exit_code == 0


@pytest.mark.parametrize(("change", "words"), [
    ({"st": None}, "whole numbers"), ({"hp": 70}, "10-60 in steps of 10"),
    ({"cost": 9}, "outside 0-3"), ({"kind": "dragon"}, "unknown kind"),
    ({"name": None}, "needs a name"), ({"condition": "火光"}, "火 水 地 風"),
])
def test_a_stored_card_is_held_to_what_its_card_file_could_say(change: dict,
                                                               words: str) -> None:
    """Records and snapshots carry card definitions and may be edited by hand."""
    from cardtable.core.errors import CardtableError

    stored = next(c for c in GAME.pool().values() if c.kind == "creature").to_json()
    with pytest.raises(CardtableError, match=words):
        GAME.card_from_json({**stored, **change})


def test_a_deck_has_no_maximum_size_unless_an_option_sets_one() -> None:
    """Issue 39 #5 (「デッキ枚数: 60枚以上。」): 121 or 240 shipped cards, at most 4 of a name,
    load and play; the option max_deck_size (default 0, no maximum) may still cap a table."""
    from cardtable.core.errors import CardtableError

    assert GAME.default_options()["max_deck_size"] == 0
    names = [n for n in GAME.pool() for _ in range(4)]
    for size in (121, 240):
        deck = GAME.load_deck(names[:size])
        assert len(deck.cards) == size
        s = GAME.new_game(3, (deck, deck))
        assert len(s.deck[0]) + len(s.hand[0]) == size and s.legal_actions()
    with pytest.raises(CardtableError, match="at most 120"):
        GAME.new_game(3, (deck, deck), {"max_deck_size": 120})
