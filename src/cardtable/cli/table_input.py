"""What a person types at the table, read strictly: numbers, a few keys, nothing else.

Only ASCII and full-width digits count as a number; ``²``, ``①`` or ``٣`` are digits to Python's
``str.isdigit`` but not to a player, so they are re-prompted instead of crashing ``int()``.
Full-width letters (a Japanese keyboard in full-width mode) read as their ASCII twins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: full-width ASCII (U+FF01..U+FF5E) and the ideographic space, as ASCII
_HALF = {0xFF01 + i: 0x21 + i for i in range(94)} | {0x3000: 0x20}
#: the longest number a menu can need; longer input is not a choice
MAX_DIGITS = 6


@dataclass(frozen=True)
class Entry:
    """One line of input: a number, or a key with an optional argument, or nothing readable."""

    number: int | None = None
    key: str = ""
    arg: str = ""
    raw: str = ""


def read_entry(line: str) -> Entry:
    text = line.strip().translate(_HALF)
    if text and len(text) <= MAX_DIGITS and all(c in "0123456789" for c in text):
        return Entry(number=int(text), raw=text)
    key, _, arg = text.partition(" ")
    if key.isascii() and key.isprintable():
        return Entry(key=key.casefold(), arg=arg.strip(), raw=text)
    return Entry(raw=text)


def read_path(line: str) -> list[int]:
    """A whole menu path typed at once, ``3 2`` or ``3/2`` or ``3,2``: its numbers in order
    (empty unless every part is a number)."""
    parts = [p for p in re.split(r"[\s,/>]+", line.strip().translate(_HALF)) if p]
    if len(parts) < 2 or not all(p.isascii() and p.isdigit() and len(p) <= MAX_DIGITS
                                 for p in parts):
        return []
    return [int(p) for p in parts]


def read_number(text: str) -> int | None:
    """``text`` as a non-negative number if it is one (ASCII or full-width digits only)."""
    return read_entry(text).number


def yes(line: str) -> bool:
    """A yes to a ``[y/N]`` question: y, yes, はい (anything else is no)."""
    return line.strip().translate(_HALF).casefold() in ("y", "yes", "はい")
