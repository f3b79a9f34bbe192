"""Card and deck files: ``file:line: problem`` diagnostics, and the shipped pool and decks."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardtable.core import CardFileError, Diagnostic
from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal.attributes import ENGLISH
from cardtable.games.draws_troidal.pool import DECK_DIR, POOL_FILE

GOOD_CARD = "◆ 火竜 / Fire Drake\n属性: 火  パワー: 7  リスク: 4  ガード: 1\n"


def check(tmp_path: Path, text: str, name: str = "cards.txt") -> list[Diagnostic]:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return GAME.check_file(path)


def only(diagnostics: list[Diagnostic]) -> Diagnostic:
    assert len(diagnostics) == 1, [str(d) for d in diagnostics]
    return diagnostics[0]


def at(diagnostics: list[Diagnostic], line: int) -> Diagnostic:
    """The one diagnostic of ``line`` (a bad field value also makes the card lack that field)."""
    return only([d for d in diagnostics if d.line == line])


def test_valid_card_file_has_no_diagnostics(tmp_path: Path) -> None:
    assert check(tmp_path, GOOD_CARD + "フレーバー: 古き竜。\n") == []


def test_diagnostic_reads_file_line_problem(tmp_path: Path) -> None:
    d = at(check(tmp_path, "# a comment\n" + GOOD_CARD.replace("パワー", "パワ")), 3)
    assert str(d).startswith(f"{tmp_path / 'cards.txt'}:3: ")


def test_misspelled_field_suggests_the_nearest_keyword(tmp_path: Path) -> None:
    d = at(check(tmp_path, GOOD_CARD.replace("パワー", "パワ")), 2)
    assert "unknown field 'パワ'" in d.message
    assert "did you mean 'パワー'" in d.message


def test_misspelled_english_field_suggests_the_nearest_keyword(tmp_path: Path) -> None:
    text = "◆ 火竜 / Fire Drake\nattribute: fire  powr: 7  risk: 4  guard: 1\n"
    assert "did you mean 'power'" in at(check(tmp_path, text), 2).message


def test_unknown_attribute_suggests_a_valid_one(tmp_path: Path) -> None:
    d = at(check(tmp_path, GOOD_CARD.replace("属性: 火", "属性: 炎")), 2)
    assert "unknown attribute '炎'" in d.message
    assert "did you mean '火'" in d.message


def test_misspelled_english_attribute_suggests_the_nearest(tmp_path: Path) -> None:
    d = at(check(tmp_path, GOOD_CARD.replace("属性: 火", "属性: fier")), 2)
    assert "did you mean 'fire'" in d.message


def test_missing_field_is_named(tmp_path: Path) -> None:
    d = only(check(tmp_path, GOOD_CARD.replace("リスク: 4", "")))
    assert d.line == 1  # the card's header line
    assert "card '火竜' lacks risk" in d.message


def test_power_must_be_a_number_or_none(tmp_path: Path) -> None:
    d = at(check(tmp_path, GOOD_CARD.replace("パワー: 7", "パワー: seven")), 2)
    assert "power must be a whole number" in d.message and "なし" in d.message


@pytest.mark.parametrize("spelling", ["なし", "-", "none"])
def test_powerless_card_is_written_with_nashi(tmp_path: Path, spelling: str) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(GOOD_CARD.replace("パワー: 7", f"パワー: {spelling}"), "utf-8")
    assert GAME.check_file(path) == []
    deck, _ = GAME.read_deck(path)  # no deck lines: only the cards matter here
    assert deck.cards == ()


def test_duplicate_card_names_are_reported_at_the_second_card(tmp_path: Path) -> None:
    text = GOOD_CARD + "\n" + GOOD_CARD.replace("Fire Drake", "Other Drake")
    d = only(check(tmp_path, text))
    assert d.line == 4
    assert "card '火竜' is defined twice (first at line 1)" in d.message


def test_duplicate_english_names_are_reported(tmp_path: Path) -> None:
    text = GOOD_CARD + GOOD_CARD.replace("火竜", "炎竜").replace("Fire Drake", "fire drake")
    assert "'fire drake' is already used" in only(check(tmp_path, text)).message


def test_stray_line_is_reported(tmp_path: Path) -> None:
    d = only(check(tmp_path, "hello there\n" + GOOD_CARD))
    assert d.line == 1 and "neither a card header" in d.message


def test_every_problem_is_reported_not_just_the_first(tmp_path: Path) -> None:
    text = GOOD_CARD.replace("パワー", "パワ").replace("属性: 火", "属性: 炎")
    assert len(check(tmp_path, text)) >= 2


# -- deck files -----------------------------------------------------------------------------

def shipped_deck_lines(n: int = 15) -> list[str]:
    pool = sorted(GAME.pool())
    return [f"4 {name}" for name in pool[:n]]


def test_valid_deck_file_has_no_diagnostics(tmp_path: Path) -> None:
    text = "デッキ: 試験 / Trial\n" + "\n".join(shipped_deck_lines()) + "\n"
    assert check(tmp_path, text, "deck.txt") == []


def test_unknown_card_in_a_deck_suggests_the_nearest_name(tmp_path: Path) -> None:
    lines = shipped_deck_lines()
    lines[0] = "4 火の子"  # 火の粉
    d = next(d for d in check(tmp_path, "デッキ: 試験 / Trial\n" + "\n".join(lines), "deck.txt"))
    assert d.line == 2
    assert "unknown card '火の子'" in d.message and "did you mean '火の粉'" in d.message


def test_too_many_copies_in_a_deck_is_reported(tmp_path: Path) -> None:
    others = [line for line in shipped_deck_lines(16) if not line.endswith(" 火の粉")]
    lines = [*others[:14], "3 火の粉", "2 火の粉"]  # 60 cards, but five of one
    diagnostics = check(tmp_path, "\n".join(lines), "deck.txt")
    d = next(d for d in diagnostics if "copies" in d.message)
    assert "5 copies of '火の粉'" in d.message and "at most 4" in d.message


def test_wrong_deck_size_is_reported(tmp_path: Path) -> None:
    lines = shipped_deck_lines(14)  # 56 cards
    d = only(check(tmp_path, "\n".join(lines), "deck.txt"))
    assert d.line == 14
    assert "has 56 cards" in d.message and "exactly 60" in d.message


def test_deck_can_use_english_card_names(tmp_path: Path) -> None:
    pool = GAME.pool()
    names = sorted(pool)[:15]
    text = "\n".join(f"4 {pool[n].name_en.lower()}" for n in names)
    assert check(tmp_path, text, "deck.txt") == []


def test_deck_file_may_define_its_own_cards(tmp_path: Path) -> None:
    lines = [*shipped_deck_lines(14), "4 火竜"]
    path = tmp_path / "deck.txt"
    path.write_text(GOOD_CARD + "\n".join(lines), "utf-8")
    assert GAME.check_file(path) == []
    deck = GAME.load_deck(str(path))
    assert len(deck) == 60 and deck.counts()["火竜"] == 4


def test_deck_file_may_not_redefine_a_shipped_card(tmp_path: Path) -> None:
    text = "◆ 火の粉 / Ember Imp\n属性: 火  パワー: 9  リスク: 5  ガード: 0\n"
    d = next(d for d in check(tmp_path, text + "\n".join(shipped_deck_lines()), "deck.txt"))
    assert "redefines a shipped card" in d.message


def test_loading_a_broken_deck_raises_with_every_diagnostic(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("4 火の子\n4 不死長\n", "utf-8")
    with pytest.raises(CardFileError) as err:
        GAME.load_deck(str(path))
    assert len(err.value.diagnostics) == 2
    assert f"{path}:1:" in str(err.value) and f"{path}:2:" in str(err.value)


# -- the shipped pool and decks ---------------------------------------------------------------

def test_shipped_card_pool_parses_with_no_diagnostics() -> None:
    assert GAME.check_file(POOL_FILE) == []


@pytest.mark.parametrize("name", sorted(p.stem for p in DECK_DIR.glob("*.txt")))
def test_shipped_deck_parses_with_no_diagnostics_and_is_legal(name: str) -> None:
    assert GAME.check_file(DECK_DIR / f"{name}.txt") == []
    deck = GAME.load_deck(name)
    assert len(deck) == 60
    assert max(deck.counts().values()) <= 4
    GAME.validate_deck(deck, GAME.default_options())


def test_at_least_three_decks_ship() -> None:
    assert len(GAME.deck_names()) >= 3


def test_shipped_pool_has_at_least_thirty_distinct_cards() -> None:
    pool = GAME.pool()
    assert len(pool) >= 30
    assert len({c.name_en.casefold() for c in pool.values()}) == len(pool)


def test_shipped_pool_covers_all_eight_attributes() -> None:
    assert {ENGLISH[c.attribute] for c in GAME.pool().values()} == set(ENGLISH)


def test_shipped_pool_follows_the_documented_risk_curve() -> None:
    header = POOL_FILE.read_text("utf-8").split("◆", 1)[0]
    assert "⌈power ÷ 2⌉ + 2 × guard" in header  # the curve checked below is the documented one
    for c in GAME.pool().values():
        expected = c.guard if c.power is None else math.ceil(c.power / 2) + 2 * c.guard
        assert c.risk == expected, c


def test_shipped_pool_has_power_zero_and_powerless_cards() -> None:
    powers = [c.power for c in GAME.pool().values()]
    assert 0 in powers and None in powers


def test_every_shipped_deck_uses_only_pool_cards() -> None:
    pool = GAME.pool()
    for name in GAME.deck_names():
        for c in GAME.load_deck(name).cards:
            assert pool[c.name] == c


def test_a_broken_card_is_reported_where_it_is_defined_not_again_in_the_deck(
    tmp_path: Path,
) -> None:
    text = ("◆ 火竜 / Fire Drake\n属性: 炎  パワー: 7  リスク: 6  ガード: 1\n"
            "4 火竜\n4 Fire Drake\n")
    diagnostics = check(tmp_path, text, "deck.txt")
    assert [d.line for d in diagnostics] == [2]
    assert "unknown attribute" in diagnostics[0].message
