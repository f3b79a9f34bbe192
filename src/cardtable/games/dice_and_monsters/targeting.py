"""Who an action hits: every targeting keyword of the seed, as one function each.

Each function gets the battle, the acting unit and the action and returns enemy unit ids
(empty: the attack is not carried out). "正面" and "同じ縦列" follow the physical columns
(board.facing_column); "行動順が遅い" is the later place in the action order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.games.dice_and_monsters.board import facing_column

if TYPE_CHECKING:
    from cardtable.games.dice_and_monsters.battle import Battle, Unit
    from cardtable.games.dice_and_monsters.cards import Action


def _row(b: Battle, u: Unit) -> tuple[list[int], int]:
    return b.board[1 - u.side], facing_column(u.sq)


def melee(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接】: the enemy straight ahead, else the other enemy front unit."""
    row, fc = _row(b, u)
    if row[fc] >= 0:
        return [row[fc]]
    if row[1 - fc] >= 0:
        return [row[1 - fc]]
    return []


def shoot(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【射撃】: an enemy front unit, the one straight ahead if there are two."""
    row, fc = _row(b, u)
    for sq in (fc, 1 - fc, fc + 2, 3 - fc):
        if row[sq] >= 0:
            return [row[sq]]
    return []


def _front(b: Battle, u: Unit) -> list[int]:
    row = b.board[1 - u.side]
    return [row[sq] for sq in (0, 1) if row[sq] >= 0]


def _back(b: Battle, u: Unit) -> list[int]:
    row = b.board[1 - u.side]
    return [row[sq] for sq in (2, 3) if row[sq] >= 0]


def _all(b: Battle, u: Unit) -> list[int]:
    return [x for x in b.board[1 - u.side] if x >= 0]


def lowest_number(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・番号】【射撃・番号】: the enemy in the lowest-numbered square."""
    found = _all(b, u)
    return found[:1]


def melee_slowest(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・速度】: the front enemy latest in the action order."""
    front = _front(b, u)
    return [max(front, key=b.place)] if front else []


def melee_hp(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・HP】: the front enemy with the lowest HP; a tie is settled as 【近接】."""
    front = _front(b, u)
    if not front:
        return []
    low = min([b.units[x].hp for x in front])
    tied = [x for x in front if b.units[x].hp == low]
    return tied if len(tied) == 1 else melee(b, u)


def _in_play_enemy(b: Battle, u: Unit, uid: int) -> bool:
    return uid >= 0 and b.units[uid].on and b.units[uid].side != u.side


def melee_previous(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・直前】: the enemy that took the last turn, unless it is in the back row or gone."""
    last = b.last_actor[1 - u.side]
    if _in_play_enemy(b, u, last) and b.units[last].sq < 2:
        return [last]
    return melee(b, u)


def melee_next(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・直後】: the enemy that takes the next turn, unless it is in the back row."""
    nxt = b.next_enemy(u)
    if nxt >= 0 and b.units[nxt].sq < 2:
        return [nxt]
    return melee(b, u)


def _back_one(b: Battle, u: Unit) -> list[int]:
    """One back-row enemy, the one in the facing column if there are two (none: ``[]``):
    【暗殺】 and 【後衛】 pick the same one and differ only in what they fall back on."""
    row, fc = _row(b, u)
    if row[fc + 2] >= 0:
        return [row[fc + 2]]
    if row[3 - fc] >= 0:
        return [row[3 - fc]]
    return []


def assassinate(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・暗殺】: a back-row enemy (in the facing column if there are two), else 【近接】."""
    return _back_one(b, u) or melee(b, u)


def column_all(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【近接・貫通】【範囲・縦一列】: every enemy in the facing column."""
    row, fc = _row(b, u)
    return [row[sq] for sq in (fc, fc + 2) if row[sq] >= 0]


def front_all(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    return _front(b, u)


def back_all(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    return _back(b, u)


def everyone(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    return _all(b, u)


def shoot_back(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【射撃・後衛】: a back-row enemy (the facing one if there are two), else 【射撃】."""
    return _back_one(b, u) or shoot(b, u)


def shoot_slowest(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【射撃・速度】: the enemy latest in the action order."""
    found = _all(b, u)
    return [max(found, key=b.place)] if found else []


def _hp_key(b: Battle, u: Unit, sign: int) -> Callable[[int], tuple[int, bool, int]]:
    fc = facing_column(u.sq)

    def key(x: int) -> tuple[int, bool, int]:
        t = b.units[x]
        return sign * t.hp, (t.sq & 1) != fc, t.sq >> 1

    return key


def shoot_hp(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【射撃・HP】: the lowest HP; ties: the facing column, then the front row."""
    found = _all(b, u)
    return [min(found, key=_hp_key(b, u, 1))] if found else []


def highest_hp(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """The registered 【特殊】 wording HPが一番高い敵1体: ties as 【射撃・HP】."""
    found = _all(b, u)
    return [min(found, key=_hp_key(b, u, -1))] if found else []


def shoot_previous(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【射撃・直前】: the enemy that took the last turn, else 【射撃】."""
    last = b.last_actor[1 - u.side]
    return [last] if _in_play_enemy(b, u, last) else shoot(b, u)


def shoot_next(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【射撃・直後】: the enemy that takes the next turn."""
    nxt = b.next_enemy(u)
    return [nxt] if nxt >= 0 else shoot(b, u)


def by_attribute(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    """【属性】: every enemy of the named attributes (or of any other, for …以外)."""
    assert a is not None
    return [x for x in _all(b, u) if (b.units[x].card.attribute in a.attrs) != a.negate]


def nobody(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    return []


SPECIAL: dict[str, Callable[..., list[int]]] = {"special-highest-hp": highest_hp}


def special(b: Battle, u: Unit, a: Action | None = None) -> list[int]:
    assert a is not None
    for op in a.ops:
        chooser = SPECIAL.get(op[0])
        if chooser is not None:
            return chooser(b, u, a)
    return []


SELECT: dict[str, Callable[..., list[int]]] = {
    "近接": melee, "近接・番号": lowest_number, "近接・速度": melee_slowest, "近接・HP": melee_hp,
    "近接・直前": melee_previous, "近接・直後": melee_next, "近接・暗殺": assassinate,
    "近接・貫通": column_all, "近接・範囲": front_all, "近接・全体": everyone,
    "射撃": shoot, "射撃・前衛": shoot, "射撃・番号": lowest_number, "射撃・後衛": shoot_back,
    "射撃・速度": shoot_slowest, "射撃・HP": shoot_hp, "射撃・直前": shoot_previous,
    "射撃・直後": shoot_next,
    "範囲・前衛": front_all, "範囲・後衛": back_all, "範囲・縦一列": column_all,
    "属性": by_attribute, "全体": everyone, "特殊": special, "": nobody,
}
