"""The cost curve in `cards check`: a card far off what the shipped pool pays is warned about."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import load_game
from cardtable.core.cost_curve import CurvePoint, fit_curves, off_curve

DATA = Path(__file__).resolve().parent / "data"
PRICED = ["draws-troidal", "sarasvati", "culdcept", "dreadnought"]


@pytest.mark.parametrize(("game_id", "expected"), [
    ("draws-troidal", "pays risk 0 for power 8, guard 2, where the shipped cards pay risk 7–10"),
    ("sarasvati", "pays cost 2 for attack 7000, defense 6000, where the shipped characters "
                  "pay cost 5–9"),
    ("culdcept", "pays cost 0 for ST 60, HP 60, where the shipped creatures pay cost 2–6"),
])
def test_a_planted_card_far_below_the_curve_is_warned_not_refused(game_id: str,
                                                                  expected: str) -> None:
    result = CliRunner().invoke(app, ["cards", "check", game_id,
                                      str(DATA / f"plant-{game_id}.txt")])
    assert result.exit_code == 0, result.output  # a warning, not an error
    assert expected in result.output and "far cheaper" in result.output
    assert "1 card(s) lie far off the shipped cost curve" in result.output


@pytest.mark.parametrize("game_id", PRICED)
def test_no_shipped_card_is_off_the_curve_of_the_others(game_id: str) -> None:
    """Each shipped card, left out of the fit, lies inside the range the rest pay."""
    game = load_game(game_id)
    points = {c.name: game.curve_point(c.to_json()) for c in game.pool().values()}
    assert any(points.values())
    for name, point in points.items():
        if point is None:
            continue
        curves = fit_curves(p for n, p in points.items() if p is not None and n != name)
        assert off_curve(curves, name, point) is None


def test_the_fit_recovers_an_exact_curve_and_warns_both_ways() -> None:
    pool = [CurvePoint("unit", "cost", 1 + 2 * a, (("atk", a),)) for a in range(6)]
    curves = fit_curves(pool)
    assert curves["unit"].coefs == pytest.approx((1.0, 2.0))
    cheap = CurvePoint("unit", "cost", 3, (("atk", 5),))   # the curve says 11
    dear = CurvePoint("unit", "cost", 9, (("atk", 1),))    # the curve says 3
    assert "far cheaper" in (off_curve(curves, "x", cheap) or "")
    assert "far dearer" in (off_curve(curves, "y", dear) or "")
    assert off_curve(curves, "z", CurvePoint("unit", "cost", 11, (("atk", 5),))) is None


def test_the_warning_follows_the_chosen_language() -> None:
    result = CliRunner().invoke(app, ["cards", "check", "draws-troidal",
                                      str(DATA / "plant-draws-troidal.txt"), "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert "カード「試作の巨人」は パワー 8、ガード 2 にリスク 0 を払います" in result.output
    assert "リスク 7–10" in result.output and "はるかに安い" in result.output
