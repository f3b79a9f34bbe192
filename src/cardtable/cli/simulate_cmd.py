"""``cardtable simulate``: many games between two agents, summarised with confidence intervals.

The batch itself runs in ``cardtable.sim.simulate`` (no terminal code there, so worker
processes never import rich); this module only parses arguments, draws the progress bar on
stderr and prints the summary, as a table or as one JSON object on stdout.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from cardtable.cli.errors import user_errors
from cardtable.cli.i18n import command_name
from cardtable.cli.options import (
    MAX_GAMES,
    MAX_SEED,
    MAX_WORKERS,
    check_range,
    parse_options,
)
from cardtable.cli.progress import progress_bar
from cardtable.sim.simulate import Interrupted
from cardtable.sim.simulate import simulate as run_simulation
from cardtable.sim.stats import wilson


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _split(entry: dict[str, Any]) -> str:
    return f"{entry['wins']}/{entry['games']} ({_pct(entry['win_rate'])})"


def summary_table(summary: dict[str, Any]) -> Table:
    """The summary as a rich table: a column per agent and one for the whole batch.

    Agents are columns rather than rows so the table fits an 80-column terminal.
    """
    n = summary["games"]
    a, b = summary["agents"]
    seats = summary["seats"]
    wins = summary["wins"]
    first = seats["first_seat_wins"]
    second = wins[0] + wins[1] - first
    table = Table(title=f"{summary['game']}: {a} vs {b}, {n} games, seed {summary['seed']}")
    table.add_column("")
    table.add_column(f"A: {a}", justify="right")
    table.add_column(f"B: {b}", justify="right")
    table.add_column("all games", justify="right")
    table.add_row("deck", *summary["decks"], "")
    table.add_row("wins", *(f"{w} ({_pct(w / n)})" for w in wins),
                  f"{summary['draws']} draws ({_pct(summary['draws'] / n)})")
    intervals = [tuple(summary["ci95"]), wilson(wins[1], n)]
    table.add_row("95% CI (Wilson)", *(f"{_pct(lo)} – {_pct(hi)}" for lo, hi in intervals), "")
    table.add_row("as seat 1", _split(seats["a_first"]), _split(seats["b_first"]),
                  f"{first}/{n} ({_pct(first / n)})")
    table.add_row("as seat 2", _split(seats["a_second"]), _split(seats["b_second"]),
                  f"{second}/{n} ({_pct(second / n)})")
    for entry in summary.get("a_by_deck", []):
        table.add_row(f"A with {entry['deck']}", _split(entry), "", "")
    table.add_row("mean turns", "", "", f"{summary['mean_turns']:.2f}")
    return table


def simulate(
    game: str = typer.Argument(..., help="Game id, e.g. draws-troidal / ゲームID"),
    games: int = typer.Option(1000, "--games", "-n",
                              help=f"Number of games, 1 to {MAX_GAMES:,} / 対戦数"),
    seed: int = typer.Option(0, "--seed", help="Master seed, 0 to 2^63-1; game i uses a seed "
                                                "derived from it"),
    agents: tuple[str, str] = typer.Option(
        ("greedy", "random"), "--agents",
        help="Two agent specs A B, e.g. --agents greedy random or mcts:iters=2000 random",
    ),
    workers: int = typer.Option(1, "--workers", "-w",
                                help=f"Worker processes, 1 to twice the number of cores "
                                     f"({MAX_WORKERS} here) / プロセス数"),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object"),
    save_dir: Annotated[Path | None, typer.Option(
        "--save-dir", help="Write one replayable record per game into this directory")] = None,
    deck: str | None = typer.Option(None, "--deck", help="Agent A's deck (name or file)"),
    opponent_deck: str | None = typer.Option(
        None, "--opponent-deck", help="Agent B's deck (name or file)"),
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable) / ゲーム設定")] = None,
    swap_decks: bool = typer.Option(
        False, "--swap-decks",
        help="Agents also trade decks every second pair of games / デッキも交互に交換"),
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Start every game from this scenario file (game i reseeded) / "
        "局面ファイルから開始")] = None,
    resume: bool = typer.Option(
        False, "--resume",
        help="Read back the games already recorded in --save-dir instead of playing them again "
             "(a stopped batch goes on where it stopped) / 中断した集計の再開"),
) -> None:
    """Play many games between agents A and B and summarise them. / 自動対戦の集計。

    Seats alternate and each agent keeps its deck (with --swap-decks the agents also trade decks
    every second pair of games); any --workers gives the same summary.
    """
    err = Console(stderr=True)
    decks = [deck, opponent_deck] if deck or opponent_deck else None
    start = time.perf_counter()
    summary: dict[str, Any] | None = None
    interrupted = False
    try:
        with user_errors():
            check_range("--games", games, 1, MAX_GAMES)
            check_range("--seed", seed, 0, MAX_SEED)
            check_range("--workers", workers, 1, MAX_WORKERS, "twice the cores of this machine")
            kwargs: dict[str, Any] = {"workers": workers, "decks": decks, "save_dir": save_dir,
                                      "options": parse_options(option),
                                      "swap_decks": swap_decks, "scenario": scenario,
                                      "resume": resume}
            if err.is_terminal:
                with progress_bar(err, "simulating") as bar:
                    task = bar.add_task("games", total=games)
                    summary = run_simulation(
                        game, games, seed, agents,
                        progress=lambda done, _total, _played: bar.update(task, completed=done),
                        **kwargs)
            else:
                summary = run_simulation(game, games, seed, agents,
                                         progress=ProgressLines(err, start), **kwargs)
    except Interrupted as stop:
        summary, interrupted = stop.summary, True
        done = len(stop.outcomes)
        err.print(f"interrupted after {done} of {games} games"
                  + (f"; their records are in {save_dir}" if save_dir and done else ""),
                  style="yellow", highlight=False)
        if summary is None:
            raise typer.Exit(130) from None
    elapsed = time.perf_counter() - start
    assert summary is not None
    if as_json:
        typer.echo(json.dumps(summary | ({"interrupted": True} if interrupted else {}),
                              ensure_ascii=False))
    else:
        out = Console(highlight=False)
        out.print(summary_table(summary))
        out.print(f"elapsed {elapsed:.2f} s · {summary['games'] / elapsed:.1f} games/s "
                  f"· {workers} worker{'s' if workers != 1 else ''}")
        if save_dir is not None:
            out.print(f"records: {save_dir}/game-*.json (check one with: {command_name()} "
                      "replay FILE)")
    if interrupted:
        raise typer.Exit(130)


class ProgressLines:
    """Progress as a plain line on stderr every ``PERIOD`` seconds, for logs and pipes.

    A bar redraws in place, which a file or a CI log cannot show; a line now and then tells a
    reader of the log that the batch is alive and when it should end. The time left is judged
    from the games played since the last read-back one: a resumed batch reads hundreds of
    records in seconds, and counting those would promise an end hours too early.
    """

    PERIOD = 10.0

    def __init__(self, console: Console, start: float,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.console = console
        self.start = start
        self.last = start
        self.clock = clock
        self.fresh_since = start  # when the games played now (not read back) began
        self.read_back = 0

    def __call__(self, done: int, total: int, played: int) -> None:
        now = self.clock()
        if played == 0:
            self.fresh_since = now
        self.read_back = done - played
        if now - self.last < self.PERIOD and done < total:
            return
        self.last = now
        elapsed = now - self.start
        back = f" ({self.read_back} read back)" if self.read_back else ""
        line = f"simulating: {done}/{total} games{back}, {elapsed:.0f} s elapsed"
        if played:
            left = (now - self.fresh_since) / played * (total - done)
            line += f", about {left:.0f} s left"
        self.console.print(line, highlight=False)


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``simulate`` to the app."""
    app.command("simulate")(simulate)
