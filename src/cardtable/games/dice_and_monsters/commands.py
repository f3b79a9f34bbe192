"""Commands: face-down cards that fire by themselves when their trigger sentence comes true.

A fired command is removed after its effect, unless its text sets it again (パラ・ダイス・シフト,
up to its printed limit) or keeps it on the field (メルト・アサルト). When a command fires, the
opponent's face-down コマンドカウンター fires in answer and may cancel and destroy it. Units with
コマンドカードの効果を受けない are left out of every command effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.event_log import QUIET
from cardtable.games.dice_and_monsters.board import EMPTY, revival_square
from cardtable.games.dice_and_monsters.damage import deal, heal
from cardtable.games.dice_and_monsters.phrases import MAGIC

if TYPE_CHECKING:
    from cardtable.games.dice_and_monsters.battle import Battle, Unit

HIDDEN, RESET, STAY, GONE = range(4)
STATE_NAMES = ("face-down", "set-again", "staying", "gone")
#: slot layout: [card, square, state, times fired]
CARD, SQUARE, STATE, FIRED = range(4)


def armed(b: Battle, p: int, trigger: str, arg: int = 0) -> bool:
    slot = b.cmd[p]
    if slot is None or slot[STATE] not in (HIDDEN, RESET):
        return False
    card = slot[CARD]
    return card.trigger == trigger and (arg == 0 or card.trigger_arg == arg)


def _affected(u: Unit) -> bool:
    return u.on and u.tk.get("command-immune") is None


def _square(u: Unit) -> int:
    return u.sq


def _remove(b: Battle, p: int) -> None:
    slot = b.cmd[p]
    slot[STATE] = GONE
    b.board[p][slot[SQUARE]] = EMPTY


def fire(b: Battle, p: int, downs: list[Unit] | None = None) -> set[int]:
    """Fire ``p``'s command; returns the ids of units it revived (奇跡)."""
    slot = b.cmd[p]
    card = slot[CARD]
    slot[FIRED] += 1
    if b.log is not QUIET:
        b.log.append({"type": "command", "player": p, "card": card.name,
                      "square": slot[SQUARE] + 1})
    o = 1 - p
    if armed(b, o, "enemy-command"):
        counter = b.cmd[o]
        counter[FIRED] += 1
        b.log.append({"type": "command", "player": o, "card": counter[CARD].name,
                      "square": counter[SQUARE] + 1, "answers": card.name})
        limit = counter[CARD].effect("counter")[1]
        _remove(b, o)
        if b.die("counter") <= limit:
            _remove(b, p)
            b.log.append({"type": "countered", "player": p, "card": card.name})
            return set()
    revived: set[int] = set()
    for effect in card.effects:
        kind = effect[0]
        if kind == "revive-downed" and downs:
            for u in sorted(downs, key=_square):
                if u.trait("command-immune") is not None:
                    continue
                sq = revival_square(b.board[p])
                if sq < 0:
                    continue
                u.hp = min(effect[1], u.max_hp)
                b.move(u, sq)
                b.board[p][sq] = u.id
                revived.add(u.id)
                b.log.append({"type": "revive", "unit": u.ref, "hp": u.hp})
        elif kind == "traits-off-square":
            for side in (0, 1):
                uid = b.board[side][effect[1] - 1]
                if uid >= 0 and _affected(b.units[uid]):
                    b.units[uid].traits_on = False
                    b.log.append({"type": "traits-off", "unit": b.units[uid].ref})
        elif kind == "set-roll":
            b.roll = effect[1]
            b.log.append({"type": "roll-changed", "value": b.roll, "by": card.name})
        elif kind == "lose-features":
            for u in b.units:
                if _affected(u):
                    u.fog_until = effect[1]
            b.log.append({"type": "features-lost", "until": effect[1]})
        elif kind == "magic-all-enemies":
            _magic_all(b, o, effect[1], {"command": card.name, "player": p})
        elif kind == "heal-feature":
            for u in b.units:
                if _affected(u) and effect[1] in b.features(u):
                    heal(b, u, effect[2])
    limit = card.effect("limit")
    if card.effect("reset") is not None and (limit is None or slot[FIRED] < limit[1]):
        slot[STATE] = RESET
    elif card.effect("stay-magic") is not None:
        slot[STATE] = STAY
    else:
        _remove(b, p)
    return revived


def _magic_all(b: Battle, target_side: int, amount: int, by: dict[str, Any]) -> None:
    for uid in list(b.board[target_side]):
        if uid >= 0 and _affected(b.units[uid]):
            deal(b, None, b.units[uid], amount, MAGIC, by=by)


def round_start(b: Battle) -> None:
    """Commands that fire at this round's start, one side after the other in action order.

    Each resolution is settled before the next one (knock-outs, advance, leaps, the end), as
    triggers of one moment resolve one after another (rulings.md).
    """
    for p in b.sides():
        if armed(b, p, "round-start", b.round):
            fire(b, p)
            b.settle()
            if b.over:
                return
    if b.downed or b.hurt:
        b.settle()


def on_roll(b: Battle, face: int) -> None:
    """Commands and traits that answer the round roll, side by side in action order.

    Each side's command is settled before the next trigger resolves: a side left with no
    unit loses at once, before the other side's trigger (rulings.md).
    """
    for p in b.sides():
        slot = b.cmd[p]
        if armed(b, p, "roll", face):
            fire(b, p)
        elif slot is not None and slot[STATE] == STAY:
            stay = slot[CARD].effect("stay-magic")
            if stay is not None and stay[1] == face:
                b.log.append({"type": "command", "player": p, "card": slot[CARD].name,
                              "square": slot[SQUARE] + 1, "staying": True})
                _magic_all(b, 1 - p, stay[2], {"command": slot[CARD].name, "player": p})
        if b.downed or b.hurt:  # settle's own first test, without the call
            b.settle()
        if b.over:
            return
        if not b.roll_traits:
            continue
        for uid in b.order:
            u = b.units[uid]
            if u.side != p or not u.on:
                continue
            change = u.tk.get("roll-change-once")
            if change is not None and b.roll == change[0] and not u.used & ROLL_CHANGE_USED:
                u.used |= ROLL_CHANGE_USED
                b.roll = change[1]
                b.log.append({"type": "roll-changed", "value": b.roll, "by": u.card.name})
    if b.downed or b.hurt:
        b.settle()


def on_down(b: Battle, p: int, downs: list[Unit]) -> set[int]:
    if armed(b, p, "own-down"):
        return fire(b, p, downs)
    return set()


#: bit in ``Unit.used`` for a once-per-game trait (faces use bits 1..6)
ROLL_CHANGE_USED = 1 << 7
