"""Moving cards between zones, and the checks that follow every change.

A character that leaves the battle zone takes its equipment (destroyed) and the cards beneath
it (an evolution is one card with its bases) to the graveyard, and loses every stat change on
it. A character whose defense is below 0 is destroyed at once (the seed's Q&A). A player who
must draw from an empty deck loses at that moment.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from cardtable.core.event_log import QUIET
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.state import OVER, SarasvatiState
from cardtable.games.sarasvati.stats import auras, in_force, stats

#: no character's defense lowered by a stat change (shared, never changed)
_NOBODY: frozenset[int] = frozenset()


def finish(state: SarasvatiState, winner: int, reason: str) -> None:
    """End the game; ``winner`` -1 is a draw."""
    if state.phase == OVER:
        return
    state.phase = OVER
    state.winner_seat = winner
    state.reason = reason
    state.queue, state.cont, state.choice = [], [], None
    state.log.append({"type": "game-end", "winner": winner, "draw": winner < 0,
                      "reason": reason})


def draw(state: SarasvatiState, seat: int, n: int) -> bool:
    """Draw ``n`` cards; False (and the game is lost) if the deck runs out on the way."""
    deck, hand = state.deck[seat], state.hand[seat]
    if n == 1 and deck:  # the draw phase: one card, the common case
        c = deck.pop()
        insort(hand, c)
        if state.log is not QUIET:
            state.log.append({"type": "draw", "player": seat, "count": 1,
                              "private": [seat, {"cards": [state.cards[c].name]}]})
        return True
    got = []
    for _ in range(n):
        if not deck:
            if got:
                _log_draw(state, seat, got)
            state.log.append({"type": "deck-out", "player": seat})
            finish(state, 1 - seat, "deck-out")
            return False
        c = deck.pop()
        insort(hand, c)
        got.append(c)
    if got:
        _log_draw(state, seat, got)
    return True


def _log_draw(state: SarasvatiState, seat: int, got: list[int]) -> None:
    state.log.append({"type": "draw", "player": seat, "count": len(got),
                      "private": [seat, {"cards": [state.cards[c].name for c in got]}]})


def ramp(state: SarasvatiState, seat: int) -> None:
    """The top card of the deck goes to the voltage zone (nothing if the deck is empty)."""
    if state.deck[seat]:
        c = state.deck[seat].pop()
        state.voltage[seat].append(c)
        state.log.append({"type": "ramp", "player": seat, "card": state.cards[c].name})


def clear_place(state: SarasvatiState, seat: int, place: int) -> int:
    """Empty a place; returns the character's card. Equipment and bases go to the graveyard."""
    grave = state.grave[seat]
    c = state.field[seat][place]
    grave.extend(state.under[seat][place])
    eq = state.equip[seat][place]
    if eq >= 0:
        grave.append(eq)
        state.log.append({"type": "equipment-destroyed", "player": seat, "place": place,
                          "card": state.cards[eq].name, "uid": state.uid[seat][place]})
    u = state.uid[seat][place]
    raising = state.cards.traits.raising  # type: ignore[attr-defined]
    if raising and (c in raising or eq in raising):
        state.dirty = True  # an aura that held up others' defense is gone
    if state.mods:
        state.mods = [m for m in state.mods if m[0] != u]
    vacate(state, seat, place)
    return c


def vacate(state: SarasvatiState, seat: int, place: int) -> None:
    """Set the place's rows as an empty place has them (no card, equipment, bases or uid, not
    ready, not sick): what a destroyed character leaves, and an evolution's second base."""
    state.field[seat][place] = -1
    state.equip[seat][place] = -1
    state.ready[seat][place] = False
    state.sick[seat][place] = False
    state.uid[seat][place] = -1
    state.under[seat][place] = ()


def destroy(state: SarasvatiState, seat: int, place: int, why: str,
            by: dict[str, Any] | None = None) -> None:
    """``by`` names the source: the character that won the battle or the effect's card
    (None for a defense below 0, which has no one source)."""
    u = state.uid[seat][place]
    c = clear_place(state, seat, place)
    state.grave[seat].append(c)
    if state.log is not QUIET:
        state.log.append({"type": "destroyed", "player": seat, "place": place,
                          "card": state.cards[c].name, "uid": u, "why": why, "by": by})


def return_to_hand(state: SarasvatiState, seat: int, place: int) -> None:
    u = state.uid[seat][place]
    c = clear_place(state, seat, place)
    insort(state.hand[seat], c)
    state.log.append({"type": "returned", "player": seat, "place": place,
                      "card": state.cards[c].name, "uid": u})


def find(state: SarasvatiState, uid: int) -> tuple[int, int] | None:
    """Where the character with ``uid`` stands, or None once it has left."""
    if uid < 0:
        return None
    for seat in (0, 1):
        row = state.uid[seat]
        if uid in row:
            return seat, row.index(uid)
    return None


def checked(state: SarasvatiState, hand_matters: bool) -> None:
    """Record that a check found nothing: until something a defense depends on changes (and
    sets ``state.dirty``), checking again would find nothing either. A hand-size condition on a
    defense in force (``hand_matters``) keeps the state dirty, as hand sizes are not tracked."""
    state.dirty = hand_matters


def check(state: SarasvatiState) -> None:
    """Destroy every character whose defense is below 0 (repeated: one may lift an aura).

    Only a lowered defense can go below 0: a stat change, or a lasting effect of a card in
    force. Nothing to do while ``state.dirty`` is False (nothing a defense depends on changed
    since a check found nothing); otherwise, most of the time nothing is lowered, and the check
    costs a scan of ``mods``.
    """
    if not state.dirty:
        return
    traits = state.cards.traits  # type: ignore[attr-defined]
    lowering = traits.lowering
    while state.phase != OVER:
        mods = state.mods
        lowered = {m[0] for m in mods if m[2] < 0} if mods else _NOBODY
        lasting = bool(lowering) and in_force(state, traits.lowering_at)
        if not lowered and not lasting:
            # nothing lowered: no defense can be below 0, whatever the hands become
            checked(state, False)
            return
        everyone = lasting and in_force(state, traits.lowering_wide_at)
        wide: list[tuple[int, fx.Effect]] | None = None  # the auras, once a suspect needs them
        doomed = []
        for s in (0, 1):
            f, e, u = state.field[s], state.equip[s], state.uid[s]
            if not everyone and lowered.isdisjoint(u) and not (lasting and not (
                    lowering.isdisjoint(f) and lowering.isdisjoint(e))):
                continue  # nothing on this side has a lowered defense
            for i in range(10):
                if f[i] < 0:
                    continue
                if everyone or u[i] in lowered or (lasting and (
                        f[i] in lowering or e[i] in lowering)):
                    if wide is None:
                        wide = auras(state)
                    if stats(state, s, i, wide)[1] < 0:
                        doomed.append((s, i))
        if not doomed:
            hand = traits.hand_def_at
            checked(state, bool(hand.ids) and in_force(state, hand))
            return
        for s, i in doomed:
            destroy(state, s, i, "negative-defense")
