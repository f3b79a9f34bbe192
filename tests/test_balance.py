"""The balance lab: per-card metrics, flags, backends, resuming, compare and line-ups."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.agents import make_agent
from cardtable.balance import study as study_mod
from cardtable.balance.lineups import LineupGame, double_oracle, solve_matrix_game
from cardtable.balance.metrics import build_report, card_metrics, dumps
from cardtable.balance.study import Study, make_study, play_game, run_study
from cardtable.cli.app import app
from cardtable.cli.balance_cmd import rewrite_argv
from cardtable.core import CardtableError, Deck, load_game
from cardtable.sim.match import play_match

DRAWS_DECKS = Path(load_game("draws-troidal").deck_dir or ".")
GOD = "◆ 試作の神 / Test God\n属性: 陽  パワー: 30  リスク: 0  ガード: 3\n\n"


def _report(study: Study, folder: Path, **kw: object) -> str:
    return dumps(build_report(study, run_study(study, folder, **kw)))  # type: ignore[arg-type]


def _god_deck(tmp_path: Path, copies: int = 1) -> Path:
    """Light and Shadow with ``copies`` of a power-30 card in place of some priestesses."""
    text = (DRAWS_DECKS / "light-and-shadow.txt").read_text("utf-8")
    text = text.replace("4 朝日の巫女", f"{copies} 試作の神\n{4 - copies} 朝日の巫女")
    text = text.replace("デッキ: 陽と陰 / Light and Shadow", "デッキ: 試作 / Prototype")
    path = tmp_path / "prototype.txt"
    path.write_text(GOD + text, "utf-8")
    return path


# -- per-card metrics ----------
class _Card:
    def __init__(self, name: str) -> None:
        self.name = name
        self.name_en = name.upper()

    def to_json(self) -> dict[str, str]:
        return {"name": self.name}


def test_card_metrics_equal_a_count_by_hand() -> None:
    """Four games of deck A (x, y) against deck B (z), counted on paper."""
    a = Deck("A", (_Card("x"), _Card("x"), _Card("y")))
    b = Deck("B", (_Card("z"),))
    study = Study("draws-troidal", (a, b), ("random", "random"), 4, 0)

    def game(i: int, a_seat: int, winner: int, x: str, y: str) -> dict[str, object]:
        facts_a = {"drawn": [], "seen": [], "played": []}
        for name, how in (("x", x), ("y", y)):
            for kind in how.split("+") if how else []:
                facts_a[kind].append(name)
        facts_b = {"drawn": ["z"], "seen": [], "played": ["z"]}
        cards = [facts_a, facts_b] if a_seat == 0 else [facts_b, facts_a]
        return {"index": i, "decks": [0, 1] if a_seat == 0 else [1, 0], "winner": winner,
                "turns": 5, "steps": 9, "reason": "life", "first": 0, "cards": cards}

    results = [
        game(0, 0, 0, "drawn+played", "seen"),  # A won; x drawn and played, y only seen
        game(1, 1, 1, "drawn", ""),            # A won; x drawn, not played; y unseen
        game(2, 0, 1, "drawn+played", "seen+played"),  # A lost
        game(3, 1, 0, "", "drawn"),            # A lost; x unseen
    ]
    cards = {c["card"]: c for c in card_metrics(study, results)}
    x, y, z = cards["x"], cards["y"], cards["z"]
    assert x["games_in_deck"] == 4 and x["win_rate_in_deck"]["wins"] == 2
    assert (x["seen_rate"]["wins"], x["drawn_rate"]["wins"], x["played_rate"]["wins"]) == (3, 3, 2)
    assert (x["win_rate_seen"]["n"], x["win_rate_seen"]["wins"]) == (3, 2)
    assert (x["win_rate_not_seen"]["n"], x["win_rate_not_seen"]["wins"]) == (1, 0)
    assert x["iwd"]["diff"] == pytest.approx(2 / 3 - 0)
    assert (x["win_rate_played"]["n"], x["win_rate_played"]["wins"]) == (2, 1)
    assert x["played_diff"]["diff"] == pytest.approx(1 / 2 - 1 / 2)
    assert (y["seen_rate"]["wins"], y["drawn_rate"]["wins"], y["played_rate"]["wins"]) == (3, 1, 1)
    assert y["win_rate_seen"]["wins"] == 1  # seen in games 0 (won), 2 and 3 (lost)
    assert y["win_rate_not_seen"]["wins"] == 1 and y["win_rate_not_seen"]["n"] == 1
    assert z["win_rate_played"]["wins"] == 2 and z["iwd"] is None  # always seen
    assert x["card_en"] == "X" and x["decks"] == ["A"]
    assert x["within_deck"]["basis"] == "played" and x["within_deck"]["diff"] == 0
    assert z["within_deck"] is None  # always seen and always played: nothing to compare


def test_opening_hand_and_drawn_later_rates_sit_beside_the_deck_baseline() -> None:
    """17lands' OH and GD: in the opening hand, or in hand only after it; results written
    before the opening hand was recorded count for neither."""
    a = Deck("A", (_Card("x"), _Card("y")))
    b = Deck("B", (_Card("z"),))
    study = Study("draws-troidal", (a, b), ("random", "random"), 3, 0)

    def game(i: int, winner: int, opening: list[str] | None, hand: list[str]) -> dict:
        facts: dict[str, list[str]] = {"drawn": hand, "seen": [], "played": []}
        if opening is not None:
            facts["opening"] = opening
        other = {"drawn": ["z"], "seen": [], "played": [], "opening": ["z"]}
        return {"index": i, "decks": [0, 1], "winner": winner, "turns": 5, "steps": 9,
                "reason": "life", "first": 0, "cards": [facts, other]}

    results = [game(0, 0, ["x"], ["x", "y"]),   # won: x in the opening hand, y drawn later
               game(1, 1, [], ["x"]),           # lost: x drawn later
               game(2, 0, None, ["x", "y"])]    # won, written without an opening hand
    cards = {c["card"]: c for c in card_metrics(study, results)}
    x, y = cards["x"], cards["y"]
    assert (x["win_rate_opening"]["n"], x["win_rate_opening"]["wins"]) == (1, 1)
    assert (x["win_rate_drawn_later"]["n"], x["win_rate_drawn_later"]["wins"]) == (1, 0)
    assert x["opening_rate"]["n"] == 2  # games that tell the opening hand apart
    assert (y["win_rate_drawn_later"]["n"], y["win_rate_opening"]["n"]) == (1, 0)
    assert x["deck_baseline"]["rate"] == pytest.approx(2 / 3)


def test_vs_rest_prints_its_difference_and_interval_on_one_scale(tmp_path: Path) -> None:
    study = make_study("draws-troidal", None, ["random"], 6, 4)
    report = build_report(study, run_study(study, tmp_path))
    for c in report["cards"]:
        vs = c["vs_rest"]
        if vs is not None:
            low, high = vs["interval"]
            assert low <= vs["diff"] <= high, c["card"]


def test_within_deck_contrast_does_not_credit_a_card_with_its_decks_difference() -> None:
    from cardtable.balance.metrics import within_deck

    # deck 1 shows the card in all 10 games (won 8), deck 2 in none (won 2): no contrast
    assert within_deck([(8, 10, 0, 0), (0, 0, 2, 10)]) is None
    # two decks each +20 points with the card: +20 points, whatever the decks' own levels
    diff, var = within_deck([(9, 10, 7, 10), (3, 10, 1, 10)])  # type: ignore[misc]
    assert diff == pytest.approx(0.2) and var > 0


def test_card_metrics_equal_the_raw_event_logs_of_recorded_games(tmp_path: Path) -> None:
    """Replay each game of a small study and count one card straight from its events."""
    study = make_study("draws-troidal", None, ["random"], 2, 11)
    report = build_report(study, run_study(study, tmp_path))
    game = load_game("draws-troidal")
    card = "銀狼"
    counts = {"in": 0, "seen": 0, "played": 0, "won_seen": 0, "won_played": 0}
    for index in range(study.total):
        seats, specs, seed = study.schedule(index)
        state = play_match(game, [make_agent(s) for s in specs], seed,
                           [study.decks[d] for d in seats])
        for seat, d in enumerate(seats):
            if card not in study.decks[d].counts():
                continue
            counts["in"] += 1
            mine = [e for e in state.log if e.get("player") == seat and "private" in e]
            seen = any(card in e["private"][1]["cards"] for e in mine
                       if e["type"] in ("draw", "opening-five"))
            played = any(card in e["private"][1]["cards"] for e in mine if e["type"] == "set")
            won = state.winner() == seat
            counts["seen"] += seen
            counts["played"] += played
            counts["won_seen"] += seen and won
            counts["won_played"] += played and won
    entry = next(c for c in report["cards"] if c["card"] == card)
    assert entry["games_in_deck"] == counts["in"] > 0
    assert entry["seen_rate"]["wins"] == counts["seen"]
    assert entry["played_rate"]["wins"] == counts["played"]
    assert entry["win_rate_seen"]["wins"] == counts["won_seen"]
    assert entry["win_rate_played"]["wins"] == counts["won_played"]


def test_a_game_without_card_facts_gets_no_card_figures(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("draws-troidal")
    monkeypatch.setattr(type(game), "card_fact_events", {})
    study = make_study("draws-troidal", None, ["random"], 1, 1)
    report = build_report(study, run_study(study, tmp_path))
    assert report["card_facts"] is False and report["cards"] == []
    assert report["games"] == 3


def test_an_overpowered_card_added_to_a_deck_is_flagged(tmp_path: Path) -> None:
    """Four copies of a power-30 card, random agents, 100 games a pairing. (One copy is
    flagged at 300: at 100 its early copies say nothing, its presence alone is not enough
    for the flag rule, docs/balance.md.)"""
    study = make_study("draws-troidal", [str(_god_deck(tmp_path, copies=4)), "fire-and-steel",
                                         "sea-and-forest"], ["random"], 100, 1)
    report = build_report(study, run_study(study, tmp_path / "out"))
    flags = {c["card"]: c["flag"] for c in report["cards"]}
    assert flags["試作の神"] == "above"


# -- backends and resuming ----------
def test_one_and_two_workers_give_the_same_report(tmp_path: Path) -> None:
    study = make_study("sarasvati", None, ["random"], 2, 5)
    one = _report(study, tmp_path / "one", workers=1)
    two = _report(study, tmp_path / "two", workers=2)
    assert one == two


def test_ray_gives_the_same_report_as_the_process_pool(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    study = make_study("dice-and-monsters", None, ["random"], 2, 7)
    local = _report(study, tmp_path / "local", workers=1)
    ray = _report(study, tmp_path / "ray", workers=2, ray_address="local")
    assert local == ray


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.balance.backends import start_ray

    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    with pytest.raises(CardtableError, match=r"pip install 'cardtable\[balance\]'"):
        start_ray("local", 2)


def test_an_interrupted_study_resumes_to_the_same_result(tmp_path: Path) -> None:
    study = make_study("draws-troidal", None, ["random"], 10, 3)
    whole = _report(study, tmp_path / "whole")
    folder = tmp_path / "cut"
    calls = []

    def stop_after_two_chunks(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_study(study, folder, progress=stop_after_two_chunks)
    kept = (folder / study_mod.GAMES_FILE).read_text("utf-8").splitlines()
    assert 0 < len(kept) < study.total
    with (folder / study_mod.GAMES_FILE).open("a", encoding="utf-8") as f:
        f.write('{"index": 29, "seed": 1')  # a line torn by a kill mid-write
    played = []
    resumed = dumps(build_report(study, run_study(
        study, folder, progress=lambda done, total: played.append(done))))
    assert played[0] == len(kept)  # the rerun started from what was kept
    assert resumed == whole


def test_a_folder_is_never_resumed_with_another_study(tmp_path: Path) -> None:
    run_study(make_study("draws-troidal", None, ["random"], 1, 1), tmp_path)
    with pytest.raises(CardtableError, match="differs in: seed"):
        run_study(make_study("draws-troidal", None, ["random"], 1, 2), tmp_path)


def test_two_runs_never_write_to_one_folder(tmp_path: Path) -> None:
    study = make_study("draws-troidal", None, ["random"], 1, 1)
    held = study_mod.Store(tmp_path, study)
    with pytest.raises(CardtableError, match="another cardtable balance"):
        run_study(study, tmp_path)
    held.close()
    assert len(run_study(study, tmp_path)) == study.total


def test_study_arguments_are_checked_before_any_game() -> None:
    with pytest.raises(CardtableError, match="at least two decks"):
        make_study("draws-troidal", ["fire-and-steel"], ["random"], 1, 0)
    with pytest.raises(CardtableError, match="both named"):
        make_study("draws-troidal", ["fire-and-steel", "fire-and-steel"], ["random"], 1, 0)
    with pytest.raises(CardtableError, match="one or two agents"):
        make_study("draws-troidal", None, ["random"] * 3, 1, 0)


def test_seats_and_agents_are_traded_evenly() -> None:
    study = make_study("draws-troidal", ["fire-and-steel", "sea-and-forest"],
                       ["greedy", "random"], 4, 0)
    plans = [study.schedule(i)[:2] for i in range(4)]
    assert [p[0] for p in plans] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [p[1] for p in plans] == [("greedy", "random"), ("random", "greedy"),
                                     ("random", "greedy"), ("greedy", "random")]


# -- the command ----------
def test_balance_command_writes_an_offline_report(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "r"
    args = rewrite_argv(["balance", "draws-troidal", "--agents", "random", "--games", "2",
                         "--decks", "fire-and-steel", "sea-and-forest", "--out", str(out)])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text("utf-8")
    assert "data:image/png;base64," in page and "http" not in page
    assert json.loads((out / "report.json").read_text("utf-8"))["games"] == 2
    assert {p.name for p in out.glob("*.png")} == {"matchups.png", "decks.png", "cards.png",
                                                   "length.png"}


def test_the_report_speaks_the_chosen_language(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    for lang, heading, deck in (("ja", "対戦成績", "紅蓮と鋼"), ("en", "Matchups",
                                                              "Fire and Steel")):
        out = tmp_path / lang
        args = rewrite_argv(["balance", "draws-troidal", "--agents", "random", "--games", "2",
                             "--decks", "fire-and-steel", "sea-and-forest", "--out", str(out),
                             "--lang", lang])
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        page = (out / "report.html").read_text("utf-8")
        assert f"<h2>{heading}</h2>" in page and f"<th>{deck}</th>" in page
        assert deck in result.output
    assert "<th>Fire and Steel</th>" not in (tmp_path / "ja" / "report.html").read_text("utf-8")


def test_compare_pairs_games_by_seed_lists_the_edit_and_controls_the_fdr(
        tmp_path: Path) -> None:
    """Before and after share seeds: matchups the edit cannot reach move by exactly 0 with a
    zero-width interval, the edited deck's lift is flagged, the added card is listed first."""
    old = tmp_path / "old.txt"
    old.write_text(GOD + (DRAWS_DECKS / "light-and-shadow.txt").read_text("utf-8").replace(
        "デッキ: 陽と陰 / Light and Shadow", "デッキ: 試作 / Prototype"), "utf-8")
    new = _god_deck(tmp_path, copies=4)
    out = tmp_path / "cmp"
    args = rewrite_argv(["balance", "draws-troidal", "--agents", "random", "--games", "20",
                         "--decks", "sea-and-forest", "fire-and-steel", "--compare", str(old),
                         str(new), "--out", str(out)])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    cmp = json.loads((out / "compare.json").read_text("utf-8"))
    assert cmp["paired_games"] == 60 and cmp["fdr"] == 0.10
    lines = result.output.splitlines()
    added = next(i for i, line in enumerate(lines) if "Test God" in line and "(added)" in line)
    assert added < next(i for i, line in enumerate(lines) if "flagged" in line)
    # one language at a time: the English page names the card in English only
    assert "4 × Test God</li>" in (out / "compare.html").read_text("utf-8")
    assert cmp["changes"]["added"] == [{"card": "試作の神", "card_en": "Test God", "copies": 4}]
    untouched = next(f for f in cmp["figures"] if f["kind"] == "matchup"
                     and {f["deck"], f["opponent"]} == {"深海と森", "紅蓮と鋼"})
    assert untouched["change"] == 0 and untouched["ci95"] == [0, 0] and not untouched["flagged"]
    lift = next(f for f in cmp["figures"] if f["kind"] == "deck" and f["deck"] == "試作")
    assert lift["change"] > 0 and lift["flagged"] and lift["ci95"][0] > 0
    assert "deck Prototype: win rate" in cmp["flagged"]
    assert (out / "old" / "report.json").is_file() and (out / "compare.html").is_file()


