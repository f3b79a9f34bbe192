"""Planted cards: a card far above the cost curve, put in a shipped deck, is what the card-
effect regression flags (``balance/effects.py``).

The three studies are the ones ``docs/balance.md`` quotes, whole (greedy agents, seed 0),
stored reduced in ``tests/data/plant-*.study.json.gz`` so the estimator runs on them in well
under a second; a few of their games are replayed here to prove the files are still what the
engine plays (``tests/data/plant_studies.py`` rewrites them after a rules change).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.balance.effects import card_effects
from cardtable.balance.study import Study, make_study, play_game

DATA = Path(__file__).resolve().parent / "data"
ROOT = DATA.parent.parent
PLANT = "試作の巨人"


def _stored(game: str) -> tuple[Study, list[dict[str, Any]]]:
    with gzip.open(DATA / f"plant-{game}.study.json.gz", "rt", encoding="utf-8") as f:
        data = json.load(f)
    decks = [str(ROOT / d) if d.startswith("tests/") else d for d in data["decks"]]
    study = make_study(game, decks, data["agents"], data["games_per_pairing"], data["seed"])
    names = data["names"]
    results = []
    for index, decks_, winner, first, seats in data["results"]:
        cards = [{"drawn": [names[i] for i in hand], "seen": [],
                  "played": [names[i] for i in played]} for hand, played in seats]
        results.append({"index": index, "decks": decks_, "winner": winner, "first": first,
                        "cards": cards})
    return study, results


def _flagged(study: Study, results: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    fits = card_effects(study, results)["cards"]
    flagged = [(name, fit) for name, fit in fits.items() if fit.get("flag")]
    return sorted(flagged, key=lambda nf: (nf[1]["q"], -abs(nf[1]["effect"])))


@pytest.mark.parametrize("game", ["sarasvati", "culdcept"])
def test_the_planted_card_is_the_first_card_flagged(game: str) -> None:
    """サラスヴァティ (2 × a cost-2 7000/6000 character for 転校生) and Culdcept (4 × a cost-0
    ST60/HP60 creature for ゴブリン火兵), 100 games per pairing, as the README's studies."""
    study, results = _stored(game)
    flagged = _flagged(study, results)
    assert flagged[0][0] == PLANT and flagged[0][1]["flag"] == "above"
    assert flagged[0][1]["ci95"][0] > 0.15  # more than 15 points above its deck's average card


def test_the_draws_plant_is_flagged_above_second_to_a_power_9_card() -> None:
    """DRAWS-◎-TROIDAL's plant (none, power 8, guard 2, risk 0 for Sand Warrior), 300 games
    per pairing: flagged above, second only to Tsunami Dragon (water, power 9), the strongest
    shipped card. At 100 games per pairing it is not flagged (docs/balance.md says why)."""
    study, results = _stored("draws-troidal")
    flagged = _flagged(study, results)
    names = [name for name, _ in flagged]
    assert PLANT in names[:2] and dict(flagged)[PLANT]["flag"] == "above"
    assert set(names[:2]) == {PLANT, "津波竜"}


@pytest.mark.parametrize("game", ["draws-troidal", "sarasvati", "culdcept"])
def test_the_stored_studies_are_what_the_engine_plays(game: str) -> None:
    study, results = _stored(game)
    for index in (0, 1, study.total - 1):
        played = play_game(study, index)
        stored = results[index]
        assert (played["decks"], played["winner"], played["first"]) == (
            stored["decks"], stored["winner"], stored["first"])
        for seat in (0, 1):
            facts = played["cards"][seat]
            hand = set(facts["drawn"]) | set(facts["seen"]) | set(facts["played"])
            assert hand == set(stored["cards"][seat]["drawn"])
            assert set(facts["played"]) == set(stored["cards"][seat]["played"])
