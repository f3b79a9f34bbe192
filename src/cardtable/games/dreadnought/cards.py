"""Cards in the project's template for the seed's card anatomy, and deck files.

A card is a header, one stat line, then its lines::

    ◇紅蓮竜ヴォルカ
    English: Volca, Crimson Dragon
    ユニット 【赤】 ログ2 SP:B サイズ:L 条件【赤赤】 BP190 タイプ:竜
    《Trigger》このユニットがアタックした時、敵軍のユニット1体に30ダメージを与える。
    サブ:覚醒+30
    『flavour (ignored)』

The stat line carries what the seed's anatomy numbers: キャスター ①クラスタ ③HP ⑩Type;
ユニット ①クラスタ ⑤ログコスト ⑥SP ⑦Size ⑧デッキ構築条件 ⑨BP ⑮Type; コード ①クラスタ
⑤ログコスト ⑥SP ⑦デッキ構築条件. Ability lines start with a timing mark (see ``effects``); a
code's one or two modes start with ① and ②; ``サブ:覚醒+N`` (a unit's awakening) and
``サブ:強化+N`` (a code's enhancement) are the sub effect. Name, flavour, illustrator and rarity
do not affect play; the name and an English name are kept. Lines read in English as the
vocabulary renders them; optional ``English text: …`` lines (the n-th for the n-th ability,
mode or sub line) give a designer's own English instead (the rules read the Japanese).

Clusters: 赤 red, 青 blue, 緑 green, 黄 yellow, 全 ALL. Speed grades: C < B < A < A+ < S.

A deck file holds ``N カード名`` lines (two casters and fifty other cards) under an optional
``デッキ: 名前 / Name`` line, and may define cards of its own. Every problem is reported as
``file:line: problem``.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardtable.core.card_blocks import BlockTemplate, CardBlock, Report, read_blocks
from cardtable.core.card_english import override_problem, with_overrides
from cardtable.core.cardfile import Document, report_name_clashes, resolve_deck_entries
from cardtable.core.diagnostics import did_you_mean
from cardtable.games.dreadnought.effects import Ability, parse_ability, render_ability

KINDS = {"キャスター": "caster", "ユニット": "unit", "コード": "code",
         "caster": "caster", "unit": "unit", "code": "code"}
KIND_JA = {"caster": "キャスター", "unit": "ユニット", "code": "コード"}
CLUSTERS = {"赤": "red", "青": "blue", "緑": "green", "黄": "yellow", "全": "all"}
CLUSTER_JA = {v: k for k, v in CLUSTERS.items()}
GRADES = ("C", "B", "A", "A+", "S")
SIZES = {"S": 1, "M": 2, "L": 3}
SIZE_NAMES = {1: "S", 2: "M", 3: "L"}
KIND_EN = {"caster": "Caster", "unit": "Unit", "code": "Code"}
#: the English of each card type the pool uses; a type missing here is reported by the
#: card checker, because a player reading in English would otherwise meet it in Japanese
TYPES_EN = {
    "ゴーレム": "Golem", "人魚": "Merfolk", "傭兵": "Mercenary", "商人": "Merchant",
    "城": "Castle", "天使": "Angel", "妖精": "Fairy", "守り手": "Guardian", "小人": "Dwarf",
    "巨人": "Giant", "巫女": "Shrine Maiden", "戦士": "Warrior", "樹人": "Treefolk",
    "機械": "Machine", "機神": "Machine God", "海獣": "Sea Beast", "狩人": "Hunter",
    "獣": "Beast", "竜": "Dragon", "精霊": "Spirit", "術士": "Sorcerer", "詩人": "Poet",
    "語り部": "Storyteller", "賢者": "Sage", "霊鳥": "Spirit Bird", "騎士": "Knight",
    "魔導士": "Mage", "魔神": "Demon Lord",
}
MODE_MARKS = ("①", "②")

_SUB = re.compile(r"^(?:サブ|sub)[:：]\s*(覚醒|強化)\s*\+\s*(\d+)$", re.IGNORECASE)
_TOKENS = {
    "cluster": re.compile(r"^【([^】]+)】$"),
    "hp": re.compile(r"^HP(\d+)$"),
    "log": re.compile(r"^ログ(\d+)$"),
    "sp": re.compile(r"^SP:?(A\+|[A-Z])$"),
    "size": re.compile(r"^サイズ:?([A-Z])$"),
    "cond": re.compile(r"^条件【([^】]+)】$"),
    "bp": re.compile(r"^BP(\d+)$"),
    "types": re.compile(r"^タイプ:(.+)$"),
}
_NEEDS = {"caster": ("cluster", "hp"),
          "unit": ("cluster", "log", "sp", "size", "cond", "bp"),
          "code": ("cluster", "log", "sp", "cond")}
_EXAMPLE = {"caster": "キャスター 【赤】 HP3 タイプ:術士",
            "unit": "ユニット 【赤】 ログ0 SP:B サイズ:S 条件【赤】 BP70",
            "code": "コード 【赤】 ログ1 SP:A 条件【赤】"}


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card; abilities are compiled from ``text`` when the card is made."""

    name: str
    name_en: str
    kind: str
    clusters: tuple[str, ...]
    hp: int = 0
    log: int = 0
    sp: int = 0
    size: int = 0
    cond: tuple[str, ...] = ()
    bp: int = 0
    types: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    sub: str = ""
    sub_amount: int = 0
    flavor: str = ""
    abilities: tuple[Ability, ...] = field(default=(), compare=False, repr=False)
    modes: tuple[Ability, ...] = field(default=(), compare=False, repr=False)
    #: BP its 《Auto》 lines give: this unit, every own unit, every enemy unit
    self_aura: int = field(default=0, compare=False, repr=False)
    own_aura: int = field(default=0, compare=False, repr=False)
    enemy_aura: int = field(default=0, compare=False, repr=False)
    #: the timings of its code modes
    mode_timings: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: (index, ability) of its abilities by timing, in printed order: the legal-action lists
    #: ask this for every source in every window, the inner loop of every playout
    by_timing: dict[str, tuple[tuple[int, Ability], ...]] = field(
        default_factory=dict, compare=False, repr=False)
    #: a designer's own English, the n-th for the n-th text line (abilities and modes in order,
    #: then the sub effect); the rules read the Japanese
    english: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "kind": self.kind,
                "clusters": list(self.clusters), "hp": self.hp, "log": self.log,
                "sp": self.sp, "size": self.size, "cond": list(self.cond), "bp": self.bp,
                "types": list(self.types), "text": list(self.text), "sub": self.sub,
                "sub_amount": self.sub_amount, "flavor": self.flavor,
                **({"english": list(self.english)} if self.english else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        return _from_json(tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                       for k, v in data.items())))

    def display(self, lang: str = "en") -> str:
        return self.name if lang == "ja" else self.name_en

    def stat_text(self, lang: str = "en") -> str:
        if lang == "ja":
            cl = "【" + "".join(CLUSTER_JA[c] for c in self.clusters) + "】"
            cond = "【" + "".join(CLUSTER_JA[c] for c in self.cond) + "】"
        else:
            cl = "[" + "+".join(self.clusters) + "]"
            cond = "[" + "+".join(self.cond) + "]"
        if self.kind == "caster":
            return f"{cl} HP{self.hp}"
        sp = GRADES[self.sp]
        if lang == "ja":
            head = f"{cl} ログ{self.log} SP:{sp}"
            if self.kind == "unit":
                head += f" サイズ:{SIZE_NAMES[self.size]} BP{self.bp}"
            return head + f" 条件{cond}"
        head = f"{cl} log {self.log} SP {sp}"
        if self.kind == "unit":
            head += f" size {SIZE_NAMES[self.size]} BP {self.bp}"
        return head + f" · deck needs {cond}"  # the cluster condition, said in words

    def type_text(self, lang: str = "en") -> str:
        """The card's kind and types, e.g. ``Unit — Dragon`` (``ユニット・竜``)."""
        if lang == "ja":
            return "・".join((KIND_JA[self.kind], *self.types))
        types = " / ".join(TYPES_EN.get(t, t) for t in self.types)
        return f"{KIND_EN[self.kind]} — {types}" if types else KIND_EN[self.kind]

    def lines(self, lang: str = "en") -> list[str]:
        """Every ability, mode and sub effect, rendered from the vocabulary."""
        out = [render_ability(a, lang) for a in self.abilities]
        for i, m in enumerate(self.modes):
            out.append(f"{MODE_MARKS[i]}{render_ability(m, lang)}")
        if self.sub:
            if lang == "ja":
                out.append(f"サブ:{'覚醒' if self.sub == 'awaken' else '強化'}+{self.sub_amount}")
            elif self.sub == "awaken":
                out.append(f"Sub (awakening): free Re, a unit of this cluster gets "
                           f"+{self.sub_amount} BP until the chain ends")
            else:
                out.append(f"Sub (enhancement): free Ac, enchant one of your units "
                           f"with +{self.sub_amount} BP (face down)")
        return out if lang == "ja" else with_overrides(out, self.english)


