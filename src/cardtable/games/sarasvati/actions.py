"""The fixed action space. Codes never depend on the game, only on the position's lists:

* ``0`` end the current phase (charge nothing, end imagine/move, end the turn in battle);
* ``1 .. 40`` charge the k-th distinct card of the hand (the hand is kept in card order);
* ``41 .. 440`` play the k-th distinct hand card at place P (10 per card): summon a character
  to empty place P, evolve onto the base at P, or equip the character at P;
* ``441 .. 480`` use the k-th distinct hand card (a support);
* ``481 .. 580`` re-equip (付け替え) the equipment at place P onto the character at place Q;
* ``581 .. 680`` move the character at P to place Q of the other row (the leftmost empty one);
* ``681 .. 810`` attack with the character at P: target 0-9 an opposing place, 10-12 a book;
* ``811 .. 830`` answer a choice: a character, own side (0-9) or the opponent's (10-19);
* ``831 .. 840`` on evolution from two equipped bases, keep the equipment of the base at P.

Places 0-4 are the front row, 5-9 the back row, left to right. The bounds come from the rules:
5 + 5 places, 3 books, and at most 40 distinct cards in a 40-card deck.
"""

from __future__ import annotations

from typing import Any

PLACES = 10
ROW = 5
BOOKS = 3
KINDS = 40

END = 0
CHARGE = 1
PLAY = CHARGE + KINDS
USE = PLAY + KINDS * PLACES
REEQUIP = USE + KINDS
MOVE = REEQUIP + PLACES * PLACES
ATTACK = MOVE + PLACES * PLACES
TARGETS = PLACES + BOOKS
CHOOSE = ATTACK + PLACES * TARGETS
KEEP = CHOOSE + 2 * PLACES
NUM_ACTIONS = KEEP + PLACES


def place_name(place: int, lang: str = "en") -> str:
    if lang == "ja":
        return f"{'前' if place < ROW else '後'}{place % ROW + 1}"
    return f"{'F' if place < ROW else 'B'}{place % ROW + 1}"


def describe(code: int) -> dict[str, Any]:
    """Position-independent meaning of a code."""
    if code == END:
        return {"code": code, "kind": "end-phase"}
    if CHARGE <= code < PLAY:
        return {"code": code, "kind": "charge", "hand_kind": code - CHARGE}
    if PLAY <= code < USE:
        k, place = divmod(code - PLAY, PLACES)
        return {"code": code, "kind": "play", "hand_kind": k, "place": place}
    if USE <= code < REEQUIP:
        return {"code": code, "kind": "use", "hand_kind": code - USE}
    if REEQUIP <= code < MOVE:
        a, b = divmod(code - REEQUIP, PLACES)
        return {"code": code, "kind": "re-equip", "from": a, "to": b}
    if MOVE <= code < ATTACK:
        a, b = divmod(code - MOVE, PLACES)
        return {"code": code, "kind": "move", "from": a, "to": b}
    if ATTACK <= code < CHOOSE:
        a, t = divmod(code - ATTACK, TARGETS)
        if t >= PLACES:
            return {"code": code, "kind": "attack", "attacker": a, "book": t - PLACES}
        return {"code": code, "kind": "attack", "attacker": a, "target": t}
    if CHOOSE <= code < KEEP:
        side, place = divmod(code - CHOOSE, PLACES)
        return {"code": code, "kind": "choose", "side": "own" if side == 0 else "opponent",
                "place": place}
    if KEEP <= code < NUM_ACTIONS:
        return {"code": code, "kind": "keep-equipment", "place": code - KEEP}
    raise ValueError(f"no action code {code} (codes are 0..{NUM_ACTIONS - 1})")
