"""The 2×2 field: squares, rows, the facing columns, back-row advance and revival squares.

Squares are 0..3 for the seed's 【1】..【4】: front 【1】【2】, back 【3】【4】, 【3】 behind 【1】.
Each side numbers from its own left, so seen across the table my 【1】 faces the opponent's
【2】 (rulings.md): my column ``c`` (0 for 【1】【3】, 1 for 【2】【4】) faces their column
``1 - c``.
A square holds a unit id (>= 0), ``EMPTY`` or ``COMMAND`` (the face-down or staying command).
"""

from __future__ import annotations

EMPTY = -1
COMMAND = -2
FRONT = (0, 1)
BACK = (2, 3)


def column(square: int) -> int:
    return square & 1


def is_back(square: int) -> bool:
    return square >= 2


def facing_column(square: int) -> int:
    """The opponent's column straight ahead of a unit in ``square``."""
    return 1 - (square & 1)


def advance(row: list[int]) -> tuple[int, int] | None:
    """Move one back unit forward when the front holds no unit; ``(from, to)`` or None.

    Only when the front row has no unit. A unit moves straight ahead (【3】→【1】, 【4】→【2】);
    with two back units the one in 【3】 moves, unless the command stands in 【1】: then the
    unit not behind the command moves. A lone back unit behind the command moves into the
    other front square (rulings.md).
    """
    if row[0] >= 0 or row[1] >= 0:
        return None
    backs = [sq for sq in BACK if row[sq] >= 0]
    if not backs:
        return None
    src = (3 if row[0] == COMMAND else 2) if len(backs) == 2 else backs[0]
    dst = src - 2
    if row[dst] == COMMAND:
        dst = 1 - dst
    row[dst], row[src] = row[src], EMPTY
    return src, dst


def revival_square(row: list[int]) -> int:
    """The lowest-numbered empty square (the command's square is not empty), or -1."""
    for sq in range(4):
        if row[sq] == EMPTY:
            return sq
    return -1
