"""An upper bound for the search agent against any opponent (``random`` unless ``--opponent``
says otherwise): the same search, seeing everything.

Why: when the agent falls short of a target against a random player, the question is whether a
better search could reach it or the game's luck forbids it. This script plays the ``mcts``
agent with every option as given, except that each of its samples is the true state itself:
it sees the opponent's hand, every deck order, the opponent's secret answer to a simultaneous
step and the generator that will draw the future. Only the opponent's coming choices stay
unknown (``--opponent greedy`` bounds what a search of this budget could win against greedy:
the issue-42 targets are stated against that bound). No fair player knows more, so the
cheater's win rate bounds what any agent of this budget could win; it is a loose bound, since
it also foresees its own draws. Two narrower ones say where the gain lies: ``--future hidden``
gives each sample a fresh generator (the cards where they are, deck orders too, but no die or
shuffle to come foreseen), and ``--future hands`` also shuffles each seat's deck afresh (the
hands and face-down cards seen, the draws to come not).

Seats alternate and decks are traded every second pair of games, as ``simulate
--swap-decks`` does, with the same game seeds, so its batches pair with the agent's own:

    .venv/bin/python benchmarks/perfect_information.py draws-troidal --games 200 --seed 22

Progress goes to stderr, the summary to stdout as JSON. This lives in ``benchmarks/`` on
purpose: it is a measurement, never an agent that may play.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cardtable.agents.mcts import MCTSAgent
from cardtable.agents.registry import make_agent, parse_spec
from cardtable.core import Game, State, derive_seed, load_game
from cardtable.core.rng import seed_state, shuffle
from cardtable.sim.simulate import deck_order, seat_order
from cardtable.sim.stats import wilson


class Peeking(MCTSAgent):
    """The search agent whose every sample is a copy of the true state."""

    truth: State | None = None
    #: ``seen``: every sample is the true state, generator and all. ``hidden``: it keeps the
    #: cards where they are but gets a fresh generator, as an honest sample does, so the dice
    #: and shuffles to come are not foreseen. ``hands``: besides, each seat's deck is shuffled
    #: afresh, so what it sees is the hands and the face-down cards, not the draws to come
    future: str = "seen"

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        truth = self.truth
        assert truth is not None
        future = self.future

        def peek(view: dict[str, Any], seed: int, answer: Any = None) -> State:
            sample = truth.clone()
            if future != "seen":
                gen = seed_state(seed)
                if future == "hands":  # every game keeps each seat's deck as sample.deck[seat]
                    for seat in (0, 1):
                        order = list(sample.deck[seat])  # type: ignore[attr-defined]
                        gen = shuffle(gen, order)
                        sample.deck[seat] = order  # type: ignore[attr-defined]
                sample.rng = gen  # type: ignore[attr-defined]
            return sample

        honest = game.sample_state
        game.sample_state = peek  # type: ignore[method-assign]
        try:
            return super().act(game, view, legal)
        finally:
            game.sample_state = honest  # type: ignore[method-assign]


def _by_deck(decks: list[Any], wins: list[int]) -> dict[str, int]:
    """The wins with each default deck, by name (by seat of the deck where the names are the
    same, as Dice and Monsters' two 全カード pools are: one name would keep only one count)."""
    names = [decks[d].name for d in (0, 1)]
    if names[0] == names[1]:
        names = [f"{names[0]} ({d + 1})" for d in (0, 1)]
    return {names[d]: wins[d] for d in (0, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--agent", default="mcts", help="the search agent's spec (mcts:...)")
    parser.add_argument("--opponent", default="random",
                        help="the honest opponent's spec (random, greedy, expert, mcts:...)")
    parser.add_argument("--future", choices=("seen", "hidden", "hands"), default="seen",
                        help="seen: the samples foresee the dice and shuffles to come (the "
                             "loosest bound); hidden: they see every card where it is, deck "
                             "orders too, but chance to come is drawn afresh; hands: the decks "
                             "are shuffled afresh as well, so what is bounded is the worth of "
                             "seeing the hands and face-down cards")
    args = parser.parse_args()
    game = load_game(args.game)
    name, options = parse_spec(args.agent)
    if name != "mcts":
        parser.error("--agent must be an mcts spec")
    if args.future == "hands" and not game.draws_are_shuffled:
        parser.error(f"--future hands shuffles each seat's deck, and {game.id}'s seats hold "
                     "their decks in an order of their own: use --future hidden")
    decks = game.default_decks()
    wins = draws = 0
    by_deck = [0, 0]
    start = time.perf_counter()
    for index in range(args.games):
        order, deck = seat_order(index), deck_order(index, True)
        seed = derive_seed(args.seed, "game", index)
        state = game.new_game(seed, [decks[deck[a]] for a in order])
        cheater = Peeking(**options)
        cheater.future = args.future
        agents = [cheater if a == 0 else make_agent(args.opponent) for a in order]
        for seat, agent in enumerate(agents):
            agent.reset(derive_seed(seed, "agent", seat))
        while (seat := state.current_player()) >= 0:
            agent = agents[seat]
            cheater.truth = state
            view = state.view(seat) if agent.needs_view else None
            state.apply(agent.act(game, view, state.legal_actions()))
        winner = state.winner()
        if winner is None:
            draws += 1
        elif order[winner] == 0:
            wins += 1
            by_deck[deck[0]] += 1
        print(f"game {index + 1}/{args.games}: {wins} won, {draws} drawn "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    low, high = wilson(wins, args.games)
    print(json.dumps({"game": args.game, "agent": args.agent, "opponent": args.opponent,
                      "future": args.future, "games": args.games,
                      "seed": args.seed, "wins": wins, "draws": draws,
                      "win_rate": round(wins / args.games, 4),
                      "ci95": [round(low, 4), round(high, 4)],
                      "wins_by_deck": _by_deck(decks, by_deck)},
                     ensure_ascii=False))


if __name__ == "__main__":
    main()
