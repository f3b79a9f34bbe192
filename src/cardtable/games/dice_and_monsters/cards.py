"""Units and commands, read from text written exactly as the seed's wiki page writes them.

A designer pastes a card from the page and it plays::

    ■火炎剣士「アマリア・カソルラ」■
    【属性:聖】【HP:10】【速度:3】
    【特徴:人間、少女、戦士、巨乳、剣士、火炎、魔法】
    ■行動表■
    【1】「剣撃」……【近接】1体に3点の物理ダメージを与える。
    ...
    【特性】「灼炎の加護」……このユニットは状態異常を受けない。

    ■奇跡■
    自分のユニットが戦闘不能になった場合に発動する。
    その時に戦闘不能になった全てのユニットは場から取り除かれず、HP1で復活する。

The project adds two optional lines in the same bracket style: 【英名:English name】 (every
shipped card has one) and, for a Fatal Leap unit (特徴【★】), 【リープ】……condition; and
``English text: …`` lines, a designer's own English for the card's text lines in order (a
unit's six action faces, then its traits, then its leap condition; a command's trigger, then
its effects), which replace the English rendered from the vocabulary. Bullets
(•) and indentation from the page are ignored; # starts a comment. A card is kept with its
source text, which is also its JSON form, so a record rebuilds it by parsing that text again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardtable.core.card_english import is_english_text_key, override_problem
from cardtable.core.diagnostics import Diagnostic, did_you_mean, too_many
from cardtable.core.errors import NumberError
from cardtable.core.userfile import clip, parse_count
from cardtable.games.dice_and_monsters import phrases, wording

STAR = "★"
FACES = 6
#: features a unit may have (the seed: up to 8; a ★ unit up to 9)
MAX_FEATURES = 8
#: a unit's speed (HP's range is ``wording.HP``)
SPEED = (0, 99)


@dataclass(frozen=True, slots=True)
class Action:
    """One line of the action table: what the unit does on one face of the round roll."""

    face: int
    name: str
    target: str            # a keyword of phrases.TARGETS ("" when the text names none)
    text: str
    ops: tuple = ()        # empty: the 「なし」 line, nothing happens
    once: bool = False     # (1回制限)
    preempt: bool = False  # この行動は【先制】である。
    attrs: frozenset[str] = frozenset()
    negate: bool = False   # 【属性】 …属性以外
    melee: bool = False    # a 近接 keyword: not carried out from the back row


@dataclass(frozen=True, slots=True)
class Trait:
    name: str
    text: str
    kind: str
    params: tuple


@dataclass(frozen=True, slots=True)
class Leap:
    """A Fatal Leap unit's printed condition: which own unit it replaces, and when."""

    text: str
    kind: str        # "name-hp" or "feature-hp"
    who: str         # a unit name (or its 「」 name), or a feature
    hp: int


@dataclass(frozen=True)
class Unit:
    name: str
    name_en: str
    attribute: str
    hp: int
    speed: int
    features: tuple[str, ...]
    actions: tuple[Action, ...]
    traits: tuple[Trait, ...]
    leap: Leap | None
    text: str
    #: a designer's own English, the n-th for the n-th text line (action faces, then traits,
    #: then the leap condition); the rules read the Japanese
    english: tuple[str, ...] = ()
    kind: str = field(default="unit", init=False)
    #: carries 特徴【★】 (a Fatal Leap unit); stored, as it is asked in the inner loop
    star: bool = field(default=False, init=False, compare=False)
    #: the name inside 「」 (アマリア・カソルラ), or the whole name when there is none
    given_name: str = field(default="", init=False, compare=False)
    #: some action is 【先制】 / some trait changes the round roll (the round loop's shortcuts)
    preempts: bool = field(default=False, init=False, compare=False)
    changes_roll: bool = field(default=False, init=False, compare=False)
    #: each trait's parameters by kind, read (never changed) by every unit of this card in
    #: play: built once here rather than once per unit per battle
    trait_params: dict[str, Any] = field(default_factory=dict, init=False, compare=False,
                                         repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "trait_params", {t.kind: t.params for t in self.traits})
        object.__setattr__(self, "star", STAR in self.features)
        object.__setattr__(self, "preempts", any(a.preempt for a in self.actions))
        object.__setattr__(self, "changes_roll",
                           any(t.kind == "roll-change-once" for t in self.traits))
        m = re.search(r"「(.+)」", self.name)
        object.__setattr__(self, "given_name", m.group(1) if m else self.name)

    def trait_kinds(self) -> frozenset[str]:
        return frozenset(t.kind for t in self.traits)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "kind": "unit", "text": self.text}


