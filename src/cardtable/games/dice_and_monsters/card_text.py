"""A card's text in English or Japanese, rendered from what the parser understood.

English is never written by hand per card (a designer may still give ``English text:`` lines,
which replace the rendering line by line): an action renders from its ops and target keyword,
a trait, trigger, command effect or leap condition from its registered kind and parameters.
So a card pasted in Japanese reads in English as soon as it parses. Japanese shows the card as
printed. Names of actions and traits have no English; English shows what they do instead.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.core.card_english import is_english_text_key, with_overrides
from cardtable.games.dice_and_monsters.cards import Action, Command, Unit
from cardtable.games.dice_and_monsters.phrases import KIND_NAMES
from cardtable.games.dice_and_monsters.wording import STATUS_BITS, STATUS_EN

ATTRIBUTE_EN = {"聖": "holy", "闇": "dark", "混沌": "chaos", "無": "none"}
#: the target keywords in English (what each one hits; targeting.py has the rules)
TARGET_EN = {
    "近接": "melee: the enemy ahead",
    "近接・番号": "melee: the lowest-numbered enemy",
    "近接・速度": "melee: the slowest front enemy",
    "近接・HP": "melee: the front enemy with the least HP",
    "近接・直前": "melee: the enemy that acted last",
    "近接・直後": "melee: the enemy that acts next",
    "近接・暗殺": "melee assassination: a back-row enemy",
    "近接・貫通": "piercing melee: the facing column",
    "近接・範囲": "melee sweep: the enemy front row",
    "近接・全体": "melee: every enemy",
    "射撃": "ranged: a front enemy",
    "射撃・前衛": "ranged: a front enemy",
    "射撃・番号": "ranged: the lowest-numbered enemy",
    "射撃・後衛": "ranged: a back-row enemy",
    "射撃・速度": "ranged: the slowest enemy",
    "射撃・HP": "ranged: the enemy with the least HP",
    "射撃・直前": "ranged: the enemy that acted last",
    "射撃・直後": "ranged: the enemy that acts next",
    "範囲・前衛": "area: the enemy front row",
    "範囲・後衛": "area: the enemy back row",
    "範囲・縦一列": "area: the facing column",
    "属性": "by attribute",
    "全体": "every enemy",
    "特殊": "special",
}
#: the features of the shipped cards; a feature not listed shows as written
FEATURE_EN = {
    "人間": "human", "少女": "girl", "戦士": "warrior", "巨乳": "buxom", "貧乳": "flat-chested",
    "剣士": "swordsman", "火炎": "flame", "魔法": "magic", "皇帝": "emperor", "女性": "woman",
    "男性": "man", "霊体": "spirit", "氷": "ice", "冷気": "cold", "浮遊": "floating",
    "錬金術": "alchemy", "科学": "science", "毒": "poison", "銃": "gun", "紳士": "gentleman",
    "変態": "pervert", "仮面": "mask", "獣": "beast", "大型": "large", "魔眼": "evil eye",
    "森": "forest", "闇": "darkness", "野生": "wild", "ドラゴン": "dragon", "飛行": "flying",
    "淫魔": "succubus", "夢幻": "dream", "★": "★ (Fatal Leap)",
}
_STATUS_BY_BIT = {bit: name for name, bit in STATUS_BITS.items()}
#: a status as the state a unit is in ("if it is poisoned")
STATE_EN = {"poison": "poisoned", "stun": "stunned", "sleep": "asleep",
            "magic seal": "magic-sealed", "weakness": "weakened"}


def status_name(status: str, lang: str) -> str:
    """A status as the seed writes it (毒) in ``lang``."""
    return status if lang == "ja" else STATUS_EN.get(status, status)


def attribute_name(attribute: str, lang: str) -> str:
    return attribute if lang == "ja" else ATTRIBUTE_EN.get(attribute, attribute)


def feature_name(feature: str, lang: str) -> str:
    return feature if lang == "ja" else FEATURE_EN.get(feature, feature)


def _amount(n: object) -> str:
    return {"X": "X (the round number)", "1D6": "one die roll of"}.get(str(n), str(n))


def _kind(kind: int) -> str:
    return "" if KIND_NAMES[kind] == "plain" else KIND_NAMES[kind] + " "


def _status(bit: int) -> str:
    return STATUS_EN.get(_STATUS_BY_BIT.get(bit, ""), "?")


def op_en(op: tuple) -> str:
    """One op of an action in English."""
    kind = op[0]
    if kind == "dmg":
        text = (f"{_kind(op[2])}damage equal to a die roll" if str(op[1]) == "1D6"
                else f"{_amount(op[1])} {_kind(op[2])}damage")
        if op[3] is not None:
            bit, more, more_kind = op[3]
            state = STATE_EN.get(_status(bit), _status(bit))
            text += f" (+{more} {_kind(more_kind)}damage if it is {state})"
        return text
    if kind == "heal":
        if str(op[1]) == "1D6":
            return "this unit heals as much HP as a die roll"
        return f"this unit heals {_amount(op[1])} HP"
    if kind == "self-status":
        return f"this unit becomes {STATE_EN.get(_status(op[1]), _status(op[1]))}"
    if kind == "status":
        return f"the target becomes {STATE_EN.get(_status(op[1]), _status(op[1]))}"
    if kind == "set-max-hp-enemies":
        return f"every enemy's maximum HP becomes {op[1]}"
    if kind == "special-highest-hp":
        return f"{op[1]} {_kind(phrases_kind(op[2]))}damage to the enemy with the most HP"
    return kind


def phrases_kind(word: object) -> int:
    from cardtable.games.dice_and_monsters.phrases import KINDS

    return KINDS.get(word if isinstance(word, str) else None, 0)


def action_en(action: Action) -> str:
    """``melee: the enemy ahead — 3 physical damage`` (or ``nothing``)."""
    if not action.ops:
        return "nothing"
    target = TARGET_EN.get(action.target, action.target)
    if action.target == "属性":
        names = "/".join(ATTRIBUTE_EN.get(a, a) for a in sorted(action.attrs))
        target = f"every enemy {'not ' if action.negate else ''}{names}"
    text = "; ".join(op_en(op) for op in action.ops)
    flags = (" (first strike)" if action.preempt else "") + (" (once)" if action.once else "")
    return f"{target} — {text}{flags}" if action.target else f"{text}{flags}"


def action_text(action: Action, lang: str) -> str:
    if lang == "ja":
        body = f"……{action.text}" if action.text else ""
        return f"「{action.name}」{body}"
    return action_en(action)


TRAIT_EN = {
    "status-immune": "this unit is not affected by statuses",
    "melee-retort": "a unit that attacks it in melee rolls a die: on {0} or less it is "
                    "{1} after its turn",
    "roll-change-once": "once per game, when the round roll is {0}, it becomes {1}",
    "chain": "once per turn, when this unit damages an enemy, roll a die and take that action",
    "no-damage-to-feature": "this unit cannot damage units with the feature {0}",
    "command-immune": "this unit is not affected by command cards",
    "physical-armor": "physical damage to this unit is reduced by {0}",
}
TRIGGER_EN = {
    "round-start": "Fires at the start of round {0}.",
    "roll": "Fires when the round roll is {0}.",
    "own-down": "Fires when one of your units is knocked out.",
    "enemy-command": "Fires when an opponent's command fires.",
}
EFFECT_EN = {
    "revive-downed": "Every unit knocked out at that moment stays and revives with {0} HP.",
    "traits-off-square": "The traits of both units on square [{0}] are off for the game.",
    "set-roll": "The roll becomes {0}.",
    "reset": "Then this card is set again.",
    "limit": "It fires at most {0} times a game.",
    "lose-features": "Every unit loses its features until the end of round {0}.",
    "magic-all-enemies": "{0} magic damage to every enemy unit.",
    "stay-magic": "This card stays; each later round roll of {0} deals {1} magic damage to "
                  "every enemy unit.",
    "counter": "Roll a die: on {0} or less that command is cancelled and destroyed.",
    "heal-feature": "Every unit with the feature {0} heals {1}.",
}
LEAP_EN = {
    "feature-hp": "when your unit with the feature {0} drops to {1} HP or less, this unit "
                  "replaces it",
    "name-hp": "when your {0} drops to {1} HP or less, this unit replaces it",
}


def _fill(template: str, params: tuple) -> str:
    shown = []
    for p in params:
        if isinstance(p, str) and p in STATUS_EN:  # as the state a unit is in: "stunned"
            shown.append(STATE_EN.get(STATUS_EN[p], STATUS_EN[p]))
        elif isinstance(p, str):
            shown.append(FEATURE_EN.get(p, p))
        else:
            shown.append(str(p))
    return template.format(*shown)


def card_lines(card: Unit | Command, lang: str,
               names_en: Mapping[str, str] | None = None) -> list[str]:
    """The whole card: header, stats, then one line per action face, trait or effect.

    Action lines start with ``[face]`` in both languages so a table can find a face's text.
    ``names_en`` gives other cards' English names: a leap naming the unit it replaces says
    that unit's English name in English.
    """
    ja = lang == "ja"
    head = card.name if ja or not card.name_en else f"{card.name} / {card.name_en}"
    if isinstance(card, Command):
        if ja:
            body = [line for line in card.text.splitlines()[1:]
                    if line.strip() and not line.startswith("【英名") and not _is_english(line)]
            return [head, "コマンド", *body]
        trigger = TRIGGER_EN.get(card.trigger, card.trigger).format(card.trigger_arg)
        return [head, "command", *with_overrides(
            [trigger, *(_fill(EFFECT_EN.get(e[0], e[0]), e[1:]) for e in card.effects)],
            card.english)]
    sep = "、" if ja else ", "
    features = sep.join(feature_name(f, lang) for f in card.features)
    if ja:
        lines = [head, f"ユニット・属性 {card.attribute}・HP {card.hp}・速度 {card.speed}",
                 f"特徴: {features or '-'}"]
    else:
        lines = [head, f"unit · {attribute_name(card.attribute, lang)} · HP {card.hp} · "
                       f"speed {card.speed}", f"features: {features or '-'}"]
    if ja:
        lines += [f"[{action.face}] {action_text(action, lang)}" for action in card.actions]
        lines += [f"特性「{trait.name}」……{trait.text}" for trait in card.traits]
        if card.leap is not None:
            lines.append(f"リープ……{card.leap.text}")
        return lines
    text = [action_text(action, lang) for action in card.actions]
    text += [_fill(TRAIT_EN.get(t.kind, t.kind), t.params) for t in card.traits]
    if card.leap is not None:
        who = card.leap.who
        if card.leap.kind == "name-hp" and names_en:
            who = names_en.get(who, who)
        text.append(_fill(LEAP_EN.get(card.leap.kind, card.leap.kind), (who, card.leap.hp)))
    text = with_overrides(text, card.english)  # a designer's own English, line by line
    faces = len(card.actions)
    lines += [f"[{a.face}] {line}" for a, line in zip(card.actions, text, strict=False)]
    lines += [f"trait: {line}" for line in text[faces:faces + len(card.traits)]]
    if card.leap is not None:
        lines.append(f"Fatal Leap: {text[-1]}")
    return lines


def _is_english(line: str) -> bool:
    key, colon, _ = line.partition(":") if ":" in line else line.partition("：")
    return bool(colon) and is_english_text_key(key)
