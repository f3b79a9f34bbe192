"""Write the planted-card studies the balance tests read (``plant-*.study.json.gz``).

Each is a whole balance study, reduced to what the card-effect regression reads (decks, winner,
first player, final scores, and each seat's cards in hand, played and in the order drawn), so
the tests run the estimator on the study the docs quote in milliseconds;
``tests/test_balance_plants.py`` replays a few of its games to prove the file is still what the
engine plays. Regenerate after a rules change:

    PYTHONPATH=src python tests/data/plant_studies.py [GAME [STUDY_DIR]]
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: game -> (the other decks, games per pairing); the plant's deck is tests/data/plant-GAME.txt
STUDIES = {
    "draws-troidal": (["fire-and-steel", "sea-and-forest"], 100),
    "sarasvati": (["school-mystery", "science-and-sorcery"], 100),
    "culdcept": (["neutral-legion", "water-and-earth"], 100),
}


def reduce(result: dict, names: dict[str, int]) -> list:
    seats = []
    for facts in result["cards"]:
        hand = set(facts["drawn"]) | set(facts["seen"]) | set(facts["played"])
        seats.append([sorted(names.setdefault(n, len(names)) for n in hand),
                      sorted(names.setdefault(n, len(names)) for n in facts["played"])])
    for seat, drawn in zip(seats, result["order"], strict=True):
        seat.append([names.setdefault(n, len(names)) for n in drawn])
    return [result["index"], result["decks"], result["winner"], result["first"], seats,
            result["score"]]


def main(args: list[str]) -> None:
    """``GAME [STUDY_DIR]``: a study folder of the same study (``cardtable balance GAME
    --decks tests/data/plant-GAME.txt OTHERS --games N``) is read instead of replayed."""
    from cardtable.balance.study import make_study, play_many

    games = [args[0]] if args else list(STUDIES)
    for game in games:
        others, per = STUDIES[game]
        decks = [f"tests/data/plant-{game}.txt", *others]
        study = make_study(game, decks, ["greedy"], per, 0)
        names: dict[str, int] = {}
        if len(args) > 1:
            lines = (Path(args[1]) / "games.jsonl").read_text("utf-8").splitlines()
            results = sorted((json.loads(line) for line in lines), key=lambda r: r["index"])
            assert len(results) == study.total
        else:
            results = play_many(study, range(study.total))
        rows = [reduce(r, names) for r in results]
        data = {"game": game, "decks": decks, "agents": ["greedy"], "games_per_pairing": per,
                "seed": 0, "names": sorted(names, key=names.__getitem__), "results": rows}
        path = HERE / f"plant-{game}.study.json.gz"
        with gzip.open(path, "wt", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        print(path, len(rows))


if __name__ == "__main__":
    main(sys.argv[1:])
