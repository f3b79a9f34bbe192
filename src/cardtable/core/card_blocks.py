"""Reading a card file written as blocks: a header line, a stat line, then the card's text.

Culdcept, Dreadnought and サラスヴァティ print their cards the same way (``◇名前``, an English
name, one stat line, effect lines, a 『flavour』 line, deck lines ``4 名前`` after the cards), and
only the stat line and the text mean something different in each. So the reading is written
once: this module walks the lines, tells card headers, English lines, deck names and deck
lines apart and reports what fits none of them, and each game gives the two things that are
its own: how to read a stat line, and what a finished block makes (a card, or diagnostics).
DRAWS-◎-TROIDAL's cards are ``key: value`` fields and Dice and Monsters' decks have no counts,
so they keep readers of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.card_english import is_english_text_key
from cardtable.core.cardfile import Document, add_deck_line, split_key
from cardtable.core.diagnostics import Diagnostic, too_many
from cardtable.core.userfile import clip, deck_entry

#: keys of the line that gives a card its English name
ENGLISH_NAME_KEYS = ("english", "英名", "英語名")
#: a line of dashes between cards is decoration
SEPARATOR = re.compile(r"^[―—\-ー─=＝]{3,}$")

Report = Callable[[int, str], None]


@dataclass
class CardBlock:
    """One card as read so far; the game's ``finish`` turns it into a card."""

    name: str
    line: int  # the header's line
    tag: str = ""  # what the header holds beside the name (サラスヴァティ's short name)
    name_en: str = ""
    stats: Any = None  # the game's reading of the stat line; None: missing or wrong
    bad: bool = False  # the stat line was wrong (already reported)
    flavor: str = ""
    english: list[str] = field(default_factory=list)  # the designer's ``English text:`` lines
    body: list[tuple[int, str]] = field(default_factory=list)  # (line, text) of the rest


@dataclass(frozen=True)
class BlockTemplate:
    """What one game's block template says beyond the shared layout."""

    #: reads a stat line: the game's stats, or what is wrong with it
    parse_stats: Callable[[str], Any]
    #: makes the card of a block whose stat line was read (appends to ``doc.cards`` and
    #: ``doc.card_lines``, or reports through ``report`` and adds the name to ``doc.broken``)
    finish: Callable[[CardBlock, Document, Report], None]
    #: a stat line to show the designer who left one out
    stats_example: str
    deck_keys: tuple[str, ...] = ("デッキ", "deck")
    card_mark: str = "◇"
    #: how a header is written, shown when a header has no name
    header_example: str = "◇カード名"
    #: (name, tag) of the header's text after the mark
    split_header: Callable[[str], tuple[str, str]] = lambda text: (text.strip(), "")
    max_count: int = 99


def body_problems(block: CardBlock, problems: list[tuple[int, str]], report: Report) -> bool:
    """Each of ``problems`` (an index into the block's body, a message) reported at its line;
    whether there were any (a card with a bad effect line is not made)."""
    for i, message in problems:
        report(block.body[i][0], message)
    return bool(problems)


def read_blocks(text: str, filename: str, template: BlockTemplate) -> Document:
    """Every card and deck line of ``text``, with every problem found (reading goes on after
    one, up to the diagnostics cap, so a designer sees them all at once)."""
    doc = Document()
    current: CardBlock | None = None

    def report(line: int, message: str) -> None:
        doc.diagnostics.append(Diagnostic(filename, line, message))

    def finish() -> None:
        if current is None:
            return
        if current.stats is None:
            if not current.bad:
                report(current.line, f"card '{current.name}' has no stat line "
                                     f"(e.g. {template.stats_example})")
            doc.broken.add(current.name)
            return
        if current.name in doc.card_lines:  # every game's template: one name, one card
            report(current.line, f"card '{current.name}' is defined twice "
                                 f"(first at line {doc.card_lines[current.name]})")
            return
        template.finish(current, doc, report)

    for lineno, raw in enumerate(text.splitlines(), start=1):
        if too_many(doc.diagnostics, filename, lineno):
            break
        line = raw.strip().strip("\u3000")
        if not line or line.startswith("#") or SEPARATOR.match(line):
            continue
        if line.startswith(template.card_mark):
            finish()
            name, tag = template.split_header(line[len(template.card_mark):])
            current = None
            if not name:
                report(lineno, f"card header has no name: write '{template.header_example}'")
                continue
            current = CardBlock(name, lineno, tag)
            continue
        key, colon, value = split_key(line)
        if colon and key.casefold() in template.deck_keys:
            finish()
            current = None
            ja, _, en = value.partition("/")
            doc.deck_name, doc.deck_name_en = ja.strip(), en.strip()
            continue
        entry = deck_entry(line)
        if entry and (current is None or current.stats is not None):
            finish()
            current = None
            add_deck_line(doc, lineno, entry, template.max_count, report)
            continue
        if current is None:
            report(lineno, f"'{clip(line)}' is neither a card header "
                           f"('{template.card_mark}カード名'), a line of a card, nor a deck "
                           "line ('4 カード名')")
            continue
        if colon and key.casefold() in ENGLISH_NAME_KEYS:
            current.name_en = value
            continue
        if colon and is_english_text_key(key):
            current.english.append(value)
            continue
        if current.stats is None and not current.bad:
            parsed = template.parse_stats(line)
            if isinstance(parsed, str):
                report(lineno, parsed)
                current.bad = True
            else:
                current.stats = parsed
            continue
        if current.bad:  # the card is broken already; its text would only add noise
            continue
        if line.startswith("『"):
            current.flavor = line.strip("『』")
            continue
        current.body.append((lineno, line))
    finish()
    return doc
