"""The fixed action space and the legal subsets of each step.

* ``0 .. 47``: deck building, take card ``i`` of the seat's pool (the deck given to it, in file
  order; a pool holds at most ``MAX_POOL`` cards);
* ``48``: deck building, finish (legal once the main deck is complete);
* ``49 .. 4144``: team, one composite code: for squares 【1】..【4】 the index (a, b, c, d, each
  0..7) of the deck card set there, exactly one command and three different units:
  ``TEAM_BASE + ((d * 8 + c) * 8 + b) * 8 + a`` (square 【4】 most significant, so that in code
  order a menu meets the command's squares as 【1】 to 【4】). ``action_path`` splits it into
  command, its square and the unit of each other square.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

MAX_POOL = 48
DONE = MAX_POOL
TEAM_BASE = DONE + 1
DECK_MAX = 8
NUM_ACTIONS = TEAM_BASE + DECK_MAX ** 4


def team_code(squares: tuple[int, int, int, int]) -> int:
    a, b, c, d = squares
    return TEAM_BASE + ((d * DECK_MAX + c) * DECK_MAX + b) * DECK_MAX + a


def team_squares(code: int) -> tuple[int, int, int, int]:
    x = code - TEAM_BASE
    return (x % 8, (x // 8) % 8, (x // 64) % 8, x // 512)


@cache
def team_list(is_command: tuple[bool, ...]) -> list[int]:
    """``team_codes`` as one shared list per deck shape (legal lists are never mutated)."""
    codes = list(team_codes(is_command))
    TEAM_SETS[id(codes)] = frozenset(codes)  # the cache keeps ``codes`` alive: ids stay unique
    return codes


#: id of a shared team list -> its codes as a set, for a fast legality test
TEAM_SETS: dict[int, frozenset[int]] = {}


@cache
def team_codes(is_command: tuple[bool, ...]) -> tuple[int, ...]:
    """Every legal team code for a deck whose cards are commands where ``is_command`` says."""
    units = [i for i, c in enumerate(is_command) if not c]
    cmds = [i for i, c in enumerate(is_command) if c]
    out = []
    for cmd in cmds:
        for trio in permutations(units, 3):
            for sq in range(4):
                squares = list(trio)
                squares.insert(sq, cmd)
                out.append(team_code((squares[0], squares[1], squares[2], squares[3])))
    return tuple(sorted(out))


def describe(code: int) -> dict[str, object]:
    if 0 <= code < MAX_POOL:
        return {"code": code, "kind": "pick", "pool_index": code}
    if code == DONE:
        return {"code": code, "kind": "finish-deck"}
    if TEAM_BASE <= code < NUM_ACTIONS:
        return {"code": code, "kind": "team", "deck_indices": list(team_squares(code))}
    return {"code": code}
