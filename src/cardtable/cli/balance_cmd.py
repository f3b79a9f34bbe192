"""``cardtable balance``: a round-robin study of decks, reported per deck and per card.

The study itself runs in ``cardtable.balance`` (no terminal code there); this module parses
arguments, draws the progress bar, and prints where the report went and what it flags.
``--decks`` and ``--agents`` take several values after one flag and ``--ray`` an optional
address; click has no such options, so ``rewrite_argv`` spells them the way it understands
(``--decks a b`` -> ``--decks a --decks b``, a bare ``--ray`` -> ``--ray local``) before
typer parses the line.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from cardtable.cli.errors import fail, user_errors
from cardtable.cli.options import parse_options
from cardtable.cli.progress import progress_bar

VARIADIC = ("--decks", "--agents", "--also-agents")


def rewrite_argv(argv: list[str]) -> list[str]:
    """``balance`` options with several values or an optional one, in click's spelling."""
    if not argv or argv[0] != "balance":
        return argv
    out = [argv[0]]
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in VARIADIC:
            i += 1
            values = []
            while i < len(argv) and not argv[i].startswith("-"):
                values.append(argv[i])
                i += 1
            if not values:
                out.append(arg)  # let click report the missing value
            for v in values:
                out += [arg, v]
            continue
        if arg == "--ray" and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            out += ["--ray", "local"]
            i += 1
            continue
        out.append(arg)
        i += 1
    return out


def _run(study: Any, folder: Path, workers: int, ray: str | None, fresh: bool,
         err: Console, label: str = "balance") -> list[Any]:
    """Play the study with a progress bar (a line per tenth when stderr is not a terminal,
    so a log or a CI run still shows that a long study is moving)."""
    from cardtable.balance.study import run_study

    if not err.is_terminal:
        return run_study(study, folder, workers, ray, fresh=fresh, progress=_lines(err, label))
    with progress_bar(err, label) as bar:
        task = bar.add_task("games", total=study.total)
        return run_study(study, folder, workers, ray, fresh=fresh,
                         progress=lambda done, total: bar.update(task, completed=done,
                                                                 total=total))


