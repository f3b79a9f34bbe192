"""Cards in the seed's own template, and deck files.

A card is written exactly as the seed's wiki template shows it::

    ◇第零の司書・サラ [サラ]
    4:3000/3000(キャラクター/アクション、マスコット)
    ‣自分の手札が3枚以上の時、このカードの攻撃力を+2000する。
    『黒きコートを翻す、クーデレ貧乳ポニテ黒眼ガール』

The stat line may also be written ``コスト4:攻3000/防3000(...)``; supports and books print no
attack/defense, equipment without stats prints ``-/-``. Effect lines start with ``‣``, ``▸`` or
``・`` (or nothing) and may carry an ``[effect name]``. ``進化元:名前`` (``名前+名前`` for two
bases) makes a character an evolution; ``付け替え可能`` makes equipment relocatable. The project
adds one optional line, ``English: name``, so every card also has an English name (a card
pasted without it uses its Japanese name), and optional ``English text: …`` lines: the n-th
one replaces the English the vocabulary renders for the n-th text line, for a designer who
wants their own wording (the rules still read the Japanese).

A deck file holds ``N カード名`` lines (the 40 cards and the 3 forbidden books) under an optional
``デッキ: 名前 / Name`` line, and may define cards of its own. Every problem is reported as
``file:line: problem`` with the nearest valid word.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardtable.core.card_blocks import BlockTemplate, CardBlock, Report, body_problems, read_blocks
from cardtable.core.card_english import override_problem
from cardtable.core.cardfile import Document, report_name_clashes, resolve_deck_entries
from cardtable.core.diagnostics import did_you_mean
from cardtable.core.errors import CardtableError, NumberError
from cardtable.core.userfile import clip, parse_count
from cardtable.games.sarasvati.effects import Effect, compile_line, evolution_base, is_relocatable
from cardtable.games.sarasvati.wordings import WORDINGS

KINDS = {"キャラクター": "character", "サポート": "support", "装備": "equipment",
         "禁書": "book", "character": "character", "support": "support",
         "equipment": "equipment", "book": "book"}
KIND_JA = {"character": "キャラクター", "support": "サポート", "equipment": "装備", "book": "禁書"}
ATTRIBUTES = {"SF": "sf", "ファンタジー": "fantasy", "アクション": "action", "ドラマ": "drama",
              "sf": "sf", "fantasy": "fantasy", "action": "action", "drama": "drama"}
ATTRIBUTE_JA = {"sf": "SF", "fantasy": "ファンタジー", "action": "アクション", "drama": "ドラマ"}

_STATS = re.compile(r"^(?:コスト)?(\d+)(?::(?:攻)?(-|\d+)/(?:防)?(-|\d+))?\((.+)\)$")
#: the range of every number a stat line or a deck line may hold
MAX_COST = 99
MAX_STAT = 999_999
MAX_COUNT = 99


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card; ``effects`` are compiled from ``text`` when the card is made."""

    name: str
    name_en: str
    cost: int
    kind: str
    attribute: str
    subs: tuple[str, ...] = ()
    attack: int = 0
    defense: int = 0
    #: attack/defense printed (characters; equipment unless ``-/-``)
    stats: bool = False
    short: str = ""
    text: tuple[str, ...] = ()
    flavor: str = ""
    effects: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    evolves_from: tuple[str, ...] = field(default=(), compare=False, repr=False)
    relocatable: bool = field(default=False, compare=False, repr=False)
    #: lasting stat effects on the card itself (or its holder), and on many characters
    own: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    wide: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    #: lasting cost changes: (effect, kind of card made cheaper, change)
    costs: tuple[tuple[Effect, str, int], ...] = field(default=(), compare=False, repr=False)
    #: triggers this card has (so most cards skip the trigger scan)
    triggers: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: some lasting effect of this card lowers defense (so it can destroy by itself)
    lowers: bool = field(default=False, compare=False, repr=False)
    #: some lasting effect of this card lowers attack (so a character may be unable to attack)
    weakens: bool = field(default=False, compare=False, repr=False)
    #: a designer's own English for the text lines, in order (else rendered from the effects)
    text_en: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "short": self.short,
                "cost": self.cost, "kind": self.kind, "attribute": self.attribute,
                "subs": list(self.subs), "attack": self.attack, "defense": self.defense,
                "stats": self.stats, "text": list(self.text), "flavor": self.flavor,
                **({"text_en": list(self.text_en)} if self.text_en else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        """The card a record or snapshot stored, held to the same ranges as a card file.

        Each distinct definition is checked once: every view hands out fresh copies of the
        same few dozen, and the undo check and the search read one view after another (the
        check was half of a sample's making). Known by its fields with their types, so a
        definition that only compares equal to a checked one (``1`` for ``true``) is checked
        afresh."""
        try:
            typed = tuple(sorted((k, type(v), tuple(v) if isinstance(v, list) else v)
                                 for k, v in data.items()))
            known = _CHECKED.get(typed)
        except (AttributeError, TypeError):  # not an object, or a value that is no key
            typed, known = None, None
        if known is not None:
            return known
        problem = json_problem(data)
        if problem:
            raise CardtableError(problem)
        card = _from_json(tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                       for k, v in data.items())))
        if typed is not None:
            if len(_CHECKED) >= 4096:
                _CHECKED.clear()
            _CHECKED[typed] = card
        return card

    def stat_text(self, lang: str = "en") -> str:
        """``4:3000/3000`` the way the seed prints it (``-/-`` for stat-less equipment)."""
        if self.kind in ("support", "book"):
            return f"{self.cost}"
        if not self.stats:
            return f"{self.cost}:-/-"
        return f"{self.cost}:{self.attack}/{self.defense}"

    def type_text(self, lang: str = "en") -> str:
        if lang == "ja":
            subs = "".join(f"、{s}" for s in self.subs)
            return f"{KIND_JA[self.kind]}/{ATTRIBUTE_JA[self.attribute]}{subs}"
        subs = "".join(f", {s}" for s in self.subs)
        return f"{self.kind}/{self.attribute}{subs}"


