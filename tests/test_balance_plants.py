"""Planted cards: a card far above the cost curve, put in a shipped deck, is what the card-
effect regression flags first (``balance/effects.py``).

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

from cardtable.balance.effects import card_effects, evidence_order
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
    for index, decks_, winner, first, seats, score in data["results"]:
        cards = [{"drawn": [names[i] for i in hand], "seen": [],
                  "played": [names[i] for i in played]} for hand, played, _ in seats]
        order = [[names[i] for i in drawn] for _, _, drawn in seats]
        results.append({"index": index, "decks": decks_, "winner": winner, "first": first,
                        "cards": cards, "order": order, "score": score})
    return study, results


def _flagged(study: Study, results: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    fits = card_effects(study, results)["cards"]
    flagged = [(name, fit) for name, fit in fits.items() if fit.get("flag")]
    return sorted(flagged, key=lambda nf: evidence_order(nf[1]))


@pytest.mark.parametrize("game", ["draws-troidal", "sarasvati", "culdcept"])
def test_the_planted_card_is_the_first_card_flagged(game: str) -> None:
    """DRAWS-◎-TROIDAL (4 × none, power 8, guard 2, risk 0 for Sand Warrior), サラスヴァティ (2 ×
    a cost-2 7000/6000 character for 転校生) and Culdcept (4 × a cost-0 ST60/HP60 creature for
    ゴブリン火兵), 100 games per pairing, as the README's studies: read both ways (early
    copies on the score margin, presence on the win), the plant is the first card flagged."""
    study, results = _stored(game)
    model = card_effects(study, results)
    assert model["readings"] == ["early/margin", "hand/win"] and model["early_draws"]
    flagged = _flagged(study, results)
    assert flagged[0][0] == PLANT and flagged[0][1]["flag"] == "above"
    assert flagged[0][1]["ci95"][0] > 0.05  # over 5 points above an average card of its deck


def test_the_draws_plant_is_first_by_its_early_copies_on_the_margin() -> None:
    """The DRAWS plant's evidence is its early copies read on the margin (q < 0.001)."""
    study, results = _stored("draws-troidal")
    plant = card_effects(study, results)["cards"][PLANT]
    assert (plant["basis"], plant["outcome"]) == ("early", "margin") and plant["q"] < 0.001


def test_read_from_presence_in_hand_and_the_win_alone_the_draws_plant_is_not_flagged() -> None:
    """Why the model reads early copies and the margin: the DRAWS plant's four copies are in
    hand in 94% of its deck's games, so presence in hand has few games without it to learn
    from, and a win says less than the margin it was won by."""
    study, results = _stored("draws-troidal")
    bare = [{k: v for k, v in r.items() if k not in ("order", "score")} for r in results]
    model = card_effects(study, bare)
    assert model["readings"] == ["hand/win"] and model["early_draws"] is None
    assert model["cards"][PLANT]["flag"] is None


@pytest.mark.parametrize("game", ["draws-troidal", "sarasvati", "culdcept"])
def test_the_stored_studies_are_what_the_engine_plays(game: str) -> None:
    study, results = _stored(game)
    for index in (0, 1, study.total - 1):
        played = play_game(study, index)
        stored = results[index]
        assert (played["decks"], played["winner"], played["first"], played["score"],
                played["order"]) == (stored["decks"], stored["winner"], stored["first"],
                                     stored["score"], stored["order"])
        for seat in (0, 1):
            facts = played["cards"][seat]
            hand = set(facts["drawn"]) | set(facts["seen"]) | set(facts["played"])
            assert hand == set(stored["cards"][seat]["drawn"])
            assert set(facts["played"]) == set(stored["cards"][seat]["played"])
