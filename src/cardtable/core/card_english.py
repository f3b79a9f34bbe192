"""A card's English, shared by every game's card template: a designer's own lines and the gaps.

Every game renders a card's English from what its parser understood (the effect vocabulary,
registered wordings, glossaries of attributes and features), so a card pasted in Japanese reads
in English with no translation written for it. Two things are the same in every game and live
here rather than in five copies:

* **A designer's own English.** A card may carry ``English text: …`` lines (``英文: …``); the
  n-th replaces the English rendered for the card's n-th text line (what a "text line" is, each
  game says: an effect line, an action face, a trait...). The rules always read the Japanese.
  More override lines than text lines is an error at the card's line.
* **Gaps in the English.** A glossary is finite: a new feature word, sub-attribute or a line the
  vocabulary cannot read still shows in Japanese in English mode. ``english_gaps`` finds them in
  the English a file's cards render to, so ``cards check`` warns ``FILE:LINE: no English for
  '…'`` and the designer can add an ``English text:`` line or the project a glossary entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.core.diagnostics import Diagnostic

#: the keys of a designer's English line, compared case-folded
ENGLISH_TEXT_KEYS = ("english text", "英文")
#: hiragana, katakana (with its long-vowel mark) and CJK ideographs: text a reader of English
#: cannot read
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f々〆ヶ]+")


def printed_lines(card: Any, lang: str, body: Iterable[str]) -> list[str]:
    """A card as its lines are printed: the name (in English with the English name beside it,
    where the card has one of its own), the lines ``body`` the game renders, and in Japanese
    the flavour text in 『』 (it is written in Japanese alone). Culdcept's, Dreadnought's and
    サラスヴァティ's cards are framed alike; each game says only its body."""
    name, name_en = card.name, card.name_en
    head = name if lang == "ja" or name_en in ("", name) else f"{name} / {name_en}"
    tail = [f"『{card.flavor}』"] if card.flavor and lang == "ja" else []
    return [head, *body, *tail]


def is_english_text_key(key: str) -> bool:
    """Whether ``key`` (the part before ``:``) names a designer's English line."""
    return key.strip().casefold() in ENGLISH_TEXT_KEYS


def override_problem(card: str, given: int, lines: int) -> str | None:
    """The error for more ``English text:`` lines than the card has text lines, else None."""
    if given <= lines:
        return None
    return f"card '{card}' has {given} 'English text:' lines but {lines} text line(s)"


def with_overrides(rendered: Sequence[str], overrides: Sequence[str]) -> list[str]:
    """``rendered`` (a card's text lines in English) with the n-th replaced by the n-th
    override; an empty override keeps the rendering."""
    return [own or line for line, own in zip(rendered, [*overrides, *[""] * len(rendered)],
                                            strict=False)]


def japanese_in(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The runs of Japanese in ``text`` once the ``allowed`` words (card names, which are
    given in both languages) are taken out."""
    for word in sorted(set(allowed) - {""}, key=len, reverse=True):
        text = text.replace(word, " ")
    return JAPANESE.findall(text)


def english_gaps(file: str, cards: Sequence[tuple[int, str, list[str]]],
                 names: Iterable[str] = ()) -> list[Diagnostic]:
    """A warning for each Japanese word left in the English of a file's cards.

    ``cards`` are ``(line, name, English lines)``: the line of the card's header, its Japanese
    name and what the game renders for it in English. The card names of the file and ``names``
    (the pool's) may stand in English lines (the header, an evolution's base).
    """
    allowed = {name for _, name, _ in cards} | set(names)
    out: list[Diagnostic] = []
    for line, name, english in cards:
        missing: list[str] = []
        for text in english:
            missing += [w for w in japanese_in(text, allowed) if w not in missing]
        if missing:
            words = ", ".join(f"'{w}'" for w in missing)
            out.append(Diagnostic(file, line, f"no English for {words} in card '{name}' "
                                              "(add an 'English text:' line, or the word to "
                                              "the game's glossary)"))
    return out
