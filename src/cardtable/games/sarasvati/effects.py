"""The effect vocabulary: card text read into (trigger, condition, target, duration, operations).

Card text stays as the seed writes it. A line is read left to right, each part optional:

* a trigger: 召喚時, 攻撃時, オープン時, オープン中, バトルに勝った時 ... (or the long forms
  このカードが攻撃するとき, このカードがバトルゾーンに召喚されたとき ...)
* a condition: 自分の手札がN枚以上の時
* a target: キャラクターを1体選び, このカードの, バトルゾーンにいる敵味方すべての ...
* a duration: このターンの終わりまで, 次の自分のターンの初めまで
* operations: 攻撃力を+N (攻撃力+N, 攻撃力は+Nされる), 防御力を-N, カードをN枚ドローする,
  破壊する

An operation the vocabulary does not know may be a wording registered in ``wordings`` (code
under its exact text), so a new card that reuses a wording needs no new code. Anything else is
an error naming the phrase.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from cardtable.core.diagnostics import nearest
from cardtable.core.userfile import clip
from cardtable.games.sarasvati.wordings import WORDINGS, wording_key

# triggers
STATIC, SUMMON, ATTACK, OPEN, WHILE_OPEN, WIN, USE, EQUIP = (
    "static", "summon", "attack", "open", "while-open", "win", "use", "equip")
# scopes: who an operation touches
SELF, CHOOSE_OWN, CHOOSE_OPP, CHOOSE_ANY, ALL, ALL_OWN, ALL_OPP, PLAYER = (
    "self", "choose-own", "choose-opp", "choose-any", "all", "all-own", "all-opp", "player")
CHOOSING = (CHOOSE_OWN, CHOOSE_OPP, CHOOSE_ANY)
# durations of a stat change
TURN, NEXT_TURN, BATTLE, PERMANENT, CONTINUOUS = ("turn", "next-turn", "battle", "permanent",
                                                 "continuous")

_TRIGGERS: dict[str, str] = {
    "召喚時": SUMMON,
    "召喚された時": SUMMON,
    "このカードが召喚された時": SUMMON,
    "このカードがバトルゾーンに召喚された時": SUMMON,
    "このキャラクターが召喚された時": SUMMON,
    "このキャラクターがバトルゾーンに召喚された時": SUMMON,
    "攻撃時": ATTACK,
    "攻撃する時": ATTACK,
    "このカードが攻撃する時": ATTACK,
    "このキャラクターが攻撃する時": ATTACK,
    "これを装備したキャラクターが攻撃する時": ATTACK,
    "オープン時": OPEN,
    "オープン中": WHILE_OPEN,
    "バトルに勝った時": WIN,
    "このカードがバトルに勝った時": WIN,
    "このキャラクターがバトルに勝った時": WIN,
    "これを装備したキャラクターがバトルに勝った時": WIN,
    "装備したキャラクターがバトルに勝った時": WIN,
    "装備時": EQUIP,
}
#: every trigger above, and each one whose 時 follows a verb (召喚された時, 攻撃する時,
#: 勝った時) also in plain kana (…とき), as the seed itself writes its long forms
#: (「このカードが攻撃するとき」「このカードがバトルゾーンに召喚されたとき」)
TRIGGERS: dict[str, str] = {
    **_TRIGGERS,
    **{k[:-1] + "とき": v for k, v in _TRIGGERS.items() if k.endswith(("た時", "る時"))},
}
TARGETS: dict[str, str] = {
    "自分のキャラクターを1体選び": CHOOSE_OWN,
    "相手のキャラクターを1体選び": CHOOSE_OPP,
    "キャラクターを1体選び": CHOOSE_ANY,
    "このカードの": SELF,
    "このキャラクターの": SELF,
    "これを装備したキャラクターの": SELF,
    "装備したキャラクターの": SELF,
    "バトルゾーンにいる敵味方すべての": ALL,
    "バトルゾーンの敵味方すべての": ALL,
    "敵味方すべてのキャラクターの": ALL,
    "すべてのキャラクターの": ALL,
    "自分のキャラクターすべての": ALL_OWN,
    "自分のすべてのキャラクターの": ALL_OWN,
    "相手のキャラクターすべての": ALL_OPP,
    "相手のすべてのキャラクターの": ALL_OPP,
}
DURATIONS: dict[str, str] = {
    "このターンの終わりまで": TURN,
    "次の自分のターンの初めまで": NEXT_TURN,
    "バトルが終わるまで": BATTLE,
}
#: the largest attack/defense change and card draw an effect may print (the rules core meets
#: no larger value; a larger one is read as a phrase not understood)
MAX_CHANGE = 999_999
MAX_DRAW = 40
CONDITION = re.compile(r"^(自分|相手)の手札が(\d+)枚(以上|以下)の(?:時|とき)")
#: 攻撃力を+N(する), 攻撃力+N, and the seed's passive long form 攻撃力は+Nされる
STAT = re.compile(r"^(攻撃力|防御力|攻撃力と防御力)(?:を|は)?([+-])(\d+)(する|される)?$")
DRAW = re.compile(r"^(?:自分は)?カードを(\d+)枚(ドロー|引く|ドローする|引)$")
DESTROY = ("破壊する", "そのキャラクターを破壊する", "それを破壊する")
EVOLVE = re.compile(r"^進化元?\s*[:：]\s*(.+)$")
RELOCATABLE = ("付け替え可能", "付け替え可")

#: every phrase the vocabulary knows, for "did you mean" hints
PHRASES = (list(TRIGGERS) + list(TARGETS) + list(DURATIONS)
           + ["自分の手札がN枚以上の時", "攻撃力を+N", "防御力を-N", "カードをN枚ドローする",
              "カードをN枚引く", "破壊する", "付け替え可能", "進化元:カード名"] + list(WORDINGS))


@dataclass(frozen=True, slots=True)
class Effect:
    """One compiled effect line. ``ops`` holds ("atk", n), ("def", n), ("draw", n),
    ("destroy", 0) or ("code", wording) in the order the text gives them."""

    trigger: str
    scope: str
    duration: str
    ops: tuple[tuple[str, int | str], ...]
    condition: tuple[str, int, str] | None = None  # (自分|相手, N, 以上|以下)
    text: str = ""
    name: str = ""

    @property
    def chooses(self) -> bool:
        return self.scope in CHOOSING

    @property
    def cost_delta(self) -> int:
        """A registered static cost change this effect makes (0 if none)."""
        return sum(WORDINGS[w].cost for k, w in self.ops if k == "code")


def normalize(text: str) -> str:
    """Full-width digits and signs made plain; spaces dropped; the final 。 and する kept apart."""
    t = unicodedata.normalize("NFKC", text)
    t = t.replace("−", "-").replace("－", "-").replace("‐", "-").replace("＋", "+")
    t = re.sub(r"\s+", "", t)
    return t.rstrip("。.")


def _take(text: str, table: dict[str, str]) -> tuple[str | None, str]:
    for phrase in sorted(table, key=len, reverse=True):
        if text.startswith(phrase):
            return table[phrase], text[len(phrase):].lstrip("、,")
    return None, text


def _ops(body: str) -> tuple[list[tuple[str, int | str]], str | None]:
    """The operations of ``body`` (clauses split at 、), or the first phrase not understood."""
    ops: list[tuple[str, int | str]] = []
    whole = wording_key(body)
    if whole is not None:
        return [("code", whole)], None
    for c in re.split(r"[、,]", body):
        key = wording_key(c)
        if key is not None:
            ops.append(("code", key))
            continue
        m = STAT.match(c)
        if m:
            if len(m.group(3)) > len(str(MAX_CHANGE)) or int(m.group(3)) > MAX_CHANGE:
                return ops, c  # the rules core meets no change this large
            n = int(m.group(3)) * (1 if m.group(2) == "+" else -1)
            if m.group(1) in ("攻撃力", "攻撃力と防御力"):
                ops.append(("atk", n))
            if m.group(1) in ("防御力", "攻撃力と防御力"):
                ops.append(("def", n))
            continue
        m = DRAW.match(c)
        if m:
            if len(m.group(1)) > 2 or not 1 <= int(m.group(1)) <= MAX_DRAW:
                return ops, c
            ops.append(("draw", int(m.group(1))))
            continue
        if c in DESTROY:
            ops.append(("destroy", 0))
            continue
        return ops, c
    return ops, None


def compile_line(raw: str, kind: str) -> Effect | str:
    """An ``Effect`` for one effect line of a card of ``kind``, or an error message."""
    name = ""
    text = raw.strip().lstrip("‣▸・･•").strip()
    m = re.match(r"^[\[［]([^\]］]*)[\]］]\s*(.*)$", text)
    if m:
        name, text = m.group(1).strip(), m.group(2)
    if not text:
        return "empty effect line"
    t = normalize(text)
    trigger, rest = _take(t, TRIGGERS)
    condition = None
    m = CONDITION.match(rest)
    if m:
        if len(m.group(2)) > 2:
            return f"a hand of {clip(m.group(2), 12)} cards cannot be reached: '{clip(text)}'"
        condition = (m.group(1), int(m.group(2)), m.group(3))
        rest = rest[m.end():].lstrip("、,")
    scope, rest = _take(rest, TARGETS)
    duration, rest = _take(rest, DURATIONS)
    if scope is None:
        scope, rest = _take(rest, TARGETS)
    if rest.endswith("する") and not rest.endswith("破壊する") and rest[:-2] not in ("",):
        body = rest[:-2]
    else:
        body = rest
    if not body:
        return f"effect '{text}' has no operation (e.g. 攻撃力を+1000する)"
    ops, bad = _ops(body)
    if bad is not None:
        hint = nearest(bad, PHRASES)
        near = f" (did you mean '{hint}'?)" if hint else ""
        return f"cannot read the phrase '{clip(bad)}' in effect '{clip(text)}'{near}"
    trig = trigger or (USE if kind == "support" else STATIC)
    problem = _fits(trig, kind, scope, ops, text)
    if problem:
        return problem
    if duration == BATTLE and trig != ATTACK:
        # a battle ends only after an attack: elsewhere the change would last until some
        # later battle, anywhere, perhaps turns later
        return ("'バトルが終わるまで' needs a battle, so it belongs to an 攻撃時 effect: "
                f"'{text}'")
    aimed = any(k in ("atk", "def", "destroy")
                or (k == "code" and WORDINGS[str(v)].needs_target) for k, v in ops)
    if aimed and kind in ("support", "book") and scope in (None, SELF):
        # a support or a book is no character: "itself" would be nobody, a silent no-op
        return (f"a {kind} is not a character, so it must choose or name the characters it "
                f"changes (自分のキャラクターを1体選び, 自分のキャラクターすべての ...): '{text}'")
    if scope is None:
        scope = SELF if aimed else PLAYER
    if duration is None:
        if trig in (STATIC, WHILE_OPEN):
            duration = CONTINUOUS
        elif trig == ATTACK:
            duration = BATTLE
        else:
            duration = PERMANENT
    return Effect(trig, scope, duration, tuple(ops), condition, text, name)


def _fits(trig: str, kind: str, scope: str | None, ops: list, text: str) -> str:
    allowed = {
        "character": (STATIC, SUMMON, ATTACK, WIN),
        "equipment": (STATIC, WIN, EQUIP, ATTACK),
        "support": (USE,),
        "book": (OPEN, WHILE_OPEN),
    }[kind]
    if trig not in allowed:
        return f"a {kind} card cannot have a '{trig}' effect: '{text}'"
    if scope in CHOOSING and trig in (STATIC, WHILE_OPEN, OPEN, WIN):
        return ("only the player whose turn it is makes choices, and a choice needs a moment "
                "that happens in that player's turn (召喚時, 攻撃時, 装備時 or a support): "
                f"'{text}'")
    statics = trig in (STATIC, WHILE_OPEN)
    for k, v in ops:
        if statics and k in ("draw", "destroy"):
            return f"a lasting effect cannot {k}; give it a trigger such as 召喚時: '{text}'"
        if k == "code" and WORDINGS[str(v)].static != statics:
            when = "a lasting (static or オープン中)" if WORDINGS[str(v)].static else "a triggered"
            return f"'{v}' is {when} wording and cannot be used here: '{text}'"
        if k == "destroy" and scope not in CHOOSING and scope != SELF:
            return f"破壊する needs a chosen character: '{text}'"
    return ""


def evolution_base(line: str) -> tuple[str, ...] | None:
    """The base names of an evolution line (``進化元:A`` or ``進化元:A+B``), or None."""
    m = EVOLVE.match(normalize(line.strip().lstrip("‣▸・･•").strip()))
    if not m:
        return None
    return tuple(x for x in re.split(r"[+＋&]", m.group(1)) if x)


def is_relocatable(line: str) -> bool:
    return normalize(line.strip().lstrip("‣▸・･•").strip()) in RELOCATABLE
