"""Undo: take back one's own last decisions, as a replay of the record without them.

Undo is offered by the core, so the terminal, the browser table and any other front end give the
same answer to "may I take that back?". A state is never edited backwards: the undone state is
the match replayed from its seed, decks and options through every action but the last few
(architecture rule 5: undo and resuming are replays of a record).

What may be undone, for ``player``:

* only a trailing run of ``player``'s own decisions, in the same turn (``state.turn``): once the
  opponent has answered or the turn has passed, the past is shared;
* and within that run, only the steps after the last one that showed ``player`` something hidden.

A step *reveals* when any of these holds (``reveals`` below); the first two need nothing from the
game, so a new game is covered the day it is registered:

1. it consumed the state's generator (a die, a shuffle, a random pick): the ``rng`` attribute
   every state carries changed;
2. a determinized replay tells it apart: from states that ``player`` cannot tell from the one
   before the step (``Game.sample_state`` of their view, with a fresh generator), the same action
   changes ``player``'s view differently, or yields other events, than it really did. So a drawn
   card, an opponent's secret answer or a face-down card turned up all count, because something
   ``player`` did not know decided what they now see;
3. the game's own ``State.reveals_to(before, player)`` hook says so (default: no), for anything
   the two generic checks could miss.

The determinized check compares what the step *changed* in the view (each changed place and its
new value), not the whole view after it. For a sample whose view is the player's view, the two
are the same test; but a sampler may not reproduce every count of a view (a position begun from a
scenario holds fewer cards than a whole deck, and a guessed private decklist is a whole deck), and
then comparing whole views called every step a reveal, so nothing could ever be undone there.
Comparing changes lets such a sample still vouch for a step that shows nothing new.

The determinized check is a test, not a proof: with ``SAMPLES`` samples a reveal whose outcome
every sample happens to guess goes unnoticed. That needs every sample to agree with the hidden
truth, which is rare, and even then the step showed ``player`` nothing they could have told apart
(the samples were as likely as the truth), so undoing it gives away no real information.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.contract import TERMINAL, Game, State
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.seeding import derive_seed

#: determinized replays per step in the reveal check
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


def _trailing_steps(state: State, limit: int, start: State | None = None) -> list[Step]:
    """The last ``limit`` steps of ``state``'s match, oldest first, replayed from the start."""
    replay = start.clone() if start is not None else state.game.new_game(
        state.seed, list(state.decks), state.options)
    history = state.history[len(replay.history):]
    keep_from = max(0, len(history) - limit)
    steps: list[Step] = []
    for i, action in enumerate(history):
        if i >= keep_from:
            steps.append(Step(action, replay.current_player(), replay.turn, replay.clone()))
        replay.apply(action)
    return steps


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


def reveals(before: State, action: int, player: int) -> bool:
    """Whether applying ``action`` to ``before`` shows ``player`` anything hidden (see above)."""
    after = before.clone()
    after.apply(action)
    if _generator(before) != _generator(after):
        return True
    if after.reveals_to(before, player):
        return True
    view = before.view(player)
    real_change = changes(view, after.view(player))
    real_events = after.events(player, since=len(before.log))
    for k in range(SAMPLES):
        try:
            sample = before.game.sample_state(view, derive_seed(before.seed, "undo", k))
            sample_view = sample.view(player)
            mark = len(sample.log)
            sample.apply(action)
        except Exception:  # a sample the action does not fit: the step depended on hidden facts
            return True
        if changes(sample_view, sample.view(player)) != real_change \
                or sample.events(player, since=mark) != real_events:
            return True
    return False


def undo_depth(state: State, player: int, start: State | None = None) -> int:
    """How many of the last actions ``player`` may take back now (0: none).

    Counted from the end: a run of ``player``'s own decisions in the current turn, stopping at
    the newest step that revealed something hidden (that step itself stays). Only the player
    who decides now may undo, so an opponent is never answering a position that goes away.
    """
    if not state.history or state.current_player() != player:
        return 0
    steps = _trailing_steps(state, MAX_DEPTH, start)
    turn = state.turn
    depth = 0
    for step in reversed(steps):
        if step.player != player or step.turn != turn:
            break
        if reveals(step.before, step.action, player):
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
    depth = undo_depth(state, player, start)
    if count > depth:
        raise CardtableError(
            "nothing to undo" if depth == 0 else
            f"only {depth} decision(s) can be undone now, not {count}")
    begun = len(start.history) if start is not None else 0
    keep = state.history[begun: len(state.history) - count]
    return rebuild(state.game, state.seed, state.decks, state.options, keep, start)