@cache
def _from_json(items: tuple[tuple[str, Any], ...]) -> Card:
    d = dict(items)
    made = make_card(d["name"], d.get("name_en") or d["name"], d["kind"],
                     tuple(d["clusters"]), d.get("hp", 0), d.get("log", 0), d.get("sp", 0),
                     d.get("size", 0), tuple(d.get("cond", ())), d.get("bp", 0),
                     tuple(d.get("types", ())), tuple(d.get("text", ())), d.get("sub", ""),
                     d.get("sub_amount", 0), d.get("flavor", ""), tuple(d.get("english", ())))
    if isinstance(made, str):
        raise ValueError(f"card '{d['name']}': {made}")
    return made


def _range_problem(kind: str, clusters: tuple[str, ...], hp: int, log: int, sp: int,
                   size: int, cond: tuple[str, ...], bp: int, sub: str,
                   sub_amount: int) -> str:
    """What a stored card holds that no card file could say (``card_from_json`` checks it)."""
    if kind not in KIND_JA:
        return f"unknown kind {kind!r}"
    if not clusters or any(c not in CLUSTER_JA for c in clusters + cond):
        return "unknown cluster"
    ints = {"hp": (hp, 0, 10), "log": (log, 0, 10), "sp": (sp, 0, len(GRADES) - 1),
            "size": (size, 0, 3), "bp": (bp, 0, 500), "sub_amount": (sub_amount, 0, 300)}
    for field_name, (v, lo, hi) in ints.items():
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            return f"{field_name} must be {lo} to {hi}, got {v!r}"
    if kind == "unit" and (size < 1 or bp < 10):
        return "a unit needs a size S, M or L and BP 10 to 500"
    if sub not in ("", "awaken", "enhance"):
        return f"unknown sub effect {sub!r}"
    return ""


