"""What one seat (or a spectator) receives: built from ``view``, ``events`` and the seat's own
legal choices, and nothing else.

The server never sends a state, a seed, the other seat's pending answer or the undo history:
everything that leaves it is made here, from what the contract lets that seat know. The log
lines reuse each game's terminal event wording (plain text), so a game that has a terminal
renderer needs nothing new to have a readable log in the browser.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from cardtable.cli.render import renderer_for
from cardtable.core import State
from cardtable.core.events import filter_events, public_events
from cardtable.core.picks import picks
from cardtable.core.projection import public_table
from cardtable.core.undo import undo_depth

JSON = dict[str, Any]
SPECTATOR = None


def _plain(renderables: list[Any]) -> list[str]:
    out: list[str] = []
    for item in renderables:
        if isinstance(item, str):
            out.append(item)
            continue
        plain = getattr(item, "plain", None)
        if isinstance(plain, str):
            out.append(plain)
            continue
        buf = io.StringIO()
        Console(file=buf, width=72, color_system=None, force_terminal=False,
                highlight=False).print(item)
        out.append(buf.getvalue().rstrip("\n"))
    return out


def _value(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return ", ".join(str(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _generic_line(ev: JSON) -> str:
    """An event as a plain line for a spectator: who, what, and its public fields."""
    who = f"Player {ev['player'] + 1}: " if isinstance(ev.get("player"), int) else ""
    fields = "; ".join(f"{k} {_value(v)}" for k, v in ev.items() if k not in ("type", "player"))
    kind = str(ev.get("type", "?")).replace("-", " ")
    return f"{who}{kind}" + (f" ({fields})" if fields else "")


def log_lines(game_id: str, events: list[JSON], view: JSON, seat: int | None,
              lang: str) -> list[str]:
    """The events as readable lines, by the game's terminal wording where it has one."""
    if not events:
        return []
    if seat is None:
        return [_generic_line(e) for e in events]
    try:
        return _plain(renderer_for(game_id).events(events, view, seat, lang))
    except Exception:  # a renderer that cannot word an event must not cost the table its log
        return [_generic_line(e) for e in events]


def seat_events(state: State, seat: int | None, since: int = 0) -> list[JSON]:
    if seat is None:
        return public_events(state.log[since:])
    return state.events(seat, since)


def choices(state: State, lang: str, table: JSON | None = None) -> list[JSON]:
    """The decider's legal codes with their menu paths (the parts of the label, in order) and,
    given the decider's drawn ``table``, what each names on it (``core/picks.py``): the page
    lets the player choose by clicking those, in order, and offers the rest as buttons."""
    seat = state.current_player()
    module = type(state.game).__module__
    out = []
    for c in state.legal_actions():
        entry: JSON = {"code": c, "path": list(state.action_path(c, lang))}
        if table is not None:
            try:
                entry["refs"] = picks(module, state.describe_action(c), table, seat)
            except Exception:  # a pick that cannot be worked out leaves the choice a button
                entry["refs"] = []
        out.append(entry)
    return out


def can_undo(state: State, seat: int | None, deciders: Sequence[int]) -> bool:
    """Offer Undo only when it will work: the core's own ``undo_depth`` (as the terminal asks),
    for the seat deciding now whose own decision was the last."""
    if seat is None or state.is_terminal() or state.current_player() != seat:
        return False
    if not deciders or deciders[-1] != seat:
        return False
    return undo_depth(state, seat) > 0


def table_payload(state: State, seat: int | None, lang: str) -> JSON:
    """Everything but the log: the drawn table, whose decision, the seat's choices, the end."""
    game = state.game
    if seat is None:
        table = public_table([game.project(state.view(p), lang)
                              for p in range(game.num_players)])
    else:
        table = game.project(state.view(seat), lang)
    to_move = state.current_player()
    question = ""
    if seat is not None and to_move == seat:
        try:
            question = renderer_for(game.id).question(state.view(seat), lang)
        except Exception:
            question = ""
    return {
        "title": game.title_ja if lang == "ja" else game.title,
        "table": table,
        "to_move": to_move,
        "yours": seat is not None and to_move == seat,
        "question": question,
        "choices": choices(state, lang, table) if seat is not None and to_move == seat else [],
        "result": state.result(),
    }


def log_payload(state: State, seat: int | None, lang: str, since: int,
                marks: Sequence[int] = (), end: int | None = None) -> list[str]:
    """Log lines for the seat's events logged from raw index ``since`` (to ``end``).

    ``marks`` (the log's length at the start and after each move) splits the log into the
    moves it came in, each worded on its own as it was when sent move by move.
    """
    stop = len(state.log) if end is None else end
    view = state.view(0 if seat is None else seat)
    ends = [m for m in marks if since < m < stop] + [stop]
    lines: list[str] = []
    start = since
    for edge in ends:
        raw = state.log[start:edge]
        events = public_events(raw) if seat is None else filter_events(raw, seat)
        lines += log_lines(state.game.id, events, view, seat, lang)
        start = edge
    return lines
