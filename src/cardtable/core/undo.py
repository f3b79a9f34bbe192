"""Undo: take back one's own last decisions, as a replay of the record without them.

Undo is offered by the core, so the terminal, the browser table and any other front end give the
same answer to "may I take that back?". A state is never edited backwards: the undone state is
the match replayed from its seed, decks and options through every action but the last few
(architecture rule 5: undo and resuming are replays of a record).

What may be undone, for ``player``:

* only a trailing run of ``player``'s own decisions, in the same turn (``state.turn``): once the
  opponent has answered or the turn has passed, the past is shared;
* and within that run, only the steps after the last one that showed ``player`` something hidden.

A step *reveals* when any of these holds (``reveals`` below). The first two are exact, and
need nothing from a game beyond the contract, so a new game is covered the day it is registered:

1. it consumed the state's generator (a die, a shuffle, a random pick): the ``rng`` attribute
   every state carries changed;
2. it moved a card into sight (``shows_a_card``): in ``player``'s table (``Game.project`` of
   their view, the one description of what a seat sees that every front end draws) some zone
   holds fewer hidden cards than before (a back, or a pile drawn only as a count: a deck, a
   hand of backs, a burst), and some card is face up more often than before, or some back
   shows part of its face (the stats the rules show of it) more often than before. A card
   drawn, a face-down card turned up, an opponent's card shown, a god draw into the hand, an
   opponent's simultaneous field set shown by power (DRAWS-◎-TROIDAL): each takes a card out of
   a hidden place and shows its face or part of it. Playing a known card (hand to field) shows no
   new face, and a pick from a public pool empties no hidden place, so neither ends undo;
3. the game's own ``State.reveals_to(before, player)`` hook says so (default: no), for a
   hidden place its table does not draw as a zone (Dreadnought's HP piles);
4. a determinized replay tells it apart: from states that ``player`` cannot tell from the one
   before the step (``Game.sample_state`` of their view, with a fresh generator), the same action
   changes ``player``'s view differently, or yields other events, than it really did. This is a
   net for hidden information that is not a card (an opponent's secret answer); it can only
   add barriers, never remove one that 1-3 found.

Rules 1-3 decide whether a step showed a die or a hidden card's face exactly, with no sampling:
an earlier version relied on rule 4 alone, and a reveal whose outcome every sample happened to
guess (a Dreadnought god draw of a burst card the samples all dealt alike) could be undone.

The determinized check compares what the step *changed* in the view (each changed place and its
new value), not the whole view after it: a sampler may not reproduce every count of a view (a
position begun from a scenario holds fewer cards than a whole deck, and a guessed private
decklist is a whole deck), and comparing whole views called every step a reveal there.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.contract import TERMINAL, Game, State
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.seeding import derive_seed

#: determinized replays per step in the check for hidden facts that are not cards (rule 4)
SAMPLES = 3
#: the longest run of own decisions looked at (a turn of many small choices); older ones stay
MAX_DEPTH = 64


def rebuild(game: Game, seed: int, decks: Sequence[Deck], options: dict[str, Any],
            actions: Sequence[int], start: State | None = None) -> State:
    """The match from its start through ``actions``: how undo and resuming build a state.

    ``start`` is the position the match began in when it is not ``new_game``'s (a scenario);
    it is copied, never changed, and ``actions`` are the ones applied after it.
    """
    state = start.clone() if start is not None else game.new_game(seed, list(decks), options)
    for i, action in enumerate(actions, start=1):
        try:
            state.apply(action)
        except CardtableError as exc:
            raise CardtableError(f"step {i}: action {action} cannot be replayed: {exc}") from exc
    return state


@dataclass(frozen=True)
class Step:
    """One applied action: who decided, in which turn, and the state just before it."""

    action: int
    player: int
    turn: int
    before: State


@dataclass
class _Replay:
    """How far a match was last replayed: its setup, its actions, the state after them, and
    the steps of its current turn (all that undo ever looks back at)."""

    decks: Any
    options: dict[str, Any]
    history: list[int]
    state: State
    steps: list[Step]


#: the matches replayed last, by game and seed: a table asks after every move, and replaying
#: only the moves since the last question keeps that cost from growing with the game's length
_REPLAYS: OrderedDict[tuple[str, int], _Replay] = OrderedDict()
_REPLAYS_KEPT = 32
_REPLAYS_LOCK = threading.Lock()  # a server asks from its event loop and from worker threads


def _trailing_steps(state: State, limit: int, start: State | None = None) -> list[Step]:
    """The last steps of ``state``'s match in its current turn (at most ``limit``), oldest
    first, replayed from the start (or from where the same match was replayed last)."""
    if start is not None:  # a scenario's match: replayed afresh (the terminal, rarely)
        replay = start.clone()
        history = state.history[len(replay.history):]
        steps: list[Step] = []
        for i, action in enumerate(history):
            if i >= len(history) - limit:
                steps.append(Step(action, replay.current_player(), replay.turn, replay.clone()))
            replay.apply(action)
        return steps
    key = (state.game.id, state.seed)
    with _REPLAYS_LOCK:
        known = _REPLAYS.get(key)
    history = state.history
    if (known is not None and len(known.history) <= len(history)
            and history[:len(known.history)] == known.history
            and known.options == state.options and known.decks == state.decks):
        replay, steps, done = known.state.clone(), list(known.steps), len(known.history)
    else:
        replay = state.game.new_game(state.seed, list(state.decks), state.options)
        steps, done = [], 0
    for action in history[done:]:
        steps.append(Step(action, replay.current_player(), replay.turn, replay.clone()))
        replay.apply(action)
    steps = [step for step in steps if step.turn == replay.turn][-limit:]
    with _REPLAYS_LOCK:
        _REPLAYS[key] = _Replay(state.decks, dict(state.options), list(history), replay, steps)
        _REPLAYS.move_to_end(key)
        while len(_REPLAYS) > _REPLAYS_KEPT:
            _REPLAYS.popitem(last=False)
    return steps


def _just_before(before: State, state: State) -> bool:
    """Whether ``before`` is ``state``'s match one action earlier."""
    return (before.game.id == state.game.id and before.seed == state.seed
            and len(before.history) == len(state.history) - 1
            and before.history == state.history[:-1] and before.options == state.options
            and before.decks == state.decks)


