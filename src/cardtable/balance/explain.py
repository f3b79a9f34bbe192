"""Why a card is flagged and by how much: its text as printed, its place on the cost curve, and a
change that would bring it back in line.

A flag says *which* card; a designer then asks what is wrong with it and what to change. This
module answers from two sources the lab already has: the card's own definition (its text in both
languages, ``Game.card_lines``, and what it pays for what it gets, ``Game.curve_point``) and the
game's cost curve fitted on the shipped pool without the card (``core/cost_curve.py``, the curve
``cards check`` warns with). The suggestion is the cost the curve asks for the card's numbers, or,
for the same gap, each stat alone moved until the card pays its way ("cost 0 → 4", "ST 60 → 20");
for a card on the curve that still plays above it, one step of cost, the smallest change a
follow-up study can test (``--verify-fix``). A card the curve does not price (a spell, a Dice and
Monsters unit) gets its text and no number: the lab will not invent a price it cannot fit.

Everything here is plain data for ``report.json``, in both languages; the page and the terminal
pick one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from cardtable.core.cost_curve import JA, Curve, CurvePoint, off_curve, pool_curves


@dataclass(frozen=True)
class Change:
    """One field of a card's definition, from ``old`` to ``new``."""

    key: str  # the field of the card's JSON definition
    name: str  # the word the curve uses ("cost", "risk", "ST")
    old: float
    new: float

    def text(self, lang: str) -> str:
        word = JA.get(self.name, self.name) if lang == "ja" else self.name
        delta = self.new - self.old
        sign = "+" if delta > 0 else ""
        return f"{word} {_num(self.old)} → {_num(self.new)} ({sign}{_num(delta)})"


@dataclass(frozen=True)
class Fix:
    """A suggested change of a card: its cost, its stats together, or one stat."""

    kind: str  # "cost", "stats" or "stat"
    changes: tuple[Change, ...]
    closes_gap: bool = True  # False when the card's own limits stop the change short

    def text(self, lang: str) -> str:
        sep = "、" if lang == "ja" else ", "
        text = sep.join(c.text(lang) for c in self.changes)
        if not self.closes_gap:
            text += "（範囲の上限まで）" if lang == "ja" else " (as far as the card's range allows)"
        return text

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "closes_gap": self.closes_gap,
                "changes": [{"key": c.key, "name": c.name, "old": c.old, "new": c.new}
                            for c in self.changes],
                "en": self.text("en"), "ja": self.text("ja")}


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _steps(points: Sequence[CurvePoint]) -> dict[str, float]:
    """The grain of each stat in the pool (Culdcept's ST moves in tens, a risk in ones): a
    suggestion is rounded to it, as a designer would print it."""
    values: dict[str, set[float]] = {}
    for p in points:
        for name, v in p.stats:
            values.setdefault(name, set()).add(float(v))
        values.setdefault(p.cost_name, set()).add(float(p.cost))
    out = {}
    for name, vs in values.items():
        ordered = sorted(vs)
        gaps = [b - a for a, b in pairwise(ordered) if b - a > 1e-9]
        out[name] = min(gaps) if gaps else 1.0
    return out


def _round_to(x: float, step: float) -> float:
    r = round(x / step) * step
    return float(int(r)) if float(r).is_integer() else round(r, 6)


def _valid(game: Any, card: dict[str, Any], changes: Sequence[Change]) -> bool:
    """Whether the changed card is one the game accepts (Culdcept's costs run 0–3)."""
    return _changed(game, card, changes) is not None


def _changed(game: Any, card: dict[str, Any], changes: Sequence[Change]) -> Any:
    data = dict(card)
    for c in changes:
        data[c.key] = int(c.new) if float(c.new).is_integer() else c.new
    try:
        return game.card_from_json(data)
    except Exception:
        return None


def _key(card: dict[str, Any], name: str) -> str | None:
    return name if name in card else name.lower() if name.lower() in card else None


