"""Card definitions and the card/deck file format a designer edits by hand.

The beta rules print no card list, so the project defines a template in the spirit of the
wiki pages: a card starts with ``◆ 日本語名 / English name`` and its fields follow as
``key: value`` pairs, several to a line if the designer likes::

    ◆ 火竜 / Fire Drake
    属性: 火  パワー: 7  リスク: 4  ガード: 1
    フレーバー: 山を焼く古き竜。

The cards print no effect text: the flavour is their one text line, shown in Japanese only.
An optional ``English text: …`` line gives the card's English line (shown in English, where the
Japanese flavour is not).

A deck is a list of ``count name`` lines under an optional ``デッキ: 名前 / Name`` line. A deck
file may define its own new cards in the same file, so a designer can ship one file per idea.
Every problem is reported as ``file:line: problem``, with the nearest valid word where one fits.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardtable.core.card_english import is_english_text_key, override_problem
from cardtable.core.cardfile import Document, add_deck_line, split_key
from cardtable.core.diagnostics import Diagnostic, did_you_mean, too_many
from cardtable.core.errors import CardtableError, NumberError
from cardtable.core.userfile import clip, deck_entry, parse_count
from cardtable.games.draws_troidal.attributes import ENGLISH, KANJI, SPELLINGS


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. ``power`` None means no power is printed (the card always loses)."""

    name: str
    name_en: str
    attribute: int
    power: int | None
    risk: int
    guard: int
    flavor: str = ""
    #: a designer's own English for the card's one text line, its flavour (shown in English,
    #: where the Japanese flavour is not)
    english: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "attribute": ENGLISH[self.attribute],
                "power": self.power, "risk": self.risk, "guard": self.guard,
                "flavor": self.flavor, **({"english": self.english} if self.english else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        """The card a record or snapshot stored, held to the same ranges as a card file."""
        problem = json_problem(data)
        if problem:
            raise CardtableError(problem)
        return cls(data["name"], data["name_en"], SPELLINGS[data["attribute"]], data["power"],
                   data["risk"], data["guard"], data.get("flavor", ""), data.get("english", ""))

    def stats(self, lang: str = "en") -> str:
        """``火 7 / risk 4 / guard 1`` in the table's language."""
        attr = KANJI[self.attribute] if lang == "ja" else ENGLISH[self.attribute]
        power = ("なし" if lang == "ja" else "-") if self.power is None else str(self.power)
        if lang == "ja":
            return f"{attr} パワー{power} リスク{self.risk} ガード{self.guard}"
        return f"{attr} P{power} R{self.risk} G{self.guard}"


def json_problem(data: Any) -> str | None:
    """Why ``data`` is not a card's JSON (the same ranges as a card file), or None."""
    if not isinstance(data, dict):
        return "a card must be an object"
    for key in ("name", "name_en", "attribute"):
        if not isinstance(data.get(key), str) or not data[key]:
            return f"'{key}' must be a non-empty string"
    for key in ("flavor", "english"):
        if not isinstance(data.get(key, ""), str):
            return f"'{key}' must be a string"
    if data["attribute"] not in SPELLINGS:
        return f"unknown attribute '{clip(data['attribute'], 20)}'"
    for key, (lo, hi) in RANGES.items():
        value = data.get(key)
        if value is None and key == "power":
            continue
        if type(value) is not int or not lo <= value <= hi:
            return f"'{key}' must be a whole number from {lo} to {hi}"
    return None


# Field keywords and their spellings (Japanese first, as the template shows them).
FIELDS: dict[str, str] = {
    "属性": "attribute", "attribute": "attribute",
    "パワー": "power", "power": "power",
    "リスク": "risk", "risk": "risk",
    "ガード": "guard", "ガードポイント": "guard", "guard": "guard",
    "フレーバー": "flavor", "flavor": "flavor", "flavour": "flavor",
}
REQUIRED = ("attribute", "power", "risk", "guard")
#: the range of every number a card or deck line may hold (the rules core meets no other)
RANGES = {"power": (0, 999), "risk": (0, 999), "guard": (0, 999)}
#: copies of one card on a single deck line
MAX_COUNT = 99
POWERLESS = {"なし", "-", "—", "ー", "none", "無し"}
#: words a designer may write for an attribute that no spelling resembles (炎 is not like 火)
ATTRIBUTE_HINTS = {"炎": "火", "光": "陽", "闇": "陰", "鉄": "金", "鋼": "金", "樹": "木",
                   "森": "木", "地": "土", "岩": "土", "海": "水", "氷": "水"}
CARD_MARK = "◆"
DECK_KEYS = ("デッキ", "deck")

# A key starts where a word starts (the look-behind), so a long line without a colon is scanned
# once, not once from every character: without it ``findall`` is quadratic in the line length.
_PAIR = re.compile(r"(?<![^\s:：])([^\s:：]+)\s*[:：]\s*(\S+)")


def _split_names(text: str) -> tuple[str, str]:
    ja, _, en = text.partition("/")
    return ja.strip(), en.strip()


def parse_document(text: str, filename: str) -> Document:
    """Parse a card or deck file, collecting every problem instead of stopping at the first."""
    doc = Document()
    current: dict[str, Any] | None = None

    def err(line: int, message: str) -> None:
        doc.diagnostics.append(Diagnostic(filename, line, message))

    def finish() -> None:
        if current is None:
            return
        missing = [k for k in REQUIRED
                   if k not in current["values"] and k not in current["bad"]]
        if missing:
            err(current["line"], f"card '{current['name']}' lacks {', '.join(missing)}")
        if missing or current["bad"]:
            doc.broken.update((current["name"], current["name_en"].casefold()))
            return
        v = current["values"]
        if current["name"] in doc.card_lines:
            err(current["line"], f"card '{current['name']}' is defined twice "
                                 f"(first at line {doc.card_lines[current['name']]})")
            return
        english = current["english"]
        if len(english) > 1:  # one text line: the flavour
            err(current["line"], override_problem(current["name"], len(english), 1) or "")
            doc.broken.update((current["name"], current["name_en"].casefold()))
            return
        doc.cards.append(Card(current["name"], current["name_en"], v["attribute"], v["power"],
                              v["risk"], v["guard"], v.get("flavor", ""),
                              english[0] if english else ""))
        doc.card_lines[current["name"]] = current["line"]

    for lineno, raw in enumerate(text.splitlines(), start=1):
        if too_many(doc.diagnostics, filename, lineno):
            break
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith(CARD_MARK):
            finish()
            ja, en = _split_names(line[len(CARD_MARK):])
            current = None
            if not ja:
                err(lineno, "card header has no name: write '◆ 日本語名 / English name'")
            elif not en:
                err(lineno, f"card '{ja}' has no English name: write '◆ {ja} / English name'")
            else:
                current = {"name": ja, "name_en": en, "line": lineno, "values": {}, "bad": set(),
                           "english": []}
            continue
        key, colon, value = split_key(line)
        if colon and key.casefold() in DECK_KEYS:
            finish()
            current = None
            doc.deck_name, doc.deck_name_en = _split_names(value)
            continue
        entry = deck_entry(line)
        if entry:
            finish()
            current = None
            add_deck_line(doc, lineno, entry, MAX_COUNT, err)
            continue
        if current is None:
            err(lineno, f"'{clip(line)}' is neither a card header ('◆ 名前 / Name'), "
                        "a field of a card, nor a deck line ('4 カード名')")
            continue
        _parse_fields(line, lineno, current, err)
    finish()
    return doc


def _parse_fields(line: str, lineno: int, current: dict[str, Any], err: Any) -> None:
    key, colon, value = split_key(line)
    if colon and is_english_text_key(key):  # the whole line, spaces and all
        current["english"].append(value)
        return
    if colon and FIELDS.get(key.casefold()) == "flavor":
        current["values"]["flavor"] = value
        return
    pairs = _PAIR.findall(line)
    if not pairs:
        err(lineno, f"expected 'key: value' pairs, got '{clip(line)}'")
        return
    for key, value in pairs:
        name = FIELDS.get(key.casefold())
        if name is None:
            err(lineno, f"unknown field '{clip(key)}'{did_you_mean(key, FIELDS)}")
            continue
        if name in current["values"]:
            err(lineno, f"field '{key}' given twice for card '{current['name']}'")
            continue
        parsed = _parse_value(name, value)
        if isinstance(parsed, str):
            err(lineno, parsed)
            current["bad"].add(name)
            continue
        current["values"][name] = parsed[0]


def _parse_value(name: str, value: str) -> tuple[Any] | str:
    """``(value,)`` or an error message."""
    if name == "attribute":
        attr = SPELLINGS.get(value.casefold())
        if attr is None:
            hint = ATTRIBUTE_HINTS.get(value)
            suggestion = f" (did you mean '{hint}'?)" if hint else did_you_mean(value, SPELLINGS)
            return (f"unknown attribute '{clip(value)}'{suggestion}; "
                    f"attributes: {' '.join(KANJI)} / {' '.join(ENGLISH)}")
        return (attr,)
    if name == "power" and value.casefold() in POWERLESS:
        return (None,)
    lo, hi = RANGES[name]
    try:
        return (parse_count(value, lo, hi, name),)
    except NumberError as exc:
        extra = " (or なし for a card with no power)" if name == "power" else ""
        return f"{exc}{extra}"


def check_pool(doc: Document, filename: str) -> None:
    """Add diagnostics for cards whose Japanese or English name is used twice."""
    seen: dict[str, str] = {}
    for card in doc.cards:
        for label in (card.name, card.name_en.casefold()):
            if label in seen:
                doc.diagnostics.append(Diagnostic(
                    filename, doc.card_lines[card.name],
                    f"card name '{label}' is already used by '{seen[label]}'"))
            else:
                seen[label] = card.name


def resolve_entries(
    doc: Document, pool: dict[str, Card], filename: str, deck_size: int, max_copies: int
) -> list[Card]:
    """The deck's cards in file order; adds diagnostics for unknown names and broken limits."""
    by_name: dict[str, Card] = {}
    for card in pool.values():
        by_name[card.name] = card
        by_name[card.name_en.casefold()] = card
    cards: list[Card] = []
    counts: Counter[str] = Counter()
    first_line: dict[str, int] = {}
    for lineno, count, name in doc.entries:
        card = by_name.get(name) or by_name.get(name.casefold())
        if card is None and (name in doc.broken or name.casefold() in doc.broken):
            continue  # its definition's errors are reported already
        if card is None:
            names = [c.name for c in pool.values()] + [c.name_en for c in pool.values()]
            doc.diagnostics.append(Diagnostic(
                filename, lineno, f"unknown card '{clip(name)}'{did_you_mean(name, names)}"))
            continue
        counts[card.name] += count
        first_line.setdefault(card.name, lineno)
        cards.extend([card] * count)
    for name, n in counts.items():
        if n > max_copies:
            doc.diagnostics.append(Diagnostic(
                filename, first_line[name],
                f"{n} copies of '{name}'; a deck may hold at most {max_copies}"))
    if doc.entries and len(cards) != deck_size and len(doc.diagnostics) == 0:
        doc.diagnostics.append(Diagnostic(
            filename, doc.entries[-1][0],
            f"the deck has {len(cards)} cards; it must have exactly {deck_size}"))
    return cards
