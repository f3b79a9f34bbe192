"""The card template, the effect vocabulary and deck building."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games.dreadnought.cards import fits, parse_document
from cardtable.games.dreadnought.effects import parse_ability, render_ability
from cardtable.games.dreadnought.game import DECK_DIR, shipped_pool

from .helpers import GAME


def test_the_pool_has_at_least_sixty_distinct_cards_of_every_kind_size_and_timing() -> None:
    pool = shipped_pool()
    assert len(pool) >= 60
    kinds = {c.kind for c in pool.values()}
    assert kinds == {"caster", "unit", "code"}
    assert len({c.clusters for c in pool.values() if c.kind == "caster"}) >= 3
    assert {c.size for c in pool.values() if c.kind == "unit"} == {1, 2, 3}
    timings = {a.timing for c in pool.values() for a in c.abilities + c.modes}
    assert timings == {"speed", "cast", "fast", "ac", "re", "auto", "trigger"}
    lines = [a for c in pool.values() for a in c.abilities + c.modes]
    assert any(a.check for a in lines) and any(a.infinite for a in lines)
    assert any(a.enchant for a in lines)
    assert {c.sub for c in pool.values()} >= {"awaken", "enhance"}
    assert all(len(c.modes) == 2 for c in pool.values() if c.kind == "code"
               and c.name != "記憶の欠片")


def test_the_baseline_scale_cost_free_s_70_and_m_100() -> None:
    free = [c for c in shipped_pool().values() if c.kind == "unit" and c.log == 0]
    assert {(c.size, c.bp) for c in free} == {(1, 70), (2, 100)}


@pytest.mark.parametrize("name", GAME.deck_names())
def test_every_shipped_deck_is_legal(name: str) -> None:
    assert GAME.check_file(DECK_DIR / f"{name}.txt") == []
    assert len(GAME.load_deck(name)) == 52


def test_at_least_three_decks_ship() -> None:
    assert len(GAME.deck_names()) >= 3


def test_an_unknown_phrase_is_reported_with_file_and_line(tmp_path: Path) -> None:
    f = tmp_path / "cards.txt"
    f.write_text("◇試作\nユニット 【赤】 ログ0 SP:B サイズ:S 条件【赤】 BP70\n"
                 "「Ac」チェック:敵軍のユニット1体を燃やす。\n", "utf-8")
    (problem,) = GAME.check_file(f)
    assert str(problem) == f"{f}:3: phrase not understood: '敵軍のユニット1体を燃やす'"


def test_a_type_without_an_english_name_is_reported(tmp_path: Path) -> None:
    f = tmp_path / "cards.txt"
    f.write_text("◇試作\nユニット 【赤】 ログ0 SP:B サイズ:S 条件【赤】 BP70 タイプ:竜・海竜\n",
                 "utf-8")
    (problem,) = GAME.check_file(f)
    assert problem.line == 2
    assert problem.message.startswith("type not understood: '海竜' has no English name")


def test_a_card_reads_its_kind_and_types_in_either_language() -> None:
    card = GAME.pool()["紅蓮竜ヴォルカ"] if "紅蓮竜ヴォルカ" in GAME.pool() else next(
        c for c in GAME.pool().values() if c.kind == "unit" and "竜" in c.types)
    assert card.type_text("en").startswith("Unit — ") and "Dragon" in card.type_text("en")
    assert card.type_text("ja").startswith("ユニット・") and "竜" in card.type_text("ja")


def test_a_bad_stat_line_names_what_is_missing(tmp_path: Path) -> None:
    f = tmp_path / "cards.txt"
    f.write_text("◇試作\nユニット 【赤】 ログ0 SP:B\n", "utf-8")
    (problem,) = GAME.check_file(f)
    assert problem.line == 2 and "needs size, cond, bp" in problem.message


def test_the_cluster_condition_is_checked_against_the_decks_casters(tmp_path: Path) -> None:
    deck = (DECK_DIR / "crimson-tide.txt").read_text("utf-8")
    f = tmp_path / "deck.txt"
    f.write_text(deck.replace("4 知識の泉", "4 成長の恵み"), "utf-8")
    problems = [p.message for p in GAME.check_file(f)]
    assert problems == ["'成長の恵み' needs 【緑】 but the casters give 【赤青】"]


def test_cluster_conditions_count_with_multiplicity_and_all_fits_any() -> None:
    red_blue = (("red",), ("blue",))
    assert fits(("red",), red_blue) and fits(("red", "blue"), red_blue)
    assert not fits(("red", "red"), red_blue)
    assert fits(("all",), red_blue)
    assert fits(("green",), (("all",), ("blue",)))


def test_deck_building_two_different_casters_fifty_cards_four_of_a_name(tmp_path: Path) -> None:
    deck = (DECK_DIR / "crimson-tide.txt").read_text("utf-8")
    f = tmp_path / "deck.txt"
    f.write_text(deck.replace("1 蒼海の賢者ミズハ", "1 紅蓮の術士アカネ")
                 .replace("4 知識の泉", "5 知識の泉"), "utf-8")
    problems = " | ".join(p.message for p in GAME.check_file(f))
    assert "different names" in problems and "5 copies" in problems and "51" in problems


def test_every_shipped_line_renders_in_both_languages_and_reads_back() -> None:
    for card in shipped_pool().values():
        for ab in card.abilities + card.modes:
            ja = render_ability(ab, "ja")
            again = parse_ability(ja, card.kind)
            assert not isinstance(again, str), (card.name, ja, again)
            assert again.effects == ab.effects and again.timing == ab.timing
            assert render_ability(ab, "en").startswith("[")
        assert all(line for line in card.lines("en"))


def test_a_code_has_one_or_two_modes(tmp_path: Path) -> None:
    f = tmp_path / "cards.txt"
    f.write_text("◇試作\nコード 【赤】 ログ0 SP:B 条件【赤】\n"
                 "「Ac」カードを1枚ドローする。\n", "utf-8")
    (problem,) = GAME.check_file(f)
    assert "start the line with ① or ②" in problem.message


def test_parse_document_reads_english_names_and_flavour() -> None:
    doc = parse_document("◇試作\nEnglish: Prototype\nユニット 【赤】 ログ0 SP:B サイズ:S "
                         "条件【赤】 BP70\n『flavour』\n", "x")
    assert doc.cards[0].name_en == "Prototype" and doc.cards[0].flavor == "flavour"
