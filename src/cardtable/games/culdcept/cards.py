"""Cards in a template written in the seed's own terms, and deck files.

The seed prints no card, so the project's template reads like a printed card: a header, an
optional English name, one line of kind, element and numbers, then effect sentences::

    ◇サラマンダー
    English: Salamander
    クリーチャー 火 ST30/HP30 コスト1 条件:火
    ‣侵略時、STを+10する。
    『炎の中に棲む蜥蜴』

* kind: クリーチャー, アイテム, スペル（即効）, スペル（継続）, 土地;
* element: 火 水 地 風 無 (a land card's element is its terrain);
* ``ST/HP`` for creatures only (10-60, as console Culdcept's scale);
* ``コスト N``: cards paid from the top of the deck to the discard pile (0-3; none for land);
* ``条件:火火``: the play condition, lands holding your creatures that must show these
  elements (``条件なし`` or nothing: none).

Effect lines are sentences of the vocabulary in ``effects``; they read in English as the
vocabulary renders them, and optional ``English text: …`` lines (the n-th for the n-th effect
line) give a designer's own English instead (the rules read the Japanese).

A deck file holds ``N カード名`` lines under an optional ``デッキ: 名前 / Name`` line, and may
define cards of its own. Every problem is ``file:line: problem``, the unknown phrase named.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardtable.core.card_blocks import BlockTemplate, CardBlock, Report, body_problems, read_blocks
from cardtable.core.card_english import override_problem, with_overrides
from cardtable.core.cardfile import Document, report_name_clashes, resolve_deck_entries
from cardtable.core.checks import is_int
from cardtable.core.diagnostics import did_you_mean
from cardtable.core.errors import CardtableError
from cardtable.core.userfile import clip
from cardtable.games.culdcept import effects as fx
from cardtable.games.culdcept.effects import ELEMENTS, Effect, compile_line

KINDS = {"クリーチャー": "creature", "アイテム": "item", "スペル(即効)": "instant",
         "スペル(継続)": "lasting", "土地": "land"}
KIND_JA = {v: k.replace("(", "（").replace(")", "）") for k, v in KINDS.items()}
KIND_EN = {"creature": "creature", "item": "item", "instant": "spell (instant)",
           "lasting": "spell (lasting)", "land": "land"}
CARD_MARK = "◇"
DECK_KEYS = ("デッキ", "deck", "ブック", "book")
#: the six starting lands (開始土地), one of each per player, placed at random at the start
START_LANDS = (("火山", "Volcano", fx.FIRE), ("草原", "Plains", fx.WIND),
               ("湖", "Lake", fx.WATER), ("森林", "Forest", fx.EARTH),
               ("都市", "City", fx.NEUTRAL), ("廃虚", "Ruins", fx.NEUTRAL))
STAT_MIN, STAT_MAX, COST_MAX = 10, 60, 3

#: copies one deck line may ask for
MAX_COUNT = 99
_STATS = re.compile(r"^ST(\d+)/HP(\d+)$")
_COST = re.compile(r"^コスト(\d+)$")
_CONDITION = re.compile(r"^条件[:：]?(.*)$")


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card; ``effects`` are compiled from ``text`` when the card is made."""

    name: str
    name_en: str
    kind: str
    element: int
    st: int = 0
    hp: int = 0
    cost: int = 0
    condition: tuple[int, ...] = ()
    text: tuple[str, ...] = ()
    flavor: str = ""
    effects: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    #: a creature with 援護, or an item: may be placed as a battle card
    battle_card: bool = field(default=False, compare=False, repr=False)
    #: a spell's target (effects.NO_TARGET for a card drawing spell)
    target: str = field(default=fx.NO_TARGET, compare=False, repr=False)
    #: battle effects (abilities of a creature or item), in text order
    battle: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    #: the names of every operation of the card (a spell's legal targets depend on them)
    ops: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: a spell's level change (+ up, - down), 0 for none
    level_delta: int = field(default=0, compare=False, repr=False)
    #: a designer's own English, the n-th for the n-th effect line (the rules read the text)
    english: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "kind": self.kind,
                "element": ELEMENTS[self.element], "st": self.st, "hp": self.hp,
                "cost": self.cost, "condition": "".join(ELEMENTS[e] for e in self.condition),
                "text": list(self.text), "flavor": self.flavor,
                "text_en": self.english_lines(),
                **({"english": list(self.english)} if self.english else {})}

    def english_lines(self) -> list[str]:
        """Each effect line in English: the designer's own, else the vocabulary's rendering."""
        return with_overrides([e.render("en") for e in self.effects], self.english)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        return _from_json(tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                       for k, v in data.items())))

    def stat_line(self, lang: str = "en") -> str:
        """The card's kind/element/number line, as the template writes it (or in English)."""
        cond = "".join(ELEMENTS[e] for e in self.condition)
        if lang == "ja":
            parts = [KIND_JA[self.kind], ELEMENTS[self.element]]
            if self.kind == "creature":
                parts.append(f"ST{self.st}/HP{self.hp}")
            if self.kind != "land":
                parts.append(f"コスト{self.cost}")
            if cond:
                parts.append(f"条件:{cond}")
            return " ".join(parts)
        parts = [KIND_EN[self.kind], fx.ELEMENT_EN[self.element]]
        if self.kind == "creature":
            parts.append(f"ST {self.st} HP {self.hp}")
        if self.kind != "land":
            parts.append(f"cost {self.cost}")
        if self.condition:
            parts.append("needs " + "+".join(fx.ELEMENT_EN[e] for e in self.condition))
        return ", ".join(parts)

    def rules_text(self, lang: str = "en") -> str:
        if lang == "ja":
            return " ".join(e.render(lang) for e in self.effects)
        return " ".join(self.english_lines())