_JSON_TEXT = ("name", "name_en", "short", "flavor")


def json_problem(data: Any) -> str | None:
    """Why ``data`` is not a card's JSON (the same ranges as a card file), or None."""
    if not isinstance(data, dict):
        return "a card must be an object"
    if not isinstance(data.get("name"), str) or not data["name"]:
        return "'name' must be a non-empty string"
    for key in _JSON_TEXT:
        if not isinstance(data.get(key, ""), str):
            return f"'{key}' must be a string"
    if data.get("kind") not in KIND_JA:
        return f"'kind' must be one of {', '.join(KIND_JA)}"
    if data.get("attribute") not in ATTRIBUTE_JA:
        return f"'attribute' must be one of {', '.join(ATTRIBUTE_JA)}"
    for key, hi in (("cost", MAX_COST), ("attack", MAX_STAT), ("defense", MAX_STAT)):
        value = data.get(key, 0)
        if type(value) is not int or not 0 <= value <= hi:
            return f"'{key}' must be a whole number from 0 to {hi}"
    if not isinstance(data.get("stats", False), bool):
        return "'stats' must be true or false"
    for key in ("subs", "text"):
        items = data.get(key, [])
        if not isinstance(items, list | tuple) or not all(isinstance(x, str) for x in items):
            return f"'{key}' must be a list of strings"
    return None


#: definitions checked already (``Card.from_json``), by their fields with their types
_CHECKED: dict[tuple[Any, ...], Card] = {}


@cache
def _from_json(items: tuple[tuple[str, Any], ...]) -> Card:
    d = dict(items)
    made = make_card(d["name"], d.get("name_en", "") or d["name"], d["cost"], d["kind"],
                     d["attribute"], tuple(d.get("subs", ())), d.get("attack", 0),
                     d.get("defense", 0), d.get("stats", False), d.get("short", ""),
                     tuple(d.get("text", ())), d.get("flavor", ""),
                     tuple(str(x) for x in d.get("text_en", ())))
    if isinstance(made, str):
        raise CardtableError(f"card '{clip(d['name'], 30)}': {made}")
    return made


