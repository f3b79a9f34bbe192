# cython: boundscheck=False, wraparound=False
# (for the compiled build: _narrow and _spread check the lengths once, before their loops)
"""The scratch buffer of the compiled observation writers, and its delivery into the caller's.

On the pure path a game's fast writer (``Game.observe_into``) writes straight into the buffer
it is handed: a list, an ``array('f')`` or a NumPy array. Compiled, the writer is typed (its
``.pxd``) and has two C forms: float32 stores straight into a float32 buffer (an ``array('f')``
or a contiguous NumPy ``float32`` array, what the adapters hand in), and doubles for any other
buffer, written into a zeroed ``array('d')`` from ``scratch`` that ``deliver`` then copies
over. A list gets the same Python floats the pure path writes, a float64 array the doubles,
and a float32 store rounds each double once, as the pure path's store does (the only sums a
writer accumulates are small whole numbers, exact in either width). So both paths give the
same numbers; tests/test_encodings.py and tests/test_fast_observe.py run on both.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any


def _probe() -> None:
    """A function of this module: a plain ``function`` unless the module is compiled."""


def compiled(fn: Any) -> bool:
    """True when ``fn`` (a module's own function) runs compiled: a writer asks it of itself,
    since a build may hold one module and not another."""
    return type(fn).__name__ != "function"


def column(typecode: str, values: list[Any], compiled: bool) -> Any:
    """A writer's per-card column: C numbers (an ``array`` its ``.pxd`` reads through a typed
    memoryview, with no Python object per read) when the writer is ``compiled``, else the list
    itself, which pure Python reads fastest."""
    return array(typecode, values) if compiled else values


def row_forms(row: list[float]) -> tuple[list[float], list[tuple[int, float]], array[float]]:
    """A constant row of an observation (a decklist's counts) in the forms ``put_row`` writes
    from: the list itself, its nonzero (place, value) pairs, and float32."""
    return row, [(k, x) for k, x in enumerate(row) if x], array("f", row)


def put_row(out: Any, at: int, row: list[float], nonzero: list[tuple[int, float]],
            floats: array[float]) -> None:
    """A constant row into the zero-filled ``out`` at ``at``, as the pure path writes it: a
    list takes ``row`` and a float32 ``array`` takes ``floats`` in one slice (the fastest
    stores Python has), any other buffer its ``nonzero`` places one by one."""
    if type(out) is list:
        out[at:at + len(row)] = row
    elif type(out) is array and out.typecode == "f":
        out[at:at + len(floats)] = floats
    else:
        for k, x in nonzero:
            out[at + k] = x


#: what ``made_from`` keeps: the sources' ids, then the sources and what was made of them
Made = dict[tuple[int, ...], tuple[tuple[Any, ...], Any]]


def made_from(cache: Made, sources: tuple[Any, ...], make: Callable[..., Any],
              *args: Any) -> Any:
    """``make(*args)``, made once for the ``sources`` objects and found again by their identity.

    A writer's per-match tables (card columns, decklist rows) are built from objects that a
    match's clones share and that never change during it (its card table, its decks), so
    their identity names them. Each entry holds its sources, so no other object can take one
    of their ids while it stands. The cache is emptied at 1,024 entries: a vectorized env
    holds dozens of matches at once, each with a table and two decklist rows, and a cache
    smaller than that is emptied at nearly every call.
    """
    key = tuple([id(x) for x in sources])
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= 1024:
            cache.clear()
        hit = cache[key] = (sources, make(*args))
    return hit[1]


_zeros: dict[int, array[float]] = {}


def scratch(size: int) -> array[float]:
    """A new zero-filled ``array('d')`` of ``size`` doubles."""
    zero = _zeros.get(size)
    if zero is None:
        zero = _zeros[size] = array("d", bytes(8 * size))
    return zero[:]


def _narrow(src: Any, dst: Any) -> None:
    """Every double of ``src`` into the float32 buffer ``dst`` (a C loop when compiled)."""
    n = len(src)
    if len(dst) < n:  # compiled, the loop does not check its indices
        raise ValueError(f"a buffer of {len(dst)} floats cannot take {n}")
    for i in range(n):
        dst[i] = src[i]


def _spread(src: Any, out: list[float]) -> None:
    """The nonzero doubles of ``src`` into the zero-filled list ``out`` (the writers write
    whole numbers divided by their scales, never a negative zero)."""
    n = len(src)
    if len(out) < n:  # compiled, the loop does not check its indices
        raise ValueError(f"a buffer of {len(out)} floats cannot take {n}")
    for i in range(n):
        x = src[i]
        if x != 0.0:
            out[i] = x


def writer(write: Callable[[Any, int, Any], None], size: int) -> Callable[[Any, int, Any], None]:
    """A game's ``observe_into`` made of its writer ``write(state, player, out)``: the one
    buffer dispatch every fast writer shares.

    On the pure path that is ``write`` itself, which writes into any buffer. Compiled, ``write``
    is typed in two C forms (float32 and double, its ``.pxd``'s fused ``real[::1]``): a buffer
    the float32 form can view (an ``array('f')``, a contiguous NumPy ``float32`` array: what the
    adapters hand in) takes its stores straight; any other buffer (a list, a float64 or strided
    array) gets doubles written into a zeroed ``scratch`` of ``size`` and ``deliver``ed.
    """
    if not compiled(write):
        return write
    floats, doubles = write["float"], write["double"]  # type: ignore[index]

    def observe_into(state: Any, p: int, out: Any) -> None:
        if type(out) is not list:
            try:
                view = memoryview(out)
            except TypeError:
                pass
            else:
                if view.format == "f" and view.c_contiguous and not view.readonly:
                    floats(state, p, out)
                    return
        buf = scratch(size)
        doubles(state, p, buf)
        deliver(buf, out)

    return observe_into


def deliver(src: array[float], out: Any) -> None:
    """The doubles of ``src`` into ``out``, a buffer of the same length: a list, an
    ``array('f')`` or ``array('d')``, or a NumPy array of any float type; zero-filled, as
    ``Game.observe_into`` asks."""
    if type(out) is list:
        _spread(src, out)
    elif type(out) is array:
        if out.typecode == "f":
            _narrow(src, out)
        else:
            out[:] = array(out.typecode, src)
    else:
        try:  # a contiguous, writable float32 array
            _narrow(src, out)
        except (TypeError, ValueError, BufferError):
            out[:] = src
