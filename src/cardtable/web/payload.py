"""What one seat (or a spectator) receives: built from ``view``, ``events`` and the seat's own
legal choices, and nothing else.

The server never sends a state, a seed, the other seat's pending answer or the undo history:
everything that leaves it is made here, from what the contract lets that seat know. The log
lines and the question come from ``cardtable.table`` (each game's ``sentences.py``), the same
sentences the terminal shows, so neither front end words a game's events on its own.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from cardtable.core import State
from cardtable.core.events import filter_events, public_events
from cardtable.core.picks import finders, indexed
from cardtable.core.projection import public_table
from cardtable.core.undo import undo_depth
from cardtable.core.why_not import unplayable
from cardtable.table import glossary, sentences, stops, tutorial
from cardtable.table.cues import HISTORY, line_cues
from cardtable.table.voice import whose_table

JSON = dict[str, Any]
SPECTATOR = None

#: a seat's view of the position (``State.view``), as a caller that asks for it several
#: times keeps it: a seat's message reads its view up to three times (its table, its story,
#: the mover's question and choices), a spectator's both seats' views, and a view is 0.05 to
#: 0.35 ms of work. The readers here only read it (``tests/web/test_views_shared.py``).
Views = Callable[[int], JSON]


def _viewer(state: State, views: Views | None) -> Views:
    """Where a reader asks for a seat's view: the caller's kept ``views``, or the state."""
    return state.view if views is None else views


def log_lines(game_id: str, events: list[JSON], view: JSON, seat: int | None,
              lang: str) -> list[str]:
    """The events as sentences from ``seat``'s side; a spectator (None) reads them neutrally
    ("Player 1 invades Player 2's land 3"), from the table layer both front ends share."""
    return sentences.log_lines(game_id, events, view, seat, lang)


def seat_events(state: State, seat: int | None, since: int = 0) -> list[JSON]:
    if seat is None:
        return public_events(state.log[since:])
    return state.events(seat, since)


def choices(state: State, lang: str, table: JSON | None = None,
            described: Sequence[JSON] | None = None) -> list[JSON]:
    """The decider's legal codes with their menu paths (the parts of the label, in order) and,
    given the decider's drawn ``table``, what each names on it (``core/picks.py``): the page
    lets the player choose by clicking those, in order, and offers the rest as buttons. Each
    carries its kind (a cast, an attack, a summon, a level-up): the page sends a choice by its
    clicks alone when they lead to one kind of play, and asks by a button otherwise.
    ``described``: the legal actions' descriptions, when the caller has them already."""
    seat = state.current_player()
    legal = state.legal_actions()
    out = []
    find_picks, find_swaps = finders(state.game)
    with contextlib.nullcontext() if table is None else indexed(table):
        for i, c in enumerate(legal):
            entry: JSON = {"code": c, "path": list(state.action_path(c, lang))}
            desc = state.describe_action(c) if described is None else described[i]
            if isinstance(desc.get("kind"), str):
                entry["kind"] = desc["kind"]
            if table is not None:
                try:
                    entry["refs"] = find_picks(desc, table, seat)
                    # places whose cards trade places (a field shuffle), shown before it is sent
                    pairs = find_swaps(desc, table, seat)
                    if pairs:
                        entry["swaps"] = pairs
                except Exception:  # a pick that cannot be worked out leaves the choice a button
                    entry["refs"] = []
            out.append(entry)
    return out


#: ``undo_depth`` replays sampled positions (tens of milliseconds): asked once per position
#: (states compare by value and do not hash, so they are known by identity, checked by weakref)
_UNDO: dict[int, tuple[weakref.ref[State], int, int, bool]] = {}