def make_card(name: str, name_en: str, kind: str, clusters: tuple[str, ...], hp: int,
              log: int, sp: int, size: int, cond: tuple[str, ...], bp: int,
              types: tuple[str, ...], text: tuple[str, ...], sub: str, sub_amount: int,
              flavor: str, english: tuple[str, ...] = ()) -> Card | str:
    """A card with its abilities compiled, or the first problem with its text."""
    problem = _range_problem(kind, clusters, hp, log, sp, size, cond, bp, sub, sub_amount) \
        or override_problem(name, len(english), len(text) + bool(sub))
    if problem:
        return problem
    abilities, modes = [], []
    for line in text:
        mode = line[:1] in MODE_MARKS
        ab = parse_ability(line[1:] if mode else line, kind)
        if isinstance(ab, str):
            return ab
        (modes if mode else abilities).append(ab)
    auras = {"self": 0, "own-units": 0, "enemy-units": 0}
    for ab in abilities:
        if ab.timing == "auto":
            for e in ab.effects:
                auras[e.target] += e.amount
    return Card(name, name_en, kind, clusters, hp, log, sp, size, cond, bp, types, text,
                sub, sub_amount, flavor, tuple(abilities), tuple(modes), auras["self"],
                auras["own-units"], auras["enemy-units"],
                frozenset(m.timing for m in modes), _by_timing(abilities), english)