def test_paired_change_is_the_mean_difference_with_a_t_interval() -> None:
    from cardtable.balance.compare import paired_change

    same = paired_change([1, 0, 1, 0], [1, 0, 1, 0])
    assert same["change"] == 0 and same["ci95"] == [0, 0] and same["p"] == 1.0
    moved = paired_change([0, 0, 1, 0, 1, 0], [1, 1, 1, 0, 1, 1])
    assert moved["change"] == pytest.approx(0.5)
    assert moved["ci95"][0] < 0.5 < moved["ci95"][1] and 0 < moved["p"] < 1


def test_variadic_options_are_spelled_for_click() -> None:
    assert rewrite_argv(["balance", "g", "--decks", "a", "b", "--ray"]) == [
        "balance", "g", "--decks", "a", "--decks", "b", "--ray", "local"]
    assert rewrite_argv(["balance", "g", "--ray", "10.0.0.1:6379", "--agents", "x"]) == [
        "balance", "g", "--ray", "10.0.0.1:6379", "--agents", "x"]
    assert rewrite_argv(["simulate", "--decks", "a", "b"]) == ["simulate", "--decks", "a", "b"]


# -- the line-up game ----------
def test_matrix_game_solutions_are_the_textbook_ones() -> None:
    x, y, v = solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])  # rock paper scissors
    assert x == pytest.approx([1 / 3] * 3) and y == pytest.approx([1 / 3] * 3)
    assert v == pytest.approx(0)
    x, y, v = solve_matrix_game([[3, 1], [0, 2]])
    assert x == pytest.approx([0.5, 0.5]) and y == pytest.approx([0.25, 0.75])
    assert v == pytest.approx(1.5)
    _, _, v = solve_matrix_game([[0.9, 0.8], [0.2, 0.1]])  # a saddle point
    assert v == pytest.approx(0.8)