@dataclass(frozen=True)
class Command:
    name: str
    name_en: str
    trigger: str        # a kind from wording.TRIGGERS
    trigger_arg: int    # round number or roll face (0 when the trigger has none)
    effects: tuple[tuple, ...]
    text: str
    #: a designer's own English, the n-th for the n-th text line (the trigger, then effects)
    english: tuple[str, ...] = ()
    kind: str = field(default="command", init=False)
    star: bool = field(default=False, init=False, compare=False)

    def effect(self, kind: str) -> tuple | None:
        for e in self.effects:
            if e[0] == kind:
                return e
        return None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "kind": "command", "text": self.text}


Card = Unit | Command

_HEADER = re.compile(r"■(.+)■")
# 【 is excluded from the key so a line of many 【 is scanned once (linear), not from each one
_BRACKETS = re.compile(r"【([^【】:：]+)[:：]([^】]*)】")
_ACTION = re.compile(r"【(\d)】「(.*?)」(?:…+|\.{3,}|……)?\s*(.*)")
_TRAIT = re.compile(r"【特性】「(.*?)」(?:…+|\.{3,})?\s*(.*)")
_LEAP = re.compile(r"【リープ】(?:…+|\.{3,})?\s*(.*)")
_KEYWORD = re.compile(r"【([^】]+)】\s*(.*)")
STAT_KEYS = ("属性", "HP", "速度", "特徴", "英名")
SECTION = "行動表"


@dataclass
class Document:
    cards: list[Card] = field(default_factory=list)
    card_lines: dict[str, int] = field(default_factory=dict)
    deck_name: str = ""
    deck_name_en: str = ""
    entries: list[tuple[int, str]] = field(default_factory=list)  # (line, card name)
    broken: set[str] = field(default_factory=set)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _clean(raw: str) -> str:
    """A line without the page's bullet and indentation; whole-line # comments become empty."""
    line = raw.strip()
    if line.startswith("•"):
        line = line[1:].strip()
    return "" if line.startswith("#") else line


def parse_document(text: str, filename: str) -> Document:
    """Every card and deck line of a file, with every problem as ``file:line: message``."""
    doc = Document()
    block: list[tuple[int, str]] = []

    def flush() -> None:
        if block:
            _card_block(block, filename, doc)
            block.clear()

    for lineno, raw in enumerate(text.splitlines(), start=1):
        if too_many(doc.diagnostics, filename, lineno):
            break
        line = _clean(raw)
        if not raw.strip():
            flush()  # a blank line ends a card
            continue
        if not line:
            continue
        head = _HEADER.fullmatch(line)
        if head and head.group(1).strip() != SECTION:
            flush()
            block.append((lineno, line))
            continue
        if block:
            block.append((lineno, line))
            continue
        key, sep, value = line.partition(":") if ":" in line else line.partition("：")
        if sep and key.strip().casefold() in ("デッキ", "deck"):
            ja, _, en = value.partition("/")
            doc.deck_name, doc.deck_name_en = ja.strip(), en.strip()
            continue
        doc.entries.append((lineno, line))
    flush()
    return doc


def _card_block(block: list[tuple[int, str]], filename: str, doc: Document) -> None:
    start, header = block[0]
    name = _HEADER.fullmatch(header).group(1).strip()  # type: ignore[union-attr]
    source = "\n".join(line for _, line in block)
    problems: list[Diagnostic] = []
    card = _build(name, block, filename, problems, source)
    if problems or card is None:
        doc.diagnostics.extend(problems)
        doc.broken.add(name)
        return
    if name in doc.card_lines:
        doc.diagnostics.append(Diagnostic(filename, start, f"card '{name}' is defined twice"))
        return
    doc.cards.append(card)
    doc.card_lines[name] = start


