"""One reader for every file a person hands the program: card, deck, scenario and record files.

Whatever the route (``cards check``, ``--deck``, ``--scenario``, ``replay``, a browser upload),
a file is read here, so a broken file gets the same answer everywhere: a ``UserFileError``
carrying ``FILE:LINE: what is wrong`` diagnostics, never a traceback. Reading is bounded before
any parser sees the text: at most ``limits.max_bytes`` bytes (a larger file is refused without
reading the rest) and lines of at most ``limits.max_line`` characters, so every later step,
including the nearest-word suggestions, works on input of a known size.

Numbers a person writes go through ``parse_count``/``parse_int``: ASCII or full-width digits
only (never ``²`` or ``①``, which ``str.isdigit`` accepts and ``int`` refuses), within a stated
range, and checked by length before conversion so a 10,000-digit count costs nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.core.diagnostics import Diagnostic
from cardtable.core.errors import NumberError, UserFileError


@dataclass(frozen=True, slots=True)
class Limits:
    """How much of a file the program agrees to read."""

    #: bytes in the whole file
    max_bytes: int
    #: characters in one line (None: no line limit, for JSON written on one line)
    max_line: int | None
    #: nesting of JSON arrays and objects (JSON files only)
    max_depth: int = 64


#: card and deck files: the longest shipped line is 218 characters, the largest file 12 KB
TEXT_LIMITS = Limits(max_bytes=1 << 20, max_line=1000)
#: game records and other JSON files the program writes itself
JSON_LIMITS = Limits(max_bytes=16 << 20, max_line=None, max_depth=64)

_BOMS = {b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16", b"\xff\xfe\x00\x00": "UTF-32"}
_UTF8_BOM = b"\xef\xbb\xbf"
#: encodings a file that is not UTF-8 most likely is, tried in this order for the hint
_GUESSES = (("shift_jis", "Shift-JIS"), ("euc_jp", "EUC-JP"), ("cp1252", "Windows-1252"))


def clip(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters, so a message never echoes a whole huge line."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _encoding_problem(data: bytes, name: str, exc: UnicodeDecodeError) -> Diagnostic:
    """Where the text stops being UTF-8, and what it looks like instead."""
    line = _line_of(data, exc.start)
    for bom, encoding in _BOMS.items():
        if data.startswith(bom):
            return Diagnostic(name, 1, f"not UTF-8 (looks like {encoding}; save it as UTF-8)")
    if exc.end >= len(data) and exc.reason == "unexpected end of data":
        return Diagnostic(name, line, "not UTF-8: the file ends in the middle of a character "
                                      "(was it cut short?)")
    for codec, label in _GUESSES:
        try:
            data.decode(codec)
        except UnicodeDecodeError:
            continue
        return Diagnostic(name, line, f"not UTF-8 (looks like {label}?); save it as UTF-8")
    return Diagnostic(name, line, f"not UTF-8: byte 0x{data[exc.start]:02x} cannot start or "
                                  "continue a character (a binary file?)")


def _open_problem(name: str, exc: OSError) -> Diagnostic:
    if isinstance(exc, FileNotFoundError):
        return Diagnostic(name, 0, "no such file")
    if isinstance(exc, IsADirectoryError):
        return Diagnostic(name, 0, "is a directory, not a file")
    if isinstance(exc, PermissionError):
        return Diagnostic(name, 0, "cannot read file: permission denied")
    return Diagnostic(name, 0, f"cannot read file: {exc.strerror or exc}")


def decode(data: bytes, name: str, limits: Limits = TEXT_LIMITS) -> str:
    """Bytes from any source (a file, an upload) as checked text, or ``UserFileError``."""
    if len(data) > limits.max_bytes:
        raise UserFileError([Diagnostic(name, 0, f"file is larger than the limit of "
                                                 f"{limits.max_bytes:,} bytes")])
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserFileError([_encoding_problem(data, name, exc)]) from None
    nul = text.find("\0")
    if nul >= 0:
        hint = " (looks like UTF-16; save it as UTF-8)" if text.count("\0") * 4 > len(text) \
            else " (a binary file?)"
        raise UserFileError([Diagnostic(name, text.count("\n", 0, nul) + 1,
                                        f"contains a NUL byte{hint}")])
    if limits.max_line is not None:
        for number, line in enumerate(text.splitlines(), start=1):
            if len(line) > limits.max_line:
                raise UserFileError([Diagnostic(
                    name, number, f"line is {len(line):,} characters long; "
                                  f"the limit is {limits.max_line:,}")])
    return text


def read_bytes(path: Path | str, limits: Limits = TEXT_LIMITS) -> bytes:
    """At most ``limits.max_bytes + 1`` bytes of a file (enough to tell it is too large)."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            return handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise UserFileError([_open_problem(name, exc)]) from None


