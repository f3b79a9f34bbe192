"""The line-up game: both players secretly choose a line-up, then the battle plays itself.

Dice and Monsters is the case: once both teams are set, no decision is left, so a matchup of
two decks is a zero-sum matrix game whose entries are win probabilities (a draw counts half).
Its matrix is large (a deck of eight holds hundreds of line-ups, so two decks give tens of
thousands of pairs), so it is solved by double oracle rather than estimated whole: solve the
game restricted to the line-ups found so far, add each side's best reply to the other's
optimal mix, and stop when neither side has a better reply. Entries are estimated by
``samples`` battles each with fixed seeds (``derive_seed(seed, "lineups", a, b, s)``), so the
estimated matrix is one fixed matrix and double oracle ends at an exact equilibrium of it: the
same one the whole matrix would give, at a fraction of the battles.

Both sides choose on the noise of the same estimates, so the estimated value can be off either
way; the found strategies are also played against each other on fresh seeds
(``held_out_value``).

Everything goes through the contract: the game's first decision for each seat must be a
line-up (``describe_action(code)["kind"] == "team"``), chosen in turn and hidden until both are
set, and the state after both is the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from cardtable.core import CardtableError, Deck, Game, derive_seed, load_game
from cardtable.sim.stats import rounded

Progress = Callable[[int, int | None], None]
#: most rounds of double oracle (each adds up to one line-up per side)
MAX_ROUNDS = 60


# -- a small exact LP for zero-sum matrix games ----------
def solve_matrix_game(payoff: Sequence[Sequence[float]]) -> tuple[list[float], list[float],
                                                                   float]:
    """Optimal mixed strategies (row, column) and the value of a zero-sum game.

    The row player maximises. Solved exactly with the simplex method on rationals (Bland's
    rule, so it cannot cycle): ``max sum(y)`` subject to ``P y <= 1``, ``y >= 0`` for the
    payoff shifted positive; the row strategy is read from the dual. Exact arithmetic makes
    the answer independent of the platform's floating point, so it is reproducible byte for
    byte; matrices here are small (the double-oracle supports).
    """
    m, n = len(payoff), len(payoff[0])
    shift = 1 - min(min(row) for row in payoff)
    p = [[Fraction(v).limit_denominator(10**9) + Fraction(shift).limit_denominator(10**9)
          for v in row] for row in payoff]
    # tableau rows: constraints [P | I | 1]; objective row: [-1..-1 | 0 | 0]
    tab = [p[i] + [Fraction(int(i == k)) for k in range(m)] + [Fraction(1)] for i in range(m)]
    obj = [Fraction(-1)] * n + [Fraction(0)] * m + [Fraction(0)]
    basis = [n + i for i in range(m)]
    while True:
        col = next((j for j in range(n + m) if obj[j] < 0), None)
        if col is None:
            break
        best: tuple[Fraction, int, int] | None = None
        for i in range(m):
            if tab[i][col] > 0:
                ratio = tab[i][-1] / tab[i][col]
                key = (ratio, basis[i], i)
                if best is None or key < best:
                    best = key
        assert best is not None, "bounded: every entry is positive"
        r = best[2]
        piv = tab[r][col]
        tab[r] = [v / piv for v in tab[r]]
        for i in range(m):
            if i != r and tab[i][col] != 0:
                f = tab[i][col]
                tab[i] = [a - f * b for a, b in zip(tab[i], tab[r], strict=True)]
        f = obj[col]
        obj = [a - f * b for a, b in zip(obj, tab[r], strict=True)]
        basis[r] = col
    total = obj[-1]
    y = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if b < n:
            y[b] = tab[i][-1]
    x = [obj[n + i] for i in range(m)]
    value = 1 / total - shift
    return [float(v / total) for v in x], [float(v / total) for v in y], float(value)


# -- the line-up game ----------
class LineupGame:
    """Win chances of seat 0's line-up ``a`` against seat 1's ``b``, estimated on demand."""

    def __init__(self, game: Game, decks: tuple[Deck, Deck], samples: int, seed: int,
                 progress: Progress | None = None,
                 options: dict[str, Any] | None = None) -> None:
        if samples < 1:
            raise CardtableError(f"--samples must be at least 1, got {samples}")
        self.game, self.decks, self.samples, self.seed = game, decks, samples, seed
        self.options = options
        start = self.new(derive_seed(seed, "lineups", "start"))
        self.rows = list(start.legal_actions())
        if start.current_player() != 0 or not self._is_team(self.rows):
            raise CardtableError(
                f"{game.id} does not start with a line-up choice for these decks: --lineups "
                "needs a game whose first decision is a line-up (Dice and Monsters) and two "
                "finished decks (a pool is built first)")
        after = start.clone()
        after.apply(self.rows[0])
        self.cols = list(after.legal_actions())
        if after.current_player() != 1 or not self._is_team(self.cols):
            raise CardtableError(f"{game.id}: the second seat does not answer with a line-up")
        self.cells: dict[tuple[int, int], float] = {}
        self.battles = 0
        self.progress = progress

    def new(self, seed: int) -> Any:
        return self.game.new_game(seed, self.decks, self.options)

    def _is_team(self, codes: list[int]) -> bool:
        return bool(codes) and all(self.game.describe_action(c).get("kind") == "team"
                                   for c in codes)

    def chance(self, a: int, b: int, tag: str = "cell") -> float:
        """Seat 0's score (win 1, draw ½) with line-ups ``a`` and ``b``, mean of the samples."""
        key = (a, b)
        if tag == "cell" and key in self.cells:
            return self.cells[key]
        total = 0.0
        for s in range(self.samples):
            state = self.new(derive_seed(self.seed, "lineups", tag, a, b, s))
            state.apply(a)
            state.apply(b)
            if not state.is_terminal():
                raise CardtableError(f"{self.game.id}: the game goes on after both line-ups")
            w = state.winner()
            total += 1.0 if w == 0 else 0.0 if w == 1 else 0.5
        self.battles += self.samples
        if self.progress is not None:
            self.progress(self.battles, None)
        value = total / self.samples
        if tag == "cell":
            self.cells[key] = value
        return value

    def label(self, code: int, seat: int) -> str:
        state = self.new(derive_seed(self.seed, "lineups", "start"))
        if seat == 1:
            state.apply(self.rows[0])
        return state.action_label(code)


