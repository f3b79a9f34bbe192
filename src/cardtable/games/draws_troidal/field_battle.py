"""⑤ Field battle: the facing cards of each lane battle, from A to E.

Attribute edge decides first, then power; equal power with no edge, light against dark, and
two powerless cards all make both cards lose. A card with no printed power always loses. A
losing card with guard points left loses one and stays (no damage); otherwise it goes to the
trash and its owner takes its risk as damage. After each lane a player at 0 life or less has
lost (both at once: a draw). A card's win count rises with each win and resets on any loss;
cards at the win limit are trashed without damage after lane E.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.draws_troidal.actions import LANE_NAMES, LANES
from cardtable.games.draws_troidal.attributes import edge, mutual_destruction
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.state import DrawsState
from cardtable.games.draws_troidal.steps import finish

#: why a battle ended as it did, for the log and the table's explanation
LIGHT_DARK, POWERLESS, ATTRIBUTE, TIE, POWER = ("light-dark", "powerless", "attribute", "tie",
                                                "power")


#: ``_EDGE[a][b]`` is ``edge(a, b)`` and ``_MUTUAL[a][b]`` ``mutual_destruction(a, b)`` for
#: the eight attributes: two table reads instead of two calls in the battle's inner loop
_EDGE = tuple(tuple(edge(a, b) for b in range(8)) for a in range(8))
_MUTUAL = tuple(tuple(mutual_destruction(a, b) for b in range(8)) for a in range(8))


def judge(a: Card, b: Card) -> tuple[bool, bool, str]:
    """``(a loses, b loses, reason)`` for card ``a`` against card ``b``."""
    aa, ab = a.attribute, b.attribute
    if _MUTUAL[aa][ab]:
        return True, True, LIGHT_DARK
    pa, pb = a.power, b.power
    if pa is None or pb is None:
        return pa is None, pb is None, POWERLESS
    e = _EDGE[aa][ab]
    if e:
        return e < 0, e > 0, ATTRIBUTE
    if pa == pb:
        return True, True, TIE
    return pa < pb, pb < pa, POWER


def _lose(state: DrawsState, player: int, lane: int) -> tuple[bool, int]:
    """Apply a loss; returns ``(guarded, damage)``."""
    state.wins[player][lane] = 0
    guard = state.guard[player]
    if guard[lane] > 0:
        guard[lane] -= 1
        return True, 0
    card = state.field[player][lane]
    state.trash[player].append(card)
    state.field[player][lane] = -1
    state.ids[player][lane] = -1
    state.fresh[player][lane] = False
    risk = state.cards[card].risk
    state.life[player] -= risk
    return False, risk


def fight(state: DrawsState) -> bool:
    """Battle every lane; returns False if the game ended."""
    cards, field, life, log = state.cards, state.field, state.life, state.log
    f0, f1 = field
    w0, w1 = state.wins
    i0, i1 = state.ids
    for lane in range(LANES):
        a, b = f0[lane], f1[lane]
        if a < 0 or b < 0:
            continue  # no opponent in this lane: no battle
        ca, cb = cards[a], cards[b]
        lost_a, lost_b, reason = judge(ca, cb)
        ids = [i0[lane], i1[lane]]
        if lost_a:
            guarded_a, damage_a = _lose(state, 0, lane)
        else:
            guarded_a, damage_a = False, 0
            w0[lane] += 1
        if lost_b:
            guarded_b, damage_b = _lose(state, 1, lane)
        else:
            guarded_b, damage_b = False, 0
            w1[lane] += 1
        if log is not QUIET:
            log.append({
                "type": "battle", "lane": LANE_NAMES[lane], "cards": [ca.name, cb.name],
                "ids": ids,
                "lost": [lost_a, lost_b], "reason": reason, "guarded": [guarded_a, guarded_b],
                "damage": [damage_a, damage_b], "life": list(life),
            })
        if life[0] <= 0 or life[1] <= 0:
            finish(state, -1 if life[0] <= 0 and life[1] <= 0 else (1 if life[0] <= 0 else 0),
                   "life")
            return False
    limit = state.options["win_limit"]
    for p in (0, 1):
        wins = state.wins[p]
        if max(wins) < limit:
            continue
        for lane in range(LANES):
            if wins[lane] >= limit:
                card = field[p][lane]
                state.trash[p].append(card)
                field[p][lane] = -1
                wins[lane] = 0
                state.guard[p][lane] = 0
                if log is not QUIET:
                    log.append({"type": "win-limit", "player": p, "lane": LANE_NAMES[lane],
                                "card": cards[card].name, "id": state.ids[p][lane]})
                state.ids[p][lane] = -1
    return True
