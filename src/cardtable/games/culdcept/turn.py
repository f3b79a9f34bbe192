"""The turn: draw, spell, move (the die), battle or territory, end (discard to the limit).

``play`` applies the answer of whoever decides, then the engine runs every automatic step up
to the next decision with a real alternative: the draw, the die, a forced answer (the only
level card kind to pay, no spell to cast, a hand with nothing to place) and the end of turn.
"""

from __future__ import annotations

from cardtable.core import rng
from cardtable.core.event_log import QUIET
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.actions import (
    BATTLE_CARD,
    CAST,
    CAST_MOVE,
    CHOOSE_LEVEL,
    END,
    EXCHANGE,
    INVADE_HAND,
    INVADE_LAND,
    LEVEL_DOWN,
    LEVEL_UP,
    MOVE,
    PAY_TOLL,
    SLOTS,
    SUMMON,
    TARGETS,
)
from cardtable.games.culdcept.battle import place, send_back
from cardtable.games.culdcept.board import draw, finish, hand_kinds, level_kinds
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.legal import legal_for
from cardtable.games.culdcept.movement import invade, pay_toll, roll
from cardtable.games.culdcept.spell import cast, pay_level_for
from cardtable.games.culdcept.state import (
    BATTLE_DEF,
    BATTLE_INV,
    CHOOSE,
    DISCARD,
    INVADE,
    OVER,
    SPELL,
    TERRITORY,
    CuldceptState,
)
from cardtable.games.culdcept.territory import (
    exchange,
    level_down,
    level_up,
    move,
    summon,
    terrain,
)

#: the action codes are this module's names, not ``actions.X``: a global is one cached read, an
#: attribute of another module a lookup each time (most of all in the compiled build)
_MOVE_SPAN = SLOTS * 2
_DISCARD, _TERRAIN = act.DISCARD, act.TERRAIN  # the phases of the same names are taken
#: a row of damage with none on any slot (never changed: compared, not stored)
_UNHURT = [0] * SLOTS


def _hand_card(state: CuldceptState, seat: int, k: int) -> int:
    return hand_kinds(state.hand[seat])[k]


def play(state: CuldceptState, action: int) -> None:
    step(state, action)
    advance(state)


def step(state: CuldceptState, action: int) -> None:
    """Apply one answer of whoever decides now, up to the next decision."""
    phase = state.phase
    p = state.active
    if phase == SPELL:
        if action == END:
            roll(state)
        elif action < CAST_MOVE:
            k, t = divmod(action - CAST, TARGETS)
            cast(state, _hand_card(state, p, k), t)
            if state.phase == SPELL:
                roll(state)
        else:
            k, rest = divmod(action - CAST_MOVE, _MOVE_SPAN)
            cast(state, _hand_card(state, p, k), 100 + rest)
            roll(state)
    elif phase == TERRITORY:
        _territory(state, p, action)
        end_turn(state)
    elif phase == BATTLE_INV:
        place(state, -1 if action == END else _hand_card(state, p, action - BATTLE_CARD))
    elif phase == BATTLE_DEF:
        place(state, -1 if action == END else _hand_card(state, 1 - p,
                                                          action - BATTLE_CARD))
        if state.phase == BATTLE_DEF:  # the battle is over and nothing waits
            end_turn(state)
    elif phase == INVADE:
        if action == PAY_TOLL:
            pay_toll(state)
        elif action == INVADE_LAND:
            invade(state, state.creature[p][state.dest], state.dest)
        else:
            invade(state, _hand_card(state, p, action - INVADE_HAND), -1)
    elif phase == CHOOSE:
        reason, seat, slot = state.pending  # type: ignore[misc]
        state.pending = None
        pay_level_for(state, reason, seat, slot,
                      level_kinds(state, seat, slot)[action - CHOOSE_LEVEL])
        if state.phase != OVER:
            if reason == "spell":
                roll(state)
            elif reason == "toll":
                state.phase = TERRITORY
            else:
                send_back(state)
                end_turn(state)
    elif phase == DISCARD:
        c = _hand_card(state, p, action - _DISCARD)
        state.hand[p].remove(c)
        state.discard[p].append(c)
        state.log.append({"type": "discard", "player": p, "card": state.cards[c].name})
        end_turn(state)