def double_oracle(lg: LineupGame, max_rounds: int = MAX_ROUNDS) -> dict[str, Any]:
    """Double oracle for at most ``max_rounds`` rounds. Stopped early it returns the equilibrium
    of the line-ups found so far with ``converged`` False and its exploitability (what the best
    replies would still gain): a bound on how far the answer is from the whole game's."""
    if max_rounds < 1:
        raise CardtableError(f"--rounds must be at least 1, got {max_rounds}")
    rows, cols = [lg.rows[0]], [lg.cols[0]]
    rounds = 0
    while True:
        rounds += 1
        matrix = [[lg.chance(a, b) for b in cols] for a in rows]
        x, y, value = solve_matrix_game(matrix)
        # best replies against the other side's mix (only its support costs battles)
        col_mix = [(b, q) for b, q in zip(cols, y, strict=True) if q > 0]
        row_mix = [(a, p) for a, p in zip(rows, x, strict=True) if p > 0]
        best_a = max(lg.rows, key=lambda a: (sum(q * lg.chance(a, b) for b, q in col_mix), -a))
        best_b = min(lg.cols, key=lambda b: (sum(p * lg.chance(a, b) for a, p in row_mix), b))
        gain_a = sum(q * lg.chance(best_a, b) for b, q in col_mix) - value
        gain_b = value - sum(p * lg.chance(a, best_b) for a, p in row_mix)
        grow_a = gain_a > 1e-12 and best_a not in rows
        grow_b = gain_b > 1e-12 and best_b not in cols
        added = grow_a or grow_b
        if not added or rounds >= max_rounds:  # x and y belong to these rows and columns
            return {"rows": rows, "cols": cols, "x": x, "y": y, "value": value,
                    "rounds": rounds, "converged": not added,
                    "exploitability": rounded(max(gain_a, 0.0) + max(gain_b, 0.0))}
        if grow_a:
            rows.append(best_a)
        if grow_b:
            cols.append(best_b)


def lineup_game(game_id: str, deck_names: Sequence[str], samples: int, seed: int,
                progress: Progress | None = None,
                options: dict[str, Any] | None = None,
                max_rounds: int = MAX_ROUNDS) -> dict[str, Any]:
    """Solve the line-up game of two decks; every figure as JSON (see the module docstring)."""
    game = load_game(game_id)
    decks = (game.load_deck(deck_names[0]), game.load_deck(deck_names[1]))
    lg = LineupGame(game, decks, samples, seed, progress, options)
    eq = double_oracle(lg, max_rounds)
    mix_a = [(a, p) for a, p in zip(eq["rows"], eq["x"], strict=True) if p > 1e-12]
    mix_b = [(b, q) for b, q in zip(eq["cols"], eq["y"], strict=True) if q > 1e-12]
    held = sum(p * q * lg.chance(a, b, "held-out") for a, p in mix_a for b, q in mix_b)
    return {
        "game": game.id,
        "decks": [d.name for d in decks],
        "samples_per_pair": samples,
        "seed": seed,
        "options": dict(options or {}),
        "lineups": [len(lg.rows), len(lg.cols)],
        "pairs_estimated": len(lg.cells),
        "pairs_in_matrix": len(lg.rows) * len(lg.cols),
        "battles": lg.battles,
        "rounds": eq["rounds"],
        "converged": eq["converged"],
        "exploitability": eq["exploitability"],
        "value": rounded(eq["value"]),
        "held_out_value": rounded(held),
        "a_strategy": [{"code": a, "line_up": lg.label(a, 0), "probability": rounded(p)}
                       for a, p in sorted(mix_a, key=lambda t: -t[1])],
        "b_strategy": [{"code": b, "line_up": lg.label(b, 1), "probability": rounded(q)}
                       for b, q in sorted(mix_b, key=lambda t: -t[1])],
        "support_matrix": [[rounded(lg.chance(a, b)) for b, _ in mix_b] for a, _ in mix_a],
    }


def render_lineups(result: dict[str, Any]) -> str:
    a, b = result["decks"]
    unconverged = (", NOT converged: a best reply would still gain "
                   f"{100 * result['exploitability']:.1f} pts (more --rounds)")
    lines = [f"{result['game']}: line-up game {a} (A) vs {b} (B), {result['samples_per_pair']} "
             f"battles per pair, seed {result['seed']}",
             f"line-ups: A {result['lineups'][0]}, B {result['lineups'][1]}; pairs estimated "
             f"{result['pairs_estimated']} of {result['pairs_in_matrix']} "
             f"({result['battles']} battles, {result['rounds']} double-oracle rounds"
             f"{'' if result['converged'] else unconverged})",
             f"value for A: {100 * result['value']:.1f}% (the same strategies on fresh "
             f"battles: {100 * result['held_out_value']:.1f}%)", "A should play:"]
    lines += [f"  {100 * s['probability']:5.1f}%  {s['line_up']}" for s in result["a_strategy"]]
    lines.append("B should play:")
    lines += [f"  {100 * s['probability']:5.1f}%  {s['line_up']}" for s in result["b_strategy"]]
    return "\n".join(lines)
