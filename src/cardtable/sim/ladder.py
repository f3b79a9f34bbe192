"""The ladder: a round robin of agents, fitted to ratings with intervals.

Every pair of agents plays ``games`` games through the simulator (``sim/simulate.py``: seats
alternate and decks are traded, so neither the first seat nor the stronger deck passes for
the stronger agent). The wins (a draw counts half to each) are fitted to a Bradley–Terry model,
P(i beats j) = 1 / (1 + 10^((R_j − R_i) / 400)), on the Elo scale, with ``random`` at 0 (or
the first agent, without it). The fit adds half a win and half a loss to every pair, a weak
prior that keeps an agent who won every game at a finite rating. The interval of each rating
is a parametric bootstrap: each pair's wins drawn again from its fitted rate and refitted; the
2.5th and 97.5th percentiles, taken around the bootstrap's median and placed around the fitted
rating (the refits shrink once more towards the mean, since their prior is added again), seeded
so the table repeats.

Each pair's result is kept in ``out`` as soon as it is played (``pair-<hash>.json``, the hash
of the game and its rules version, what the two specs play (a level's own spec, a learned
agent's weights digest), the games and the seed), so a ladder stopped half way goes on where it
stopped, and a pair already played for another ladder with the same settings is read back.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.core import derive_seed
from cardtable.sim.simulate import Outcome, prepare, run_batch
from cardtable.sim.stats import wilson

LEVEL_AGENTS = ("beginner", "easy", "normal", "hard", "expert")
DEFAULT_AGENTS = ("random", "greedy", "mcts", *LEVEL_AGENTS)
ELO = 400.0 / math.log(10.0)
BOOTSTRAP = 200


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    draws: int
    seconds: float

    @property
    def a_score(self) -> float:
        return self.a_wins + 0.5 * self.draws

    @classmethod
    def of(cls, a: str, b: str, outcomes: Sequence[Outcome], seconds: float) -> Pair:
        """The pairing's score over ``outcomes`` (all its games, or those a stopped run
        finished)."""
        return cls(a, b, len(outcomes), sum(o.winner == 0 for o in outcomes),
                   sum(o.winner == 1 for o in outcomes), sum(o.winner < 0 for o in outcomes),
                   seconds)


def fingerprint(game_id: str, spec: str) -> str:
    """What a spec plays in a game, so a cached pairing is not read back after a level was
    retuned or its weights retrained: a level's own spec, and the digest of the weights file a
    learned agent reads."""
    from cardtable.agents.learned import weights_path
    from cardtable.agents.levels import LEVELS, level_spec
    from cardtable.agents.registry import parse_spec

    name, options = parse_spec(spec)
    played = level_spec(name, game_id, options.get("iters")) if name in LEVELS else spec
    if played.startswith(("mcts-learned", "learned-policy")):
        given = parse_spec(played)[1].get("weights")
        path = Path(given) if given else weights_path(game_id)
        if path.is_file():
            played += "@" + hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return played


def pair_key(game_id: str, a: str, b: str, games: int, seed: int) -> str:
    from cardtable.core import load_game

    rules = getattr(load_game(game_id), "rules_version", "")
    # the names too: ``normal`` plays ``greedy``, and their pairings must stay apart
    text = json.dumps([game_id, rules, a, fingerprint(game_id, a), b, fingerprint(game_id, b),
                       games, seed])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play_pair(game_id: str, a: str, b: str, games: int, seed: int, workers: int = 1,
              out: Path | None = None,
              progress: Callable[[int, int], None] | None = None) -> Pair:
    """One pairing of the round robin (read back from ``out`` when it was played already)."""
    path = None if out is None else out / f"pair-{pair_key(game_id, a, b, games, seed)}.json"
    if path is not None and path.is_file():
        data = json.loads(path.read_text("utf-8"))
        return Pair(**{k: data[k] for k in Pair.__dataclass_fields__})
    config = prepare(game_id, games, derive_seed(seed, "ladder", a, b), [a, b],
                     workers=workers, swap_decks=True)
    began = time.perf_counter()
    outcomes = run_batch(config, games, workers,
                         progress=None if progress is None else
                         (lambda done, total, _played: progress(done, total)))
    pair = Pair.of(a, b, outcomes, round(time.perf_counter() - began, 1))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"game": game_id, "seed": seed, **pair.__dict__}) + "\n",
                        "utf-8")
    return pair


def fit(agents: Sequence[str], pairs: Sequence[Pair], anchor: str | None = None
        ) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale) by Hunter's MM iterations, ``anchor`` at 0."""
    n = len(agents)
    index = {a: i for i, a in enumerate(agents)}
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for p in pairs:
        i, j = index[p.a], index[p.b]
        # half a win and half a loss of prior for each side
        wins[i] += p.a_score + 0.5
        wins[j] += p.games - p.a_score + 0.5
        games[i][j] += p.games + 1
        games[j][i] += p.games + 1
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(wins[i] / denom if denom > 0 else strength[i])
        geo = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / geo for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    base = strength[index[anchor]] if anchor in index else strength[0]
    return {a: ELO * math.log(strength[index[a]] / base) for a in agents}