def _territory(state: CuldceptState, p: int, action: int) -> None:
    if action == END:
        return
    if action < LEVEL_DOWN:
        level_up(state, _hand_card(state, p, action - LEVEL_UP))
    elif action < _TERRAIN:
        level_down(state, level_kinds(state, p, state.dest)[action - LEVEL_DOWN])
    elif action < SUMMON:
        terrain(state, _hand_card(state, p, action - _TERRAIN))
    elif action < EXCHANGE:
        summon(state, _hand_card(state, p, action - SUMMON))
    elif action < MOVE:
        exchange(state, _hand_card(state, p, action - EXCHANGE))
    else:
        move(state, action - MOVE)


def advance(state: CuldceptState) -> None:
    """Take decisions with one answer without asking (they are not recorded in ``history``)
    until a real choice or the end, unless the answer being the only one is itself secret."""
    while state.phase != OVER:
        legal = legal_for(state)
        if len(legal) > 1 or hides_a_choice(state):
            state._legal = legal
            return
        step(state, legal[0])
    state._legal = []


def hides_a_choice(state: CuldceptState) -> bool:
    """Whether the other player cannot tell that the one legal answer is all there is.

    A decision passes by itself only when public information alone says so. What a hand can
    cast in the spell phase, or send to invade, is secret: with a card in hand the phase is
    asked even when nothing in it is castable, or declining would tell the opponent so. Which
    level card to pay is asked whenever the land has two or more (their kinds are secret), and
    which card to discard always (the hand is secret).
    """
    phase = state.phase
    if phase in (SPELL, INVADE):
        return bool(state.hand[state.active])
    if phase == CHOOSE:
        _, seat, slot = state.pending  # type: ignore[misc]
        return len(state.levels[seat][slot]) >= 2
    return phase == DISCARD


def end_turn(state: CuldceptState) -> None:
    """Discard down to the hand limit (the mover's choice, one card at a time), then the
    damage of the turn is gone and the other player's turn begins."""
    p = state.active
    if len(state.hand[p]) > state.options["hand_limit"]:
        state.phase = DISCARD
        return
    dm = state.damage
    if dm[0] != _UNHURT or dm[1] != _UNHURT:  # any damage: a list compare, no call
        state.damage = [[0] * SLOTS, [0] * SLOTS]
    state.battle = None
    begin_turn(state, 1 - p)


def begin_turn(state: CuldceptState, p: int) -> None:
    """A new turn: past the turn limit the game is decided by toll points; else draw."""
    if state.turn_no >= state.options["turn_limit"]:
        a, b = len(state.tolls[0]), len(state.tolls[1])
        finish(state, 0 if a > b else 1 if b > a else -1, "turn-limit")
        return
    state.turn_no += 1
    state.active = p
    state.die = 0
    state.dest = -1
    if state.log is not QUIET:
        state.log.append({"type": "turn", "turn": state.turn_no, "player": p})
    draw(state, p, 1)
    state.phase = SPELL


def start(state: CuldceptState) -> None:
    """The setup: starting lands at random, decks shuffled, six cards each, the first player."""
    state.log.append({"type": "game-start"})
    for p in (0, 1):
        order = list(range(6))
        state.rng = rng.shuffle(state.rng, order)
        state.base[p] = order
        state.log.append({"type": "lands", "player": p,
                          "lands": [START_LANDS[i][0] for i in order]})
        state.rng = rng.shuffle(state.rng, state.deck[p])
        state.log.append({"type": "shuffle", "player": p})
    state.rng, first = rng.randbelow(state.rng, 2)
    state.first = first
    state.log.append({"type": "first-player", "player": first})
    for p in (first, 1 - first):
        draw(state, p, state.options["hand_size"])
    begin_turn(state, first)
    advance(state)