def test_double_oracle_finds_the_value_of_the_whole_estimated_matrix(tmp_path: Path) -> None:
    game = load_game("dice-and-monsters")
    pool = game.load_deck("all-cards")
    by_name = {c.name: c for c in pool.cards}

    def deck(names: list[str]) -> Deck:
        return Deck("-".join(n[:2] for n in names), tuple(by_name[n] for n in names))

    units = [c.name for c in pool.cards if c.kind == "unit" and not c.star]
    cmds = [c.name for c in pool.cards if c.kind == "command"]
    a, b = deck(units[:3] + cmds[:1]), deck(units[3:6] + cmds[1:2])
    lg = LineupGame(game, (a, b), 2, 1, options={"deck_size": 4})
    assert len(lg.rows) == len(lg.cols) == 24  # 3! orders of the units x 4 command squares
    eq = double_oracle(lg)
    assert eq["converged"]
    full = [[lg.chance(r, c) for c in lg.cols] for r in lg.rows]
    assert eq["value"] == pytest.approx(solve_matrix_game(full)[2])


def test_a_capped_double_oracle_says_it_did_not_converge_and_by_how_much() -> None:
    """--rounds stops double oracle early: the answer is the equilibrium of the line-ups found
    so far (its mix matches its line-ups), marked unconverged with the best replies' gain."""
    game = load_game("dice-and-monsters")
    pool = game.load_deck("all-cards")
    by_name = {c.name: c for c in pool.cards}
    units = [c.name for c in pool.cards if c.kind == "unit" and not c.star]
    cmds = [c.name for c in pool.cards if c.kind == "command"]

    def deck(names: list[str]) -> Deck:
        return Deck("-".join(n[:2] for n in names), tuple(by_name[n] for n in names))

    a, b = deck(units[:3] + cmds[:1]), deck(units[3:6] + cmds[1:2])
    lg = LineupGame(game, (a, b), 2, 1, options={"deck_size": 4})
    eq = double_oracle(lg, max_rounds=1)
    assert not eq["converged"] and eq["exploitability"] > 0
    assert len(eq["rows"]) == len(eq["x"]) and len(eq["cols"]) == len(eq["y"])
    with pytest.raises(CardtableError, match="--rounds must be at least 1"):
        double_oracle(lg, max_rounds=0)


