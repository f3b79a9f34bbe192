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
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cardtable.cli.errors import fail, user_errors
from cardtable.cli.options import parse_options

VARIADIC = ("--decks", "--agents")


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


def _bar(err: Console, total_hint: int | None = None) -> Progress:
    return Progress(TextColumn("[bold]balance[/bold]"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TimeRemainingColumn(), console=err, transient=True)


def _run(study: Any, folder: Path, workers: int, ray: str | None, fresh: bool,
         err: Console) -> list[Any]:
    from cardtable.balance.study import run_study

    if not err.is_terminal:
        return run_study(study, folder, workers, ray, fresh=fresh)
    with _bar(err) as bar:
        task = bar.add_task("games", total=study.total)
        return run_study(study, folder, workers, ray, fresh=fresh,
                         progress=lambda done, total: bar.update(task, completed=done,
                                                                 total=total))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _summary(report: dict[str, Any], folder: Path) -> None:
    out = Console(highlight=False)
    table = Table(title=f"{report['game']}: {report['games']} games, "
                        f"{' vs '.join(report['agents'])}, seed {report['seed']}")
    table.add_column("deck")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("games", justify="right")
    for d in report["deck_win_rates"]:
        table.add_row(d["deck"], _pct(d["rate"]), f"{_pct(d['ci95'][0])} – "
                      f"{_pct(d['ci95'][1])}", str(d["n"]))
    out.print(table)
    fp = report["first_player"]["first_player_wins"]
    out.print(f"first player won {_pct(fp['rate'])} [{_pct(fp['ci95'][0])}, "
              f"{_pct(fp['ci95'][1])}] of {fp['n']}; mean length "
              f"{report['game_length']['mean_turns']:.1f} turns")
    flagged = [c for c in report["cards"] if c["flag"]]
    if flagged:
        for c in flagged:
            vs = c["vs_rest"]
            out.print(f"flagged {c['flag']}: {c['card']} ({c['card_en']}): win rate "
                      f"{vs['basis']} vs not, within its decks, "
                      f"{100 * c['within_deck']['diff']:+.1f} pts "
                      f"({100 * vs['diff']:+.1f} beyond the other cards')")
    elif not report["card_facts"]:
        out.print("this game reports no card facts yet (Game.card_facts): no per-card figures")
    else:
        out.print("no card flagged")
    out.print(f"report: {folder / 'report.html'} (figures: {folder / 'report.json'})")


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
) -> None:
    """Balance study: decks in a round robin, per-card metrics, a report. / バランス検証。

    Every deck meets every other with seats (and, with two agents, agents) traded; the report
    (report.html, report.json, PNG plots) goes to --out. Same seed, same report.json, whatever
    --workers or --ray.
    """
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
                         folder, fresh, err)
                return
            study = make_study(game, decks, specs, games, seed, opts)
            results = _run(study, folder, workers, ray, fresh, err)
            report = build_report(study, results)
            write_report(report, folder)
    except KeyboardInterrupt:
        raise fail(f"interrupted: the games played so far are kept in {folder}; "
                   "run the same command again to resume", code=130) from None
    _summary(report, folder)


def _compare(game_id: str, files: tuple[str, str], decks: list[str] | None, specs: list[str],
             games: int, seed: int, opts: dict[str, Any], workers: int, ray: str | None,
             folder: Path, fresh: bool, err: Console) -> None:
    from cardtable.balance.compare import compare_reports, render_compare_html
    from cardtable.balance.metrics import build_report, dumps
    from cardtable.balance.report import write_report
    from cardtable.balance.study import make_study
    from cardtable.core import load_game

    game = load_game(game_id)
    edited = [game.load_deck(f) for f in files]
    others = decks if decks else [n for n in game.deck_names()
                                  if game.load_deck(n).name not in {d.name for d in edited}]
    reports = []
    for tag, path in zip(("old", "new"), files, strict=True):
        study = make_study(game_id, [path, *others], specs, games, seed, opts)
        err.print(f"{tag}: {path}")
        results = _run(study, folder / tag, workers, ray, fresh, err)
        report = build_report(study, results)
        write_report(report, folder / tag)
        reports.append(report)
    cmp = compare_reports(reports[0], reports[1])
    (folder / "compare.json").write_text(dumps(cmp), "utf-8")
    (folder / "compare.html").write_text(render_compare_html(cmp), "utf-8")
    out = Console(highlight=False)
    table = Table(title=f"{game_id}: {files[0]} -> {files[1]}, changes beyond the noise")
    for col in ("figure", "before", "after", "change (pts)"):
        table.add_column(col, justify="left" if col == "figure" else "right")
    for f in cmp["figures"]:
        if f["beyond_noise"]:
            table.add_row(f["figure"], _pct(f["old"]), _pct(f["new"]),
                          f"{100 * f['change']:+.1f}")
    out.print(table if cmp["beyond_noise"] else "no change exceeds the noise")
    out.print(f"report: {folder / 'compare.html'} (figures: {folder / 'compare.json'}; "
              f"each study in {folder / 'old'} and {folder / 'new'})")


def _lineups(game_id: str, decks: tuple[str, str], samples: int, seed: int,
             options: dict[str, Any], folder: Path, err: Console, rounds: int) -> None:
    from cardtable.balance.lineups import lineup_game, render_lineups

    if err.is_terminal:
        with _bar(err) as bar:
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
