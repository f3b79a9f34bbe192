"""The effect vocabulary: Japanese sentences with timing marks, parsed into small plain records.

An ability line is ``<timing>[ <cost marks>]:<sentence>[<sentence>]``, for example
``「Ac」チェック:敵軍のユニット1体に50ダメージを与える。``. Timing marks are 《Speed》 《Cast》
《Fast》 「Ac」 「Re」 《Auto》 《Trigger》; cost marks are チェック, 無限 and ログN, and
エンチャント marks an effect that stays attached to a unit until the end phase. A trigger
names its moment before a comma:
``《Trigger》このユニットがキャストされた時、カードを1枚ドローする。``.

Each sentence becomes one ``Effect`` (a verb, a target, an amount, a duration); ``render``
writes any of them back in English or Japanese, so the table can explain a card in either
language and a designer sees exactly how the parser read a line. A sentence the vocabulary does
not know is reported, never guessed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from cardtable.core.words import worded, words

TIMINGS = {"《speed》": "speed", "《cast》": "cast", "《fast》": "fast", "「ac」": "ac",
           "「re」": "re", "《auto》": "auto", "《trigger》": "trigger",
           # the same marks in katakana, as the Japanese table prints them
           "《スピード》": "speed", "《キャスト》": "cast",
           "《ファスト》": "fast", "《オート》": "auto", "《トリガー》": "trigger"}
TIMING_MARK = {"speed": "《スピード》", "cast": "《キャスト》", "fast": "《ファスト》",
               "ac": "「Ac」", "re": "「Re」", "auto": "《オート》", "trigger": "《トリガー》"}
TIMING_EN = {"speed": "Speed", "cast": "Cast", "fast": "Fast", "ac": "Ac", "re": "Re",
             "auto": "Auto", "trigger": "Trigger"}
WHEN = {"このユニットがキャストされた時": "cast", "このユニットが破壊された時": "destroyed",
        "このユニットがアタックした時": "attack"}
WHEN_JA = {v: k for k, v in WHEN.items()}
WHEN_EN = {"cast": "When this unit is cast", "destroyed": "When this unit is destroyed",
           "attack": "When this unit attacks"}

#: target phrase -> target key; the order matters (longer phrases first)
TARGETS = (
    ("自軍のユニットすべて", "own-units"), ("敵軍のユニットすべて", "enemy-units"),
    ("自軍のユニット1体", "own-unit"), ("敵軍のユニット1体", "enemy-unit"),
    ("ユニット1体", "any-unit"), ("このユニット", "self"),
    ("敵軍のバトルエリア1つ", "enemy-area"),
    ("自軍のキャスター1体", "own-caster"), ("敵軍のキャスター1体", "enemy-caster"),
    ("自軍のバースト1枚", "own-burst"),
)
TARGET_JA = {v: k for k, v in TARGETS}
TARGET_EN = {"own-units": "all your units", "enemy-units": "all enemy units",
             "own-unit": "one of your units", "enemy-unit": "one enemy unit",
             "any-unit": "one unit", "self": "this unit", "enemy-area": "one enemy battle area",
             "own-caster": "one of your casters", "enemy-caster": "one enemy caster",
             "own-burst": "one of your bursts", "chain-code": "one code on the chain"}
#: targets that ask for a choice (the rest are fixed or all-of); ``chain-code`` is the code a
#: cancel names, which the cancelling player chooses (「コード1つを打ち消す」)
CHOSEN = frozenset({"own-unit", "enemy-unit", "any-unit", "enemy-area", "own-caster",
                    "enemy-caster", "chain-code"})
UNIT_TARGETS = frozenset({"own-unit", "enemy-unit", "any-unit", "self"})
KIND_JA = {"unit": "ユニット", "code": "コード", "card": "カード"}
KIND_EN = {"unit": "unit", "code": "code", "card": "card"}
#: each verb's sentence (English, Japanese), how long a BP change lasts and a destroy's BP
#: limit, from the catalog ``data/words.toml`` (``core/words.py``)
SAID = words(__file__, "effects.SAID")
LASTING = words(__file__, "effects.LASTING")
LIMIT = words(__file__, "effects.LIMIT")

_DURATION = {"ターン終了時まで": "turn", "チェーン終了時まで": "chain"}
_N = r"(\d+)"
_T = "(" + "|".join(re.escape(p) for p, _ in TARGETS) + ")"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("bp", re.compile(rf"^{_T}のBPを(ターン終了時まで|チェーン終了時まで)?([+-]\d+)する$")),
    ("damage", re.compile(rf"^{_T}に{_N}ダメージを与える$")),
    ("destroy", re.compile(rf"^(?:BP{_N}以下の)?{_T}を破壊する$")),
    ("draw", re.compile(rf"^カードを{_N}枚ドローする$")),
    ("burst", re.compile(rf"^山札の上から{_N}枚をバーストにする$")),
    ("goddraw", re.compile(r"^ゴッドドローを(\d+)回行う$")),
    ("check", re.compile(rf"^{_T}をチェック状態にする$")),
    ("normal", re.compile(rf"^{_T}をノーマル状態にする$")),
    ("move", re.compile(rf"^{_T}を移動する$")),
    ("bounce", re.compile(rf"^{_T}を手札に戻す$")),
    ("cancel", re.compile(r"^コード1つを打ち消す$")),
    ("search", re.compile(r"^捨札の(ユニット|コード|カード)1枚を手札に加える$")),
)
#: which targets each verb accepts
ALLOWED = {
    "bp": {"own-units", "enemy-units", "own-unit", "enemy-unit", "any-unit", "self"},
    "damage": {"own-unit", "enemy-unit", "any-unit", "enemy-area"},
    "destroy": {"own-unit", "enemy-unit", "any-unit"},
    "check": {"enemy-unit", "enemy-caster", "own-unit"},
    "normal": {"own-unit", "own-caster", "own-burst", "self"},
    "move": {"own-unit", "enemy-unit", "self"},
    "bounce": {"own-unit", "enemy-unit", "any-unit", "self"},
}


@dataclass(frozen=True, slots=True)
class Effect:
    """One sentence: ``verb`` on ``target`` by ``amount`` (BP, damage, cards), lasting
    ``duration`` (``turn``, ``chain``; ``enchant`` while attached) with an optional BP
    ``limit`` (destroy) or card ``kind`` (search)."""

    verb: str
    target: str = ""
    amount: int = 0
    duration: str = ""
    limit: int = 0
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Ability:
    """One timed line of a card (an ability, or one mode of a code)."""

    timing: str
    effects: tuple[Effect, ...]
    when: str = ""
    check: bool = False
    infinite: bool = False
    log: int = 0
    enchant: bool = False
    text: str = ""
    #: the one chosen target of the line, or '', and whether it cancels a code: read for
    #: every ability in every window, so worked out once when the line is made
    target: str = field(init=False, repr=False, compare=False)
    cancels: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        target = ""
        for e in self.effects:
            if e.target in CHOSEN:
                target = e.target
                break
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "cancels", any(e.verb == "cancel" for e in self.effects))


def normalize(text: str) -> str:
    t = unicodedata.normalize("NFKC", text).strip()
    return t.replace(" ", "").replace("\u3000", "")


def parse_sentence(sentence: str) -> Effect | str:
    s = sentence.rstrip("。")
    for verb, pat in _PATTERNS:
        m = pat.match(s)
        if not m:
            continue
        g = m.groups()
        if verb == "bp":
            target, dur, amount = TARGETS_D[g[0]], _DURATION.get(g[1] or "", "turn"), int(g[2])
            return _checked(Effect("bp", target, amount, dur))
        if verb == "damage":
            return _checked(Effect("damage", TARGETS_D[g[0]], int(g[1])))
        if verb == "destroy":
            return _checked(Effect("destroy", TARGETS_D[g[1]], limit=int(g[0] or 0)))
        if verb in ("draw", "burst", "goddraw"):
            n = int(g[0])
            if not 1 <= n <= 5:
                return f"'{sentence}': the number must be 1 to 5"
            return Effect(verb, amount=n)
        if verb in ("check", "normal", "move", "bounce"):
            return _checked(Effect(verb, TARGETS_D[g[0]]))
        if verb == "cancel":
            return Effect("cancel", "chain-code")
        if verb == "search":
            return Effect("search", kind={"ユニット": "unit", "コード": "code",
                                          "カード": "card"}[g[0]])
    return f"phrase not understood: '{sentence}'"


TARGETS_D = dict(TARGETS)


def _checked(e: Effect) -> Effect | str:
    allowed = ALLOWED.get(e.verb)
    if allowed is not None and e.target not in allowed:
        return (f"'{TARGET_JA[e.target]}' cannot be the target of this effect; "
                f"use one of: {', '.join(TARGET_JA[t] for t in sorted(allowed))}")
    if e.verb in ("damage",) and not 10 <= e.amount <= 500:
        return "damage must be 10 to 500"
    if e.verb == "bp" and (e.amount == 0 or abs(e.amount) > 300):
        return "a BP change must be between -300 and +300 and not 0"
    return e


_HEAD = re.compile(r"^(《[^》]+》|「[^」]+」)(.*)$")
_LOG = re.compile(r"^ログ(\d+)$")


def parse_ability(line: str, kind: str) -> Ability | str:
    """One ability or code-mode line, or the reason it is not understood."""
    raw = line.strip()
    t = unicodedata.normalize("NFKC", raw).strip()
    m = _HEAD.match(t)
    if not m:
        return ("a line must start with a timing mark: 《Speed》 《Cast》 《Fast》 「Ac」 「Re」 "
                f"《Auto》 《Trigger》; got '{raw}'")
    mark = m.group(1).casefold()
    timing = TIMINGS.get(mark)
    if timing is None:
        return f"unknown timing mark '{m.group(1)}'"
    rest = m.group(2).strip()
    costs, colon, body = rest.partition(":")
    if not colon:
        body, costs = rest, ""
    check = infinite = enchant = False
    log = 0
    for tok in costs.split():
        lm = _LOG.match(tok)
        if tok == "チェック":
            check = True
        elif tok == "無限":
            infinite = True
        elif tok == "エンチャント":
            enchant = True
        elif lm:
            log = int(lm.group(1))
        else:
            return f"phrase not understood: cost '{tok}' (use チェック, 無限, ログN, エンチャント)"
    body = normalize(body)
    when = ""
    if timing == "trigger":
        moment, comma, body = body.partition("、")
        if not comma or moment not in WHEN:
            return ("a 《Trigger》 line names its moment first: "
                    + " / ".join(f"'{w}、'" for w in WHEN))
        if kind != "unit":
            return "only a unit has 《Trigger》 lines (they name 'このユニット')"
        when = WHEN[moment]
    effects: list[Effect] = []
    for sentence in [x for x in body.split("。") if x]:
        e = parse_sentence(sentence)
        if isinstance(e, str):
            return e
        effects.append(e)
    if not effects:
        return f"no effect after the timing mark in '{raw}'"
    if enchant:
        effects = [Effect(e.verb, e.target, e.amount, "enchant") for e in effects]
    ab = Ability(timing, tuple(effects), when, check, infinite, log, enchant, raw)
    return _ability_problems(ab, kind) or ab


def _ability_problems(ab: Ability, kind: str) -> str:
    chosen = [e for e in ab.effects if e.target in CHOSEN]
    if len(chosen) > 1:
        return "one line may choose one target; split it into two lines"
    if any(e.target == "self" for e in ab.effects) and kind != "unit":
        return "'このユニット' can only be written on a unit"
    if ab.timing == "auto":
        if ab.check or ab.infinite or ab.log or ab.enchant:
            return "《Auto》 is static: it has no cost"
        if any(e.verb != "bp" or e.target not in ("self", "own-units", "enemy-units")
               for e in ab.effects):
            return "《Auto》 lines change BP of 'このユニット' or all units"
    if ab.enchant and kind != "code":
        return "エンチャント attaches the card itself: only a code's mode can enchant"
    if ab.enchant and (len(ab.effects) != 1 or ab.effects[0].verb != "bp" or \
                ab.effects[0].target not in ("own-unit", "any-unit", "enemy-unit")):
        return "an エンチャント line changes one unit's BP ('自軍のユニット1体のBPを+30する')"
    if ab.infinite and not (ab.check or ab.log):
        return "無限 repeats another cost: add ログN (or チェック)"
    if kind != "code" and ab.timing in ("ac", "re") and not (ab.check or ab.log):
        return f"a {TIMING_MARK[ab.timing]} ability needs a cost (チェック or ログN)"
    if kind == "code" and (ab.check or ab.log or ab.infinite):
        return "a code's modes are paid by the card's log cost; write no cost in a mode"
    if kind == "code" and ab.timing in ("auto", "trigger"):
        return "a code's mode is played: use 《Speed》 《Cast》 《Fast》 「Ac」 or 「Re」"
    if ab.cancels and ab.timing != "re":
        return "'コード1つを打ち消す' only makes sense in a reaction (「Re」)"
    return ""


# -- rendering ----------

def _amount(n: int) -> str:
    return f"{n:+d}"


def render_effect(e: Effect, lang: str) -> str:
    """One sentence, worded from ``SAID`` (a verb it does not name is a search), its fields
    the effect's target, amounts, lasting, BP limit and card kind in ``lang``."""
    ja = lang == "ja"
    t = (TARGET_JA if ja else TARGET_EN).get(e.target, "")
    verb = e.verb if e.verb in SAID else "search"
    fields = {
        "t": t, "T": t[:1].upper() + t[1:], "get": "get" if "all" in t else "gets",
        "n": e.amount, "signed": _amount(e.amount), "s": "s" if e.amount > 1 else "",
        "dur": worded(LASTING, e.duration, lang) if e.duration in LASTING else "",
        "lim": worded(LIMIT, "bp", lang, limit=e.limit) if e.limit else "",
    }
    if verb == "search":
        fields["kind"] = (KIND_JA if ja else KIND_EN)[e.kind]
    return worded(SAID, verb, lang, **fields)


def render_ability(ab: Ability, lang: str = "en") -> str:
    body = "".join(render_effect(e, lang) for e in ab.effects)
    if lang == "ja":
        costs = " ".join(x for x in ("チェック" if ab.check else "", "無限" if ab.infinite else "",
                                     f"ログ{ab.log}" if ab.log else "",
                                     "エンチャント" if ab.enchant else "") if x)
        when = f"{WHEN_JA[ab.when]}、" if ab.when else ""
        return f"{TIMING_MARK[ab.timing]}{(' ' + costs + ':') if costs else ''}{when}{body}"
    costs = ", ".join(x for x in ("check" if ab.check else "", "infinite" if ab.infinite else "",
                                  f"log {ab.log}" if ab.log else "",
                                  "enchant" if ab.enchant else "") if x)
    when = f"{WHEN_EN[ab.when]}: " if ab.when else ""
    if when:
        body = body[0].lower() + body[1:]
    return f"[{TIMING_EN[ab.timing]}]{(' ' + costs + ':') if costs else ''} {when}{body}"
