"""An agent's rating on the baselines table's scale: pairings against its anchors, one fit.

Why not a new round robin: the anchors (``random``, ``beginner``, ``easy``, ``normal``) were
rated by the ladder of 2026-12-02 at 200 games a pairing (100 in Dice and Monsters), more than
this machine can play again for every agent. So the agent plays a few anchors (the ladder's own
``play_pair``: seats alternated, decks traded, cached in ``--out``), and the ladder's
Bradley–Terry fit (``sim/ladder.py``'s ``ratings``: ``random`` at 0, a 95% parametric
bootstrap) is run over the ladder's recorded pairings and the new ones together, and every
rating of the game is read from that one fit, the anchors' too. The anchors move: where the
ladder had only near-certain results across a wide gap (サラスヴァティ's and Dreadnought's
easy won 199 of 200 against beginner) the prior alone set its width, and an agent that plays
both ends of the gap measures it. They are printed beside the new agents, so the whole column
is on one scale, and each interval carries the anchors' uncertainty with the agent's own. ::

    .venv/bin/python benchmarks/baselines.py culdcept --agent learned-policy --games 100 \\
        --anchors random beginner easy normal --out /tmp/baselines

Every pairing cached in ``--out`` for the game enters the fit, so one directory a game
gathers agents played at different numbers of games, and a run with no ``--agent`` only fits.
A pairing measured elsewhere (the PPO example's own evaluation) enters as ``--scored NAME
ANCHOR SCORE GAMES``: NAME scored SCORE of GAMES against ANCHOR (a draw counting half).
A benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cardtable.sim.ladder import Pair, play_pair, ratings
from cardtable.sim.stats import wilson

#: the ladder's pairings of 2026-12-02 (docs/search.md, "The greedy-based levels at 200 games a
#: pairing"; ``cardtable ladder GAME --games 200 -a random -a beginner -a easy -a normal
#: --seed 1``, 100 games in Dice and Monsters): (first, second, score of the first, games).
#: Dice and Monsters' ladder played its beginner at temperature 1, retuned since to 2: that
#: agent is ``beginner@1`` here, and the shipped beginner enters by its one pairing against
#: random (``benchmarks/pairings.py dice-and-monsters --games 100 --seed 13 --pair
#: soft-greedy:temperature=2,mistake=0.4 random``: 60/100).
LADDER: dict[str, list[tuple[str, str, float, int]]] = {
    "draws-troidal": [
        ("random", "beginner", 87, 200), ("random", "easy", 54.5, 200),
        ("random", "normal", 27.5, 200), ("beginner", "easy", 57.5, 200),
        ("beginner", "normal", 43.5, 200), ("easy", "normal", 74, 200)],
    "sarasvati": [
        ("random", "beginner", 62, 200), ("random", "easy", 2, 200),
        ("random", "normal", 0, 200), ("beginner", "easy", 2, 200),
        ("beginner", "normal", 1, 200), ("easy", "normal", 78, 200)],
    "culdcept": [
        ("random", "beginner", 64, 200), ("random", "easy", 34, 200),
        ("random", "normal", 7, 200), ("beginner", "easy", 47, 200),
        ("beginner", "normal", 26, 200), ("easy", "normal", 58, 200)],
    "dreadnought": [
        ("random", "beginner", 73, 200), ("random", "easy", 0, 200),
        ("random", "normal", 0, 200), ("beginner", "easy", 1, 200),
        ("beginner", "normal", 0, 200), ("easy", "normal", 73, 200)],
    "dice-and-monsters": [
        ("random", "beginner@1", 32.5, 100), ("random", "easy", 25, 100),
        ("random", "normal", 28, 100), ("beginner@1", "easy", 47.5, 100),
        ("beginner@1", "normal", 29, 100), ("easy", "normal", 34.5, 100),
        ("beginner", "random", 60, 100)],
}


def scored(a: str, b: str, score: float, games: int) -> Pair:
    """A pairing known only by its score: the fit reads ``a_score`` and ``games`` alone."""
    draws = 1 if score != int(score) else 0
    a_wins = int(score - 0.5 * draws)
    return Pair(a, b, games, a_wins, games - a_wins - draws, draws, 0.0)


def cached(out: Path | None, game_id: str) -> list[Pair]:
    """Every pairing of ``game_id`` that ``play_pair`` kept in ``out``."""
    if out is None or not out.is_dir():
        return []
    found = []
    for path in sorted(out.glob("pair-*.json")):
        data = json.loads(path.read_text("utf-8"))
        if data.get("game") == game_id:
            found.append(Pair(**{k: data[k] for k in Pair.__dataclass_fields__}))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--agent", action="append", default=[],
                        help="a spec to play against every anchor (repeatable)")
    parser.add_argument("--anchors", nargs="+", default=["random", "beginner", "easy", "normal"])
    parser.add_argument("--scored", nargs=4, action="append", default=[],
                        metavar=("NAME", "ANCHOR", "SCORE", "GAMES"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    pairs = [scored(*row) for row in LADDER[args.game]]
    for agent in args.agent:
        for anchor in args.anchors:
            p = play_pair(args.game, agent, anchor, args.games, args.seed, args.workers, args.out)
            lo, hi = wilson(round(p.a_score), p.games)
            print(f"| {args.game} | {agent} vs {anchor} | {p.a_score:g}/{p.games} "
                  f"({p.a_score / p.games:.1%}) | {lo:.0%} – {hi:.0%} | {p.draws} "
                  f"| {p.seconds:g} s |", flush=True)
    played = cached(args.out, args.game)
    extra = [scored(name, anchor, float(score), int(games))
             for name, anchor, score, games in args.scored]
    agents = list(dict.fromkeys([a for p in pairs + played + extra for a in (p.a, p.b)]))
    rated = ratings(agents, pairs + played + extra, args.seed)
    print(f"\n**{args.game}**: the ladder's pairings and {len(played) + len(extra)} new ones, "
          "one fit\n")
    for p in played + extra:
        lo, hi = wilson(round(p.a_score), p.games)
        print(f"* {p.a} vs {p.b}: {p.a_score:g}/{p.games} ({p.a_score / p.games:.1%}, "
              f"Wilson 95% {lo:.0%} – {hi:.0%}), "
              + (f"{p.draws} drawn" if p in played else "given by --scored"))
    print("\n| agent | rating | 95% interval | games |\n|---|---:|---|---:|")
    for a in sorted(agents, key=lambda x: -rated[x]["rating"]):
        r = rated[a]
        print(f"| {a} | {r['rating']:.0f} | {r['low']:.0f} – {r['high']:.0f} | {r['games']} |")


if __name__ == "__main__":
    main()