def _build(name: str, block: list[tuple[int, str]], filename: str,
           problems: list[Diagnostic], source: str) -> Card | None:
    def err(line: int, message: str) -> None:
        problems.append(Diagnostic(filename, line, message))

    start = block[0][0]
    stats: dict[str, str] = {}
    stat_lines: dict[str, int] = {}  # where each field was written, for diagnostics
    actions: dict[int, Action] = {}
    traits: list[Trait] = []
    leap: Leap | None = None
    body: list[tuple[int, str]] = []
    english: list[str] = []
    is_unit = False
    for lineno, line in block[1:]:
        key, colon, value = line.partition(":") if ":" in line else line.partition("：")
        if colon and is_english_text_key(key):
            english.append(value.strip())
            continue
        if _HEADER.fullmatch(line):  # ■行動表■
            is_unit = True
            continue
        if line.startswith("【特性】"):
            is_unit = True
            m = _TRAIT.fullmatch(line)
            if not m:
                err(lineno, "a trait is written 【特性】「name」……text")
                continue
            ttext = m.group(2).strip().rstrip("。")
            hit = wording.match(wording.TRAITS, ttext)
            if hit is None:
                err(lineno, f"trait phrase not understood: '{clip(m.group(2).strip())}'")
                continue
            if _out_of_range(hit, lineno, err):
                continue
            traits.append(Trait(m.group(1), m.group(2).strip(), hit[0], hit[1]))
            continue
        if line.startswith("【リープ】"):
            m = _LEAP.fullmatch(line)
            ltext = (m.group(1) if m else "").strip()
            hit = wording.match(wording.LEAP, ltext.rstrip("。"))
            if hit is None:
                err(lineno, f"leap condition not understood: '{clip(ltext)}'")
                continue
            if _out_of_range(hit, lineno, err):
                continue
            leap = Leap(ltext, hit[0], hit[1][0], hit[1][1])
            continue
        m = _ACTION.fullmatch(line)
        if m:
            is_unit = True
            face = int(m.group(1))
            action = _action(face, m.group(2), m.group(3), lineno, err)
            if not 1 <= face <= FACES:
                err(lineno, f"action face must be 1 to 6, got {face}")
            elif face in actions:
                err(lineno, f"action 【{face}】 is given twice")
            elif action is not None:
                actions[face] = action
            continue
        pairs = _BRACKETS.findall(line)
        if pairs and _BRACKETS.sub("", line).strip() == "":
            for key, value in pairs:
                key = key.strip()
                if key not in STAT_KEYS:
                    err(lineno, f"unknown field '【{key}】'{did_you_mean(key, STAT_KEYS)}")
                    continue
                if key != "英名":
                    is_unit = True
                stats[key] = value.strip()
                stat_lines[key] = lineno
            continue
        if line.startswith("【"):
            kw = _KEYWORD.match(line)
            word = kw.group(1) if kw else line
            hint = did_you_mean(word, ["特性", "リープ", *STAT_KEYS])
            err(lineno, f"unknown line '{line}'{hint}")
            continue
        body.append((lineno, line))
    name_en = stats.get("英名", "")
    if not is_unit:
        return _command(name, name_en, body, start, err, source, tuple(english))
    lines = len(actions) + len(traits) + (leap is not None)
    if not problems and (too_many_en := override_problem(name, len(english), lines)):
        err(start, too_many_en)
    for lineno, line in body:
        err(lineno, f"phrase not understood in unit '{name}': '{line}'")
    missing = [k for k in ("属性", "HP", "速度") if k not in stats]
    if missing:
        err(start, f"unit '{name}' lacks {'、'.join('【' + k + '】' for k in missing)}")
        return None
    if stats["属性"] not in phrases.ATTRIBUTES:
        attr = stats["属性"]
        err(stat_lines["属性"],
            f"unknown attribute '{attr}'{did_you_mean(attr, phrases.ATTRIBUTES)}"
            f"; attributes: {' '.join(phrases.ATTRIBUTES)}")
    numbers: dict[str, int] = {}
    for key, (lo, hi) in (("HP", wording.HP), ("速度", SPEED)):
        try:
            numbers[key] = parse_count(stats[key], lo, hi, f"【{key}】")
        except NumberError as exc:
            err(stat_lines[key], str(exc))
    lacking = [f for f in range(1, FACES + 1) if f not in actions]
    if lacking and not problems:
        err(start, f"unit '{name}' lacks action 【{lacking[0]}】 (write 【{lacking[0]}】「なし」)")
    features = tuple(f.strip() for f in re.split(r"[、,，]", stats.get("特徴", "")) if f.strip())
    limit = MAX_FEATURES + (STAR in features)
    if len(features) > limit:
        err(start, f"unit '{name}' has {len(features)} features; at most {MAX_FEATURES} "
                   f"({MAX_FEATURES + 1} for a ★ unit, counting ★)")
    if STAR in features and leap is None:
        err(start, f"Fatal Leap unit '{name}' (特徴【★】) needs a 【リープ】……condition line")
    if leap is not None and STAR not in features:
        err(start, f"unit '{name}' has a 【リープ】 line but not 特徴【★】")
    if problems:
        return None
    return Unit(name, name_en, stats["属性"], numbers["HP"], numbers["速度"], features,
                tuple(actions[f] for f in range(1, FACES + 1)), tuple(traits), leap, source,
                tuple(english))


