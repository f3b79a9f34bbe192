"""DRAWS-◎-TROIDAL against a hand-written, single-purpose random simulation of the same game.

Why: the engine pays for a general contract (legal-action lists with stable codes, an event
log every view and record is built from, plain-data states that replay byte for byte). A loop
written for this one game, with none of that, is the ceiling a pure-Python engine could reach;
the ratio of the two in games per second, measured in the same run, says how much the
generality costs and is the figure issue 30 asks to be at least 0.20.

The hand-written loop plays the same rules with the same shipped decks and default options:
shuffle, turn over five (one random redo allowed), set them in random lanes, draw to five,
a coin for initiative; then turns of refill (a player who cannot draw loses), filling empty
lanes from the hand at random, a random rearrangement reachable by up to two adjacent swaps,
the field battle (light against dark, attribute edge, power; guard absorbs a loss; a loss
without guard costs the card's risk in life) and the win limit, initiative alternating. It
uses Python's ``random`` and plain lists, draws a random card instead of shuffling a deck,
keeps no log and checks nothing.

    python benchmarks/draws_handwritten.py --seconds 5 --rounds 3

Prints both rates and their ratio per round (CPU time), and the median ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.core import derive_seed, load_game, rng
from cardtable.games.draws_troidal.actions import ARRANGEMENTS, LANES, swap_path
from cardtable.games.draws_troidal.attributes import edge, mutual_destruction


def handwritten_games(seconds: float, seed: int = 0) -> tuple[int, float]:
    """Random games back to back for ``seconds`` of CPU time; returns (games, CPU seconds)."""
    game = load_game("draws-troidal")
    decks = game.default_decks()
    opts = game.resolve_options(None)
    life0, hand_size, win_limit = opts["life"], opts["hand_size"], opts["win_limit"]
    # the lane orders one shuffle step reaches (the engine's table: setup, not the loop)
    arrangements = [p for p in ARRANGEMENTS if swap_path(p, opts["max_swaps"]) is not None]
    # cards as (attribute, power or -1, risk, guard) tuples
    decklists = [[(c.attribute, -1 if c.power is None else c.power, c.risk, c.guard)
                  for c in d.cards] for d in decks]
    # who loses a battle, per pair of attributes and powers, worked out as the engine's rules say
    mutual = [[mutual_destruction(a, b) for b in range(8)] for a in range(8)]
    edges = [[edge(a, b) for b in range(8)] for a in range(8)]
    rand = random.Random(seed).random

    def draw(deck: list) -> tuple:
        """A uniformly random card out of ``deck``: drawing at random is a shuffle's worth."""
        i = int(rand() * len(deck))
        deck[i], deck[-1] = deck[-1], deck[i]
        return deck.pop()

    games = 0
    clock = time.process_time
    start = clock()
    while True:
        decks_ = [list(decklists[0]), list(decklists[1])]
        field: list[list] = [[None] * LANES, [None] * LANES]
        guard = [[0] * LANES, [0] * LANES]
        wins = [[0] * LANES, [0] * LANES]
        life = [life0, life0]
        hands: list[list] = [[], []]
        for p in (0, 1):
            d = decks_[p]
            five = [draw(d) for _ in range(LANES)]
            if rand() < 0.5:  # the one redo: the five go back, five more come at random
                d.extend(five)
                five = [draw(d) for _ in range(LANES)]
            field[p] = five  # drawn at random: already in a random lane order
            guard[p] = [c[3] for c in five]
        initiative = 0 if rand() < 0.5 else 1
        over = False
        while not over:
            # draw
            short = []
            for p in (0, 1):
                need = hand_size - len(hands[p])
                d = decks_[p]
                take = min(need, len(d))
                for _ in range(take):
                    hands[p].append(draw(d))
                if take < need:
                    short.append(p)
            if short:
                break
            # field set
            for p in (0, 1):
                f, h = field[p], hands[p]
                for lane in range(LANES):
                    if f[lane] is None:
                        c = h.pop(int(rand() * len(h)))
                        f[lane] = c
                        guard[p][lane] = c[3]
                        wins[p][lane] = 0
            # field shuffle
            for p in (0, 1):
                perm = arrangements[int(rand() * len(arrangements))]
                f, g, w = field[p], guard[p], wins[p]
                field[p] = [f[i] for i in perm]
                guard[p] = [g[i] for i in perm]
                wins[p] = [w[i] for i in perm]
            # battle
            f0, f1 = field
            for lane in range(LANES):
                a, b = f0[lane], f1[lane]
                if a is None or b is None:
                    continue
                if mutual[a[0]][b[0]]:
                    la = lb = True
                elif a[1] < 0 or b[1] < 0:
                    la, lb = a[1] < 0, b[1] < 0
                else:
                    e = edges[a[0]][b[0]]
                    if e:
                        la, lb = e < 0, e > 0
                    else:
                        la, lb = a[1] <= b[1], b[1] <= a[1]
                if la:
                    wins[0][lane] = 0
                    if guard[0][lane] > 0:
                        guard[0][lane] -= 1
                    else:
                        f0[lane] = None
                        life[0] -= a[2]
                else:
                    wins[0][lane] += 1
                if lb:
                    wins[1][lane] = 0
                    if guard[1][lane] > 0:
                        guard[1][lane] -= 1
                    else:
                        f1[lane] = None
                        life[1] -= b[2]
                else:
                    wins[1][lane] += 1
                if life[0] <= 0 or life[1] <= 0:
                    over = True
                    break
            if over:
                break
            for p in (0, 1):
                for lane in range(LANES):
                    if wins[p][lane] >= win_limit:
                        field[p][lane] = None
                        wins[p][lane] = 0
                        guard[p][lane] = 0
            initiative = 1 - initiative
        games += 1
        if clock() - start >= seconds:
            return games, clock() - start


def engine_games(seconds: float, seed: int = 0, quiet: bool = False) -> tuple[int, float]:
    """The engine's random playouts (``cardtable bench``'s loop) for ``seconds`` of CPU time;
    ``quiet`` plays them without the event log, as ``simulate`` plays a batch without records."""
    game = load_game("draws-troidal")
    decks = game.default_decks()
    gen = rng.seed_state(derive_seed(seed, "bench"))
    randbelow = rng.randbelow
    games = 0
    clock = time.process_time
    start = clock()
    while True:
        state = game.new_game(derive_seed(seed, "game", games), decks)
        if quiet:
            state.quiet()
        while state.current_player() >= 0:
            legal = state.legal_actions()
            gen, i = randbelow(gen, len(legal))
            state.apply(legal[i])
        games += 1
        if clock() - start >= seconds:
            return games, clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quiet", action="store_true",
                        help="the engine without its event log (simulate without --save-dir)")
    a = parser.parse_args()
    ratios = []
    for k in range(a.rounds):
        g1, c1 = engine_games(a.seconds, k, a.quiet)
        g2, c2 = handwritten_games(a.seconds, k)
        e, h = g1 / c1, g2 / c2
        ratios.append(e / h)
        print(f"round {k + 1}: engine {e:,.0f} games/CPU s, hand-written {h:,.0f}, "
              f"ratio {e / h:.3f}", flush=True)
    print(f"median ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
