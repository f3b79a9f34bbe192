"""Cards are read in the seed's own layout; what is not understood is an error with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games.dice_and_monsters import GAME
from cardtable.games.dice_and_monsters.cards import Unit, card_from_text, parse_document
from cardtable.games.dice_and_monsters.game import CARD_FILES
from cardtable.games.dice_and_monsters.phrases import BOTH, MAGIC, PHYSICAL, PLAIN

from .helpers import AMALIA, BEROBUL, EMPRESS, GENTLEMAN, LEONOR, POOL

SEED = Path("/work/shared/seeds/dice-and-monsters.ja.txt")

PASTED = """  • ■火炎剣士「アマリア・カソルラ」■
    【属性:聖】【HP:10】【速度:3】
    【特徴:人間、少女、戦士、巨乳、剣士、火炎、魔法】
    ■行動表■
    【1】「剣撃」……【近接】1体に3点の物理ダメージを与える。
    【2】「なし」
    【3】「斬撃・烈火」……【近接】1体に6点の物理ダメージを与える。
    【4】「火炎魔法」……【射撃・前衛】1体に2点の魔力ダメージを与える。
    【5】「炎龍裂波」……【近接・貫通】正面縦1列の敵に2点の物理・魔力ダメージを与える。
    【6】「爆炎」……【属性】闇属性の敵全員に4点の魔力ダメージを与える。(1回制限)
    【特性】「灼炎の加護」……このユニットは状態異常を受けない。
"""


def test_the_shipped_files_have_no_problem() -> None:
    for path in CARD_FILES:
        assert GAME.check_file(path) == []


def test_six_units_and_seven_commands_of_the_seed_ship_plus_original_leap_units() -> None:
    kinds = [c.kind for c in POOL.values() if not c.star]
    assert kinds.count("unit") == 6 and kinds.count("command") == 7
    assert sum(1 for c in POOL.values() if c.star) >= 2


def test_shipped_cards_are_the_seed_text_line_for_line() -> None:
    if not SEED.is_file():
        pytest.skip("seed text not available")
    seed_lines = {line.strip().lstrip("•").strip() for line in SEED.read_text("utf-8").splitlines()}
    for c in POOL.values():
        if c.star:
            continue
        for line in c.text.splitlines():
            assert line.startswith("【英名:") or line in seed_lines, line


def test_a_card_pasted_from_the_wiki_page_plays() -> None:
    doc = parse_document(PASTED, "pasted.txt")
    assert doc.diagnostics == []
    pasted = doc.cards[0]
    assert isinstance(pasted, Unit)
    assert pasted.actions == POOL[AMALIA].actions and pasted.traits == POOL[AMALIA].traits


def test_action_table_reads_targets_kinds_and_once_per_game() -> None:
    amalia = POOL[AMALIA]
    assert [a.target for a in amalia.actions] == ["近接", "", "近接", "射撃", "近接・貫通", "属性"]
    assert amalia.actions[0].ops == (("dmg", 3, PHYSICAL, None),)
    assert amalia.actions[4].ops[0][2] == BOTH and amalia.actions[3].ops[0][2] == MAGIC
    assert amalia.actions[5].once and amalia.actions[5].attrs == frozenset({"闇"})


def test_damage_without_a_kind_and_the_poison_bonus() -> None:
    shot = POOL[LEONOR].actions[4]
    assert shot.ops == (("dmg", 2, PLAIN, (1, 4, PLAIN)),)


def test_an_action_line_without_the_dots_is_read_too() -> None:
    assert POOL[LEONOR].actions[5].target == "近接"


def test_1d6_heal_then_sleep_as_printed_with_its_typo() -> None:
    assert POOL[BEROBUL].actions[4].ops == (("heal", "1D6"), ("self-status", 4))


def test_x_and_the_round_number() -> None:
    assert POOL[GENTLEMAN].actions[4].ops == (("dmg", "X", MAGIC, None),)


def test_preempt_and_leap_condition_are_read() -> None:
    empress = POOL[EMPRESS]
    assert empress.actions[1].preempt and empress.leap is not None
    assert empress.leap.who == AMALIA and empress.leap.hp == 5 and empress.star


def test_unknown_phrase_is_an_error_naming_file_line_and_phrase(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    path.write_text(PASTED.replace("3点の物理ダメージ", "3点の光ダメージ"), "utf-8")
    problems = GAME.check_file(path)
    assert [(p.line, "1体に3点の光ダメージを与える" in p.message) for p in problems] == [(5, True)]


def test_a_bad_stat_is_reported_on_the_line_that_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    path.write_text(PASTED.replace("【属性:聖】【HP:10】", "【属性:火】【HP:十】"), "utf-8")
    problems = GAME.check_file(path)
    assert [p.line for p in problems] == [2, 2]
    assert "聖 闇 混沌 無" in problems[0].message and "whole number" in problems[1].message


def test_unknown_target_keyword_suggests_the_nearest(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    path.write_text(PASTED.replace("【近接・貫通】", "【近接・貫】"), "utf-8")
    (problem,) = GAME.check_file(path)
    assert problem.line == 9 and "近接・貫通" in problem.message


def test_unknown_trait_wording_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    path.write_text(PASTED.replace("状態異常を受けない", "空を飛ぶ"), "utf-8")
    (problem,) = GAME.check_file(path)
    assert problem.line == 11 and "このユニットは空を飛ぶ" in problem.message


def test_unknown_command_sentence_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "cmd.txt"
    path.write_text("■平和■\n2ラウンド目の開始時に発動する。\n世界が平和になる。\n", "utf-8")
    problems = GAME.check_file(path)
    assert problems[0].line == 3 and "世界が平和になる" in problems[0].message


def test_a_star_unit_needs_a_leap_condition(tmp_path: Path) -> None:
    path = tmp_path / "star.txt"
    path.write_text(PASTED.replace("魔法】", "魔法、★】"), "utf-8")
    assert "【リープ】" in GAME.check_file(path)[0].message


def test_a_card_round_trips_through_its_text() -> None:
    for c in POOL.values():
        assert card_from_text(c.to_json()["text"]) == c


def test_deck_files_list_cards_by_name_one_copy_each(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("デッキ: 試 / Trial\n" + "\n".join([AMALIA, AMALIA]) + "\n", "utf-8")
    assert any("twice" in p.message for p in GAME.check_file(path))


def test_a_deck_needs_three_units_and_a_command(tmp_path: Path) -> None:
    names = ["奇跡", "ソーマタージトゥー2", "パラ・ダイス・シフト<1⇒6>", "無明の霧",
             "メルト・アサルト", "コマンドカウンター", AMALIA, LEONOR]
    path = tmp_path / "deck.txt"
    path.write_text("デッキ: 試 / Trial\n" + "\n".join(names) + "\n", "utf-8")
    assert "units" in GAME.check_file(path)[0].message


def test_shipped_decks_load() -> None:
    for name in GAME.deck_names():
        assert len(GAME.load_deck(name)) >= 8


def test_a_unit_has_at_most_eight_features_nine_with_the_star(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text(PASTED.replace("魔法】", "魔法、飛行、竜】"), "utf-8")
    assert "at most 8" in GAME.check_file(path)[0].message
    assert len(POOL[EMPRESS].features) == 8  # seven plus ★ is within nine
