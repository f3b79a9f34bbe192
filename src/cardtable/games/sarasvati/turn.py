"""The turn: ① set, ② draw, ③ charge, ④ imagine, ⑤ move, ⑥ battle, ⑦ end.

``play`` applies the active player's answer, then the engine runs every automatic step up to
the next real decision: set and draw phases, the end phase, and any phase where ending it is
the only thing the player could do (an empty hand at charge, no attacker in battle...).
"""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.battle import attack
from cardtable.games.sarasvati.imagine import charge, evolve, kinds, re_equip, use
from cardtable.games.sarasvati.imagine import play as play_card
from cardtable.games.sarasvati.legal import legal_for
from cardtable.games.sarasvati.resolve import answer, expire, run
from cardtable.games.sarasvati.state import BATTLE, CHARGE, IMAGINE, MOVE, OVER, SarasvatiState
from cardtable.games.sarasvati.zones import draw


def play(state: SarasvatiState, action: int) -> None:
    p = state.active
    choice = state.choice
    if choice is not None:
        if choice[0] == "keep":
            state.choice = None
            _, _, c, place, other = choice
            evolve(state, c, place, other, action - act.KEEP)
        else:
            side, place = divmod(action - act.CHOOSE, act.PLACES)
            answer(state, (p if side == 0 else 1 - p, place))
        run(state)
    elif action == act.END:
        end_phase(state)
    elif state.phase == CHARGE:
        charge(state, kinds(state.hand[p])[action - act.CHARGE])
        state.phase = IMAGINE
    elif state.phase == IMAGINE:
        if action < act.USE:
            k, place = divmod(action - act.PLAY, act.PLACES)
            play_card(state, kinds(state.hand[p])[k], place)
        elif action < act.REEQUIP:
            use(state, kinds(state.hand[p])[action - act.USE])
        else:
            src, dst = divmod(action - act.REEQUIP, act.PLACES)
            re_equip(state, src, dst)
    elif state.phase == MOVE:
        src, dst = divmod(action - act.MOVE, act.PLACES)
        move(state, src, dst)
    else:
        a, target = divmod(action - act.ATTACK, act.TARGETS)
        attack(state, a, target)
    advance(state)


def move(state: SarasvatiState, src: int, dst: int) -> None:
    """A ready character is exhausted, then changes row (to the leftmost empty place)."""
    p = state.active
    for lists in (state.field, state.equip, state.ready, state.sick, state.uid, state.under):
        row = lists[p]
        row[src], row[dst] = row[dst], row[src]
    state.ready[p][dst] = False
    state.log.append({"type": "move", "player": p, "from": src, "to": dst,
                      "card": state.cards[state.field[p][dst]].name})


def end_phase(state: SarasvatiState) -> None:
    if state.phase == CHARGE:
        state.phase = IMAGINE
    elif state.phase == IMAGINE:
        state.phase = MOVE
    elif state.phase == MOVE:
        state.phase = BATTLE
    else:
        end_turn(state)


def advance(state: SarasvatiState) -> None:
    """Run automatic steps until a decision with a real alternative (or the end)."""
    while state.phase != OVER:
        legal = legal_for(state)
        if len(legal) > 1 or state.choice is not None:
            state._legal = legal
            return
        end_phase(state)
    state._legal = []


def begin_turn(state: SarasvatiState, p: int) -> None:
    """① Set: everything of the player's stands up again. ② Draw (not on the first turn)."""
    state.turn_no += 1
    state.active = p
    state.log.append({"type": "turn", "turn": state.turn_no, "player": p})
    state.tapped[p] = 0
    state.ready[p] = [c >= 0 for c in state.field[p]]
    state.sick[p] = [False] * act.PLACES
    expire(state, fx.NEXT_TURN, p)
    state.phase = CHARGE
    if state.turn_no > 1 or not state.options["first_player_skips_draw"]:
        draw(state, p, 1)


def end_turn(state: SarasvatiState) -> None:
    """⑦ End: changes 'until the end of this turn' expire; the opponent's turn begins."""
    expire(state, fx.TURN)
    if state.phase != OVER:
        begin_turn(state, 1 - state.active)