#: what the legal scans need to know of a card's kind: the kind, plus one when it has a
#: play condition (items and lands are never tested for theirs there)
ROLE_OTHER, ROLE_LAND, ROLE_SPELL, ROLE_SPELL_IF, ROLE_CREATURE, ROLE_CREATURE_IF = range(6)


def role(card: Card) -> int:
    """The card's number among the ``ROLE_`` constants above."""
    if card.kind == "creature":
        return ROLE_CREATURE_IF if card.condition else ROLE_CREATURE
    if card.kind in ("instant", "lasting"):
        return ROLE_SPELL_IF if card.condition else ROLE_SPELL
    return ROLE_LAND if card.kind == "land" else ROLE_OTHER


class CardTable(tuple):  # type: ignore[type-arg]
    """A match's card definitions (sorted by name) with the sets of ids each phase scans.

    Worked out once per table and shared by every clone, so the legal-action scan asks "is a
    spell in hand?" with one set test instead of a loop over the hand.
    """

    def __init__(self, cards: Any = ()) -> None:
        self.spells = frozenset(i for i, c in enumerate(self) if c.kind in ("instant", "lasting"))
        self.creatures = frozenset(i for i, c in enumerate(self) if c.kind == "creature")
        self.lands = frozenset(i for i, c in enumerate(self) if c.kind == "land")
        self.conditioned = frozenset(i for i, c in enumerate(self) if c.condition)
        #: each card's ``ROLES`` number and cost, read by index where the legal scans test
        #: every hand card (cheaper than a card's attributes, most of all compiled)
        self.roles = tuple(role(c) for c in self)
        self.costs = tuple(c.cost for c in self)
        #: every card's JSON, made once: each view carries a copy of it
        self.json = [c.to_json() for c in self]


def _stored_problem(d: dict[str, Any]) -> str | None:
    """What a stored card holds that its card file could not have written (records and
    snapshots are edited by hand too), or None."""
    if not isinstance(d.get("name"), str) or not d["name"]:
        return "a card needs a name"
    kind, st, hp, cost = d.get("kind"), d.get("st", 0), d.get("hp", 0), d.get("cost", 0)
    if kind not in KIND_JA:
        return f"unknown kind {kind!r}"
    if d.get("element") not in ELEMENTS:
        return f"unknown element {d.get('element')!r}"
    if not (is_int(st) and is_int(hp) and is_int(cost)):
        return "st, hp and cost are whole numbers"
    if kind == "creature":
        if not all(STAT_MIN <= v <= STAT_MAX and v % 10 == 0 for v in (st, hp)):
            return f"ST and HP are {STAT_MIN}-{STAT_MAX} in steps of 10"
    elif st or hp:
        return "only a creature has ST/HP"
    if not 0 <= cost <= (0 if kind == "land" else COST_MAX):
        return f"cost {cost} is outside 0-{COST_MAX}" + (" (a land has none)" if kind == "land"
                                                        else "")
    cond = d.get("condition", "")
    if not isinstance(cond, str | tuple) or any(c not in ELEMENTS[:4] for c in cond):
        return "a condition is made of 火 水 地 風"
    if not all(isinstance(x, tuple) and all(isinstance(s, str) for s in x)
               for x in (d.get("text", ()), d.get("english", ()))):
        return "text and english are lists of sentences"
    return None


