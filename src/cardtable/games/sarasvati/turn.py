"""The turn: ① set, ② draw, ③ charge, ④ imagine, ⑤ move, ⑥ battle, ⑦ end.

``play`` applies the active player's answer, then the engine runs every automatic step up to
the next real decision: set and draw phases, the end phase, and any phase where ending it is
the only thing the player could do and the opponent can see that it is (an empty hand at
charge, no attacker in battle...; ``hides_a_choice``).
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.battle import attack
from cardtable.games.sarasvati.imagine import charge, evolve, kind_at, re_equip, use
from cardtable.games.sarasvati.imagine import play as play_card
from cardtable.games.sarasvati.legal import legal_for
from cardtable.games.sarasvati.resolve import answer, expire, run
from cardtable.games.sarasvati.state import BATTLE, CHARGE, IMAGINE, MOVE, OVER, SarasvatiState
from cardtable.games.sarasvati.zones import check, draw

#: the action codes, bound once (``play`` decodes one action per decision)
KEEP, CHOOSE, PLACES, END, USE, PLAY, REEQUIP, CHARGE_CODE, MOVE_CODE, ATTACK, TARGETS = (
    act.KEEP, act.CHOOSE, act.PLACES, act.END, act.USE, act.PLAY, act.REEQUIP, act.CHARGE,
    act.MOVE, act.ATTACK, act.TARGETS)
NEXT_TURN, TURN = fx.NEXT_TURN, fx.TURN


def settle(state: SarasvatiState) -> None:
    """Destroy every character whose defense is below 0 (the seed's Q&A), after an action.

    Effects check as they resolve (``resolve.run``); this catches what no effect does: a
    charge or a summon changes a hand-size condition, so does the draw of a new turn, a
    character comes in under a standing aura, a book opens into a lasting effect... A waiting
    choice was checked already, right after the effect that asked for it. Callers test
    ``state.dirty`` first: most actions change nothing a defense depends on, and then there is
    nothing to check (``zones.check``).
    """
    if state.choice is None:
        check(state)


def play(state: SarasvatiState, action: int) -> None:
    p = state.active
    choice = state.choice
    turn = state.turn_no
    #: a move or the end of a phase within the turn changes nothing a defense depends on
    #: (nothing refers to a row): the two most frequent decisions skip the check
    quiet = False
    if choice is not None:
        if choice[0] == "keep":
            state.choice = None
            _, _, c, place, other = choice
            evolve(state, c, place, other, action - KEEP)
        else:
            side, place = divmod(action - CHOOSE, PLACES)
            answer(state, (p if side == 0 else 1 - p, place))
        run(state)
    elif action == END:
        end_phase(state)
        quiet = True
    else:
        # the phases in the order random games decide in them most often
        phase = state.phase
        if phase == MOVE:
            src, dst = divmod(action - MOVE_CODE, PLACES)
            move(state, src, dst)
            quiet = True
        elif phase == IMAGINE:
            if action < USE:
                k, place = divmod(action - PLAY, PLACES)
                play_card(state, kind_at(state.hand[p], k), place)
            elif action < REEQUIP:
                use(state, kind_at(state.hand[p], action - USE))
            else:
                src, dst = divmod(action - REEQUIP, PLACES)
                re_equip(state, src, dst)
        elif phase == CHARGE:
            charge(state, kind_at(state.hand[p], action - CHARGE_CODE))
            state.phase = IMAGINE
        else:
            a, target = divmod(action - ATTACK, TARGETS)
            attack(state, a, target)
    if state.dirty and (not quiet or turn != state.turn_no):
        settle(state)
    advance(state)


def move(state: SarasvatiState, src: int, dst: int) -> None:
    """A ready character is exhausted, then changes row (to the leftmost empty place).

    Everything about the place goes with it; the six swaps are written out because a move is
    the most frequent decision of a random game."""
    p = state.active
    f = state.field[p]
    f[src], f[dst] = f[dst], f[src]
    e = state.equip[p]
    e[src], e[dst] = e[dst], e[src]
    r = state.ready[p]
    r[src] = r[dst]
    r[dst] = False
    sk = state.sick[p]
    sk[src], sk[dst] = sk[dst], sk[src]
    u = state.uid[p]
    u[src], u[dst] = u[dst], u[src]
    un = state.under[p]
    un[src], un[dst] = un[dst], un[src]
    if state.log is not QUIET:
        state.log.append({"type": "move", "player": p, "from": src, "to": dst,
                          "card": state.cards[f[dst]].name, "uid": u[dst]})


def end_phase(state: SarasvatiState) -> None:
    phase = state.phase
    if phase == CHARGE:
        state.phase = IMAGINE
    elif phase == IMAGINE:
        state.phase = MOVE
    elif phase == MOVE:
        state.phase = BATTLE
    else:
        end_turn(state)


def advance(state: SarasvatiState) -> None:
    """Run automatic steps until a decision with a real alternative (or the end).

    Whenever a new turn begins on the way, the defense check runs (``settle``).
    """
    while state.phase != OVER:
        legal = legal_for(state)
        if len(legal) > 1 or state.choice is not None or hides_a_choice(state):
            state._legal = legal
            return
        turn = state.turn_no
        end_phase(state)
        if turn != state.turn_no and state.dirty:
            settle(state)
    state._legal = []


def hides_a_choice(state: SarasvatiState) -> bool:
    """Whether the opponent cannot tell that ending this phase is all the player can do.

    A phase passes by itself only when public information alone says nothing else is legal.
    In the imagine phase what is playable depends on the hand, which the opponent does not
    see: passing it by itself whenever nothing in hand is affordable would tell the opponent
    that the card just drawn is not (it did, in seed 193 at step 43). So the player is asked
    whenever the hand holds a card and a voltage card stands untapped; ending the phase is
    then the only answer. The other phases depend only on public things (the hand's size at
    charge, the field in move and battle).
    """
    p = state.active
    return (state.phase == IMAGINE and bool(state.hand[p])
            and len(state.voltage[p]) > state.tapped[p])


def begin_turn(state: SarasvatiState, p: int) -> None:
    """① Set: everything of the player's stands up again. ② Draw (not on the first turn)."""
    state.turn_no += 1
    state.active = p
    if state.log is not QUIET:
        state.log.append({"type": "turn", "turn": state.turn_no, "player": p})
    state.tapped[p] = 0
    state.ready[p] = [c >= 0 for c in state.field[p]]
    state.sick[p] = [False] * PLACES
    if state.mods:
        expire(state, NEXT_TURN, p)
    state.phase = CHARGE
    if state.turn_no > 1 or not state.options["first_player_skips_draw"]:
        draw(state, p, 1)


def end_turn(state: SarasvatiState) -> None:
    """⑦ End: changes 'until the end of this turn' expire; the opponent's turn begins."""
    if state.mods:
        expire(state, TURN)
    if state.phase != OVER:
        begin_turn(state, 1 - state.active)
