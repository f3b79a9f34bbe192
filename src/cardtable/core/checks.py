"""Checks a game runs on a state it has just loaded, each failure naming the field.

Why: ``state_from_json`` and the scenario loader take documents a person may have edited. A
loader that accepts anything turns a typo into a silently broken state that fails many steps
later; these helpers make the first wrong field the error, as ``field: what is wrong``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardtable.core.errors import CardtableError


class StateError(CardtableError, ValueError):
    """A state document (JSON or scenario) that is not a legal position of its game."""


def fail(field: str, message: str) -> None:
    raise StateError(f"{field}: {message}")


def is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def int_in(x: Any, field: str, lo: int, hi: int) -> int:
    if not is_int(x):
        fail(field, f"expected a whole number, got {x!r}")
    if not lo <= x <= hi:
        fail(field, f"{x} is outside {lo}..{hi}")
    return x


def boolean(x: Any, field: str) -> bool:
    if not isinstance(x, bool):
        fail(field, f"expected true or false, got {x!r}")
    return x


def text(x: Any, field: str) -> str:
    if not isinstance(x, str):
        fail(field, f"expected text, got {x!r}")
    return x


def int_list(x: Any, field: str, lo: int, hi: int, length: int | None = None) -> list[int]:
    if not isinstance(x, list):
        fail(field, f"expected a list, got {x!r}")
    if length is not None and len(x) != length:
        fail(field, f"expected {length} entries, got {len(x)}")
    for i, v in enumerate(x):
        int_in(v, f"{field}[{i}]", lo, hi)
    return x


def bool_list(x: Any, field: str, length: int) -> list[bool]:
    if not isinstance(x, list) or len(x) != length:
        fail(field, f"expected a list of {length} true/false values, got {x!r}")
    for i, v in enumerate(x):
        boolean(v, f"{field}[{i}]")
    return x


def per_seat(x: Any, field: str, check: Callable[[Any, str], Any], seats: int = 2) -> None:
    """``x`` is one entry per seat, each passing ``check(entry, 'field[seat]')``."""
    if not isinstance(x, list) or len(x) != seats:
        fail(field, f"expected one entry per seat ({seats}), got {x!r}")
    for p, v in enumerate(x):
        check(v, f"{field}[{p}]")


def conserved(field: str, have: Iterable[int], want: Iterable[int],
              names: Sequence[str]) -> None:
    """Every card of ``want`` (a seat's deck as dealt) is in exactly one zone of ``have``."""
    h, w = Counter(have), Counter(want)
    if h == w:
        return
    extra = sorted(names[c] for c in (h - w).elements())
    missing = sorted(names[c] for c in (w - h).elements())
    parts = []
    if extra:
        parts.append(f"more copies than the deck holds: {', '.join(extra[:5])}")
    if missing:
        parts.append(f"not in any zone: {', '.join(missing[:5])}")
    fail(field, "cards not accounted for exactly once (" + "; ".join(parts) + ")")


def match_head(state: Any, dice_sides: int) -> list[str]:
    """What a match's check opens with: every option given, the scripted dice from 1 to
    ``dice_sides``, the card names distinct and sorted (returned), two decks, and a phase of
    the game's (``MatchState.over`` the last)."""
    if state.game.resolve_options(state.options) != state.options:
        fail("options", "not every option is given")
    int_list(state.dice, "dice", 1, dice_sides)
    names = [c.name for c in state.cards]
    if names != sorted(set(names)):
        fail("cards", "card names must be distinct and sorted")
    if len(state.decks) != 2:
        fail("decks", "expected two decks")
    int_in(state.phase, "phase", 0, state.over)
    return names


def load_guard(game_id: str, build: Callable[[], Any]) -> Any:
    """Run a game's ``from_json``; a missing or mistyped field becomes a ``StateError``."""
    try:
        return build()
    except CardtableError:
        raise
    except KeyError as exc:
        raise StateError(f"not a valid {game_id} state: missing field {exc}") from exc
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(f"not a valid {game_id} state: {exc}") from exc