def _by_timing(abilities: list[Ability]) -> dict[str, tuple[tuple[int, Ability], ...]]:
    out: dict[str, list[tuple[int, Ability]]] = {}
    for j, ab in enumerate(abilities):
        out.setdefault(ab.timing, []).append((j, ab))
    return {k: tuple(v) for k, v in out.items()}


def parse_clusters(text: str) -> tuple[str, ...] | str:
    out = []
    for ch in text:
        if ch not in CLUSTERS:
            return f"unknown cluster '{ch}'; clusters: 赤 青 緑 黄 全"
        out.append(CLUSTERS[ch])
    return tuple(out)


def parse_stats(line: str) -> dict[str, Any] | str:
    """The stat line's fields, or an error message."""
    t = unicodedata.normalize("NFKC", line).strip()
    t = t.replace("【", " 【").replace("条件 【", "条件【")
    tokens = t.split()
    if not tokens:
        return "empty stat line"
    kind = KINDS.get(tokens[0]) or KINDS.get(tokens[0].casefold())
    if kind is None:
        return (f"the stat line starts with the card kind (キャスター, ユニット or コード), "
                f"got '{tokens[0]}'{did_you_mean(tokens[0], list(KIND_JA.values()))}")
    out: dict[str, Any] = {"kind": kind, "types": ()}
    for tok in tokens[1:]:
        hit = next(((k, pat.match(tok)) for k, pat in _TOKENS.items() if pat.match(tok)), None)
        if hit is None or hit[1] is None:
            return f"phrase not understood: '{tok}' in the stat line (e.g. {_EXAMPLE[kind]})"
        key, m = hit
        v = m.group(1)
        if key in ("cluster", "cond"):
            cl = parse_clusters(v)
            if isinstance(cl, str):
                return cl
            out[key] = cl
        elif key == "sp":
            if v not in GRADES:
                return f"unknown speed grade '{v}'; grades: {' '.join(GRADES)}"
            out[key] = GRADES.index(v)
        elif key == "size":
            if v not in SIZES:
                return f"unknown size '{v}'; sizes: S M L"
            out[key] = SIZES[v]
        elif key == "types":
            out[key] = tuple(x for x in re.split(r"[/・、,]", v) if x)
            unknown = [x for x in out[key] if x not in TYPES_EN]
            if unknown:  # types are vocabulary too: a player reading English must meet them
                return (f"type not understood: '{unknown[0]}' has no English name"
                        f"{did_you_mean(unknown[0], list(TYPES_EN))}; known types: "
                        + " ".join(TYPES_EN))
        else:
            out[key] = int(v)
    missing = [k for k in _NEEDS[kind] if k not in out]
    if missing:
        return f"a {KIND_JA[kind]} stat line needs {', '.join(missing)} (e.g. {_EXAMPLE[kind]})"
    extra = [k for k in ("hp", "log", "sp", "size", "cond", "bp") if k in out
             and k not in _NEEDS[kind]]
    if extra:
        return f"a {KIND_JA[kind]} has no {', '.join(extra)}"
    if kind == "caster" and not 0 <= out["hp"] <= 10:
        return "HP must be 0 to 10"
    if kind == "caster" and (len(out["cluster"]) != 1):
        return "a caster has one cluster"
    if kind != "caster" and not 0 <= out["log"] <= 10:
        return "log cost must be 0 to 10"
    if kind == "unit" and not 10 <= out["bp"] <= 500:
        return "BP must be 10 to 500"
    return out


def parse_document(text: str, filename: str) -> Document:
    """Parse a card or deck file, collecting every problem instead of stopping at the first."""
    return read_blocks(text, filename, TEMPLATE)