def _action(face: int, name: str, text: str, lineno: int, err: Any) -> Action | None:
    text = text.strip()
    if name == "なし" and not text:
        return Action(face, name, "", "")
    target = ""
    rest = text
    m = _KEYWORD.match(text)
    if m:
        target, rest = m.group(1), m.group(2)
        if target not in phrases.TARGETS:
            err(lineno, f"unknown target keyword '【{target}】'"
                        f"{did_you_mean(target, phrases.TARGETS)}")
            return None
    once = bool(phrases.ONCE.search(rest))
    rest = phrases.ONCE.sub("", rest)
    try:
        target, ops, attrs, negate, preempt = phrases.compile_action(target, rest)
    except phrases.PhraseError as exc:
        err(lineno, str(exc))
        return None
    if target == "射撃・前衛":
        target = "射撃"
    return Action(face, name, target, text, ops, once, preempt, attrs, negate,
                  target.startswith("近接"))


def _command(name: str, name_en: str, body: list[tuple[int, str]], start: int, err: Any,
             source: str, english: tuple[str, ...] = ()) -> Command | None:
    found: list[tuple[int, str]] = []
    for lineno, line in body:
        found.extend((lineno, s) for s in wording.sentences(line))
    if not found:
        err(start, f"card '{name}' has neither unit stats (【属性:…】) nor command text")
        return None
    trigger = wording.match(wording.TRIGGERS, found[0][1])
    if trigger is None:
        err(found[0][0], f"command trigger not understood: '{clip(found[0][1])}。'"
                         " (e.g. 1ラウンド目の開始時に発動する。)")
        return None
    if _out_of_range(trigger, found[0][0], err):
        return None
    effects: list[tuple] = []
    reported = False  # a sentence already reported: "no effect" would only repeat it
    for lineno, sentence in found[1:]:
        hit = wording.match(wording.COMMAND_EFFECTS, sentence)
        if hit is None:
            err(lineno, f"command phrase not understood: '{clip(sentence)}。'")
            reported = True
            continue
        if _out_of_range(hit, lineno, err):
            reported = True
            continue
        effects.append((hit[0], *hit[1]))
    if not effects and not reported:
        err(start, f"command '{name}' has a trigger but no effect")
    too_many_en = override_problem(name, len(english), 1 + len(effects))
    if too_many_en and effects:
        err(start, too_many_en)
    arg = trigger[1][0] if trigger[1] else 0
    return Command(name, name_en, trigger[0], int(arg), tuple(effects), source, english)


def _out_of_range(hit: tuple[str, tuple], lineno: int, err: Any) -> bool:
    """Report a registered wording whose number the rules core cannot meet."""
    problem = wording.check(*hit)
    if problem:
        err(lineno, f"{problem} in this wording")
    return problem is not None


@cache
def card_from_text(text: str) -> Card:
    """Rebuild a card from its source text (records and snapshots store the text)."""
    doc = parse_document(text, "<card>")
    if doc.diagnostics or len(doc.cards) != 1:
        from cardtable.core.errors import CardFileError

        raise CardFileError(doc.diagnostics or [Diagnostic("<card>", 1, "not one card")])
    return doc.cards[0]
