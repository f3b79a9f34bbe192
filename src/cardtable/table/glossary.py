"""Each game's glossary: its own words (gear change, god draw, toll, voltage...) explained once,
in both languages, for the how-to-play page and for the links the table puts on those words
where a player decides.

A glossary is a readable data file beside the game's record (``games/<id>/glossary.txt``),
its entries taken from the game's rule text (``shared/seeds``) and its rules page
(``docs/rules``):

```
◆ gear-change
term: gear change / ギアチェンジ
also: gear changes /
en: Discard your speed card and put any hand card face down in its place ...
ja: スピードカードを捨札にして、代わりに手札の任意のカード1枚をクローズで置く ...
```

``term`` and ``also`` give the forms a text is searched for, English then Japanese after a
``/``; an English form matches whole words regardless of case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from cardtable.core.errors import CardtableError
from cardtable.core.registry import parts


@dataclass(frozen=True)
class Entry:
    key: str
    term: tuple[str, str]
    forms: tuple[tuple[str, ...], tuple[str, ...]]
    text: tuple[str, str]

    def says(self, lang: str) -> tuple[str, str]:
        i = 1 if lang == "ja" else 0
        return self.term[i], self.text[i]


def _split(value: str) -> tuple[list[str], list[str]]:
    en, _, ja = value.partition("/")
    return ([w.strip() for w in en.split(",") if w.strip()],
            [w.strip() for w in ja.split(",") if w.strip()])


def parse(name: str, text: str) -> tuple[Entry, ...]:
    entries: list[Entry] = []
    current: dict[str, str] | None = None

    def close() -> None:
        if current is None:
            return
        if not all(current.get(k) for k in ("term", "en", "ja")):
            raise CardtableError(f"{name}:{current['line']}: an entry needs term, en and ja")
        en_terms, ja_terms = _split(current["term"])
        en_more, ja_more = _split(current.get("also", ""))
        entries.append(Entry(current["key"], (en_terms[0], ja_terms[0]),
                             (tuple(en_terms + en_more), tuple(ja_terms + ja_more)),
                             (current["en"], current["ja"])))

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("◆"):
            close()
            current = {"key": line[1:].strip(), "line": str(number)}
            continue
        key, colon, value = line.partition(":")
        if current is None or not colon or key.strip() not in ("term", "also", "en", "ja"):
            raise CardtableError(f"{name}:{number}: not a glossary line: {line!r}")
        key = key.strip()
        glue = "" if key == "ja" else " "  # Japanese runs on without spaces between lines
        current[key] = (current.get(key, "") + glue + value.strip()).strip()
    close()
    return tuple(entries)


@cache
def entries(game_id: str) -> tuple[Entry, ...]:
    """The game's glossary, in the file's order (none: an empty tuple)."""
    path = resources.files(parts(game_id).package) / "glossary.txt"
    if not path.is_file():
        return ()
    return parse(f"{game_id}/glossary.txt", path.read_text(encoding="utf-8"))


def anchor(key: str) -> str:
    """The id of an entry on the how-to-play page."""
    return f"g-{key}"


@cache
def _pattern(game_id: str, lang: str) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    i = 1 if lang == "ja" else 0
    owner: dict[str, str] = {}
    for entry in entries(game_id):
        for form in entry.forms[i]:
            owner.setdefault(form.casefold(), entry.key)
    if not owner:
        return None, owner
    forms = sorted(owner, key=len, reverse=True)  # the longest form first: "god draw" over "draw"
    body = "|".join(re.escape(f) for f in forms)
    if lang == "ja":
        return re.compile(body), owner
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE), owner


def words(game_id: str, text: str, lang: str) -> list[list[object]]:
    """``[start, end, key, explanation]`` for each glossary word in ``text``, left to right,
    not overlapping; each entry linked at its first occurrence only."""
    pattern, owner = _pattern(game_id, lang)
    texts = {e.key: e.says(lang)[1] for e in entries(game_id)}
    if pattern is None or not text:
        return []
    out: list[list[object]] = []
    seen: set[str] = set()
    for m in pattern.finditer(text):
        key = owner[m.group(0).casefold()]
        if key in seen:
            continue
        seen.add(key)
        out.append([m.start(), m.end(), key, texts[key]])
    return out