def make_card(name: str, name_en: str, cost: int, kind: str, attribute: str,
              subs: tuple[str, ...], attack: int, defense: int, stats: bool, short: str,
              text: tuple[str, ...], flavor: str, text_en: tuple[str, ...] = ()) -> Card | str:
    """A card with its effects compiled, or the first problem with its text."""
    effects: list[Effect] = []
    bases: tuple[str, ...] = ()
    relocatable = False
    for line in text:
        b = evolution_base(line)
        if b is not None:
            if kind != "character":
                return "only a character can be an evolution (進化元)"
            bases = b
            continue
        if is_relocatable(line):
            if kind != "equipment":
                return "only equipment can be 付け替え可能"
            relocatable = True
            continue
        eff = compile_line(line, kind)
        if isinstance(eff, str):
            return eff
        effects.append(eff)
    own, wide, costs = [], [], []
    for e in effects:
        if e.trigger not in ("static", "while-open"):
            continue
        for k, v in e.ops:
            if k == "code" and WORDINGS[str(v)].cost:
                costs.append((e, WORDINGS[str(v)].cost_kind, WORDINGS[str(v)].cost))
        if any(k in ("atk", "def") for k, _ in e.ops):
            (own if e.scope == "self" else wide).append(e)
    lowers = any(v < 0 for e in own + wide for k, v in e.ops if k == "def")  # type: ignore[operator]
    weakens = any(v < 0 for e in own + wide for k, v in e.ops if k == "atk")  # type: ignore[operator]
    return Card(name, name_en, cost, kind, attribute, subs, attack, defense, stats, short,
                text, flavor, tuple(effects), bases, relocatable, tuple(own), tuple(wide),
                tuple(costs), frozenset(e.trigger for e in effects), lowers or defense < 0,
                weakens or attack < 0, text_en)


def _effect_problems(kind: str, text: tuple[str, ...]) -> list[tuple[int, str]]:
    """(index in text, message) for every effect line that does not compile."""
    out = []
    for i, line in enumerate(text):
        if evolution_base(line) is not None:
            if kind != "character":
                out.append((i, "only a character can be an evolution (進化元)"))
            continue
        if is_relocatable(line):
            if kind != "equipment":
                out.append((i, "only equipment can be 付け替え可能"))
            continue
        eff = compile_line(line, kind)
        if isinstance(eff, str):
            out.append((i, eff))
    return out


def parse_stats(line: str) -> dict[str, Any] | str:
    """The stat line's numbers, kind and attributes, or an error message."""
    t = re.sub(r"\s+", "", unicodedata.normalize("NFKC", line))
    t = t.replace("（", "(").replace("）", ")")
    m = _STATS.match(t)
    if not m:
        return (f"expected the stat line 'cost:attack/defense(kind/attribute)' "
                f"(e.g. 4:3000/3000(キャラクター/アクション)), got '{clip(line.strip())}'")
    cost, atk, dfn, inner = m.group(1), m.group(2), m.group(3), m.group(4)
    kind_text, slash, attrs = inner.partition("/")
    kind = KINDS.get(kind_text) or KINDS.get(kind_text.casefold())
    if kind is None:
        return f"unknown card kind '{clip(kind_text)}'{did_you_mean(kind_text, list(KINDS)[:4])}"
    if not slash or not attrs:
        return f"no main attribute after the kind: write '({kind_text}/アクション)'"
    parts = [a for a in re.split(r"[、,]", attrs) if a]
    attribute = ATTRIBUTES.get(parts[0]) or ATTRIBUTES.get(parts[0].casefold())
    if attribute is None:
        return (f"unknown main attribute '{clip(parts[0])}'"
                f"{did_you_mean(parts[0], list(ATTRIBUTES)[:4])}; "
                "attributes: SF ファンタジー アクション ドラマ")
    has = atk is not None
    if kind in ("support", "book") and has:
        return f"a {KIND_JA[kind]} card prints no attack/defense: write '{cost}({inner})'"
    if kind == "character" and (not has or atk == "-" or dfn == "-"):
        return f"a character needs attack/defense: write '{cost}:3000/2000({inner})'"
    if kind == "equipment" and not has:
        return f"equipment prints attack/defense or -/-: write '{cost}:-/-({inner})'"
    if has and (atk == "-") != (dfn == "-"):
        return "write both attack and defense as numbers, or -/- for none"
    stats = has and atk != "-"
    try:
        numbers = (parse_count(cost, 0, MAX_COST, "cost"),
                   parse_count(atk, 0, MAX_STAT, "attack") if stats else 0,
                   parse_count(dfn, 0, MAX_STAT, "defense") if stats else 0)
    except NumberError as exc:
        return str(exc)
    return {"cost": numbers[0], "kind": kind, "attribute": attribute, "subs": tuple(parts[1:]),
            "attack": numbers[1], "defense": numbers[2], "stats": stats}


