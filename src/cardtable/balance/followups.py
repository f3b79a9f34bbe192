"""The studies that follow a study: a suggested change verified, and the flags across skill.

Both are the same study again with one thing changed, on the same seeds, so each game pairs with
itself: ``--verify-fix`` plays the flagged card's deck with the change ``explain.py`` suggests
(its first one) and reports the deck's paired change and the card's effect after;
``--also-agents`` plays the whole study with agents of another skill and says, per flagged card,
whether the flag holds there (the Dominion study's question: is a card strong for every player,
or only for the agent that happened to play it?).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from cardtable.balance.compare import paired_change
from cardtable.balance.explain import apply_fix
from cardtable.balance.metrics import build_report
from cardtable.balance.restricted import slug
from cardtable.balance.study import Progress, Result, Study, make_study, run_study
from cardtable.core import load_game


def _deck_wins(results: list[Result], deck: int) -> dict[int, float]:
    out = {}
    for r in results:
        if deck in r["decks"]:
            out[r["seed"]] = 1.0 if r["winner"] == r["decks"].index(deck) else 0.0
    return out


def verify_fix(study: Study, results: list[Result], why: dict[str, Any], folder: Path,
               workers: int = 1, progress: Progress | None = None) -> dict[str, Any] | None:
    """Play the study again with the card changed as its first suggested fix says; the
    verdict goes into that fix's ``verified``."""
    if not why.get("fixes"):
        return None
    game = load_game(study.game_id)
    card, fix = why["card"], why["fixes"][0]
    decks = tuple(apply_fix(game, d, card, fix) if card in d.counts() else d
                  for d in study.decks)
    fixed = replace(study, decks=decks)
    done = run_study(fixed, folder / f"fix-{slug(card)}", workers, progress=progress)
    report = build_report(fixed, done)
    deck = next(i for i, d in enumerate(study.decks) if card in d.counts())
    old, new = _deck_wins(results, deck), _deck_wins(done, deck)
    seeds = sorted(set(old) & set(new))
    entry = next((c for c in report["cards"] if c["card"] == card), {})
    verdict = {"fix": fix["en"], "fix_ja": fix["ja"],
               "deck_change": paired_change([old[s] for s in seeds], [new[s] for s in seeds]),
               "effect_after": entry.get("effect"), "flag_after": entry.get("flag")}
    fix["verified"] = verdict
    return verdict


def across_skill(game_id: str, decks: list[str] | None, agents: list[str], games: int,
                 seed: int, options: dict[str, Any] | None, report: dict[str, Any],
                 folder: Path, workers: int = 1, progress: Progress | None = None
                 ) -> dict[str, Any]:
    """The same study with ``agents``; each flagged card of ``report`` learns whether its flag
    holds there (``why[i]["skill"]``), and the cards flagged only there are listed."""
    other = make_study(game_id, decks, agents, games, seed, options)
    name = "-".join(agents)
    done = run_study(other, folder / f"skill-{slug(name)}", workers, progress=progress)
    theirs = build_report(other, done)
    by_name = {c["card"]: c for c in theirs["cards"]}
    for w in report.get("why") or ():
        c = by_name.get(w["card"], {})
        w["skill"] = {"agents": list(other.agents), "flag": c.get("flag"),
                      "effect": c.get("effect"), "holds": c.get("flag") == w["flag"]}
    ours = {c["card"] for c in report["cards"] if c.get("flag")}
    summary = {"agents": list(other.agents), "games": len(done),
               "flagged": [{"card": c["card"], "card_en": c.get("card_en"), "flag": c["flag"]}
                           for c in theirs["cards"] if c.get("flag")],
               "only_there": sorted(c["card"] for c in theirs["cards"]
                                    if c.get("flag") and c["card"] not in ours)}
    report["skill"] = summary
    return summary
