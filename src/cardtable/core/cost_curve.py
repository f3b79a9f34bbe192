"""The cost curve: what the shipped pool pays for a card's numbers, and a card far off it.

Why: a designer's new card that pays far less than the pool pays for the same numbers (a power
8, guard 2 card at risk 0 where the pool charges 8) is the first thing a balance study would
find, and a cost curve finds it before a single game is played. ``cards check`` warns (it does
not refuse: a card may be cheap on purpose, or pay with its text).

Each game says what a card pays and what it gets through one hook, ``Game.curve_point(card)``
(a :class:`CurvePoint`, or None for a card outside the curve: a spell, an evolution paid for by
its base). The fit is here, once for every game: within each group of the pool (creatures,
characters, units), ordinary least squares of the cost on the stats, ``cost ≈ a + Σ b·stat``,
and the residual spread ``s`` of the pool around it. A card is off the curve when its cost lies
outside ``prediction ± max(K·s, MIN_HALF_WIDTH)``; the warning names that range. Pure Python:
the fit is a few normal equations, and the cores import nothing beyond the standard library.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: how many residual spreads of the pool a card's cost may stray before a warning
K = 3.0
#: the narrowest half-width of the expected range, in cost units (a pool that follows an exact
#: formula has no spread, and rounding alone moves a cost by one)
MIN_HALF_WIDTH = 1.0


@dataclass(frozen=True)
class CurvePoint:
    """One card on its game's cost curve: ``cost`` named ``cost_name`` buys ``stats``."""

    group: str
    cost_name: str
    cost: float
    stats: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Curve:
    group: str
    cost_name: str
    names: tuple[str, ...]
    coefs: tuple[float, ...]  # intercept first
    spread: float
    size: int

    def predict(self, point: CurvePoint) -> float:
        values = dict(point.stats)
        return self.coefs[0] + sum(b * values.get(n, 0.0)
                                   for n, b in zip(self.names, self.coefs[1:], strict=True))

    def expected(self, point: CurvePoint) -> tuple[float, float]:
        """The range of costs the pool pays for these stats."""
        center = self.predict(point)
        half = max(K * self.spread, MIN_HALF_WIDTH)
        return center - half, center + half


def fit_curves(points: Iterable[CurvePoint]) -> dict[str, Curve]:
    """One least-squares curve per group of the pool (a group too small to fit is left out)."""
    groups: dict[str, list[CurvePoint]] = {}
    for p in points:
        groups.setdefault(p.group, []).append(p)
    out: dict[str, Curve] = {}
    for group, members in sorted(groups.items()):
        names = tuple(sorted({n for p in members for n, _ in p.stats}))
        # a stat that never varies in the pool cannot be priced
        names = tuple(n for n in names
                      if len({dict(p.stats).get(n, 0.0) for p in members}) > 1)
        if len(members) < len(names) + 3:
            continue
        rows = [[1.0, *(dict(p.stats).get(n, 0.0) for n in names)] for p in members]
        ys = [p.cost for p in members]
        coefs = _least_squares(rows, ys)
        if coefs is None:
            continue
        residuals = [y - sum(c * x for c, x in zip(coefs, row, strict=True))
                     for row, y in zip(rows, ys, strict=True)]
        dof = max(1, len(members) - len(coefs))
        spread = math.sqrt(sum(r * r for r in residuals) / dof)
        out[group] = Curve(group, members[0].cost_name, names, tuple(coefs), spread,
                           len(members))
    return out


def pool_curves(game: Any, exclude: Iterable[str] = ()) -> dict[str, Curve]:
    """The curves of a game's shipped pool, leaving out the cards named in ``exclude`` (a
    checked file's own cards, or the card a study flags): a card is never measured against a
    curve it helped to fit. None for a game without a pool or a curve."""
    pool = getattr(game, "pool", None)
    if pool is None:
        return {}
    left_out = set(exclude)
    points = []
    for card in pool().values():
        if card.name in left_out:
            continue
        point = game.curve_point(card.to_json())
        if point is not None:
            points.append(point)
    return fit_curves(points)


def _least_squares(rows: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float] | None:
    """The normal equations, solved by Gaussian elimination with partial pivoting."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-9:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(k):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


#: the Japanese of the words the games' curve points use (``off_curve(..., lang="ja")``)
JA = {"risk": "リスク", "cost": "コスト", "log": "ログ", "power": "パワー", "guard": "ガード",
      "attack": "攻撃力", "defense": "防御力", "card": "カード", "wall": "壁カード",
      "character": "キャラクター", "creature": "クリーチャー", "unit": "ユニット"}


def off_curve(curves: dict[str, Curve], name: str, point: CurvePoint,
              lang: str = "en") -> str | None:
    """The warning for a card whose cost is off its group's curve, or None."""
    curve = curves.get(point.group)
    if curve is None:
        return None
    low, high = curve.expected(point)
    # the range in whole cost units, widened outward, as a designer prices a card
    lo, hi = max(math.floor(low + 1e-9), 0), math.ceil(high - 1e-9)
    if lo <= point.cost <= hi:
        return None
    cheap = point.cost < lo
    if lang == "ja":
        def ja(word: str) -> str:
            return JA.get(word, word)

        stats = "、".join(f"{ja(n)} {_num(v)}" for n, v in point.stats)
        cost = ja(curve.cost_name)
        return (f"カード「{name}」は {stats} に{cost} {_num(point.cost)} を払いますが、付属の"
                f"{ja(point.group)}は同じ数値に{cost} {lo}–{hi} を払います: コスト曲線より"
                f"{'はるかに安い' if cheap else 'はるかに高い'}（{curve.size} 枚で当てはめ。"
                "エラーではなく警告）")
    stats = ", ".join(f"{n} {_num(v)}" for n, v in point.stats)
    how = "far cheaper" if cheap else "far dearer"
    return (f"card '{name}' pays {curve.cost_name} {_num(point.cost)} for {stats}, where "
            f"the shipped {point.group}s pay {curve.cost_name} {lo}–{hi} for these numbers: "
            f"{how} than the cost curve (fit on {curve.size} cards; a warning, not an error)")
