"""The regular phrasings of action texts, compiled once into small tuples (ops).

An action text is cut into sentences; each must be one of the regular phrasings below or a
wording registered in ``wording.py``. Anything else is an error naming the phrase, so a card
never plays with a silently ignored sentence.

Ops (tuples, so cards stay immutable and hashable):

* ``("dmg", amount, kind, bonus)``: damage to every target. ``amount`` is an int, ``"X"`` (the
  round number) or ``"1D6"``; ``kind`` is one of ``PLAIN PHYSICAL MAGIC BOTH``; ``bonus`` is
  ``(status_bit, amount, kind)`` for "対象が【毒】状態の時、さらにN点" or None.
* ``("heal", amount)``: this unit heals (amount an int or ``"1D6"``).
* ``("self-status", bit)``, ``("status", bit)``: a status on this unit / on every target.
* registered kinds from ``wording.ACTIONS`` with their parameters.
"""

from __future__ import annotations

import re

from cardtable.games.dice_and_monsters import wording
from cardtable.games.dice_and_monsters.wording import STATUS_BITS

PLAIN, PHYSICAL, MAGIC, BOTH = 0, 1, 2, 3
KINDS = {None: PLAIN, "": PLAIN, "物理": PHYSICAL, "魔力": MAGIC, "物理・魔力": BOTH}
KIND_NAMES = ("plain", "physical", "magic", "physical+magic")

#: every targeting keyword of the seed; 射撃・前衛 is read as 射撃 (rulings.md)
TARGETS = (
    "近接", "近接・番号", "近接・速度", "近接・HP", "近接・直前", "近接・直後", "近接・暗殺",
    "近接・貫通", "近接・範囲", "近接・全体",
    "射撃", "射撃・前衛", "射撃・番号", "射撃・後衛", "射撃・速度", "射撃・HP", "射撃・直前",
    "射撃・直後",
    "範囲・前衛", "範囲・後衛", "範囲・縦一列",
    "属性", "全体", "特殊",
)
ATTRIBUTES = ("聖", "闇", "混沌", "無")

_ST = "(" + "|".join(STATUS_BITS) + ")"
_KIND = r"(物理・魔力|物理|魔力)?"
_TP = (r"(?:1体|敵前衛|敵後衛|敵全員|敵全体|正面縦1列の敵|同じ縦列の敵|"
       r"(?P<attrs>[聖闇混沌無・]+)属性(?P<neg>以外)?の敵全員)に")
DAMAGE = re.compile(r"(?:" + _TP + r")?(?P<n>\d+|X|1D6)点の" + _KIND.replace("(", "(?P<kind>", 1)
                    + r"ダメージを与える")
X_IS_ROUND = re.compile(r"Xは現在のラウンド数に等しい")
BONUS = re.compile(r"対象が【" + _ST + r"】状態の時、さらに(\d+)点の" + _KIND + r"ダメージを与える")
HEAL = re.compile(r"このユニットのHPを\s*(\d+|1D6)点回復する")
SELF_STATUS = re.compile(r"(?:その後、?)?(?:この)+ユニットを【" + _ST + r"】状態にする")
STATUS = re.compile(r"(?:その後、?)?(?:そのユニット|対象|(?P<all>敵全体|敵全員)|敵前衛|敵後衛)を【"
                    + _ST + r"】状態にする")
PREEMPT = re.compile(r"この行動は【先制】である")
ONCE = re.compile(r"[（(]1回制限[)）]")


class PhraseError(ValueError):
    """A sentence the grammar does not cover; the message names it."""


def _amount(text: str) -> int | str:
    """A damage or healing amount: X, 1D6 or a whole number within ``wording.AMOUNT``."""
    if text in ("X", "1D6"):
        return text
    lo, hi = wording.AMOUNT
    if len(text) > len(str(hi)) or not lo <= int(text) <= hi:
        raise PhraseError(f"an amount must be {lo} to {hi}, got {text[:12]}")
    return int(text)


def compile_action(target: str, text: str) -> tuple[str, tuple, frozenset[str], bool, bool]:
    """``(target, ops, attributes, negate, preempt)`` for one action text (without 1回制限).

    ``target`` may change: an action with no keyword whose text says 敵全体 targets 全体.
    """
    ops: list[tuple] = []
    attrs: frozenset[str] = frozenset()
    negate = False
    preempt = False
    has_x = False
    x_defined = False
    for sentence in wording.sentences(text):
        m = DAMAGE.fullmatch(sentence)
        if m:
            if m.group("attrs"):
                attrs = frozenset(a for a in m.group("attrs").split("・") if a)
                bad = [a for a in attrs if a not in ATTRIBUTES]
                if bad:
                    raise PhraseError(f"unknown attribute '{bad[0]}' in '{sentence}'")
                negate = bool(m.group("neg"))
            n = _amount(m.group("n"))
            has_x = has_x or n == "X"
            ops.append(("dmg", n, KINDS[m.group("kind")], None))
            continue
        if X_IS_ROUND.fullmatch(sentence):
            x_defined = True
            continue
        m = BONUS.fullmatch(sentence)
        if m:
            if not ops or ops[-1][0] != "dmg":
                raise PhraseError(f"'{sentence}' must follow a damage sentence")
            last = ops.pop()
            ops.append(("dmg", last[1], last[2],
                        (STATUS_BITS[m.group(1)], _amount(m.group(2)), KINDS[m.group(3)])))
            continue
        m = HEAL.fullmatch(sentence)
        if m:
            ops.append(("heal", _amount(m.group(1))))
            continue
        m = SELF_STATUS.fullmatch(sentence)
        if m:
            ops.append(("self-status", STATUS_BITS[m.group(1)]))
            continue
        m = STATUS.fullmatch(sentence)
        if m:
            if m.group("all") and not target:
                target = "全体"
            ops.append(("status", STATUS_BITS[m.group(2)]))
            continue
        if PREEMPT.fullmatch(sentence):
            preempt = True
            continue
        hit = wording.match(wording.ACTIONS, sentence)
        if hit:
            problem = wording.check(*hit)
            if problem:
                raise PhraseError(f"{problem} in '{sentence[:60]}'")
            ops.append((hit[0], *hit[1]))
            continue
        raise PhraseError(f"phrase not understood: '{sentence[:60]}。'")
    if has_x and not x_defined:
        raise PhraseError("damage X is used but 'Xは現在のラウンド数に等しい。' is missing")
    needs_target = any(op[0] in ("dmg", "status") for op in ops)
    if needs_target and not target:
        raise PhraseError("damage or a status on enemies needs a target keyword such as 【近接】")
    if target == "属性" and not attrs:
        raise PhraseError("【属性】 needs the attributes in the text, e.g. '闇属性の敵全員に'")
    if target == "特殊" and not any(op[0].startswith("special-") for op in ops):
        raise PhraseError("【特殊】 needs a registered special wording")
    return target, tuple(ops), attrs, negate, preempt