def ratings(agents: Sequence[str], pairs: Sequence[Pair], seed: int = 0
            ) -> dict[str, dict[str, float]]:
    """Each agent's rating with a 95% bootstrap interval and its games."""
    anchor = "random" if "random" in agents else agents[0]
    point = fit(agents, pairs, anchor)
    rand = random.Random(seed)
    samples: dict[str, list[float]] = {a: [] for a in agents}
    for _ in range(BOOTSTRAP):
        redrawn = []
        for p in pairs:
            rate = 1.0 / (1.0 + 10 ** ((point[p.b] - point[p.a]) / 400.0))
            w = sum(rand.random() < rate for _ in range(p.games))
            redrawn.append(Pair(p.a, p.b, p.games, w, p.games - w, 0, 0.0))
        for a, r in fit(agents, redrawn, anchor).items():
            samples[a].append(r)
    out = {}
    for a in agents:
        s = sorted(samples[a])
        games = sum(p.games for p in pairs if a in (p.a, p.b))
        # the refits shrink towards the mean once more (their prior is added again), so the
        # spread of the bootstrap is taken around its own median and placed around the fit
        mid = s[len(s) // 2]
        low = point[a] - (mid - s[int(0.025 * len(s))])
        high = point[a] + (s[min(len(s) - 1, int(0.975 * len(s)))] - mid)
        out[a] = {"rating": round(point[a], 1), "low": round(low, 1), "high": round(high, 1),
                  "games": games}
    return out


def run_ladder(game_id: str, agents: Sequence[str] = DEFAULT_AGENTS, games: int = 40,
               seed: int = 1, workers: int = 1, out: Path | None = None,
               progress: Callable[[str, int, int, int, int], None] | None = None
               ) -> dict[str, Any]:
    """The whole round robin: every pair, then the fit. ``progress(pair label, pair number,
    pairs, games done, games)``."""
    agents = list(dict.fromkeys(agents))
    todo = [(a, b) for i, a in enumerate(agents) for b in agents[i + 1:]]
    pairs: list[Pair] = []
    for k, (a, b) in enumerate(todo):
        label = f"{a} vs {b}"
        pairs.append(play_pair(
            game_id, a, b, games, seed, workers, out,
            None if progress is None else
            (lambda done, total, label=label, k=k: progress(label, k, len(todo), done, total))))
    return {"game": game_id, "agents": agents, "games": games, "seed": seed,
            "anchor": "random" if "random" in agents else agents[0],
            "ratings": ratings(agents, pairs, seed),
            "pairs": [p.__dict__ for p in pairs]}


def markdown(result: dict[str, Any], command: str = "") -> str:
    """The ladder as tables: ratings, then every pair's score with its Wilson interval."""
    agents = result["agents"]
    rated = result["ratings"]
    lines = [f"**{result['game']}**, {result['games']} games a pairing, seed {result['seed']}"
             + (f": `{command}`" if command else ""), "",
             "| agent | rating | 95% interval | games |", "|---|---:|---|---:|"]
    for a in sorted(agents, key=lambda x: -rated[x]["rating"]):
        r = rated[a]
        span = ("0 by definition" if a == result.get("anchor")
                else f"{r['low']:.0f} – {r['high']:.0f}")
        lines.append(f"| {a} | {r['rating']:.0f} | {span} | {r['games']} |")
    lines += ["", "| pairing | score of the first | Wilson 95% | draws |", "|---|---:|---|---:|"]
    for p in result["pairs"]:
        won = p["a_wins"] + 0.5 * p["draws"]
        lo, hi = wilson(round(won), p["games"])
        lines.append(f"| {p['a']} vs {p['b']} | {won:g}/{p['games']} ({won / p['games']:.0%}) "
                     f"| {lo:.0%} – {hi:.0%} | {p['draws']} |")
    return "\n".join(lines) + "\n"


def ladder_file(result: dict[str, Any], command: str, preliminary: bool) -> dict[str, Any]:
    """What the lobby and ``--vs`` read: each agent's measured rating, and how it was measured."""
    return {"game": result["game"], "command": command, "games": result["games"],
            "seed": result["seed"], "preliminary": preliminary,
            "measured": time.strftime("%Y-%m-%d", time.gmtime()),
            "ratings": result["ratings"]}