def can_undo(state: State, seat: int | None, deciders: Sequence[int],
             tables: tuple[JSON, JSON] | None = None, before: State | None = None) -> bool:
    """Offer Undo only when it will work: the core's own ``undo_depth`` (as the terminal asks),
    for the seat deciding now whose own decision was the last. ``tables`` (the seat's tables
    drawn just before and after that decision) and ``before`` (the position before it): when
    the caller kept them, ``undo_depth`` reads them instead of drawing and replaying."""
    if seat is None or state.is_terminal() or state.current_player() != seat:
        return False
    if not deciders or deciders[-1] != seat:
        return False
    known = _UNDO.get(id(state))
    if known is not None and known[0]() is state and known[1:3] == (len(state.history), seat):
        return known[3]
    answer = undo_depth(state, seat, most=1, tables=tables, before=before) > 0
    if len(_UNDO) > 256:
        _UNDO.clear()
    _UNDO[id(state)] = (weakref.ref(state), len(state.history), seat, answer)
    return answer


def seat_table(state: State, seat: int | None, lang: str, views: Views | None = None) -> JSON:
    """The table ``seat`` may see (None: what every seat sees alike, for a spectator)."""
    game = state.game
    view = _viewer(state, views)
    if seat is None:
        return public_table([game.project(view(p), lang) for p in range(game.num_players)])
    # a seat reads "you" and "the opponent" in its notes and markers, as the log says
    return whose_table(game.project(view(seat), lang), seat, lang)


@lru_cache(maxsize=1024)
def _lesson(game_id: str, seed: int) -> tutorial.Tutorial | None:
    """A table's tutorial, looked up once per deal (the lookup reads the game's folder)."""
    return tutorial.of_seed(game_id, seed)


def taught(state: State, seat: int | None, lang: str) -> JSON | None:
    """Where a first-game tutorial stands for its learner (``table/tutorial.py``): the note of
    the step due, the one move it asks (``code``), or its closing note once it is over; None
    for any other table or seat. A tutorial is known by its deal's seed alone."""
    if seat != tutorial.SEAT:
        return None
    lesson = _lesson(state.game.id, state.seed)
    if lesson is None:
        return None
    now = tutorial.current(lesson, state)
    out: JSON = {"title": lesson.title[1 if lang == "ja" else 0], "step": now.index + 1,
                 "of": len(lesson.steps), "note": now.note(lang), "code": now.code,
                 "quiet": now.quiet, "over": now.step is None}
    if now.step is not None and now.code is None:
        out["note"] = ""  # the step waits for the learner's turn
    return out


def _glossed(game_id: str, text: str, lang: str) -> list[list[object]]:
    """``glossary.words`` of a question or a note: the same few sentences are asked move after
    move, so each is looked up once."""
    return [list(entry) for entry in _glossary_words(game_id, text, lang)]


@lru_cache(maxsize=4096)
def _glossary_words(game_id: str, text: str, lang: str) -> tuple[tuple[object, ...], ...]:
    return tuple(tuple(entry) for entry in glossary.words(game_id, text, lang))


def offered(choices: list[JSON], lesson: JSON | None) -> list[JSON]:
    """The choices a seat is offered: in a tutorial's step, only the move it asks."""
    if lesson is None or lesson.get("code") is None:
        return choices
    return [c for c in choices if c["code"] == lesson["code"]] or choices


