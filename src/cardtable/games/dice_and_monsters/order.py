"""Action order: speed, then the team's speed total, then dice; fixed unless an effect changes it.

Why dice and not a coin: the seed says ties are settled by rolling the die, and every roll is
logged, so a tie of several units rolls each of them and rolls again among any that tie again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.games.dice_and_monsters.battle import Battle


def by_dice(b: Battle, ids: list[int]) -> list[int]:
    """``ids`` from the highest roll to the lowest; equal rolls roll again among themselves."""
    rolled = sorted([(b.die("order", uid), uid) for uid in ids], key=_first, reverse=True)
    out: list[int] = []
    i = 0
    while i < len(rolled):
        j = i + 1
        while j < len(rolled) and rolled[j][0] == rolled[i][0]:
            j += 1
        if j - i == 1:
            out.append(rolled[i][1])
        else:
            out.extend(by_dice(b, [uid for _, uid in rolled[i:j]]))
        i = j
    return out


def _first(pair: tuple[int, int]) -> int:
    return pair[0]


def decide(b: Battle) -> list[int]:
    """The order of every unit in play, fastest first.

    The team total counts the units in play now (at the start: the three of the team; after a
    Fatal Leap: the leap unit instead of the one it replaced).
    """
    units = [u for u in b.units if u.on]
    totals = [0, 0]
    for u in units:
        totals[u.side] += u.speed
    keyed = sorted([(-u.speed, -totals[u.side], u.id) for u in units])
    out: list[int] = []
    i = 0
    n = len(keyed)
    while i < n:
        j = i + 1
        while j < n and keyed[j][:2] == keyed[i][:2]:
            j += 1
        if j - i == 1:
            out.append(keyed[i][2])
        else:
            out.extend(by_dice(b, [k[2] for k in keyed[i:j]]))
        i = j
    return out
