"""Enough games, decided by the lab (``--until-decided``), restricted play, skill, length-fair
compares, and a report that speaks one language and never contradicts itself."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.balance.compare import _beyond_length, _length_curve, paired_change
from cardtable.balance.effects import FDR
from cardtable.balance.metrics import build_report
from cardtable.balance.restricted import Barred, RestrictedStudy
from cardtable.balance.sequential import (
    EARLY,
    decide,
    look_levels,
    looks,
    near_line,
    run_until_decided,
)
from cardtable.balance.study import make_study, run_study, within
from cardtable.cli.app import app
from cardtable.cli.balance_cmd import rewrite_argv
from cardtable.core import load_game
from cardtable.core.facts import PLAYED

DATA = Path(__file__).resolve().parent / "data"
PLANT = "試作の巨人"


# -- the sequential design ----------
def test_looks_come_every_step_and_end_at_the_budget() -> None:
    assert looks(50, 300) == [50, 100, 150, 200, 250, 300]
    assert looks(40, 100) == [40, 80, 100]


def test_the_looks_spend_exactly_the_stated_false_discovery_rate() -> None:
    levels = look_levels(looks(50, 300))
    assert sum(levels) == pytest.approx(FDR)
    # strict early looks, most of the rate on the last one, where the evidence is
    assert levels[:-1] == [EARLY] * 5 and levels[-1] == pytest.approx(FDR - 5 * EARLY)


def test_a_look_plays_exactly_the_first_games_of_a_fixed_study(tmp_path: Path) -> None:
    """Every look's games are the games a fixed study of that size plays, seed for seed."""
    decks = ["fire-and-steel", "sea-and-forest"]
    grown = make_study("draws-troidal", decks, ["random"], 10, 3)
    part = run_study(grown, tmp_path / "grown", limit=4)
    fixed = make_study("draws-troidal", decks, ["random"], 4, 3)
    alone = run_study(fixed, tmp_path / "fixed")
    strip = ("index",)
    assert [{k: v for k, v in r.items() if k not in strip} for r in part] == [
        {k: v for k, v in r.items() if k not in strip} for r in alone]


def test_until_decided_stops_at_a_look_and_says_why(tmp_path: Path) -> None:
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 8, 1)
    report, results = run_until_decided(study, tmp_path / "seq", step=4, smallest=0.9)
    decided = report["decided"]
    # with ±90 points "worth finding" every interval is inside it at the first look
    assert decided["stopped"] == "decided" and decided["games_per_pairing"] == 4
    assert len(results) == 4 and decided["looks"][0]["level"] == pytest.approx(EARLY)
    assert report["card_model"]["fdr"] == FDR


def test_a_card_flagged_at_an_early_look_stays_flagged(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.balance import sequential

    real = sequential.build_report
    calls = []

    def first_look_flags(study, results, **kw):  # type: ignore[no-untyped-def]
        report = real(study, results, **kw)
        calls.append(study.games)
        card = next(c for c in report["cards"] if c.get("effect"))
        card["flag"] = "above" if len(calls) == 1 else None
        return report

    monkeypatch.setattr(sequential, "build_report", first_look_flags)
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 24, 1)
    report, _ = run_until_decided(study, tmp_path / "seq", step=12, smallest=0.0)
    assert calls == [12, 24]
    flagged = [c for c in report["cards"] if c.get("flag")]
    assert len(flagged) == 1 and flagged[0]["flagged_at"] == 12
    assert report["decided"]["stopped"] == "budget"


def _all_in_line(monkeypatch: pytest.MonkeyPatch, p_of_look: list[float]) -> list[int]:
    """Every card in line and not flagged at every look; the first card's combined p at look
    k is ``p_of_look[k]``, every other card's 0.5. Returns the looks' games, as they come."""
    from cardtable.balance import sequential

    real = sequential.build_report
    calls: list[int] = []

    def in_line(study, results, **kw):  # type: ignore[no-untyped-def]
        report = real(study, results, **kw)
        calls.append(study.games)
        tested = [c for c in report["cards"] if c.get("effect")]
        for c in tested:
            c["flag"] = c["effect"]["flag"] = None
            c["effect"]["verdict"], c["effect"]["p"] = "in line", 0.5
        tested[0]["effect"]["p"] = p_of_look[len(calls) - 1]
        return report

    monkeypatch.setattr(sequential, "build_report", in_line)
    return calls


