"""The shared reader of ◇-block card files, with a template of its own: what a new game
writing its cards this way gets without writing a parser loop."""

from __future__ import annotations

from typing import Any

from cardtable.core.card_blocks import BlockTemplate, CardBlock, Report, read_blocks
from cardtable.core.cardfile import Document
from cardtable.core.diagnostics import MAX_DIAGNOSTICS


def _stats(line: str) -> dict[str, Any] | str:
    if not line.startswith("HP") or not line[2:].isdigit():
        return f"cannot read the stat line '{line}'; write e.g. HP3"
    return {"hp": int(line[2:])}


def _finish(block: CardBlock, doc: Document, report: Report) -> None:
    for lineno, text in block.body:
        if text != "引く":
            report(lineno, f"phrase not understood: '{text}'")
            doc.broken.add(block.name)
            return
    doc.cards.append((block.name, block.name_en, block.stats["hp"], block.flavor,
                      tuple(block.english)))
    doc.card_lines[block.name] = block.line


TEMPLATE = BlockTemplate(_stats, _finish, "HP3")


def _messages(doc: Document) -> list[str]:
    return [f"{d.line}: {d.message}" for d in doc.diagnostics]


def test_a_block_is_a_header_a_stat_line_and_text() -> None:
    doc = read_blocks("◇竜\nEnglish: Dragon\nHP3\n引く\n『古い』\nEnglish text: Draw.\n"
                      "---\nデッキ: 試し / Trial\n2 竜\n", "f.txt", TEMPLATE)
    assert doc.diagnostics == []
    assert doc.cards == [("竜", "Dragon", 3, "古い", ("Draw.",))]
    assert (doc.deck_name, doc.deck_name_en, doc.entries) == ("試し", "Trial", [(9, 2, "竜")])


def test_every_problem_is_reported_with_its_line() -> None:
    doc = read_blocks("◇\n迷子\n◇竜\n引く\n◇虎\nHP2\n走る\n◇鳥\n", "f.txt", TEMPLATE)
    assert _messages(doc) == [
        "1: card header has no name: write '◇カード名'",
        "2: '迷子' is neither a card header ('◇カード名'), a line of a card, nor a deck line "
        "('4 カード名')",
        "4: cannot read the stat line '引く'; write e.g. HP3",
        "7: phrase not understood: '走る'",
        "8: card '鳥' has no stat line (e.g. HP3)",
    ]
    assert doc.broken == {"竜", "虎", "鳥"}


def test_the_text_of_a_card_whose_stat_line_is_wrong_adds_no_noise() -> None:
    doc = read_blocks("◇竜\nHPx\n走る\n跳ぶ\n", "f.txt", TEMPLATE)
    assert len(doc.diagnostics) == 1


def test_reading_stops_after_the_diagnostics_cap() -> None:
    doc = read_blocks("迷子\n" * (MAX_DIAGNOSTICS + 50), "f.txt", TEMPLATE)
    assert len(doc.diagnostics) == MAX_DIAGNOSTICS + 1
    assert "stopped reading here" in doc.diagnostics[-1].message
