"""Bilingual wording as data: each module's English and Japanese sentences in a catalog.

What the terminal, the table and each game say (a question, a log line, a rule's summary, a
zone's name) used to stand in Python dict literals of ``key: (English, Japanese)``, a few
hundred lines a game that differed only in their words. They are data: a translator or a
designer edits them without reading code, and no two games share a line of logic there. So
each package keeps them in ``data/words.toml`` beside its modules, one table a module
(``[sentences.TEXT]``), each entry ``key = [English, Japanese]`` with ``{name}`` for a value
filled in by ``str.format``. A module reads its table once, at import, as the same dict of
pairs it always held.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any


@cache
def _catalog(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8"))


def catalog(module: str, table: str) -> dict[str, Any]:
    """The table ``table`` (``sentences.TEXT``: the module's name, then the table's) of the
    catalog ``data/words.toml`` beside ``module`` (a ``__file__``), as the catalog holds it
    (a game's ``HOW_TO_PLAY``: per language, its lines and pairs)."""
    node: Any = _catalog(Path(module).resolve().parent / "data" / "words.toml")
    for part in table.split("."):
        node = node[part]
    return node  # type: ignore[no-any-return]


def words(module: str, table: str) -> dict[str, tuple[str, str]]:
    """The table ``table`` of the catalog beside ``module`` (``catalog``), as ``{key:
    (English, Japanese)}`` in the catalog's order."""
    out: dict[str, tuple[str, str]] = {}
    for key, pair in catalog(module, table).items():
        en, ja = pair
        out[key] = (en, ja)
    return out


def worded(table: dict[str, tuple[str, str]], key: str, lang: str, **kw: Any) -> str:
    """``table[key]`` (English, Japanese) in ``lang``, its fields filled from ``kw``: what a
    module's words function says (``tx = partial(worded, TEXT)``)."""
    en, ja = table[key]
    return (ja if lang == "ja" else en).format(**kw)


def worded_lines(table: dict[str, tuple[str, str]], key: str, lang: str) -> list[str]:
    """``table[key]`` in ``lang`` as lines, split at its line breaks (none for a key the
    table does not hold): a phase's rules at the table."""
    en, ja = table.get(key, ("", ""))
    text = ja if lang == "ja" else en
    return text.split("\n") if text else []
