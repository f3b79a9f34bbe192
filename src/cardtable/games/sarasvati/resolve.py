"""Resolving effects: the queue of triggered effects, the choices they wait for, what follows.

When something triggers effects (a summon, a support, an attack, a won battle, an opened
book), they are queued in printed order and resolved one by one. An effect that says
キャラクターを1体選び stops the queue and stores a choice in the state for the player whose
turn it is; with exactly one candidate there is nothing to decide and it is taken, with none
the effect does nothing. After the queue, the steps in ``cont`` run (the battle after its
攻撃時 effects, the end of the battle after バトルに勝った時 effects).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.event_log import QUIET
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.acts import ACTS
from cardtable.games.sarasvati.state import OVER, SarasvatiState
from cardtable.games.sarasvati.stats import holds
from cardtable.games.sarasvati.zones import check, destroy, draw, find

#: bound once (a module attribute is a dictionary lookup at every read)
_CHOOSE_OWN, _CHOOSE_OPP, _CHOOSING, _SELF, _PLAYER, _ALL, _ALL_OWN, _BATTLE = (
    fx.CHOOSE_OWN, fx.CHOOSE_OPP, fx.CHOOSING, fx.SELF, fx.PLAYER, fx.ALL, fx.ALL_OWN, fx.BATTLE)


def trigger(state: SarasvatiState, player: int, card: int, when: str, subject: int) -> None:
    """Queue every ``when`` effect of ``card`` (owned by ``player``) about ``subject``."""
    c = state.cards[card]
    if when not in c.triggers:
        return
    for n, e in enumerate(c.effects):
        if e.trigger == when:
            state.queue.append((player, card, n, subject))


def candidates(state: SarasvatiState, player: int, scope: str) -> list[tuple[int, int]]:
    seats = {_CHOOSE_OWN: (player,), _CHOOSE_OPP: (1 - player,)}.get(scope, (0, 1))
    return [(s, i) for s in seats for i, c in enumerate(state.field[s]) if c >= 0]


#: what resumes each other kind of step left on ``state.cont`` (its first item), registered by
#: the module that leaves it (``battle``: a fight waiting behind its attack triggers), since
#: that module runs this one's loop and so imports it
RESUME: dict[str, Callable[[SarasvatiState, tuple[Any, ...]], None]] = {}


def run(state: SarasvatiState) -> None:
    """Resolve queued effects and pending steps until a choice is needed or all is done."""
    while state.phase != OVER and state.choice is None:
        if state.queue:
            resolve_item(state, state.queue.pop(0))
            check(state)
        elif state.cont:
            step = state.cont.pop()
            if step[0] == "battle-end":  # changes that last until the end of the battle expire
                expire(state, _BATTLE)
            else:
                RESUME[step[0]](state, step)
        else:
            return


def expire(state: SarasvatiState, until: str, seat: int = -1) -> None:
    """Remove the changes that last ``until`` (of ``seat`` for the next-turn kind); a defense
    raised only by them may now be below 0."""
    mods = state.mods
    if not mods:
        return
    kept = [m for m in mods if m[3] != until or (seat >= 0 and m[4] != seat)]
    if len(kept) != len(mods):
        raised = any([m[2] > 0 for m in mods if m not in kept])
        state.mods = kept
        if raised:
            state.dirty = True
            check(state)


def resolve_item(state: SarasvatiState, item: tuple[int, int, int, int]) -> None:
    player, card, n, subject = item
    e = state.cards[card].effects[n]
    if not holds(state, player, e.condition):
        state.log.append({"type": "effect-skipped", "player": player,
                          "card": state.cards[card].name, "text": e.text, "why": "condition"})
        return
    scope = e.scope
    if scope in _CHOOSING:
        cands = candidates(state, player, scope)
        if not cands:
            state.log.append({"type": "effect-skipped", "player": player,
                              "card": state.cards[card].name, "text": e.text,
                              "why": "no-target"})
            return
        if len(cands) > 1:
            state.choice = ("choose", player, item, tuple(cands))
            return
        apply_ops(state, player, card, e, [cands[0]])
        return
    if scope == _SELF:
        where = find(state, subject)
        targets = [where] if where is not None else []
        if where is None and any([k != "draw" for k, _ in e.ops]):
            state.log.append({"type": "effect-skipped", "player": player,
                              "card": state.cards[card].name, "text": e.text,
                              "why": "gone"})
            return
    elif scope == _PLAYER:
        targets = []
    else:
        targets = [(s, i) for s in (0, 1) for i, c in enumerate(state.field[s])
                   if c >= 0 and (scope == _ALL or (scope == _ALL_OWN) == (s == player))]
    apply_ops(state, player, card, e, targets)


def answer(state: SarasvatiState, target: tuple[int, int]) -> None:
    """The decider picked ``target`` for the waiting effect."""
    assert state.choice is not None
    _, player, item, _ = state.choice
    state.choice = None
    card = item[1]
    apply_ops(state, player, card, state.cards[card].effects[item[2]], [target])
    check(state)


def apply_ops(state: SarasvatiState, player: int, card: int, e: fx.Effect,
              targets: list[tuple[int, int]]) -> None:
    name = state.cards[card].name
    if state.log is not QUIET:
        state.log.append({"type": "effect", "player": player, "card": name, "text": e.text,
                          "targets": [list(t) for t in targets],
                          "target_uids": [state.uid[s][i] for s, i in targets]})
    atk = sum([int(v) for k, v in e.ops if k == "atk"])
    dfn = sum([int(v) for k, v in e.ops if k == "def"])
    for k, v in e.ops:
        if state.phase == OVER:
            return
        if k == "draw":
            draw(state, player, int(v))
        elif k == "code":
            fn = ACTS[str(v)]
            for t in targets or [None]:
                fn(state, player, t)
        elif k == "destroy":
            for s, i in targets:
                if state.field[s][i] >= 0:
                    destroy(state, s, i, "effect", {"card": name, "player": player})
    if atk or dfn:
        if dfn < 0:
            state.dirty = True
        for s, i in targets:
            u = state.uid[s][i]
            if u >= 0:
                state.mods.append((u, atk, dfn, e.duration, player))