def _finish(block: CardBlock, doc: Document, report: Report) -> None:
    """The card of a block: a サブ line, modes for a code, abilities checked against the
    vocabulary."""
    s = block.stats
    kind = s["kind"]
    sub, amount, sub_line = "", 0, block.line
    bad = False
    lines = []
    for lineno, text in block.body:
        sm = _SUB.match(unicodedata.normalize("NFKC", text).replace(" ", ""))
        if sm:
            sub, amount = ("awaken" if sm.group(1) == "覚醒" else "enhance", int(sm.group(2)))
            sub_line = lineno
            continue
        mark = text[:1] if text[:1] in MODE_MARKS else ""
        line = mark + unicodedata.normalize("NFKC", text[len(mark):])
        if mark and kind != "code":
            report(lineno, "only a code has modes (①, ②)")
            bad = True
            continue
        if kind == "code" and not mark:
            report(lineno, "a code's effects are its modes: start the line with ① or ②")
            bad = True
            continue
        ab = parse_ability(line[1:] if mark else line, kind)
        if isinstance(ab, str):
            report(lineno, ab)
            bad = True
            continue
        lines.append(line)
    if sub == "awaken" and kind != "unit":
        report(sub_line, "覚醒 is a unit's sub effect")
        bad = True
    if sub == "enhance" and kind != "code":
        report(sub_line, "強化 is a code's sub effect")
        bad = True
    if kind == "code" and not bad and not 1 <= len(lines) <= 2:
        report(block.line, f"a code has one or two modes (①, ②); '{block.name}' has "
                           f"{len(lines)}")
        bad = True
    if bad:
        doc.broken.add(block.name)
        return
    card = make_card(block.name, block.name_en or block.name, kind, s["cluster"],
                     s.get("hp", 0), s.get("log", 0), s.get("sp", 0), s.get("size", 0),
                     s.get("cond", ()), s.get("bp", 0), s["types"], tuple(lines), sub, amount,
                     block.flavor, tuple(block.english))
    if isinstance(card, str):  # only the count of English lines is left to go wrong
        report(block.line, card)
        doc.broken.add(block.name)
        return
    doc.cards.append(card)
    doc.card_lines[card.name] = block.line


TEMPLATE = BlockTemplate(parse_stats, _finish, _EXAMPLE["unit"], max_count=999)


def check_pool(doc: Document, filename: str) -> None:
    """Diagnostics for names (Japanese or English) used by two cards."""
    report_name_clashes(doc, filename, lambda c: {c.name, c.name_en.casefold()})


def resolve_entries(doc: Document, pool: dict[str, Card], filename: str,
                    options: dict[str, Any]) -> list[Card]:
    """The deck's cards in file order, with diagnostics for unknown names and broken rules."""
    return resolve_deck_entries(doc, pool, filename, lambda cards: deck_problems(cards, options))


def fits(cond: tuple[str, ...], casters: tuple[tuple[str, ...], ...]) -> bool:
    """The cluster condition: every symbol of ``cond`` matched by a different caster cluster
    (an ALL caster matches any symbol; an ALL symbol needs nothing)."""
    need = [c for c in cond if c != "all"]
    have = [c for cl in casters for c in cl]
    if len(need) > len(have):
        return False
    free = Counter(have)
    wild = free.pop("all", 0)
    for c in need:
        if free[c] > 0:
            free[c] -= 1
        elif wild > 0:
            wild -= 1
        else:
            return False
    return True


def deck_problems(cards: list[Card] | tuple[Card, ...], options: dict[str, Any]) -> list[str]:
    """Every way a deck breaks deck building (seed: デッキ構築)."""
    out = []
    casters = [c for c in cards if c.kind == "caster"]
    main = [c for c in cards if c.kind != "caster"]
    if len(casters) != 2:
        out.append(f"the deck has {len(casters)} casters; it must have exactly 2")
    elif casters[0].name == casters[1].name:
        out.append(f"the two casters must have different names ('{casters[0].name}' twice)")
    if len(main) != options["deck_size"]:
        out.append(f"the deck has {len(main)} units and codes; "
                   f"it must have exactly {options['deck_size']}")
    for name, n in Counter(c.name for c in main).items():
        if n > options["max_copies"]:
            out.append(f"{n} copies of '{name}'; a deck may hold at most {options['max_copies']}")
    if len(casters) == 2:
        cl = tuple(c.clusters for c in casters)
        for card in dict.fromkeys(main):
            if not fits(card.cond, cl):
                want = "".join(CLUSTER_JA[x] for x in card.cond)
                have = "".join(CLUSTER_JA[x] for c in cl for x in c)
                out.append(f"'{card.name}' needs 【{want}】 but the casters give 【{have}】")
    return out