def _generator(state: State) -> Any:
    return getattr(state, "rng", None)


def changes(before: Any, after: Any, at: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    """Each place (a path of keys and indices) where the JSON ``after`` differs from ``before``,
    with its value in ``after``; a list that changed length counts as one changed place."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: dict[tuple[Any, ...], Any] = {}
        for key in before.keys() | after.keys():
            if key not in before or key not in after:
                out[(*at, key)] = after.get(key, _GONE)
            elif before[key] != after[key]:
                out.update(changes(before[key], after[key], (*at, key)))
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = {}
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            if b != a:
                out.update(changes(b, a, (*at, i)))
        return out
    return {} if before == after else {at: after}


#: the value of a key a step removed
_GONE = "<gone>"


def table_cards(table: Any) -> tuple[Counter[str], dict[str, int]]:
    """What a drawn table (``Game.project``'s JSON, or a seat's table as a front end draws it
    from that) shows of its cards: faces by ``key``, else name, and the stats of backs that
    show some; and each zone's hidden cards."""
    faces: Counter[str] = Counter()
    hidden: dict[str, int] = {}
    for zone in table.get("zones", []):
        cards = [c for c in zone.get("cards") or [] if c is not None]
        backs = sum(1 for c in cards if not c.get("face_up", True))
        if not zone.get("cards") and isinstance(zone.get("count"), int):
            backs += zone["count"]  # a pile drawn only as a count: its faces are unseen
        hidden[str(zone.get("id"))] = backs
        faces.update(str(c.get("key") or c.get("name", "")) for c in cards
                     if c.get("face_up", True))
        # a back that shows part of its face (a set card's power) is partly seen: a new one is
        # as much a reveal as a face turned up
        faces.update(f"back {c['stats']}" for c in cards
                     if not c.get("face_up", True) and c.get("stats"))
    return faces, hidden


def shows_a_card(game: Game, view_before: Any, view_after: Any,
                 tables: tuple[Any, Any] | None = None) -> bool:
    """Whether the step between two views of one seat moved a card into sight: a zone lost a
    hidden card and some card is face up more often than before (rule 2 above).

    ``tables``: the seat's tables drawn from those two views, in one language, when the caller
    has drawn them already (a server draws both for its messages): drawing them again was a
    third of the whole check. The answer is the same in any language, and with or without
    the seat's own voice in notes and markers (``table.voice``): it reads zones, faces, backs
    and counts alone."""
    drawn_before, drawn_after = tables if tables is not None else (
        game.project(view_before, "en"), game.project(view_after, "en"))
    faces_before, hidden_before = table_cards(drawn_before)
    faces_after, hidden_after = table_cards(drawn_after)
    if not faces_after - faces_before:
        return False
    return any(n > hidden_after.get(zone, 0) for zone, n in hidden_before.items())


def reveals(before: State, action: int, player: int,
            tables: tuple[Any, Any] | None = None) -> bool:
    """Whether applying ``action`` to ``before`` shows ``player`` anything hidden (see above).
    ``tables``: ``player``'s tables drawn before and after the step, as ``shows_a_card``
    takes them, when the caller has them."""
    after = before.clone()
    after.apply(action)
    if _generator(before) != _generator(after):
        return True
    if after.reveals_to(before, player):
        return True
    view = before.view(player)
    if shows_a_card(before.game, view, after.view(player), tables):
        return True
    # the net (rule 4) compares brief views: the card table they leave out changes only when a
    # card comes into sight, which rule 2 has just ruled out
    real_change = changes(before.brief_view(player), after.brief_view(player))
    real_events = after.events(player, since=len(before.log))
    for k in range(SAMPLES):
        try:
            sample = before.game.sample_state(view, derive_seed(before.seed, "undo", k))
            sample_view = sample.brief_view(player)
            mark = len(sample.log)
            sample.apply(action)
        except Exception:  # a sample the action does not fit: the step depended on hidden facts
            return True
        if changes(sample_view, sample.brief_view(player)) != real_change \
                or sample.events(player, since=mark) != real_events:
            return True
    return False


def undo_depth(state: State, player: int, start: State | None = None,
               most: int = MAX_DEPTH, tables: tuple[Any, Any] | None = None,
               before: State | None = None) -> int:
    """How many of the last actions ``player`` may take back now (0: none).

    Counted from the end: a run of ``player``'s own decisions in the current turn, stopping at
    the newest step that revealed something hidden (that step itself stays). Only the player
    who decides now may undo, so an opponent is never answering a position that goes away.
    ``most``: stop counting there (``most=1`` asks only whether one may be undone, which looks
    at the newest step alone; each step looked at is a few determinized replays).
    ``tables``: ``player``'s tables drawn just before and after the newest step, when the
    caller has drawn them (``shows_a_card``); older steps are drawn here.
    ``before``: the position just before the newest action, when the caller kept it (a server
    keeps each table's): asked with ``most=1``, nothing is replayed. A busy server's tables
    outnumber the matches kept replayed here, so each of its questions replayed a whole match.
    """
    if not state.history or state.current_player() != player:
        return 0
    if most == 1 and before is not None and _just_before(before, state):
        steps = [Step(state.history[-1], before.current_player(), before.turn, before)]
    else:
        steps = _trailing_steps(state, MAX_DEPTH, start)
    turn = state.turn
    depth = 0
    for step in reversed(steps):
        if depth >= most or step.player != player or step.turn != turn:
            break
        if reveals(step.before, step.action, player, tables if depth == 0 else None):
            break
        depth += 1
    return depth


def undo(state: State, player: int, count: int = 1, start: State | None = None) -> State:
    """``state``'s match without ``player``'s last ``count`` decisions, replayed from the start
    (``start``, when the match began from a given position rather than a new game).

    Raises ``CardtableError`` when fewer than ``count`` may be undone; ``state`` is unchanged.
    """
    if count < 1:
        raise CardtableError(f"undo needs a count of at least 1, got {count}")
    if state.current_player() == TERMINAL:
        raise CardtableError("the game is over; nothing can be undone")
    depth = undo_depth(state, player, start, most=count)
    if count > depth:
        raise CardtableError(
            "nothing to undo" if depth == 0 else
            f"only {depth} decision(s) can be undone now, not {count}")
    begun = len(start.history) if start is not None else 0
    keep = state.history[begun: len(state.history) - count]
    return rebuild(state.game, state.seed, state.decks, state.options, keep, start)