def test_a_card_that_separates_wins_gets_the_penalized_fit_and_a_finite_effect() -> None:
    """A card in hand in exactly the games its deck won separates the outcome: maximum
    likelihood runs off to infinity, so the log-F(1,1) fit is used and said to be."""
    from cardtable.balance.effects import card_effects

    a = Deck("A", (_Card("x"), _Card("y"), _Card("w")))
    b = Deck("B", (_Card("z"), _Card("v")))
    study = Study("draws-troidal", (a, b), ("random", "random"), 40, 0)
    results = []
    for i in range(40):
        a_seat = i % 2
        a_wins = i % 5 != 0
        hand_a = ["x", "y"] if a_wins else ["y"]  # x only ever in won games
        hand_a += ["w"] if i % 3 == 0 else []
        hand_b = ["z"] + (["v"] if i % 4 < 2 else [])
        cards = [{"drawn": hand_a, "seen": [], "played": []},
                 {"drawn": hand_b, "seen": [], "played": []}]
        if a_seat == 1:
            cards.reverse()
        results.append({"index": i, "decks": [0, 1] if a_seat == 0 else [1, 0],
                        "winner": a_seat if a_wins else 1 - a_seat, "first": i % 2,
                        "cards": cards})
    model = card_effects(study, results)
    assert model["method"].startswith("hand/win: log-F(1,1) penalized")
    x = model["cards"]["x"]
    assert x["tested"] and 0 < x["effect"] < 0.5 and x["ci95"][1] < 0.5


