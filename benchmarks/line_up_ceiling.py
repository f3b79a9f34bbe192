"""How well any Dice and Monsters player could do against ``random``: the line-up ceilings.

Why: after the two line-ups are set the battle plays itself, so against a random opponent the
only levers are the deck and the line-up. This script gives one seat a deck (the greedy
policy's, or ``--deck FILE``), lets a random opponent build its deck from the shipped pool, and
measures three choices of line-up, each scored with fresh battles:

* ``oracle``: sees the opponent's actual line-up and picks the best of its own against it. No
  player can do better, so its mean is an upper bound (loose: no fair player sees the line-up).
* ``blind``: does not see it and best-responds to a uniformly random one, which is what the
  random opponent plays; its mean is the ceiling for any player that cannot see the opponent's
  line-up, knows that it is random, and plays this deck.
* ``greedy``: the greedy policy's own line-up, for comparison.

Both searches try every line-up with ``--trials`` battles (the same opponents and dice for
every candidate), play the ``--finalists`` best ``--more`` times again and keep the best; the
pick is then scored with ``--score`` fresh battles, so the luck of the maximum does not count
(a search can still miss the very best line-up by a little, so each sits just under its
ceiling). Seats alternate game by game.

    .venv/bin/python benchmarks/line_up_ceiling.py --games 40 --seed 1

About 20 s of CPU a game at the defaults. Progress goes to stderr, the summary (mean win chance
with a 95% interval over games) to stdout as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Sequence

from cardtable.agents.greedy import GreedyAgent
from cardtable.core import Game, load_game
from cardtable.games.dice_and_monsters.battle import simulate
from cardtable.games.dice_and_monsters.cards import Card
from cardtable.games.dice_and_monsters.flow import line_up
from cardtable.games.dice_and_monsters.state import TEAM, DiceState

#: a set of opponents: (their line-up, dice seed) pairs
Foes = list[tuple[list[Card], int]]


def chance(state: DiceState, me: int, code: int, foes: Foes) -> float:
    """Win chance (draws count half) of line-up ``code`` against each of ``foes``."""
    mine = line_up(state, me, code)
    leaps = [[state.cards[c] for c in state.leap[p]] for p in (0, 1)]
    total = 0.0
    for theirs, dice in foes:
        squares = (mine, theirs) if me == 0 else (theirs, mine)
        winner = simulate(squares, leaps, dice, state.options["rounds"]).winner
        total += 1.0 if winner == me else 0.5 if winner < 0 else 0.0
    return total / len(foes)


def to_choose(state: DiceState, seat: int) -> DiceState:
    """The team step as ``seat`` sees it with no line-up set yet."""
    twin = state.clone()
    twin.to_move, twin._legal = seat, None
    return twin


def best_line_up(state: DiceState, me: int, legal: Sequence[int], draw: Callable[[int], Foes],
                 args: argparse.Namespace) -> int:
    """Every line-up against ``--trials`` opponents from ``draw``, then the finalists again."""
    first = draw(args.trials)
    scores = {c: chance(state, me, c, first) for c in legal}
    finalists = sorted(legal, key=lambda c: -scores[c])[:args.finalists]
    more = draw(args.more)
    return max(finalists, key=lambda c: chance(state, me, c, more))


def measure(game: Game, state: DiceState, me: int, rng: random.Random,
            args: argparse.Namespace) -> dict[str, float]:
    """The three choices' win chances in one game at its team step."""
    them = 1 - me
    their_legal = to_choose(state, them).legal_actions()

    def draw(n: int) -> Foes:
        """``n`` opponents as a random player would set them, each with its own dice."""
        return [(line_up(state, them, their_legal[rng.randrange(len(their_legal))]),
                 rng.getrandbits(62)) for _ in range(n)]

    theirs = line_up(state, them, their_legal[rng.randrange(len(their_legal))])

    def actual(n: int) -> Foes:
        return [(theirs, rng.getrandbits(62)) for _ in range(n)]

    mine = to_choose(state, me)
    legal = mine.legal_actions()
    seen = best_line_up(state, me, legal, actual, args)
    blind = best_line_up(state, me, legal, draw, args)
    picked = GreedyAgent().act(game, mine.view(me), legal)
    fresh = draw(args.score)
    return {"oracle": chance(state, me, seen, actual(args.score)),
            "blind": chance(state, me, blind, fresh),
            "greedy": chance(state, me, picked, fresh)}


def summary(values: list[float]) -> dict[str, object]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--deck", help="a deck file for the measured seat (default: greedy "
                                       "builds it from the shipped pool)")
    parser.add_argument("--trials", type=int, default=24, help="battles per candidate line-up")
    parser.add_argument("--finalists", type=int, default=20,
                        help="best candidates played again")
    parser.add_argument("--more", type=int, default=400, help="battles per finalist")
    parser.add_argument("--score", type=int, default=400, help="fresh battles to score a pick")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load_game("dice-and-monsters")
    pool = game.load_deck("all-cards")
    mine_deck = game.load_deck(args.deck) if args.deck else pool
    greedy = GreedyAgent()
    results: dict[str, list[float]] = {"oracle": [], "blind": [], "greedy": []}
    for g in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + g)
        me = g % 2
        decks = (mine_deck, pool) if me == 0 else (pool, mine_deck)
        state = game.new_game(args.seed * 1_000_003 + g, decks)
        while state.phase != TEAM:  # greedy builds our deck (if not given), random theirs
            seat, legal = state.current_player(), state.legal_actions()
            state.apply(greedy.act(game, state.view(seat), legal) if seat == me
                        else legal[rng.randrange(len(legal))])
        for name, value in measure(game, state, me, rng, args).items():
            results[name].append(value)
        print(f"game {g + 1}/{args.games}: " + ", ".join(
            f"{k} {v[-1]:.3f}" for k, v in results.items()), file=sys.stderr, flush=True)
    print(json.dumps({"games": args.games, "deck": args.deck or "greedy's",
                      "trials": args.trials, "finalists": args.finalists, "more": args.more,
                      "score": args.score, "seed": args.seed,
                      **{k: summary(v) for k, v in results.items()}}, ensure_ascii=False))


if __name__ == "__main__":
    main()