def suggest_fixes(game: Any, curve: Curve, point: CurvePoint, flag: str, card: dict[str, Any],
                  steps: dict[str, float]) -> list[Fix]:
    """The cost the curve asks for the card's numbers; its stats scaled together until its cost
    pays for them; each stat alone for the same gap. Only changes the game accepts.

    ``flag`` is ``above`` (make the card weaker) or ``below`` (stronger). A card the curve
    already prices right but that plays above (or below) it gets one cost step: the curve
    cannot say more, and ``--verify-fix`` measures what the step does."""
    cost_key = _key(card, point.cost_name)
    if cost_key is None:
        return []
    sign = 1.0 if flag == "above" else -1.0
    center = curve.predict(point)
    step = steps.get(point.cost_name, 1.0)
    target = max(_round_to(center, step), 0.0)
    on_curve = (target - point.cost) * sign < step
    if on_curve:
        target = max(point.cost + sign * step, 0.0)
    fixes: list[Fix] = []
    # the cost alone, walked back toward the old cost until the game accepts the card
    new, closes = target, True
    while new != point.cost and not _valid(game, card, [Change(cost_key, point.cost_name,
                                                                 point.cost, new)]):
        new -= sign * step
        closes = False
    if new != point.cost:
        fixes.append(Fix("cost", (Change(cost_key, point.cost_name, float(point.cost), new),),
                         closes))
    if on_curve:
        return fixes
    # every stat scaled by one factor, so that the card's own cost pays for them
    stats = [(n, b, float(dict(point.stats).get(n, 0.0)), _key(card, n))
             for n, b in zip(curve.names, curve.coefs[1:], strict=True)]
    stats = [s for s in stats if s[3] is not None and abs(s[1]) > 1e-9]
    bought = sum(b * v for _, b, v, _ in stats)
    if bought > 1e-9:
        scale = min(max((point.cost - curve.coefs[0]) / bought, 0.0), 4.0)
        together = tuple(Change(str(k), n, v, max(_round_to(scale * v, steps.get(n, 1.0)),
                                                  steps.get(n, 1.0)))
                         for n, _, v, k in stats)
        together = tuple(c for c in together if c.new != c.old)
        if together and _valid(game, card, together):
            fixes.append(Fix("stats", together))
    # each stat alone for the whole gap, where that leaves a card worth printing
    gap = target - point.cost
    for n, b, v, k in stats:
        grain = steps.get(n, 1.0)
        new = _round_to(v - gap / b, grain)
        alone = (Change(str(k), n, v, new),)
        if new >= grain and new != v and _valid(game, card, alone):
            fixes.append(Fix("stat", alone))
    return fixes


def explain_flags(game: Any, decks: Sequence[Any], cards: Sequence[dict[str, Any]]
                  ) -> list[dict[str, Any]]:
    """One entry per flagged card of ``cards`` (a report's card entries), in their order."""
    definitions: dict[str, dict[str, Any]] = {}
    for deck in decks:
        definitions.update(deck.definitions())
    out = []
    for c in cards:
        if not c.get("flag"):
            continue
        name = c["card"]
        card = definitions.get(name)
        entry: dict[str, Any] = {"card": name, "card_en": c.get("card_en") or name,
                                 "flag": c["flag"]}
        if card is None:
            out.append(entry)
            continue
        entry["text"] = {lang: game.card_lines(card, lang) for lang in ("en", "ja")}
        point = game.curve_point(card)
        entry["curve"] = None
        entry["fixes"] = []
        if point is not None:
            curves = pool_curves(game, {name})
            curve = curves.get(point.group)
            if curve is not None:
                low, high = curve.expected(point)
                entry["curve"] = {
                    "group": point.group, "cost_name": point.cost_name,
                    "cost": point.cost, "stats": dict(point.stats),
                    "predicted": round(curve.predict(point), 3),
                    "expected": [round(low, 3), round(high, 3)], "fit_on": curve.size,
                    "warning": {lang: off_curve(curves, name, point, lang)
                                for lang in ("en", "ja")}}
                pool = [p for p in (game.curve_point(x.to_json())
                                    for x in game.pool().values() if x.name != name)
                        if p is not None and p.group == point.group]
                entry["fixes"] = [f.to_json() for f in suggest_fixes(
                    game, curve, point, c["flag"], card, _steps(pool))]
        out.append(entry)
    return out


def apply_fix(game: Any, deck: Any, card_name: str, fix: dict[str, Any]) -> Any:
    """``deck`` with every copy of ``card_name`` changed as ``fix`` says (a ``Fix.to_json``),
    for the follow-up study of ``--verify-fix``. The card keeps its name: the same seeds then
    deal the same copies, so the study before and the one after pair game by game."""
    from dataclasses import replace

    source = next((c for c in deck.cards if c.name == card_name), None)
    if source is None:
        raise ValueError(f"deck '{deck.name}' holds no card '{card_name}'")
    changes = [Change(c["key"], c["name"], c["old"], c["new"]) for c in fix["changes"]]
    changed = _changed(game, source.to_json(), changes)
    if changed is None:
        raise ValueError(f"the game refuses '{card_name}' changed as {fix['en']}")
    return replace(deck, cards=tuple(changed if c.name == card_name else c for c in deck.cards))
