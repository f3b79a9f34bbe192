"""The fixed action space. A code means the same thing in every position:

* ``0`` pass: end a window (speed, cast, fast), pass an action or a reaction, finish a mulligan;
* ``1`` god draw: take a normal burst into hand (before any declaration, as often as wished);
* ``MULLIGAN + c`` put card ``c`` of the hand into the discard pile during the mulligan;
* ``GEAR + c`` gear change: the speed card to the discard pile, hand card ``c`` closed instead;
* ``CAST + 2c + a`` cast unit card ``c`` from hand into battle area ``a``;
* ``DUMMY + 2c + a`` cast hand card ``c`` closed and checked as a dummy into area ``a``;
* ``CAST_SPEED + a`` cast the open speed card (a unit) into area ``a``;
* ``DISCARD_UNIT + 2a + i`` / ``MOVE + 2a + i`` the i-th own unit of area ``a``;
* ``ABILITY + 2s + k`` ability ``k`` of source ``s`` (0-1 own casters, 2-5 own unit slots);
* ``CODE + 2c + m`` play mode ``m`` of code card ``c`` from hand;
* ``SUB + 4c + slot`` play card ``c``'s sub effect (覚醒 or 強化) on own unit slot ``slot``;
* ``ATTACK + 2 mask + area`` attack enemy area with the own unit slots in ``mask`` (1-15);
* ``BLOCK + k`` block with the caster (0) or the k-th unit of the attacked area;
* ``TARGET + t`` a target: unit slot ``4 seat + 2 area + i`` (0-7), area ``8 + 2 seat + a``
  (8-11), caster ``12 + 2 seat + c`` (12-15);
* ``PAY + k`` pay one log: check own caster ``k`` (0-1) or a normal burst (2);
* ``DISCARD + c`` discard hand card ``c`` (hand limit); ``PICK + c`` take card ``c`` from the
  discard pile; ``HP + k`` take an HP card of own caster ``k`` (empty deck, equal HP);
* ``CHAIN_CODE + d`` the code a cancel names: the ``d``-th link of the reaction chain from its
  bottom (0-15; 「コード1つを打ち消す」, the cancelling player's choice).

Cards are numbered by the match's card table (distinct cards of both decks, sorted by name),
at most ``NC``; unit slots count a seat's units area by area in the order they were placed.
"""

from __future__ import annotations

from typing import Any

NC = 128  # distinct cards in a match: two decks of at most 52 names

PASS = 0
GOD = 1
MULLIGAN = 2
GEAR = MULLIGAN + NC
CAST = GEAR + NC
DUMMY = CAST + 2 * NC
CAST_SPEED = DUMMY + 2 * NC
DISCARD_UNIT = CAST_SPEED + 2
MOVE = DISCARD_UNIT + 4
ABILITY = MOVE + 4
CODE = ABILITY + 12
SUB = CODE + 2 * NC
ATTACK = SUB + 4 * NC
BLOCK = ATTACK + 32
TARGET = BLOCK + 3
PAY = TARGET + 16
DISCARD = PAY + 3
PICK = DISCARD + NC
HP = PICK + NC
CHAIN_CODE = HP + 2
NUM_ACTIONS = CHAIN_CODE + 16

_RANGES = (
    (MULLIGAN, GEAR, "mulligan", ("card",)),
    (GEAR, CAST, "gear-change", ("card",)),
    (CAST, DUMMY, "cast", ("card", "area")),
    (DUMMY, CAST_SPEED, "dummy", ("card", "area")),
    (CAST_SPEED, DISCARD_UNIT, "cast-speed-card", ("area",)),
    (DISCARD_UNIT, MOVE, "discard-unit", ("area", "index")),
    (MOVE, ABILITY, "move", ("area", "index")),
    (ABILITY, CODE, "ability", ("source", "ability")),
    (CODE, SUB, "code", ("card", "mode")),
    (SUB, ATTACK, "sub-effect", ("card", "slot")),
    (ATTACK, BLOCK, "attack", ("mask", "area")),
    (BLOCK, TARGET, "block", ("blocker",)),
    (TARGET, PAY, "target", ("target",)),
    (PAY, DISCARD, "pay", ("source",)),
    (DISCARD, PICK, "discard", ("card",)),
    (PICK, HP, "pick", ("card",)),
    (HP, CHAIN_CODE, "hp-card", ("caster",)),
    (CHAIN_CODE, NUM_ACTIONS, "chain-code", ("depth",)),
)
_RADIX = {("card", "area"): 2, ("area", "index"): 2, ("source", "ability"): 2,
          ("card", "mode"): 2, ("card", "slot"): 4, ("mask", "area"): 2}


def describe(code: int) -> dict[str, Any]:
    """The position-independent meaning of a code (card numbers index the match's table)."""
    if code == PASS:
        return {"code": code, "kind": "pass"}
    if code == GOD:
        return {"code": code, "kind": "god-draw"}
    for lo, hi, kind, fields in _RANGES:
        if lo <= code < hi:
            k = code - lo
            if len(fields) == 1:
                return {"code": code, "kind": kind, fields[0]: k}
            a, b = divmod(k, _RADIX[fields])
            return {"code": code, "kind": kind, fields[0]: a, fields[1]: b}
    return {"code": code, "kind": "unknown"}
