"""``cardtable ladder GAME``: a round robin of the levels and the baselines, fitted to ratings.

The work lives in ``cardtable.sim.ladder``; this module parses the arguments, draws the
progress and writes the table and the data file the lobby and ``play --vs`` read.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cardtable.cli.errors import user_errors
from cardtable.core import load_game
from cardtable.sim.ladder import DEFAULT_AGENTS, ladder_file, markdown, run_ladder


def ladder(
    game: str = typer.Argument(..., help="Game id, e.g. draws-troidal / ゲームID"),
    games: int = typer.Option(40, "--games", "-n", help="Games a pairing (seats alternate, "
                              "decks traded)"),
    agents: Annotated[list[str] | None, typer.Option(
        "--agent", "-a",
        help="An agent spec of the round robin (repeatable; default the five levels, random, "
             "greedy and mcts)")] = None,
    seed: int = typer.Option(1, "--seed", help="Seed of the whole ladder"),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes"),
    out: str = typer.Option("ladder-out", "--out", "-o",
                            help="Folder of each pairing's result (a stopped ladder resumes)"),
    table: str | None = typer.Option(None, "--table", help="Write the tables (markdown) here"),
    save: bool = typer.Option(False, "--save", help="Write the ratings into the game's folder "
                              "(ladder.json: the lobby and --vs show them)"),
    preliminary: bool = typer.Option(True, "--preliminary/--final",
                                     help="Mark saved ratings as preliminary (small samples)"),
) -> None:
    """Rate the levels in a round robin. / 強さの段階をリーグ戦で評価。"""
    err = Console(stderr=True, highlight=False)
    command = "cardtable ladder " + " ".join(shlex.quote(a) for a in sys.argv[2:])
    with user_errors():
        load_game(game)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err, disable=not err.is_terminal) as bar:
            task = bar.add_task("pairings", total=None)

            def progress(label: str, k: int, pairs: int, done: int, total: int) -> None:
                bar.update(task, description=f"pairing {k + 1}/{pairs}: {label}",
                           completed=done, total=total)

            result = run_ladder(game, agents or DEFAULT_AGENTS, games, seed, workers, Path(out),
                                progress)
    text = markdown(result, command)
    typer.echo(text)
    if table is not None:
        Path(table).write_text(text, "utf-8")
    if save:
        from cardtable.agents.levels import ladder_path

        path = ladder_path(game)
        path.write_text(json.dumps(ladder_file(result, command, preliminary), indent=1,
                                   ensure_ascii=False) + "\n", "utf-8")
        err.print(f"ratings saved to {path}")


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``ladder`` to the app."""
    app.command("ladder")(ladder)
