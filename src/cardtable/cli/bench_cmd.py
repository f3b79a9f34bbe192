"""``cardtable bench``: how fast the rules core plays random games and clones states.

The measuring lives in ``cardtable.sim.bench``; this module only prints it, as a small table
or as one JSON object for scripts that track the figures across commits.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cardtable.cli.errors import user_errors
from cardtable.cli.options import (
    MAX_SEARCH,
    MAX_SECONDS,
    MAX_SEED,
    MIN_SECONDS,
    check_range,
    parse_options,
)
from cardtable.sim.bench import bench as run_bench


def bench(
    game: str = typer.Argument(..., help="Game id, e.g. draws-troidal / ゲームID"),
    seconds: float = typer.Option(5.0, "--seconds", "-s", help=f"Time for random playouts, "
                                  f"{MIN_SECONDS:g} to {MAX_SECONDS:g}"),
    seed: int = typer.Option(0, "--seed", help="Seed of the random games, 0 to 2^63-1"),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as one JSON object"),
    search: int = typer.Option(
        0, "--search",
        help=f"Also time the mcts agent at this many iterations per decision "
             f"(0 to {MAX_SEARCH:,})"),
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable) / ゲーム設定")] = None,
) -> None:
    """Benchmark random playouts and state clones on one core. / 速度測定。"""
    err = Console(stderr=True)
    with user_errors():
        check_range("--seconds", seconds, MIN_SECONDS, MAX_SECONDS)
        check_range("--seed", seed, 0, MAX_SEED)
        check_range("--search", search, 0, MAX_SEARCH)
        options = parse_options(option)
        what = f"random playouts for {seconds:g} s, then clone timing"
        if search:
            what += f", then mcts at {search} iterations"
        if err.is_terminal:
            with err.status(what + "…"):
                result = run_bench(game, seconds, seed, options=options, search_iters=search)
        else:
            result = run_bench(game, seconds, seed, options=options, search_iters=search)
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    table = Table(title=f"{result['game']} (random playouts)",
                  caption=f"{result['implementation']} {result['python']}, "
                          f"{'compiled build' if result['compiled'] else 'pure Python'}, "
                          f"seed {seed}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games", f"{result['games']:,}")
    table.add_row("seconds (CPU)", f"{result['seconds']:.2f} ({result['cpu_seconds']:.2f})")
    table.add_row("games/s", f"{result['games_per_s']:,.0f}")
    table.add_row("steps/s", f"{result['steps_per_s']:,.0f}")
    table.add_row("mean steps per game", f"{result['mean_steps']:.1f}")
    table.add_row("state.clone()", f"{result['clone_us']:.2f} µs")
    table.add_row("cards in the game", f"{result['cards_in_game']:g}")
    if "search_iters_per_s" in result:
        table.add_row(f"mcts iterations/s ({result['search_decisions']} decisions)",
                      f"{result['search_iters_per_s']:,.0f}")
    Console(highlight=False).print(table)


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``bench`` to the app."""
    app.command("bench")(bench)