def table_payload(state: State, seat: int | None, lang: str, table: JSON | None = None,
                  views: Views | None = None) -> JSON:
    """Everything but the log: the drawn table, whose decision, the seat's choices, the end.
    ``table``: ``seat_table(state, seat, lang)``, when the caller has drawn it already;
    ``views``: where the seats' views are kept for the position (``Views``)."""
    game = state.game
    if table is None:
        table = seat_table(state, seat, lang, views)
    to_move = state.current_player()
    question = ""
    deciding = seat is not None and to_move == seat and not state.is_terminal()
    described = [state.describe_action(c) for c in state.legal_actions()] if deciding else []
    # the deciding seat's view, made once for its question, its dimmed cards and its stop
    view = _viewer(state, views)(seat) if seat is not None and to_move == seat else None
    if view is not None:
        question = sentences.question(game, view, lang)
    lesson = taught(state, seat, lang)
    return {
        "title": game.title_ja if lang == "ja" else game.title,
        "table": table,
        "to_move": to_move,
        "yours": seat is not None and to_move == seat,
        "question": question,
        "choices": offered(choices(state, lang, table, described if deciding else None),
                           lesson)
                   if seat is not None and to_move == seat else [],
        # the seat's hand cards no legal action names, each with why (dimmed on the page)
        "unplayable": unplayable(game.id, view, described, table, seat, lang)
                      if deciding and view is not None else [],
        # the stop this decision is under and the move made when the player has it off
        # (``table/stops.py``), and the game's stops for the page's control
        "stop": stops.decision_stop(game.id, view, described)
                if deciding and view is not None and (lesson is None or lesson["over"])
                else None,
        "stops": stops.control(game.id, lang),
        "tutorial": lesson,
        # the game's words in the question and the tutorial's note: [start, end, glossary key,
        # explanation] each, linked by the page to the How to play page's glossary
        "words": {"question": _glossed(game.id, question, lang),
                  "tutorial": _glossed(game.id, lesson["note"], lang) if lesson else []},
        "result": state.result(),
    }


def log_payload(state: State, seat: int | None, lang: str, since: int,
                marks: Sequence[int] = (), end: int | None = None) -> list[list[str]]:
    """Log lines for the seat's events logged from raw index ``since`` (to ``end``), each as
    ``[tone, sentence]`` (``cardtable.table.toned_lines``: a tone of ``head`` is a turn's
    heading, ``good``/``bad`` is from the reader's side), so the page can set them apart.

    ``marks`` (the log's length at the start and after each move) splits the log into the
    moves it came in, each worded on its own as it was when sent move by move.
    """
    stop = len(state.log) if end is None else end
    view = state.view(0 if seat is None else seat)
    ends = [m for m in marks if since < m < stop] + [stop]
    lines: list[list[str]] = []
    start = since
    for edge in ends:
        raw = state.log[start:edge]
        events = public_events(raw) if seat is None else filter_events(raw, seat)
        lines += [[tone, text] for tone, text in
                  sentences.toned_lines(state.game.id, events, view, seat, lang)]
        start = edge
    return lines


def move_story(state: State, seat: int | None, lang: str, since: int, end: int,
               table: JSON | None = None, views: Views | None = None) -> JSON:
    """One move as the page tells it on the board: its log lines, what each line does to the
    board (``table/cues.py``), and the table after it (``state`` is the position right after
    the move), all from what ``seat`` may see: its own events and view, or a spectator's.
    ``table``: ``seat_table(state, seat, lang)``, when the caller has drawn it already."""
    raw = state.log[since:end]
    events = public_events(raw) if seat is None else filter_events(raw, seat)
    view = _viewer(state, views)(0 if seat is None else seat)
    worded = sentences.event_lines(state.game.id, events, view, seat, lang)
    toned = sentences.toned_lines(state.game.id, events, view, seat, lang) if worded is None \
        else [line for own in worded for line in own]
    lines = [[tone, text] for tone, text in toned]
    # where a unit stood before the move, for a game that needs it: from the same events
    earlier = None
    if state.game.id in HISTORY:
        earlier = public_events(state.log[:since]) if seat is None else \
            filter_events(state.log[:since], seat)
    cues = line_cues(state.game.id, events, view, seat, lang, lines, worded, earlier)
    for line in cues:
        for cue in line:
            if "patch" in cue:
                cue["table"] = patched_table(state, seat, lang, cue.pop("patch"))
    return {"lines": lines, "cues": cues,
            "table": seat_table(state, seat, lang, views) if table is None else table}


def patched_table(state: State, seat: int | None, lang: str, patch: JSON) -> JSON:
    """The table of ``seat``'s view with ``patch`` (public event data: a board inside a move)
    laid over it; a spectator's is every seat's patched view intersected, as ever."""
    game = state.game
    if seat is None:
        return public_table([game.project({**state.view(p), **patch}, lang)
                             for p in range(game.num_players)])
    return whose_table(game.project({**state.view(seat), **patch}, lang), seat, lang)
