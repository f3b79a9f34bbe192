"""The effect vocabulary: Japanese card sentences read into small operations, and back.

A sentence is read left to right: an optional moment (戦闘中 / 侵略時 / 防御時 / 戦場が火の時), an
optional target (対象の自分のクリーチャー, 対象の相手の土地 ...), then operations joined by 、:

* ``STを+N`` / ``HPを-N`` / ``STとHPを+N``: a stat change in battle (or, on a lasting spell,
  while the spell stays);
* ``先制攻撃を得る``: attacks first;
* ``火属性の攻撃を無効化する``, ``ST50以上の攻撃を無効化する``, ``ST30以下の攻撃を無効化する``: an
  attack of that element or strength deals no damage;
* ``相手クリーチャーにNのダメージを与える`` (a battle card, before the attacks) and
  ``Nのダメージを与える`` (a spell);
* ``HPをN回復する``, ``手札に戻す``, ``隣接する空いた土地に移動する``;
* ``レベルを1上げる`` / ``レベルを1下げる``, ``属性を火にする``, ``通行料を+1する``;
* ``カードをN枚引く``; ``援護`` (the creature card may be a battle card).

Every effect renders itself in English and Japanese from its operations (``render``), so the
table explains a card the same way whichever language the player reads. Anything else is an
error naming the phrase that was not understood.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from cardtable.core.diagnostics import nearest

ELEMENTS = ("火", "水", "地", "風", "無")
ELEMENT_EN = ("fire", "water", "earth", "wind", "neutral")
FIRE, WATER, EARTH, WIND, NEUTRAL = range(5)

# moments of a creature's or item's ability
ALWAYS, INVADE, DEFEND = "always", "invade", "defend"
# targets of a spell
OWN_CREATURE, OPP_CREATURE, ANY_CREATURE = "own-creature", "opp-creature", "any-creature"
OWN_LAND, OPP_LAND, ANY_LAND, NO_TARGET = "own-land", "opp-land", "any-land", "none"
CREATURE_TARGETS = (OWN_CREATURE, OPP_CREATURE, ANY_CREATURE)
LAND_TARGETS = (OWN_LAND, OPP_LAND, ANY_LAND)

_MOMENTS = {"戦闘中": ALWAYS, "侵略時": INVADE, "防御時": DEFEND}
_TERRAIN_MOMENT = re.compile(r"^戦場が(火|水|地|風)(?:の土地)?の(?:時|とき)")
_TARGET = re.compile(r"^対象の(自分の|相手の)?(クリーチャー|土地)(?:の|に|を|は)")
_STAT = re.compile(r"^(ST|HP|STとHP)(?:を|が)?([+-])(\d+)(?:する|される)?$")
_NULL_ELEMENT = re.compile(r"^(火|水|地|風|無)属性の攻撃を無効化(?:する)?$")
_NULL_STRENGTH = re.compile(r"^ST(\d+)(以上|以下)の攻撃を無効化(?:する)?$")
_BATTLE_DAMAGE = re.compile(r"^相手クリーチャーに(\d+)のダメージを与える$")
_DAMAGE = re.compile(r"^(\d+)のダメージを与える$")
_HEAL = re.compile(r"^HPを(\d+)回復(?:する)?$")
_LEVEL = re.compile(r"^レベルを(\d)(上げる|下げる)$")
_TERRAIN = re.compile(r"^属性を(火|水|地|風|無)に(?:する|変える)$")
_TOLL = re.compile(r"^通行料を([+-])(\d)(?:する)?$")
_DRAW = re.compile(r"^カードを(\d+)枚(?:引く|ドローする)$")
_FIRST = ("先制攻撃を得る", "先制攻撃を持つ", "先制攻撃")
_RETURN = ("手札に戻す", "持ち主の手札に戻す")
_MOVE = ("隣接する空いた土地に移動する", "隣接する空いた土地へ移動する")
SUPPORT = ("援護", "援護を持つ")

#: every phrase the vocabulary knows, for "did you mean" hints
PHRASES = ("戦闘中", "侵略時", "防御時", "戦場が火の時", "対象の自分のクリーチャーの",
           "対象の相手のクリーチャーに", "対象の自分の土地の", "STを+10", "HPを+10",
           "STとHPを+10", "先制攻撃を得る", "火属性の攻撃を無効化する",
           "ST50以上の攻撃を無効化する",
           "相手クリーチャーに10のダメージを与える", "10のダメージを与える", "HPを20回復する",
           "手札に戻す", "隣接する空いた土地に移動する", "レベルを1上げる", "レベルを1下げる",
           "属性を火にする", "通行料を+1する", "カードを2枚引く", "援護")

#: operations that act in battle (a creature's or item's ability, a lasting spell on a creature)
BATTLE_OPS = frozenset({"st", "hp", "first", "null-element", "null-ge", "null-le", "hit",
                        "heal"})
#: operations of an instant spell, by what they target
INSTANT_CREATURE_OPS = frozenset({"damage", "heal", "return", "move"})
INSTANT_LAND_OPS = frozenset({"level"})
LASTING_CREATURE_OPS = frozenset({"st", "hp", "first", "null-element", "null-ge", "null-le"})
LASTING_LAND_OPS = frozenset({"terrain", "toll"})


@dataclass(frozen=True, slots=True)
class Effect:
    """One sentence: when it applies (abilities), what it targets (spells), and its operations.

    ``ops`` holds ``(name, value)`` pairs in the order the text gives them: ``st``/``hp`` (a
    change), ``first``, ``null-element`` (element code), ``null-ge``/``null-le`` (a strength),
    ``hit`` (damage to the opposing creature in battle), ``damage``, ``heal``, ``return``,
    ``move``, ``level`` (+n or -n), ``terrain`` (element code), ``toll`` (+n), ``draw``,
    ``support``.
    """

    moment: str
    terrain: int  # the battlefield element the moment needs, or -1
    target: str
    ops: tuple[tuple[str, int], ...]
    text: str = ""

    def value(self, op: str) -> int:
        return sum(v for k, v in self.ops if k == op)

    def has(self, op: str) -> bool:
        return any(k == op for k, _ in self.ops)

    def render(self, lang: str = "en") -> str:
        """The sentence in canonical Japanese or in English, built from the operations."""
        return render(self, lang)


def normalize(text: str) -> str:
    """Full-width letters, digits and signs made plain; spaces and the final 。 dropped."""
    t = unicodedata.normalize("NFKC", text)
    t = t.replace("−", "-").replace("‐", "-").replace("ー", "ー")
    t = re.sub(r"\s+", "", t)
    return t.rstrip("。.")


def _op(clause: str) -> list[tuple[str, int]] | None:
    m = _STAT.match(clause)
    if m:
        n = int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        out = []
        if "ST" in m.group(1):
            out.append(("st", n))
        if m.group(1).endswith("HP"):
            out.append(("hp", n))
        return out
    if clause in _FIRST:
        return [("first", 1)]
    if clause in SUPPORT:
        return [("support", 1)]
    if clause in _RETURN:
        return [("return", 1)]
    if clause in _MOVE:
        return [("move", 1)]
    table = ((_NULL_ELEMENT, lambda g: ("null-element", ELEMENTS.index(g[0]))),
             (_NULL_STRENGTH, lambda g: ("null-ge" if g[1] == "以上" else "null-le", int(g[0]))),
             (_BATTLE_DAMAGE, lambda g: ("hit", int(g[0]))),
             (_DAMAGE, lambda g: ("damage", int(g[0]))),
             (_HEAL, lambda g: ("heal", int(g[0]))),
             (_LEVEL, lambda g: ("level", int(g[0]) * (1 if g[1] == "上げる" else -1))),
             (_TERRAIN, lambda g: ("terrain", ELEMENTS.index(g[0]))),
             (_TOLL, lambda g: ("toll", int(g[1]) * (1 if g[0] == "+" else -1))),
             (_DRAW, lambda g: ("draw", int(g[0]))))
    for pattern, make in table:
        m = pattern.match(clause)
        if m:
            return [make(m.groups())]
    return None


def compile_line(raw: str, kind: str) -> Effect | str:
    """An ``Effect`` for one sentence on a card of ``kind``, or a message naming the phrase."""
    text = raw.strip().lstrip("‣▸・･•").strip()
    if not text:
        return "empty effect line"
    t = normalize(text)
    moment, terrain = ALWAYS, -1
    for phrase, m in _MOMENTS.items():
        if t.startswith(phrase):
            moment, t = m, t[len(phrase):].lstrip("、,")
            break
    else:
        tm = _TERRAIN_MOMENT.match(t)
        if tm:
            terrain, t = ELEMENTS.index(tm.group(1)), t[tm.end():].lstrip("、,")
    target = NO_TARGET
    tg = _TARGET.match(t)
    if tg:
        who, what = tg.group(1), tg.group(2)
        if what == "クリーチャー":
            target = {"自分の": OWN_CREATURE, "相手の": OPP_CREATURE}.get(who or "", ANY_CREATURE)
        else:
            target = {"自分の": OWN_LAND, "相手の": OPP_LAND}.get(who or "", ANY_LAND)
        t = t[tg.end():]
    if not t:
        return f"no operation in '{text}' (e.g. STを+10する)"
    ops: list[tuple[str, int]] = []
    for clause in re.split(r"[、,]", t):
        got = _op(clause)
        if got is None:
            hint = nearest(clause, PHRASES)
            near = f" (did you mean '{hint}'?)" if hint else ""
            return f"phrase not understood: '{clause}'{near}"
        ops.extend(got)
    for _, v in ops:
        if not -999 <= v <= 999:
            return f"the number {v} in '{text}' is outside -999..999"
    effect = Effect(moment, terrain, target, tuple(ops), text)
    problem = _fits(effect, kind)
    return problem or effect


def _fits(e: Effect, kind: str) -> str:
    """Why the effect cannot stand on a card of ``kind`` (empty when it can)."""
    names = {k for k, _ in e.ops}
    conditional = e.moment != ALWAYS or e.terrain >= 0
    if kind in ("creature", "item"):
        if e.target != NO_TARGET:
            return f"only a spell has a target (対象の...): '{e.text}'"
        allowed = BATTLE_OPS | ({"support"} if kind == "creature" else set())
        bad = names - allowed
        if bad:
            return f"a {kind} cannot {_what(bad)}; that is a spell's effect: '{e.text}'"
        if "support" in names and (len(e.ops) > 1 or conditional):
            return f"援護 stands alone on its line: '{e.text}'"
        return ""
    if kind == "land":
        return f"a land card has no text: '{e.text}'"
    if conditional:
        return f"a spell has no moment (戦闘中, 侵略時 ...); give it a target instead: '{e.text}'"
    lasting = kind == "lasting"
    if e.target in CREATURE_TARGETS:
        allowed = LASTING_CREATURE_OPS if lasting else INSTANT_CREATURE_OPS
    elif e.target in LAND_TARGETS:
        allowed = LASTING_LAND_OPS if lasting else INSTANT_LAND_OPS
    else:
        allowed = frozenset() if lasting else frozenset({"draw"})
    bad = names - allowed
    if bad:
        where = {True: "a lasting spell (スペル（継続）)",
                 False: "an instant spell (スペル（即効）)"}
        return (f"{where[lasting]} cannot {_what(bad)} "
                f"{'on ' + e.target if e.target != NO_TARGET else 'without a target'}: "
                f"'{e.text}'")
    if "move" in names and e.target != OWN_CREATURE:
        return f"only your own creature can be moved (対象の自分のクリーチャーを): '{e.text}'"
    return ""


def _what(ops: set[str]) -> str:
    return "/".join(sorted(ops))


# -- rendering ----------

def _sign(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


_TARGET_JA = {OWN_CREATURE: "対象の自分のクリーチャー", OPP_CREATURE: "対象の相手のクリーチャー",
              ANY_CREATURE: "対象のクリーチャー", OWN_LAND: "対象の自分の土地",
              OPP_LAND: "対象の相手の土地", ANY_LAND: "対象の土地"}
_TARGET_EN = {OWN_CREATURE: "your target creature", OPP_CREATURE: "the opponent's target creature",
              ANY_CREATURE: "target creature", OWN_LAND: "your target land",
              OPP_LAND: "the opponent's target land", ANY_LAND: "target land"}


def _op_text(k: str, v: int, lang: str) -> str:
    ja = lang == "ja"
    el = (ELEMENTS if ja else ELEMENT_EN)[v] if k in ("null-element", "terrain") else ""
    table = {
        "st": (f"ST {_sign(v)}", f"STを{_sign(v)}"),
        "hp": (f"HP {_sign(v)}", f"HPを{_sign(v)}"),
        "first": ("first strike", "先制攻撃を得る"),
        "null-element": (f"{el} attacks deal no damage", f"{el}属性の攻撃を無効化する"),
        "null-ge": (f"attacks of ST {v} or more deal no damage", f"ST{v}以上の攻撃を無効化する"),
        "null-le": (f"attacks of ST {v} or less deal no damage", f"ST{v}以下の攻撃を無効化する"),
        "hit": (f"deal {v} damage to the opposing creature",
                f"相手クリーチャーに{v}のダメージを与える"),
        "damage": (f"deal {v} damage", f"{v}のダメージを与える"),
        "heal": (f"heal {v} HP", f"HPを{v}回復する"),
        "return": ("return it to its owner's hand", "手札に戻す"),
        "move": ("move it to an adjacent empty land", "隣接する空いた土地に移動する"),
        "level": (f"level {'up' if v > 0 else 'down'} by {abs(v)}",
                  f"レベルを{abs(v)}{'上げる' if v > 0 else '下げる'}"),
        "terrain": (f"it counts as {el} land", f"属性を{el}にする"),
        "toll": (f"toll {_sign(v)}", f"通行料を{_sign(v)}する"),
        "draw": (f"draw {v} card{'s' if v != 1 else ''}", f"カードを{v}枚引く"),
        "support": ("support: usable as a battle card, adding its ST and HP", "援護"),
    }
    en, jp = table[k]
    return jp if ja else en


def render(e: Effect, lang: str = "en") -> str:
    ja = lang == "ja"
    ops = "、".join(_op_text(k, v, lang) for k, v in e.ops) if ja else \
        ", ".join(_op_text(k, v, lang) for k, v in e.ops)
    if e.target != NO_TARGET:
        if ja:
            joint = "に" if e.has("damage") else ("を" if e.has("return") or e.has("move") else
                                                 "は" if e.ops[0][0] == "first" else "の")
            return f"{_TARGET_JA[e.target]}{joint}{ops}。"
        return f"{_TARGET_EN[e.target][0].upper()}{_TARGET_EN[e.target][1:]}: {ops}."
    if e.terrain >= 0:
        return (f"戦場が{ELEMENTS[e.terrain]}の時、{ops}。" if ja
                else f"On {ELEMENT_EN[e.terrain]} land: {ops}.")
    if e.moment == INVADE:
        return f"侵略時、{ops}。" if ja else f"When invading: {ops}."
    if e.moment == DEFEND:
        return f"防御時、{ops}。" if ja else f"When defending: {ops}."
    if e.has("support") or not any(k in BATTLE_OPS for k, _ in e.ops):
        return f"{ops}。" if ja else f"{ops[0].upper()}{ops[1:]}."
    return f"戦闘中、{ops}。" if ja else f"In battle: {ops}."