@cache
def _from_json(items: tuple[tuple[str, Any], ...]) -> Card:
    d = dict(items)
    problem = _stored_problem(d)
    if problem is not None:
        raise CardtableError(f"card {clip(str(d.get('name')), 30)!r}: {problem}")
    made = make_card(d["name"], d.get("name_en", "") or d["name"], d["kind"],
                     ELEMENTS.index(d["element"]), d.get("st", 0), d.get("hp", 0),
                     d.get("cost", 0), tuple(ELEMENTS.index(c) for c in d.get("condition", "")),
                     tuple(d.get("text", ())), d.get("flavor", ""), tuple(d.get("english", ())))
    if isinstance(made, str):
        raise ValueError(f"card '{d['name']}': {made}")
    return made


def make_card(name: str, name_en: str, kind: str, element: int, st: int, hp: int, cost: int,
              condition: tuple[int, ...], text: tuple[str, ...], flavor: str = "",
              english: tuple[str, ...] = ()) -> Card | str:
    """A card with its effects compiled, or the first problem with it."""
    effects: list[Effect] = []
    for line in text:
        eff = compile_line(line, kind)
        if isinstance(eff, str):
            return eff
        effects.append(eff)
    targets = {e.target for e in effects}
    if kind in ("instant", "lasting"):
        if not effects:
            return "a spell needs an effect sentence"
        if len(targets) > 1:
            return "every sentence of a spell must name the same target"
    target = targets.pop() if len(targets) == 1 else fx.NO_TARGET
    support = any(e.has("support") for e in effects)
    battle = tuple(e for e in effects if not e.has("support")) \
        if kind in ("creature", "item") else ()
    ops = frozenset(k for e in effects for k, _ in e.ops)
    delta = sum(e.value("level") for e in effects)
    too_many_en = override_problem(name, len(english), len(text))
    if too_many_en:
        return too_many_en
    return Card(name, name_en, kind, element, st, hp, cost, condition, text, flavor,
                tuple(effects), support or kind == "item", target, battle, ops, delta, english)


def _effect_problems(kind: str, text: tuple[str, ...]) -> list[tuple[int, str]]:
    out = []
    for i, line in enumerate(text):
        eff = compile_line(line, kind)
        if isinstance(eff, str):
            out.append((i, eff))
    return out


def parse_stats(line: str) -> dict[str, Any] | str:
    """The kind, element and numbers of a card's stat line, or an error message."""
    t = unicodedata.normalize("NFKC", line).replace("／", "/")
    tokens = [x for x in re.split(r"[\s/]+", t.strip()) if x]
    # ST30/HP30 was split at its slash: join it again
    joined: list[str] = []
    for tok in tokens:
        if tok.startswith("HP") and joined and re.fullmatch(r"ST\d+", joined[-1]):
            joined[-1] += "/" + tok
        else:
            joined.append(tok)
    if not joined:
        return "empty stat line"
    kind = KINDS.get(joined[0])
    if kind is None:
        return (f"unknown card kind '{joined[0]}'{did_you_mean(joined[0], list(KINDS))}; kinds: "
                "クリーチャー アイテム スペル（即効） スペル（継続） 土地")
    out: dict[str, Any] = {"kind": kind, "element": None, "st": 0, "hp": 0, "cost": None,
                           "condition": ()}
    for tok in joined[1:]:
        if tok in ELEMENTS and out["element"] is None:
            out["element"] = ELEMENTS.index(tok)
            continue
        m = _STATS.match(tok)
        if m:
            if kind != "creature":
                return f"only a creature has ST/HP, not a {KIND_JA[kind]}"
            st, hp = int(m.group(1)), int(m.group(2))
            for label, v in (("ST", st), ("HP", hp)):
                if not STAT_MIN <= v <= STAT_MAX or v % 10:
                    return f"{label} {v} is outside 10-60 in steps of 10"
            out["st"], out["hp"] = st, hp
            continue
        m = _COST.match(tok)
        if m:
            if kind == "land":
                return "a land card has no cost"
            if int(m.group(1)) > COST_MAX:
                return f"cost {m.group(1)} is above {COST_MAX} cards"
            out["cost"] = int(m.group(1))
            continue
        m = _CONDITION.match(tok)
        if m:
            cond = m.group(1)
            if cond in ("", "なし", "無し"):
                continue
            bad = [c for c in cond if c not in ELEMENTS[:4]]
            if bad:
                return (f"condition '{cond}' must be made of 火 水 地 風 "
                        f"('{bad[0]}' is not one)")
            if kind == "land":
                return "a land card has no play condition"
            out["condition"] = tuple(sorted(ELEMENTS.index(c) for c in cond))
            continue
        return (f"cannot read '{tok}' in the stat line; write e.g. "
                "'クリーチャー 火 ST30/HP30 コスト1 条件:火'")
    if out["element"] is None:
        return "no element: write one of 火 水 地 風 無 after the kind"
    if kind == "creature" and not out["st"]:
        return "a creature needs ST/HP, e.g. ST30/HP30"
    if kind != "land" and out["cost"] is None:
        return "no cost: write e.g. コスト1 (コスト0 for a free card)"
    out["cost"] = out["cost"] or 0
    return out