def _lines(err: Console, label: str) -> Any:
    """A progress callback that prints a line per tenth: for the follow-up studies, whose
    totals only the lab knows, on a terminal or off it."""
    shown = [-1]

    def lines(done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth != shown[0]:
            shown[0] = tenth
            err.print(f"{label}: {done}/{total} games", highlight=False)

    return lines


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def flagged_cards(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The flagged cards, strongest evidence first (smallest q, then largest |z|)."""
    from cardtable.balance.effects import evidence_order

    out = [c for c in report["cards"] if c["flag"]]
    out.sort(key=lambda c: evidence_order(c["effect"]))
    return out


def _summary(report: dict[str, Any], folder: Path, lang: str = "en") -> None:
    from cardtable.balance.text import (
        card_name,
        decided_text,
        deck_names,
        power_text,
        q_text,
        reading,
        tr,
    )

    ja = lang == "ja"
    out = Console(highlight=False)
    table = Table(title=f"{report['game']}: {report['games']} "
                        f"{'試合' if ja else 'games'}, {' vs '.join(report['agents'])}, "
                        f"{'シード' if ja else 'seed'} {report['seed']}")
    table.add_column(tr("deck", lang))
    table.add_column(tr("win_rate", lang), justify="right")
    table.add_column("95% 区間" if ja else "95% interval", justify="right")
    table.add_column("試合" if ja else "games", justify="right")
    rows = sorted(zip(deck_names(report, lang), report["deck_win_rates"], strict=True),
                  key=lambda pair: -pair[1]["rate"])
    for name, d in rows:
        table.add_row(name, _pct(d["rate"]), f"{_pct(d['ci95'][0])} – "
                      f"{_pct(d['ci95'][1])}", str(d["n"]))
    out.print(table)
    fp = report["first_player"]["first_player_wins"]
    if ja:
        out.print(f"先手の勝率 {_pct(fp['rate'])} [{_pct(fp['ci95'][0])}, "
                  f"{_pct(fp['ci95'][1])}]（{fp['n']} 試合）、平均 "
                  f"{report['game_length']['mean_turns']:.1f} ターン")
    else:
        out.print(f"first player won {_pct(fp['rate'])} [{_pct(fp['ci95'][0])}, "
                  f"{_pct(fp['ci95'][1])}] of {fp['n']}; mean length "
                  f"{report['game_length']['mean_turns']:.1f} turns")
    model = report.get("card_model") or {}
    flagged = flagged_cards(report)
    if not report["card_facts"]:
        out.print(tr("no_facts", lang))
    elif model.get("error"):
        out.print(model["error"])
    elif flagged:
        out.print(tr("flagged", lang, fdr=model["fdr"],
                     min=f"{100 * model.get('min_effect', 0):g}"))
        for c in flagged:
            e = c["effect"]
            first, other = card_name(c, lang)
            out.print(f"  {tr(c['flag'], lang)}: {first}{f' ({other})' if other else ''} "
                      f"{100 * e['effect']:+.1f} [{100 * e['ci95'][0]:+.1f}, "
                      f"{100 * e['ci95'][1]:+.1f}] {'点' if ja else 'pts'} "
                      f"({reading(e, lang)}), {q_text(e['q'], label=True)}"
                      + (f"; {tr('at_budget', lang)}" if e.get("at_budget") else ""))
    else:
        out.print(tr("none_flagged", lang, fdr=model.get("fdr", ""),
                     min=f"{100 * model.get('min_effect', 0):g}"))
        if report.get("power"):
            out.print(power_text(report["power"], lang))
    if model.get("verdicts"):
        out.print(tr("undecided_cards", lang, smallest=f"{100 * model['smallest_effect']:g}",
                     n=model["verdicts"]["undecided"], k=model["verdicts"]["in line"]))
    if report.get("decided"):
        out.print(decided_text(report["decided"], lang))
    for w in report.get("why") or ():
        _why(out, w, lang)
    out.print(f"{'レポート' if ja else 'report'}: {folder / 'report.html'} "
              f"({'数字' if ja else 'figures'}: {folder / 'report.json'})")


def _why(out: Console, w: dict[str, Any], lang: str) -> None:
    """One flagged card: its text as printed, its place on the cost curve, what to change."""
    from rich.markup import escape

    from cardtable.balance.text import (
        card_name,
        restricted_text,
        skill_text,
        tr,
        verified_text,
    )

    out.print(f"\n[bold]{escape(card_name(w, lang)[0])}[/bold]: {tr(w['flag'], lang)}")
    for line in (w.get("text") or {}).get(lang, []):
        out.print(f"  │ {escape(line)}")
    curve = w.get("curve")
    if curve and curve["warning"].get(lang):
        out.print(f"  {escape(curve['warning'][lang])}")
    if w.get("fixes"):
        out.print(f"  {tr('why_fixes', lang)}")
        for f in w["fixes"]:
            out.print(f"    • {escape(f[lang])}")
            if f.get("verified"):
                out.print(f"      {escape(verified_text(f['verified'], lang))}")
    elif w.get("text") and not curve:
        out.print(f"  {tr('why_no_curve', lang)}")
    if w.get("restricted"):
        out.print(f"  {escape(restricted_text(w['restricted'], lang))}")
    if w.get("skill"):
        out.print(f"  {escape(skill_text(w['skill'], lang))}")


def balance(
    game: str = typer.Argument(..., help="Game id, e.g. draws-troidal / ゲームID"),
    decks: Annotated[list[str] | None, typer.Option(
        "--decks", help="Decks (names or files), every one against every other; "
                        "default: the shipped decks")] = None,
    agents: Annotated[list[str] | None, typer.Option(
        "--agents", help="One agent for both seats or two traded between the decks "
                         "(default greedy)")] = None,
    games: int = typer.Option(100, "--games", "-n", help="Games per pairing of two decks"),
    seed: int = typer.Option(0, "--seed", help="Master seed; every game's seed derives from it"),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (CPUs with --ray)"),
    ray: Annotated[str | None, typer.Option(
        "--ray", help="Run on Ray: a bare --ray starts a local Ray, --ray ADDRESS joins one",
        metavar="[ADDRESS]")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Report folder (default balance-GAME); a rerun resumes it")] = None,
    fresh: bool = typer.Option(False, "--fresh", help="Discard the games already in --out"),
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable)")] = None,
    compare: Annotated[tuple[str, str] | None, typer.Option(
        "--compare", help="OLD NEW: two versions of one deck file, before and after an edit",
        metavar="OLD NEW")] = None,
    lineups: Annotated[tuple[str, str] | None, typer.Option(
        "--lineups", help="DECK_A DECK_B: solve Dice and Monsters' line-up game",
        metavar="A B")] = None,
    samples: int = typer.Option(
        20, "--samples", help="With --lineups: battles per pair of line-ups"),
    rounds: int = typer.Option(
        60, "--rounds", help="With --lineups: most double-oracle rounds (fewer: a quicker, "
                             "possibly unconverged answer, said so)"),
    lang: str = typer.Option("en", "--lang", help="en or ja: the report's and the terminal's "
                                                  "language / 表示言語"),
    until_decided: bool = typer.Option(
        False, "--until-decided", help="Play in looks until every card is flagged or shown "
                                       "within --smallest-effect, or --max-games is spent"),
    max_games: int = typer.Option(300, "--max-games", help="With --until-decided: the budget, "
                                                           "games per pairing"),
    step: int = typer.Option(50, "--step", help="With --until-decided: games a pairing "
                                                "between looks"),
    smallest_effect: float = typer.Option(
        10.0, "--smallest-effect", help="The smallest effect worth changing a card for, in "
                                        "win-rate points: a card whose interval lies within "
                                        "it is 'in line'; --until-decided plays until no card "
                                        "is undecided"),
    min_effect: float = typer.Option(  # effects.MIN_EFFECT in points (tested)
        1.0, "--min-effect", help="The smallest effect a flag asserts, in win-rate points: a "
                                  "card is flagged only when its effect is clearly beyond it"),
    restricted: bool = typer.Option(
        False, "--restricted", help="For each flagged card, what its deck loses when barred "
                                    "from playing it (restricted play)"),
    restricted_games: int = typer.Option(
        100, "--restricted-games", help="With --restricted: games a pairing to replay barred"),
    verify_fix: bool = typer.Option(
        False, "--verify-fix", help="Replay the study with each flagged card changed as its "
                                    "first suggested fix says"),
    also_agents: Annotated[list[str] | None, typer.Option(
        "--also-agents", help="The same study with agents of another skill: does each flag "
                              "hold there?")] = None,
) -> None:
    """Balance study: decks in a round robin, per-card metrics, a report. / バランス検証。

    Every deck meets every other with seats (and, with two agents, agents) traded; the report
    (report.html, report.json, PNG plots) goes to --out. Same seed, same report.json, whatever
    --workers or --ray.
    """
    from cardtable.cli.errors import check_lang

    check_lang(lang)
    err = Console(stderr=True)
    folder = out or Path(f"balance-{game}")
    try:
        with user_errors():
            if lineups is not None:
                _lineups(game, lineups, samples, seed, parse_options(option), folder, err,
                         rounds)
                return
            from cardtable.balance.metrics import build_report
            from cardtable.balance.report import write_report
            from cardtable.balance.study import make_study

            opts = parse_options(option)
            specs = agents or ["greedy"]
            if compare is not None:
                _compare(game, compare, decks, specs, games, seed, opts, workers, ray,
                         folder, fresh, err, lang)
                return
            if until_decided:
                from cardtable.balance.sequential import run_until_decided

                study = make_study(game, decks, specs, max_games, seed, opts)
                report, results = run_until_decided(
                    study, folder, step, smallest_effect / 100, workers, ray,
                    _lines(err, "until decided"), fresh, min_effect=min_effect / 100)
                study = replace(study, games=report["decided"]["games_per_pairing"])
            else:
                study = make_study(game, decks, specs, games, seed, opts)
                results = _run(study, folder, workers, ray, fresh, err)
                report = build_report(study, results, min_effect=min_effect / 100,
                                      smallest=smallest_effect / 100)
            _follow_up(study, results, report, folder, workers, err, restricted,
                       restricted_games, verify_fix, also_agents, decks, opts)
            write_report(report, folder, lang)
    except KeyboardInterrupt:
        raise fail(f"interrupted: the games played so far are kept in {folder}; "
                   "run the same command again to resume", code=130) from None
    _summary(report, folder, lang)


def _follow_up(study: Any, results: list[Any], report: dict[str, Any], folder: Path,
               workers: int, err: Console, restricted: bool, restricted_games: int,
               verify_fix: bool, also_agents: list[str] | None, decks: list[str] | None,
               opts: dict[str, Any]) -> None:
    """The studies a flag asks for: restricted play, the suggested fix, another skill."""
    if restricted:
        from cardtable.balance.effects import FDR
        from cardtable.balance.metrics import finish_cards
        from cardtable.balance.restricted import (
            flag_by_restriction,
            restricted_play,
            untestable,
        )

        # first the cards no regression can test (always played), flagged by restriction
        # alone; then every flagged card, each with what its deck loses barred from it
        barred = {name: restricted_play(study, results, name, folder, restricted_games,
                                        workers, _lines(err, f"restricted ({name})"))
                  for name in untestable(report)}
        flag_by_restriction(report, barred, FDR)
        finish_cards(report, study)
        for w in report.get("why") or []:
            w["restricted"] = barred.get(w["card"]) or restricted_play(
                study, results, w["card"], folder, restricted_games, workers,
                _lines(err, f"restricted ({w['card_en']})"))
    whys = report.get("why") or []
    if verify_fix:
        from cardtable.balance.followups import verify_fix as verify

        for w in whys:
            verify(study, results, w, folder, workers, _lines(err, f"fix ({w['card_en']})"))
    if also_agents:
        from cardtable.balance.followups import across_skill

        across_skill(study.game_id, decks, also_agents, study.games, study.seed, opts, report,
                     folder, workers, _lines(err, f"skill ({' vs '.join(also_agents)})"))


def _compare(game_id: str, files: tuple[str, str], decks: list[str] | None, specs: list[str],
             games: int, seed: int, opts: dict[str, Any], workers: int, ray: str | None,
             folder: Path, fresh: bool, err: Console, lang: str = "en") -> None:
    from cardtable.balance.compare import compare_studies, render_compare_html
    from cardtable.balance.metrics import build_report, dumps
    from cardtable.balance.report import write_report
    from cardtable.balance.study import make_study
    from cardtable.core import load_game

    game = load_game(game_id)
    edited = [game.load_deck(f) for f in files]
    names = {d.name for d in edited}
    # the same other decks, in the same order, before and after: the same seeds per game
    others = [d for d in decks if game.load_deck(d).name not in names] if decks else [
        n for n in game.deck_names() if game.load_deck(n).name not in names]
    studies, results, reports = [], [], []
    for tag, path in zip(("old", "new"), files, strict=True):
        study = make_study(game_id, [path, *others], specs, games, seed, opts)
        done = _run(study, folder / tag, workers, ray, fresh, err,
                    label=f"{tag} ({Path(path).name})")
        report = build_report(study, done)
        write_report(report, folder / tag, lang)
        studies.append(study)
        results.append(done)
        reports.append(report)
    cmp = compare_studies(studies[0], results[0], reports[0], studies[1], results[1],
                          reports[1])
    (folder / "compare.json").write_text(dumps(cmp), "utf-8")
    (folder / "compare.html").write_text(render_compare_html(cmp, lang), "utf-8")
    _compare_summary(cmp, files, folder, lang)


def _compare_summary(cmp: dict[str, Any], files: tuple[str, str], folder: Path,
                     lang: str) -> None:
    from cardtable.balance.compare import by_size, figure_name

    ja = lang == "ja"
    out = Console(highlight=False)
    ch = cmp["changes"]

    def card(e: dict[str, Any]) -> str:
        return str(e["card"] if ja else e["card_en"] or e["card"])

    out.print(f"{cmp['game']}: {files[0]} -> {files[1]}, "
              f"{cmp['paired_games']} {'試合を対で比較' if ja else 'paired games'}")
    for e in ch["added"]:
        out.print(f"  + {e['copies']} {card(e)}" + (" （追加）" if ja else "  (added)"))
    for e in ch["removed"]:
        out.print(f"  - {e['copies']} {card(e)}" + (" （削除）" if ja else "  (removed)"))
    for e in ch["copies"]:
        out.print(f"  ~ {card(e)}: {e['old']} -> {e['new']}")
    for e in ch["redefined"]:
        out.print(f"  ~ {card(e)}: " + ("定義を変更" if ja else "redefined"))
    flagged = [f for f in by_size(cmp["figures"]) if f["flagged"]]
    title = (f"偽発見率 {cmp['fdr']} で検出された変化" if ja else
             f"changes flagged (Benjamini–Hochberg, false discovery rate {cmp['fdr']})")
    table = Table(title=title)
    for col in (("項目", "前", "後", "変化（点）", "95% 区間") if ja else
                ("figure", "before", "after", "change (pts)", "95% interval")):
        table.add_column(col, justify="left" if col in ("figure", "項目") else "right")
    for f in flagged:
        table.add_row(figure_name(f, lang), _pct(f["old"]), _pct(f["new"]),
                      f"{100 * f['change']:+.1f}",
                      f"[{100 * f['ci95'][0]:+.1f}, {100 * f['ci95'][1]:+.1f}]")
    out.print(table if flagged else ("ノイズを超える変化はありません" if ja
                                     else "no change passes the false discovery rate"))
    out.print(f"{'レポート' if ja else 'report'}: {folder / 'compare.html'} "
              f"({'数字' if ja else 'figures'}: {folder / 'compare.json'}; "
              f"{folder / 'old'}, {folder / 'new'})")


def _lineups(game_id: str, decks: tuple[str, str], samples: int, seed: int,
             options: dict[str, Any], folder: Path, err: Console, rounds: int) -> None:
    from cardtable.balance.lineups import lineup_game, render_lineups

    if err.is_terminal:
        with progress_bar(err, "balance") as bar:
            task = bar.add_task("battles", total=None)
            result = lineup_game(game_id, decks, samples, seed,
                                 progress=lambda d, t: bar.update(task, completed=d, total=t),
                                 options=options, max_rounds=rounds)
    else:
        result = lineup_game(game_id, decks, samples, seed, options=options, max_rounds=rounds)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "lineups.json").write_text(json.dumps(result, ensure_ascii=False, indent=1)
                                         + "\n", "utf-8")
    Console(highlight=False).print(render_lineups(result))
    Console(highlight=False).print(f"figures: {folder / 'lineups.json'}")


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``balance`` to the app."""
    app.command("balance")(balance)