def read_text(path: Path | str, limits: Limits = TEXT_LIMITS) -> str:
    """A user's text file, checked: size, encoding, NUL bytes, line length."""
    return decode(read_bytes(path, limits), str(path), limits)


def read_source(path: Path | str, limits: Limits = TEXT_LIMITS) -> tuple[str, list[Diagnostic]]:
    """``read_text`` for collectors: the text, or ``""`` and the diagnostics why not."""
    try:
        return read_text(path, limits), []
    except UserFileError as exc:
        return "", exc.diagnostics


def _reject_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a JSON number")


def _depth_exceeds(data: Any, limit: int) -> bool:
    """Whether arrays/objects nest deeper than ``limit`` (iterative: no recursion to blow)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in value if isinstance(v, (list, dict)))
    return False


def _too_deep(name: str, limits: Limits) -> Diagnostic:
    return Diagnostic(name, 0, f"JSON nested more than {limits.max_depth} levels deep "
                               "(no file of this program nests so deep)")


def loads(text: str, name: str, limits: Limits = JSON_LIMITS) -> Any:
    """JSON text as data, or ``UserFileError`` (bad syntax, NaN, huge numbers, deep nesting)."""
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise UserFileError([Diagnostic(name, exc.lineno, f"not valid JSON: {exc.msg} "
                                                          f"(column {exc.colno})")]) from None
    except RecursionError:
        raise UserFileError([_too_deep(name, limits)]) from None
    except ValueError as exc:  # NaN/Infinity, or an integer with thousands of digits
        raise UserFileError([Diagnostic(name, 0, f"not valid JSON: {clip(str(exc), 80)}")]) \
            from None
    if _depth_exceeds(data, limits.max_depth):
        raise UserFileError([_too_deep(name, limits)])
    return data


def read_json(path: Path | str, limits: Limits = JSON_LIMITS) -> Any:
    """A user's JSON file (a record, a scenario), checked like a text file, then parsed."""
    return loads(read_text(path, limits), str(path), limits)


# -- lines every game's files share ----------
# ``4 name``, ``4x name``, ``4 x name``, ``4× name``. Possessive quantifiers (``++``, ``*+``)
# never give characters back, so a line of spaces is refused in one pass instead of trying
# every split of its whitespace (quadratic in the line's length).
_DECK_ENTRY = re.compile(r"(\d++)(?:\s*+[x×](?=\s))?\s++(\S.*)")


def deck_entry(line: str) -> tuple[str, str] | None:
    """``(count digits, card name)`` of a deck line, or None when ``line`` is not one."""
    m = _DECK_ENTRY.fullmatch(line)
    return (m.group(1), m.group(2).rstrip()) if m else None


# -- numbers ----------
_FULL_WIDTH = str.maketrans("０１２３４５６７８９－", "0123456789-")


def parse_int(text: str, lo: int, hi: int, what: str = "number") -> int:
    """A whole number written in ASCII or full-width digits, ``lo <= n <= hi``.

    Raises ``NumberError`` whose message names ``what`` and the range. The digits are counted
    before conversion, so a count thousands of digits long is refused at once.
    """
    raw = text.strip()
    digits = raw.translate(_FULL_WIDTH)
    negative = digits.startswith("-")
    body = digits[1:] if negative else digits
    if not body or not (body.isascii() and body.isdigit()):
        raise NumberError(f"{what} must be a whole number from {lo} to {hi}, "
                          f"got '{clip(raw, 30)}'")
    significant = body.lstrip("0") or "0"
    if len(significant) > max(len(str(abs(lo))), len(str(abs(hi)))):
        raise NumberError(f"{what} must be from {lo} to {hi}, got '{clip(raw, 30)}'")
    value = -int(significant) if negative else int(significant)
    if not lo <= value <= hi:
        raise NumberError(f"{what} must be from {lo} to {hi}, got {value}")
    return value


def parse_count(text: str, lo: int = 0, hi: int = 999, what: str = "count") -> int:
    """A count (no sign) from ``lo`` to ``hi``; see ``parse_int``."""
    if text.strip().translate(_FULL_WIDTH).startswith("-"):
        raise NumberError(f"{what} must be a whole number from {lo} to {hi}, "
                          f"got '{clip(text.strip(), 30)}'")
    return parse_int(text, lo, hi, what)
