"""The four damage kinds, the five status effects and healing.

Physical damage: -1 when the dealer is 【弱体化】, +1 when the receiver is; magic damage: -2 when
the dealer is 【魔力封印】; physical-and-magic damage takes every modifier of either kind once;
plain damage (poison, or a text naming no kind) takes none. Damage never goes below 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.event_log import QUIET
from cardtable.games.dice_and_monsters.phrases import KIND_NAMES, MAGIC, PHYSICAL
from cardtable.games.dice_and_monsters.wording import STATUS_BITS

if TYPE_CHECKING:
    from cardtable.games.dice_and_monsters.battle import Battle, Unit

POISON = STATUS_BITS["毒"]
STUN = STATUS_BITS["スタン"]
SLEEP = STATUS_BITS["睡眠"]
SEAL = STATUS_BITS["魔力封印"]
WEAK = STATUS_BITS["弱体化"]
STATUS_NAMES = {bit: name for name, bit in STATUS_BITS.items()}


def modified(src: Unit | None, tgt: Unit, amount: int, kind: int) -> int:
    """``amount`` after the modifiers of its kind, never below 0."""
    if kind & PHYSICAL:
        if src is not None and src.status & WEAK:
            amount -= 1
        if tgt.status & WEAK:
            amount += 1
        if tgt.tk:
            armor = tgt.tk.get("physical-armor")
            if armor is not None:
                amount -= armor[0]
    if kind & MAGIC and src is not None and src.status & SEAL:
        amount -= 2
    return amount if amount > 0 else 0


def deal(b: Battle, src: Unit | None, tgt: Unit, amount: int, kind: int,
         bonus: tuple | None = None, by: dict[str, Any] | None = None) -> int:
    """One hit; returns the damage taken. A sleeping unit that takes damage may wake (4+).

    The event names the source: the unit ``src`` (``{"unit": ref}``), else ``by`` (a command
    card, a status)."""
    dmg = modified(src, tgt, amount, kind)
    if bonus is not None and tgt.status & bonus[0]:
        dmg += modified(src, tgt, bonus[1], bonus[2])
    if src is not None and src.tk:
        shy = src.tk.get("no-damage-to-feature")
        if shy is not None and shy[0] in b.features(tgt):
            dmg = 0
    if dmg:
        tgt.hp -= dmg
        b.hurt = True
        if tgt.hp <= 0:
            tgt.hp = 0
            b.downed = True
    if b.log is not QUIET:
        b.log.append({"type": "damage", "unit": tgt.ref, "amount": dmg,
                      "kind": KIND_NAMES[kind], "hp": tgt.hp,
                      "by": {"unit": src.ref} if src is not None else by})
    if dmg > 0 and tgt.status & SLEEP and tgt.hp > 0 and b.die("wake", tgt.id) >= 4:
        cure(b, tgt, SLEEP)
    return dmg


def inflict(b: Battle, tgt: Unit, bit: int) -> bool:
    """Give a status; a unit that has it already, or is immune, is not affected again."""
    if tgt.status & bit or tgt.tk.get("status-immune") is not None or not tgt.on:
        return False
    tgt.status |= bit
    if b.log is not QUIET:
        b.log.append({"type": "status", "unit": tgt.ref, "status": STATUS_NAMES[bit],
                      "on": True})
    return True


def cure(b: Battle, tgt: Unit, bit: int) -> None:
    if tgt.status & bit:
        tgt.status &= ~bit
        if b.log is not QUIET:
            b.log.append({"type": "status", "unit": tgt.ref, "status": STATUS_NAMES[bit],
                          "on": False})


def heal(b: Battle, tgt: Unit, amount: int) -> None:
    """Up to the maximum HP, never beyond it."""
    before = tgt.hp
    tgt.hp = min(tgt.max_hp, tgt.hp + amount)
    if b.log is not QUIET:
        b.log.append({"type": "heal", "unit": tgt.ref, "amount": tgt.hp - before,
                      "hp": tgt.hp})
