"""The fixed action space of DRAWS-◎-TROIDAL and fast generation of the legal subset.

Codes never depend on the position, so a policy network or a search tree can share them:

* ``0`` keep the opening five, ``1`` redo it;
* ``2 .. 327`` a *placement*: a tuple of distinct source positions (hand or the opening five),
  one per empty lane from A to E, e.g. ``(3, 0)`` puts source card 4 in the first empty lane
  and source card 1 in the second. All tuples of length 0 to 5 over positions 0 to 4;
* ``328 .. 447`` an *arrangement* of the five lanes (a permutation; new lane i takes the card
  that stood in lane ``perm[i]``), legal when reachable by the allowed adjacent swaps.

Placing or arranging identical cards in different orders gives the same table, so the legal
list holds one code per distinct outcome. Outcomes depend only on the *pattern* of equal cards,
so each (pattern, size) list is computed once per process and reused.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations
from typing import Any

LANES = 5
HAND_MAX = 5
LANE_NAMES = "ABCDE"

KEEP = 0
REDO = 1
SET_BASE = 2
SET_TUPLES: tuple[tuple[int, ...], ...] = tuple(
    t for k in range(LANES + 1) for t in permutations(range(HAND_MAX), k)
)
SET_CODE: dict[tuple[int, ...], int] = {t: SET_BASE + i for i, t in enumerate(SET_TUPLES)}
ARRANGE_BASE = SET_BASE + len(SET_TUPLES)
ARRANGEMENTS: tuple[tuple[int, ...], ...] = tuple(permutations(range(LANES)))
ARRANGE_CODE: dict[tuple[int, ...], int] = {p: ARRANGE_BASE + i for i, p in enumerate(ARRANGEMENTS)}
IDENTITY = ARRANGEMENTS[0]
NUM_ACTIONS = ARRANGE_BASE + len(ARRANGEMENTS)


def _swap_paths(max_swaps: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Arrangements reachable with at most ``max_swaps`` adjacent swaps -> a shortest swap list.

    A swap may undo the previous one, so "up to n swaps" is exactly "distance at most n".
    """
    paths: dict[tuple[int, ...], tuple[int, ...]] = {IDENTITY: ()}
    frontier = [IDENTITY]
    for _ in range(max_swaps):
        nxt = []
        for perm in frontier:
            for i in range(LANES - 1):
                p = list(perm)
                p[i], p[i + 1] = p[i + 1], p[i]
                q = tuple(p)
                if q not in paths:
                    paths[q] = (*paths[perm], i)
                    nxt.append(q)
        frontier = nxt
    return paths


_PATHS: dict[int, dict[tuple[int, ...], tuple[int, ...]]] = {}


def swap_path(perm: tuple[int, ...], max_swaps: int) -> tuple[int, ...] | None:
    """The swaps (left lane index of each) that make ``perm``, or None if out of reach."""
    paths = _PATHS.get(max_swaps)
    if paths is None:
        paths = _PATHS[max_swaps] = _swap_paths(max_swaps)
    return paths.get(perm)


def pattern(items: list[Any]) -> tuple[int, ...]:
    """Each item replaced by the index of its first equal item: the shape of duplicates."""
    return tuple(map(items.index, items))


_SET_MEMO: dict[tuple[tuple[int, ...], int], list[int]] = {}
_ARRANGE_MEMO: dict[tuple[tuple[int, ...], int], list[int]] = {}


def placement_codes(source: list[int], empties: int) -> list[int]:
    """Legal placement codes: ``empties`` distinct source cards, one per empty lane. (The
    lists are worked out in helpers of their own: a function holding a generator or a
    lambda pays for its closure on every call, and this one is asked once a decision.)"""
    key = (pattern(source), empties)
    codes = _SET_MEMO.get(key)
    if codes is None:
        codes = _SET_MEMO[key] = _placement_codes(key[0], min(empties, len(source)))
    return codes


def _placement_codes(pat: tuple[int, ...], k: int) -> list[int]:
    return _distinct_codes(pat, permutations(range(len(pat)), k), SET_CODE)


def arrangement_codes(lanes: list[Any], max_swaps: int) -> list[int]:
    """Legal arrangement codes for a field whose lane contents are ``lanes``."""
    key = (pattern(lanes), max_swaps)
    codes = _ARRANGE_MEMO.get(key)
    if codes is None:
        codes = _ARRANGE_MEMO[key] = _arrangement_codes(key[0], max_swaps)
    return codes


def _arrangement_codes(pat: tuple[int, ...], max_swaps: int) -> list[int]:
    paths = _PATHS.get(max_swaps) or _PATHS.setdefault(max_swaps, _swap_paths(max_swaps))
    return _distinct_codes(pat, sorted(paths, key=lambda p: (len(paths[p]), p)), ARRANGE_CODE)


def _distinct_codes(pat: tuple[int, ...], orders: Iterable[tuple[int, ...]],
                    code: dict[tuple[int, ...], int]) -> list[int]:
    """The codes (``code[order]``) of the first of ``orders`` to give each distinct outcome
    from the lanes' pattern ``pat``, sorted: placements and arrangements differ only in the
    orders they try (an order lists the source places, lane by lane)."""
    seen: set[tuple[int, ...]] = set()
    codes = []
    for order in orders:
        outcome = tuple(pat[i] for i in order)
        if outcome not in seen:
            seen.add(outcome)
            codes.append(code[order])
    codes.sort()
    return codes


def describe(code: int) -> dict[str, Any]:
    """Position-independent meaning of a code."""
    if code == KEEP:
        return {"code": code, "kind": "keep"}
    if code == REDO:
        return {"code": code, "kind": "redo"}
    if SET_BASE <= code < ARRANGE_BASE:
        return {"code": code, "kind": "place", "sources": list(SET_TUPLES[code - SET_BASE])}
    if ARRANGE_BASE <= code < NUM_ACTIONS:
        return {"code": code, "kind": "arrange", "perm": list(ARRANGEMENTS[code - ARRANGE_BASE])}
    raise ValueError(f"no action code {code} (codes are 0..{NUM_ACTIONS - 1})")
