"""The fixed action space. A code's meaning depends only on the phase and the position's lists:

* ``0`` decline: cast no spell, place no battle card, end the territory phase with no command;
* ``CAST + k*13 + t``: cast the k-th distinct spell of the hand at target t (0-5 your land or
  creature in slot t+1, 6-11 the opponent's in slot t-5, 12 no target);
* ``CAST_MOVE + k*12 + s*2 + d``: cast the k-th distinct hand card, a moving spell, on your
  creature in slot s+1, moving it left (d=0) or right (d=1);
* ``INVADE_LAND``: invade with the creature on your destination land;
* ``INVADE_HAND + k``: invade with the k-th distinct hand card, a creature;
* ``PAY_TOLL``: pay the toll instead of invading;
* ``BATTLE_CARD + k``: place the k-th distinct hand card face down as your battle card;
* ``CHOOSE_LEVEL + j``: pay (or lose) the j-th distinct kind of your level cards on that land;
* ``LEVEL_UP + k``, ``LEVEL_DOWN + j``, ``TERRAIN + k``, ``SUMMON + k``, ``EXCHANGE + k``,
  ``MOVE + d``: the territory commands on your destination land;
* ``DISCARD + k``: discard the k-th distinct hand card down to the hand limit.

Hand cards are counted by distinct card (the hand is kept sorted), so equal cards give one code.
The bounds come from the rules: six slots a side, at most three level cards, and hands that a
hand limit of 10 keeps below twenty distinct cards.
"""

from __future__ import annotations

from typing import Any

SLOTS = 6
KINDS = 20
LEVEL_KINDS = 3
TARGETS = 2 * SLOTS + 1
NO_TARGET = 2 * SLOTS

END = 0
CAST = 1
CAST_MOVE = CAST + KINDS * TARGETS
INVADE_LAND = CAST_MOVE + KINDS * SLOTS * 2
INVADE_HAND = INVADE_LAND + 1
PAY_TOLL = INVADE_HAND + KINDS
BATTLE_CARD = PAY_TOLL + 1
CHOOSE_LEVEL = BATTLE_CARD + KINDS
LEVEL_UP = CHOOSE_LEVEL + LEVEL_KINDS
LEVEL_DOWN = LEVEL_UP + KINDS
TERRAIN = LEVEL_DOWN + LEVEL_KINDS
SUMMON = TERRAIN + KINDS
EXCHANGE = SUMMON + KINDS
MOVE = EXCHANGE + KINDS
DISCARD = MOVE + 2
NUM_ACTIONS = DISCARD + KINDS

_BLOCKS = (("cast-move", CAST_MOVE), ("invade-land", INVADE_LAND), ("invade-hand", INVADE_HAND),
           ("pay-toll", PAY_TOLL), ("battle-card", BATTLE_CARD), ("choose-level", CHOOSE_LEVEL),
           ("level-up", LEVEL_UP), ("level-down", LEVEL_DOWN), ("terrain", TERRAIN),
           ("summon", SUMMON), ("exchange", EXCHANGE), ("move", MOVE), ("discard", DISCARD),
           ("", NUM_ACTIONS))


def describe(code: int) -> dict[str, Any]:
    """The position-independent meaning of a code."""
    if not 0 <= code < NUM_ACTIONS:
        raise ValueError(f"no action code {code} (codes are 0..{NUM_ACTIONS - 1})")
    if code == END:
        return {"code": code, "kind": "decline"}
    if code < CAST_MOVE:
        k, t = divmod(code - CAST, TARGETS)
        out: dict[str, Any] = {"code": code, "kind": "cast", "hand_kind": k}
        if t < NO_TARGET:
            out.update(side="own" if t < SLOTS else "opponent", slot=t % SLOTS)
        return out
    kind, start = "cast", CAST
    for name, begin in _BLOCKS:
        if code < begin:
            break
        kind, start = name, begin
    n = code - start
    if kind == "cast-move":
        k, rest = divmod(n, SLOTS * 2)
        return {"code": code, "kind": kind, "hand_kind": k, "slot": rest // 2,
                "direction": "left" if rest % 2 == 0 else "right"}
    if kind in ("invade-land", "pay-toll"):
        return {"code": code, "kind": kind}
    if kind in ("choose-level", "level-down"):
        return {"code": code, "kind": kind, "level_kind": n}
    if kind == "move":
        return {"code": code, "kind": kind, "direction": "left" if n == 0 else "right"}
    return {"code": code, "kind": kind, "hand_kind": n}