def test_a_card_in_line_but_near_the_line_keeps_the_study_playing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In line is not "will not be flagged": a card whose p the last look's level could still
    flag keeps its pairings playing, and the study stops once it is settled."""
    calls = _all_in_line(monkeypatch, [0.01, 0.5, 0.5])
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 24, 1)
    report, _ = run_until_decided(study, tmp_path / "seq", step=8)
    decided = report["decided"]
    assert calls == [8, 16]
    assert len(decided["looks"][0]["near_line_cards"]) == 1
    assert decided["stopped"] == "decided" and decided["games_per_pairing"] == 16


def test_a_card_in_line_whose_p_the_last_level_cannot_pass_is_settled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    final = look_levels(looks(8, 24))[-1]
    calls = _all_in_line(monkeypatch, [final])  # Benjamini–Hochberg at `final` needs p <= it
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 24, 1)
    report, _ = run_until_decided(study, tmp_path / "seq", step=8)
    assert calls == [8] and report["decided"]["stopped"] == "decided"
    assert not near_line({"p": final, "flag": None}, final)
    assert near_line({"p": final / 2, "flag": None}, final)


def test_a_card_still_near_the_line_at_the_budget_is_undecided_not_flagged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _all_in_line(monkeypatch, [0.01, 0.01, 0.01])
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 24, 1)
    report, _ = run_until_decided(study, tmp_path / "seq", step=8)
    decided = report["decided"]
    assert decided["stopped"] == "budget" and decided["undecided"] == 1
    (name,) = decided["near_line_cards"]
    assert decided["undecided_cards"] == [name]
    assert not next(c for c in report["cards"] if c["card"] == name)["flag"]


def test_deciding_on_the_budget_s_games_is_deciding_look_by_look(tmp_path: Path) -> None:
    """``decide`` on the games of a study of the budget, sliced look by look, gives the report
    ``run_until_decided`` gets playing them: what the stability benchmark relies on."""
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 24, 1)
    played, _ = run_until_decided(study, tmp_path / "seq", step=8)
    every = run_study(study, tmp_path / "whole")
    sliced, _ = decide(study, lambda grown: [r for r in every
                                             if within(study, grown, r["index"])], step=8)
    assert sliced["decided"] == played["decided"]
    assert [(c["card"], c["flag"]) for c in sliced["cards"]] == [
        (c["card"], c["flag"]) for c in played["cards"]]


def test_the_looks_together_keep_the_false_discovery_rate_as_stated() -> None:
    """Twelve looks of a study whose statistics grow as a random walk: 38 cards exactly on
    the 1-point line (the worst null) and 2 far off it, flagged once flagged for good under
    the looks' levels. The false discovery proportion averages under the stated 5%; flagging
    at every look at the full 5% (the error the split prevents) does not."""
    from cardtable.balance.effects import flag_cards

    rng = random.Random(43)
    plan = looks(25, 300)

    def mean_fdp(levels: list[float], reps: int = 400) -> float:
        total = 0.0
        for _ in range(reps):
            truth = [1.0] * 38 + [4.0] * 2  # the coefficient; the line is 1
            walk = [0.0] * len(truth)
            union: set[int] = set()
            done = 0
            for n, level in zip(plan, levels, strict=True):
                walk = [w + rng.gauss(0.0, (n - done) ** 0.5) for w in walk]
                done = n
                se = 10.0 / n ** 0.5
                cards = [[(t + 10.0 * w / n, se, 1.0)] for t, w in zip(truth, walk, strict=True)]
                _, _, flags, _ = flag_cards(cards, 1.0, level)
                union |= {i for i, f in enumerate(flags) if f}
            if union:
                total += sum(1 for i in union if i < 38) / len(union)
        return total / reps

    assert mean_fdp(look_levels(plan)) <= FDR
    assert mean_fdp([FDR] * len(plan)) > FDR


def test_a_flag_first_made_at_the_budget_s_look_says_so(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """One card flagged at the first look, another only at the last (the budget's, under its
    looser level): only the second is marked ``at_budget``."""
    from cardtable.balance import sequential

    real = sequential.build_report
    calls: list[int] = []

    def flags(study, results, **kw):  # type: ignore[no-untyped-def]
        report = real(study, results, **kw)
        calls.append(study.games)
        early, late = [c for c in report["cards"] if c.get("effect")][:2]
        for c in report["cards"]:
            if c.get("effect"):
                c["flag"] = c["effect"]["flag"] = None
                c["effect"]["verdict"] = "undecided"
        early["flag"] = "above" if len(calls) == 1 else None
        late["flag"] = "below" if len(calls) == 2 else None
        return report

    monkeypatch.setattr(sequential, "build_report", flags)
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 24, 1)
    report, _ = run_until_decided(study, tmp_path / "seq", step=12)
    marked = {c["flag"]: c["effect"]["at_budget"] for c in report["cards"] if c.get("flag")}
    assert marked == {"above": False, "below": True}


def test_nothing_flagged_says_how_large_an_effect_the_games_could_find(tmp_path: Path) -> None:
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"], ["random"], 40, 2)
    report = build_report(study, run_study(study, tmp_path / "s"))
    power = report["power"]
    assert power["games_per_pairing"] == 40 and 0 < power["detectable_effect"] <= 0.5
    small, large = power["games_for"]["0.05"], power["games_for"]["0.15"]
    assert small > large > 0  # a smaller effect needs more games, by the square of the ratio
    assert small == pytest.approx(large * 9, rel=0.05)


# -- restricted play ----------
def test_a_barred_seat_never_plays_the_card(tmp_path: Path) -> None:
    study = make_study("culdcept", [str(DATA / "plant-culdcept.txt"), "neutral-legion"],
                       ["greedy"], 4, 0)
    barred = RestrictedStudy(study.game_id, study.decks, study.agents, study.games,
                             study.seed, study.options, 0, PLANT)
    plain = {r["seed"]: r for r in study.play(range(4))}
    played_before = 0
    for r in barred.play(range(4)):
        seat = r["decks"].index(0)
        assert PLANT not in r["cards"][seat][PLAYED]
        played_before += PLANT in plain[r["seed"]]["cards"][seat][PLAYED]
    assert played_before  # unbarred, the same games do play it


def test_a_forced_play_is_still_allowed() -> None:
    """When every legal action would play the barred card, the seat plays it: restriction never
    leaves a game without a move."""
    game = load_game("culdcept")
    barred = Barred(game, [0, 1], 0, PLANT)

    class Always:
        def describe_action(self, action: int) -> dict:
            return {"card": PLANT}

        def clone(self):  # type: ignore[no-untyped-def]
            return Played()

    class Played:
        log: list = []  # noqa: RUF012 - a stand-in state

        def apply(self, action: int) -> None:
            self.log = [{"type": "summon", "player": 0, "card": PLANT}]

    legal = [3, 4]
    assert barred(Always(), 0, legal) == legal  # whatever it would filter, never to nothing
    assert barred(Always(), 1, legal) == legal  # the other seat is not barred


# -- compare ----------
def test_a_change_that_game_length_explains_is_shown_but_not_tested_as_a_change() -> None:
    """Every game gets two turns shorter after the edit; a card's in-hand figure depends on the
    length alone. Raw, it falls; beyond length, it does not move."""
    before, after = {}, {}
    for k in range(200):
        t = 10 + k % 10
        before[k] = {"decks": [0, 1], "turns": t, "in": 1.0 if t >= 14 else 0.0}
        after[k] = {"decks": [0, 1], "turns": t - 2, "in": 1.0 if t - 2 >= 14 else 0.0}

    def test(r: dict, seat: int) -> float:
        return r["in"]

    raw = paired_change([test(before[k], 0) for k in before], [test(after[k], 0) for k in after])
    figure = dict(raw)
    _beyond_length(figure, before, after, sorted(before), test)
    assert raw["change"] == pytest.approx(-0.2) and raw["p"] < 0.001
    assert abs(figure["beyond_length"]["change"]) < 0.05
    assert figure["beyond_length"]["p"] > 0.05
    assert figure["length_explained"] == pytest.approx(raw["change"], abs=0.05)


def test_the_length_curve_bins_whole_lengths_of_at_least_thirty_games() -> None:
    points = [(t, float(t >= 5)) for t in range(10) for _ in range(10)]
    curve = _length_curve(points)
    # bins of lengths 0–2, 3–5 and 6–9 (the ten longest games join the last bin)
    assert curve(0) == 0.0 and curve(9) == 1.0
    assert curve(3) == curve(4) == curve(5) == pytest.approx(1 / 3)


# -- one language, no contradictions ----------
def test_a_japanese_report_reads_in_japanese_only(tmp_path: Path) -> None:
    out = tmp_path / "ja"
    args = rewrite_argv(["balance", "sarasvati", "--agents", "random", "--games", "4",
                         "--decks", "school-mystery", "science-and-sorcery", "--out", str(out),
                         "--lang", "ja"])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text("utf-8")
    for english in ("books", "least squares", "score margin", "presence in hand",
                    "School Mystery", "Great Detective"):
        assert english not in page, english
    assert "禁書がすべて破壊された" in page or "山札" in page or "デッキ切れ" in page


def test_an_english_report_names_cards_in_english_only(tmp_path: Path) -> None:
    out = tmp_path / "en"
    args = rewrite_argv(["balance", "sarasvati", "--agents", "random", "--games", "4",
                         "--decks", "school-mystery", "science-and-sorcery", "--out", str(out)])
    assert CliRunner().invoke(app, args).exit_code == 0
    page = (out / "report.html").read_text("utf-8")
    assert "Great Detective Shion" in page and "名探偵シオン" not in page


def test_the_json_holds_one_flag_per_card_and_lists_flagged_cards_first(tmp_path: Path) -> None:
    study = make_study("culdcept", [str(DATA / "plant-culdcept.txt"), "neutral-legion"],
                       ["greedy"], 30, 0)
    report = build_report(study, run_study(study, tmp_path / "s", workers=1))
    assert all("within_flag" not in c for c in report["cards"])
    flags = [bool(c["flag"]) for c in report["cards"]]
    assert flags == sorted(flags, reverse=True)  # flagged first, whatever their effect
    text = json.dumps(report, ensure_ascii=False)
    assert '"why"' in text


def test_a_card_its_deck_always_plays_is_tested_by_restricted_play_alone() -> None:
    """No game without it, so no regression can tell it from its deck (Dice and Monsters'
    built decks): barred from it, its deck wins 40 points less, and that is its flag."""
    from cardtable.balance.restricted import flag_by_restriction, untestable

    def card(name: str, rate: float) -> dict:
        return {"card": name, "effect": None, "flag": None,
                "played_rate": {"n": 100, "rate": rate}}

    report = {"cards": [card("giant", 1.0), card("idle", 0.2), card("plain", 0.95)]}
    assert untestable(report) == ["giant", "plain"]
    barred = {"giant": {"change": paired_change([1.0] * 60 + [0.0] * 40,
                                                [1.0] * 20 + [0.0] * 80)},
              "plain": {"change": paired_change([1.0, 0.0] * 50, [1.0, 0.0] * 50)}}
    flag_by_restriction(report, barred, FDR)
    giant, plain = report["cards"][0], report["cards"][2]
    assert giant["flag"] == "above" and giant["effect"]["basis"] == "restricted"
    assert giant["effect"]["effect"] == pytest.approx(0.4)
    assert plain["flag"] is None and plain["effect"]["effect"] == 0


def test_only_pairings_with_an_undecided_card_play_on(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """After the first look one card of Sea and Forest alone is undecided: the next look
    plays on only in Sea and Forest's two pairings; the third pairing keeps its 12 games."""
    from cardtable.balance import sequential

    real = sequential.build_report
    decks = ["fire-and-steel", "light-and-shadow", "sea-and-forest"]
    study = make_study("draws-troidal", decks, ["random"], 24, 1)
    others = set(study.decks[0].counts()) | set(study.decks[1].counts())
    (only_sea, *_) = sorted(set(study.decks[2].counts()) - others)

    def one_undecided(look_study, results, **kw):  # type: ignore[no-untyped-def]
        report = real(look_study, results, **kw)
        for c in report["cards"]:
            if c.get("effect"):
                c["flag"] = c["effect"]["flag"] = None
                c["effect"]["verdict"] = "undecided" if c["card"] == only_sea else "in line"
        return report

    monkeypatch.setattr(sequential, "build_report", one_undecided)
    report, results = run_until_decided(study, tmp_path / "seq", step=12)
    assert report["decided"]["pairings"] == [12, 24, 24]  # (F, L), (F, S), (L, S)
    assert len(results) == 60 and report["decided"]["stopped"] == "budget"


def test_a_budget_stop_says_how_many_undecided_cards_are_near_the_line() -> None:
    from cardtable.balance.text import decided_text

    d = {"looks": [{"games_per_pairing": 50}, {"games_per_pairing": 100}], "stopped": "budget",
         "undecided": 3, "near_line_cards": ["a", "b"], "games_per_pairing": 100, "games": 300,
         "max_games": 100, "smallest_effect": 0.1, "spent": 0.05}
    assert "3 card(s) undecided (2 of them in line but near the flag's line)" in decided_text(
        d, "en")
    assert "うち 2 枚" in decided_text(d, "ja")
    assert "near" not in decided_text({**d, "near_line_cards": []}, "en")
