"""The seed's card template: the four printed cards, the project's pool and decks, diagnostics."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.cards import parse_document

from .helpers import C

SEED_CARDS = ("第零の司書・サラ", "何が知性だ!", "開いた傘", "厨二妄想サラスヴァティ")


def diagnostics(text: str) -> list[str]:
    return [str(d) for d in parse_document(text, "new.txt").diagnostics]


def test_the_seeds_four_cards_ship_as_printed() -> None:
    sara = C("第零の司書・サラ")
    assert (sara.cost, sara.attack, sara.defense, sara.kind, sara.attribute, sara.subs) == (
        4, 3000, 3000, "character", "action", ("マスコット",))
    assert sara.text == ("‣自分の手札が3枚以上の時、このカードの攻撃力を+2000する。",)
    assert sara.flavor == "黒きコートを翻す、クーデレ貧乳ポニテ黒眼ガール"
    brains = C("何が知性だ!")
    assert (brains.cost, brains.kind, brains.effects[0].name) == (2, "support", "脳筋")
    umbrella = C("開いた傘")
    assert (umbrella.cost, umbrella.attack, umbrella.defense, umbrella.kind) == (
        2, 1000, 0, "equipment")
    book = C("厨二妄想サラスヴァティ")
    assert (book.cost, book.kind, [e.trigger for e in book.effects]) == (
        6, "book", [fx.OPEN, fx.WHILE_OPEN])


def test_the_seeds_effects_compile_to_the_vocabulary() -> None:
    [sara] = C("第零の司書・サラ").effects
    assert (sara.trigger, sara.scope, sara.condition, sara.ops) == (
        fx.STATIC, fx.SELF, ("自分", 3, "以上"), (("atk", 2000),))
    [brains] = C("何が知性だ!").effects
    assert (brains.trigger, brains.scope, brains.duration, brains.ops) == (
        fx.USE, fx.CHOOSE_OWN, fx.TURN, (("atk", 5000), ("def", -2000)))
    [umbrella] = C("開いた傘").effects
    assert (umbrella.trigger, umbrella.scope, umbrella.duration, umbrella.ops) == (
        fx.WIN, fx.SELF, fx.NEXT_TURN, (("def", 2000),))
    opened, while_open = C("厨二妄想サラスヴァティ").effects
    assert opened.ops == (("draw", 2),) and opened.scope == fx.PLAYER
    assert (while_open.scope, while_open.ops) == (fx.ALL, (("atk", 2000),))


def test_the_first_template_form_with_cost_and_stat_words_reads_the_same() -> None:
    text = ("◇第零の司書・サラ\nコスト4:攻3000/防3000(キャラクター/アクション、マスコット)\n"
            "‣自分の手札が3枚以上の時、このカードの攻撃力を+2000する。\n")
    [card] = parse_document(text, "x.txt").cards
    assert card == C("第零の司書・サラ").__class__(**{**_fields(C("第零の司書・サラ")),
                                                     "name_en": card.name_en, "flavor": ""})


def _fields(card: object) -> dict:
    from dataclasses import fields

    return {f.name: getattr(card, f.name) for f in fields(card) if f.compare}  # type: ignore[arg-type]


def test_short_forms_of_the_seed_read_like_the_long_ones() -> None:
    text = ("◇試し\n3:3000/2000(キャラクター/SF)\n‣攻撃時、攻撃力+2000\n‣召喚時、カードを1枚引く\n"
            "・次の自分のターンの初めまで、このカードの防御力を－1000する。\n")
    doc = parse_document(text, "x.txt")
    assert not doc.diagnostics
    attack, summon, lasting = doc.cards[0].effects
    assert (attack.trigger, attack.duration, attack.ops) == (fx.ATTACK, fx.BATTLE,
                                                             (("atk", 2000),))
    assert (summon.trigger, summon.ops) == (fx.SUMMON, (("draw", 1),))
    assert lasting.ops == (("def", -1000),) and lasting.duration == fx.NEXT_TURN


def test_the_seeds_own_long_wordings_read_like_its_shorthand() -> None:
    """The seed's カード作成Q&A gives each shorthand's full form; both are vocabulary."""
    short = ("◇試し\n3:3000/2000(キャラクター/SF)\n‣攻撃時、攻撃力+2000\n"
             "‣召喚時、カードを1枚引く\n")
    long = ("◇試し\n3:3000/2000(キャラクター/SF)\n"
            "‣このカードが攻撃するとき、バトルが終わるまでこのカードの攻撃力は+2000される\n"
            "‣このカードがバトルゾーンに召喚されたとき、自分はカードを1枚引く\n")
    [a] = parse_document(short, "x.txt").cards
    doc = parse_document(long, "x.txt")
    assert not doc.diagnostics
    [b] = doc.cards
    assert [(e.trigger, e.scope, e.duration, e.ops) for e in a.effects] == [
        (e.trigger, e.scope, e.duration, e.ops) for e in b.effects]


def test_every_verb_trigger_and_condition_reads_in_plain_kana_too() -> None:
    """People write …とき as often as …時: 攻撃するとき, 召喚されたとき, 勝ったとき."""
    kana = {t: v for t, v in fx.TRIGGERS.items() if t.endswith("とき")}
    for trigger, when in fx.TRIGGERS.items():
        if trigger.endswith(("た時", "る時")):
            assert kana[trigger[:-1] + "とき"] == when
    for line, when in (("攻撃するとき、攻撃力+1000", fx.ATTACK),
                       ("召喚されたとき、カードを1枚引く", fx.SUMMON),
                       ("バトルに勝ったとき、カードを1枚引く", fx.WIN)):
        e = fx.compile_line(line, "character")
        assert isinstance(e, fx.Effect) and e.trigger == when, e
    umbrella = fx.compile_line(
        "‣これを装備したキャラクターがバトルに勝ったとき、次の自分のターンの初めまで防御力を+2000する。",
        "equipment")
    [printed] = C("開いた傘").effects
    assert isinstance(umbrella, fx.Effect)
    assert (umbrella.trigger, umbrella.scope, umbrella.duration, umbrella.ops) == (
        printed.trigger, printed.scope, printed.duration, printed.ops)
    sara = fx.compile_line("自分の手札が3枚以上のとき、このカードの攻撃力を+2000する。",
                           "character")
    assert isinstance(sara, fx.Effect) and sara.condition == ("自分", 3, "以上")


def test_until_the_battle_ends_belongs_to_an_attack_trigger_only() -> None:
    """Outside 攻撃時 no battle ends the change: it would last until some later battle."""
    ok = "◇a\n3:3000/2000(キャラクター/SF)\n‣攻撃時、バトルが終わるまで攻撃力を+1000する。\n"
    assert diagnostics(ok) == []
    text = ("◇試し\n2(サポート/アクション)\n"
            "‣自分のキャラクターを1体選び、バトルが終わるまで攻撃力を+2000する。\n")
    [message] = diagnostics(text)
    assert message.startswith("new.txt:3: 'バトルが終わるまで' needs a battle")
    summon = "◇b\n3:3000/2000(キャラクター/SF)\n‣召喚時、バトルが終わるまで攻撃力を+1000する。\n"
    assert "'バトルが終わるまで'" in diagnostics(summon)[0]


def test_a_support_stat_change_without_a_target_is_a_card_error() -> None:
    """A support is no character: 「攻撃力を+1000する」 alone would change nobody."""
    [message] = diagnostics("◇Q\n1(サポート/SF)\n‣攻撃力を+1000する。\n")
    assert message.startswith("new.txt:3: a support is not a character")
    assert "'攻撃力を+1000する。'" in message
    [message] = diagnostics("◇Q\n1(サポート/SF)\n‣このカードの防御力を+1000する。\n")
    assert "must choose or name the characters" in message
    [message] = diagnostics("◇本\n3(禁書/SF)\n▸オープン時、攻撃力を+1000する。\n")
    assert "a book is not a character" in message
    assert diagnostics("◇Q\n1(サポート/SF)\n‣カードを1枚引く。\n") == []


def test_an_unknown_phrase_is_an_error_with_file_line_and_phrase() -> None:
    text = "◇試し\n3:3000/2000(キャラクター/SF)\n‣召喚時、相手の山札を3枚燃やす。\n"
    [message] = diagnostics(text)
    assert message.startswith("new.txt:3: cannot read the phrase '相手の山札を3枚燃やす'")


def test_a_near_miss_names_the_nearest_phrase() -> None:
    [message] = diagnostics("◇試し\n2(サポート/SF)\n‣カードを2枚ドローする!\n")
    assert "did you mean" in message and "new.txt:3:" in message


def test_a_bad_stat_line_kind_and_attribute_are_errors_with_suggestions() -> None:
    assert "did you mean 'キャラクター'" in diagnostics("◇a\n1:1/1(キャラクタ/SF)\n")[0]
    assert "did you mean 'ファンタジー'" in diagnostics("◇a\n1:1/1(キャラクター/ファンタジ)\n")[0]
    assert "prints no attack/defense" in diagnostics("◇a\n1:1/1(サポート/SF)\n")[0]
    assert "needs attack/defense" in diagnostics("◇a\n1(キャラクター/SF)\n")[0]
    assert "has no stat line" in diagnostics("◇a\n")[0]


def test_a_choice_outside_the_active_players_turn_is_refused() -> None:
    text = "◇本\n3(禁書/SF)\n▸オープン時、相手のキャラクターを1体選び、破壊する。\n"
    [message] = diagnostics(text)
    assert "only the player whose turn it is makes choices" in message


def test_a_new_card_reusing_a_registered_wording_needs_no_code() -> None:
    text = "◇新作\n2(サポート/ドラマ)\n‣自分のキャラクターを1体選び、持ち主の手札に戻す。\n"
    doc = parse_document(text, "x.txt")
    assert not doc.diagnostics
    assert doc.cards[0].effects[0].ops == (("code", "持ち主の手札に戻す"),)


def test_equipment_without_stats_is_written_dash_slash_dash() -> None:
    memo = C("推理メモ")
    assert (memo.stats, memo.attack, memo.defense, memo.stat_text()) == (False, 0, 0, "1:-/-")
    assert memo.relocatable


def test_the_pool_covers_four_attributes_four_kinds_and_the_special_cards() -> None:
    pool = GAME.pool().values()
    original = [c for c in pool if c.name not in SEED_CARDS]
    assert len(original) >= 40
    assert {c.attribute for c in original} == {"sf", "fantasy", "action", "drama"}
    assert {c.kind for c in original} == {"character", "support", "equipment", "book"}
    assert sum(1 for c in original if c.evolves_from) >= 3
    assert sum(1 for c in original if c.relocatable) >= 2
    assert len({c.name_en for c in pool}) == len(list(pool))
    assert all(c.name_en and c.name_en != c.name for c in pool)


def test_three_shipped_decks_are_legal_with_book_sets_of_cost_13_or_less() -> None:
    assert len(GAME.deck_names()) >= 3
    for name in GAME.deck_names():
        deck = GAME.load_deck(name)
        books = [c for c in deck.cards if c.kind == "book"]
        main = [c for c in deck.cards if c.kind != "book"]
        assert len(main) == 40 and len(books) == 3
        assert sum(c.cost for c in books) <= 13
        assert max(Counter(c.name for c in deck.cards).values()) <= 4
        assert deck.name_en


def test_a_deck_breaking_the_rules_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("デッキ: 悪い / Bad\n5 転校生\n1 完結編\n1 厨二妄想サラスヴァティ\n"
                    "1 魔導書グリモワール\n1 武闘伝説\n", "utf-8")
    found = "\n".join(str(d) for d in GAME.check_file(path))
    assert "5 copies of '転校生'" in found
    assert "besides its forbidden books" in found
    assert "4 forbidden books" in found
    assert "cost 17 in total" in found


def test_cards_check_reports_problems_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("◇試し\n3:3000/2000(キャラクター/SF)\n‣召喚時、空を飛ぶ。\n", "utf-8")
    result = CliRunner().invoke(app, ["cards", "check", "sarasvati", str(path)],
                                env={"COLUMNS": "300"})
    assert result.exit_code == 1
    assert f"{path}:3: cannot read the phrase '空を飛ぶ'" in result.output
    from cardtable.games.sarasvati.pool import DATA

    shipped = DATA / "cards.txt"
    ok = CliRunner().invoke(app, ["cards", "check", "sarasvati", str(shipped)])
    assert ok.exit_code == 0


def test_a_card_pasted_from_the_wiki_into_a_deck_file_plays(tmp_path: Path) -> None:
    path = tmp_path / "pasted.txt"
    path.write_text(
        "デッキ: 貼り付け / Pasted\n"
        "―――――――――――――――――――――――\n"
        "◇新人司書・ミカ [ミカ]\n"
        "2:2000/1000(キャラクター/ドラマ、司書)\n"
        "‣召喚時、カードを1枚引く。\n"
        "『まだ見習い』\n"
        "―――――――――――――――――――――――\n"
        "4 新人司書・ミカ\n4 転校生\n4 名探偵シオン\n4 図書委員の少年\n4 生徒会長レイカ\n"
        "4 機動歩兵ガード\n4 サイボーグ忍者\n4 森の精霊\n4 喧嘩屋タケル\n4 二刀流の剣士\n"
        "1 完結編\n1 終わらない日常\n1 学園七不思議\n", "utf-8")
    assert GAME.check_file(path) == []
    deck = GAME.load_deck(str(path))
    mika = next(c for c in deck.cards if c.short == "ミカ")
    assert mika.name_en == mika.name and mika.effects[0].ops == (("draw", 1),)
    state = GAME.new_game(1, (deck, GAME.load_deck("school-mystery")))
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert state.result() is not None


def test_cards_list_shows_the_three_decks() -> None:
    result = CliRunner().invoke(app, ["cards", "list", "sarasvati"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert all(n in result.output for n in ("hot-blooded-action", "school-mystery",
                                            "science-and-sorcery"))