# -- the early-copy reading ----------
def test_early_draws_are_half_the_median_number_a_seat_draws() -> None:
    from cardtable.balance.effects import early_cards

    results = [{"order": [["a"] * n, ["b"] * m]} for n, m in ((10, 20), (26, 30), (22, 24))]
    assert early_cards(results) == 12  # lengths 10 20 22 24 26 30: the median is 24
    assert early_cards([*results, {"order": None}]) is None  # a game kept no order


def test_a_seats_score_is_the_first_counter_kind_summed_per_seat() -> None:
    from cardtable.core.projection import seat_scores

    table = {"counters": [{"id": "hp.0.a", "owner": 0, "value": 3},
                          {"id": "hp.0.b", "owner": 0, "value": 4},
                          {"id": "hp.1.a", "owner": 1, "value": 2},
                          {"id": "mana.0", "owner": 0, "value": 9}]}
    assert seat_scores(table) == [7.0, 2.0]
    table["counters"][2]["value"] = "?"  # a hidden value is no score
    assert seat_scores(table) is None


def test_a_game_whose_seats_hold_their_decks_whole_keeps_no_draw_order() -> None:
    study = make_study("dice-and-monsters", None, ["random"], 1, 0)
    result = play_game(study, 0)
    assert result["order"] is None and result["score"] is not None
    study = make_study("culdcept", None, ["random"], 1, 0)
    assert play_game(study, 0)["order"][0]