def parse_document(text: str, filename: str) -> Document:
    """Parse a card or deck file, collecting every problem instead of stopping at the first."""
    return read_blocks(text, filename, TEMPLATE)


def _finish(block: CardBlock, doc: Document, report: Report) -> None:
    """The card of a block: its effect lines checked against the vocabulary."""
    s = block.stats
    lines = tuple(x for _, x in block.body)
    if body_problems(block, _effect_problems(s["kind"], lines), report):
        doc.broken.add(block.name)
        return
    card = make_card(block.name, block.name_en or block.name, s["kind"], s["element"],
                     s["st"], s["hp"], s["cost"], s["condition"], lines, block.flavor,
                     tuple(block.english))
    if isinstance(card, str):
        report(block.line, card)
        doc.broken.add(block.name)
        return
    doc.cards.append(card)
    doc.card_lines[card.name] = block.line


TEMPLATE = BlockTemplate(parse_stats, _finish, "クリーチャー 火 ST30/HP30 コスト1",
                         deck_keys=DECK_KEYS, card_mark=CARD_MARK, max_count=MAX_COUNT)


def check_pool(doc: Document, filename: str) -> None:
    """Diagnostics for names (Japanese or English) used by two cards, or by a starting land."""
    seen: dict[str, str] = {n: n for n, _, _ in START_LANDS}
    seen.update({en.casefold(): n for n, en, _ in START_LANDS})
    report_name_clashes(doc, filename, lambda c: {c.name, c.name_en.casefold()}, seen)


def _starting_land(name: str) -> str | None:
    """Why a deck line naming a starting land names no deck card."""
    if name not in {n for n, _, _ in START_LANDS}:
        return None
    return (f"'{name}' is a starting land (開始土地): every player has the six apart from the "
            "deck; leave it out")


def resolve_entries(doc: Document, pool: dict[str, Card], filename: str,
                    options: dict[str, Any]) -> list[Card]:
    """The deck's cards in file order, with diagnostics for unknown names and broken limits."""
    return resolve_deck_entries(doc, pool, filename, lambda cards: deck_problems(cards, options),
                                not_a_card=_starting_land)


def deck_problems(cards: list[Card] | tuple[Card, ...], options: dict[str, Any]) -> list[str]:
    """Every way a deck breaks the seed's building rules: 60 cards or more, 4 of a name.

    Nothing bounds how many different cards a deck holds (the seed does not; a 64-card deck of
    64 different cards is legal): action codes count the distinct cards of a hand, not of a
    deck."""
    out = []
    for name, n in Counter(c.name for c in cards).items():
        if n > options["max_copies"]:
            out.append(f"{n} copies of '{name}'; a deck may hold at most {options['max_copies']}")
    if len(cards) < options["deck_size"]:
        out.append(f"the deck has {len(cards)} cards; it needs at least {options['deck_size']}")
    if options["max_deck_size"] and len(cards) > options["max_deck_size"]:
        out.append(f"the deck has {len(cards)} cards; at most {options['max_deck_size']} "
                   "are allowed")
    return out
