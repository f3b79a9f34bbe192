"""Play one match between agents: the loop every front end and simulator shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.agents.base import Agent
from cardtable.core.contract import Game, State
from cardtable.core.deck import Deck
from cardtable.core.seeding import derive_seed


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    decks: Sequence[Deck] | None = None,
    options: dict[str, Any] | None = None,
    start: State | None = None,
    quiet: bool = False,
    legal_filter: Callable[[State, int, list[int]], list[int]] | None = None,
) -> State:
    """Run a whole game; agent ``i`` sits in seat ``i`` and is reseeded from ``seed``.

    ``start``, if given, is the position to play on from (a scenario's; it is played in place).
    ``quiet`` plays without an event log (``State.quiet``) for a caller that reads only the
    outcome: agents see views, which no game builds from the log, so the game is the same.
    ``legal_filter(state, seat, legal)``, if given, narrows the codes a seat is offered (the
    balance lab's restricted play bars a card this way); it must return a non-empty subset.
    """
    state = start if start is not None else game.new_game(seed, decks, options)
    if quiet:
        state.quiet()
    for seat, agent in enumerate(agents):
        agent.reset(derive_seed(seed, "agent", seat))
    while True:
        seat = state.current_player()
        if seat < 0:
            return state
        agent = agents[seat]
        legal = state.legal_actions()
        if legal_filter is not None:
            legal = legal_filter(state, seat, legal)
        view = state.view(seat) if agent.needs_view else None
        state.apply(agent.act(game, view, legal))