def split_header(text: str) -> tuple[str, str]:
    """``名前 [略称]`` -> (name, short name): the short name is the bracket that ends the line,
    opened at the first ``[`` (a plain scan: a pattern here was quadratic on a line of ``[``)."""
    text = text.strip()
    if text.endswith(("]", "］")):
        opens = [i for i in (text.find("["), text.find("［")) if i >= 0]
        if opens:
            i = min(opens)
            return text[:i].strip(), text[i + 1:-1].strip()
    return text, ""


def parse_document(text: str, filename: str) -> Document:
    """Parse a card or deck file, collecting every problem instead of stopping at the first."""
    return read_blocks(text, filename, TEMPLATE)


def _finish(block: CardBlock, doc: Document, report: Report) -> None:
    """The card of a block: its effect lines checked against the vocabulary."""
    s = block.stats
    lines = tuple(x for _, x in block.body)
    too_many_en = override_problem(block.name, len(block.english), len(lines))
    if too_many_en:
        report(block.line, too_many_en)
    if body_problems(block, _effect_problems(s["kind"], lines), report):
        doc.broken.add(block.name)
        return
    card = make_card(block.name, block.name_en or block.name, s["cost"], s["kind"],
                     s["attribute"], s["subs"], s["attack"], s["defense"], s["stats"],
                     block.tag, lines, block.flavor, tuple(block.english))
    assert not isinstance(card, str)
    if card.name in doc.card_lines:
        report(block.line, f"card '{card.name}' is defined twice "
                           f"(first at line {doc.card_lines[card.name]})")
        return
    doc.cards.append(card)
    doc.card_lines[card.name] = block.line


TEMPLATE = BlockTemplate(parse_stats, _finish, "4:3000/3000(キャラクター/アクション)",
                         header_example="◇カード名 [略称]", split_header=split_header,
                         max_count=MAX_COUNT)


def check_pool(doc: Document, filename: str) -> None:
    """Diagnostics for names (Japanese, short or English) used by two cards."""
    report_name_clashes(doc, filename, lambda c: {c.name, c.short, c.name_en.casefold()})


def resolve_entries(doc: Document, pool: dict[str, Card], filename: str,
                    options: dict[str, Any]) -> list[Card]:
    """The deck's cards in file order (named by name, short name or English name), with
    diagnostics for unknown names and broken limits."""
    return resolve_deck_entries(doc, pool, filename, lambda cards: deck_problems(cards, options),
                                short=True)


def deck_problems(cards: list[Card] | tuple[Card, ...], options: dict[str, Any]) -> list[str]:
    """Every way a deck breaks deck building: 40 cards, 4 copies, 3 books of cost <= 13."""
    out = []
    counts = Counter(c.name for c in cards)
    for name, n in counts.items():
        if n > options["max_copies"]:
            out.append(f"{n} copies of '{name}'; a deck may hold at most "
                       f"{options['max_copies']}")
    books = [c for c in cards if c.kind == "book"]
    main = [c for c in cards if c.kind != "book"]
    if len(main) != options["deck_size"]:
        out.append(f"the deck has {len(main)} cards besides its forbidden books; "
                   f"it must have exactly {options['deck_size']}")
    if len(books) != options["books"]:
        out.append(f"the deck has {len(books)} forbidden books (禁書); "
                   f"it must have exactly {options['books']}")
    total = sum(c.cost for c in books)
    if total > options["book_cost_limit"]:
        out.append(f"the forbidden books cost {total} in total; "
                   f"at most {options['book_cost_limit']} is allowed")
    if len({c.name for c in main}) > 40:
        out.append("a deck may hold at most 40 different cards besides its books")
    return out

def matches(card: Card, base: str) -> bool:
    """Whether ``card`` is an evolution base named ``base`` (name, short name or 【sub】)."""
    if base.startswith("【") and base.endswith("】"):
        return base[1:-1] in card.subs
    return base in (card.name, card.short)
