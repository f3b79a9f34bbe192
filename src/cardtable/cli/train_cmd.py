"""``cardtable train GAME``: learn a game's value and prior by self-play (the ``train`` extra).

The work lives in ``cardtable.train.run``; this module parses the arguments, draws a progress
bar and says how to install the extra when JAX is missing.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cardtable.cli.errors import fail, user_errors

STAGES = {"games": "self-play games", "fit": "epochs", "eval": "evaluation"}


def train(
    game: str = typer.Argument(..., help="Game id, e.g. draws-troidal / ゲームID"),
    generations: int = typer.Option(4, "--generations", "-g", help="Self-play generations"),
    games: int = typer.Option(400, "--games", "-n", help="Self-play games a generation"),
    epochs: int = typer.Option(4, "--epochs", help="Passes over the replay window a generation"),
    rows: int = typer.Option(16, "--rows", help="Decisions drawn from each game"),
    hidden: int = typer.Option(64, "--hidden", help="Units of the hidden layer"),
    lr: float = typer.Option(1e-3, "--lr", help="Adam's learning rate"),
    seed: int = typer.Option(1, "--seed", help="Seed of the whole run"),
    workers: int = typer.Option(1, "--workers", "-w", help="Self-play processes"),
    eval_games: int = typer.Option(
        20, "--eval-games", help="Games of each generation's prior against greedy and the last"),
    out: str = typer.Option("train-out", "--out", "-o",
                            help="Folder of checkpoints, weights and the report"),
    resume: bool = typer.Option(False, "--resume", help="Go on from the checkpoint in --out"),
    ship: bool = typer.Option(False, "--ship",
                              help="Also write the final weights into the game's folder"),
    weights: str | None = typer.Option(None, "--weights",
                                       help="Also write the final weights to this file"),
    ray: str | None = typer.Option(
        None, "--ray", help="Self-play on Ray: 'local' (a Ray of --workers CPUs here) or a "
                            "cluster's address (the balance extra installs Ray)"),
) -> None:
    """Learn a value and a prior by self-play. / 自己対戦で評価と方策を学習。"""
    try:
        from cardtable.train.run import TrainConfig
        from cardtable.train.run import train as run_train
    except ImportError as exc:
        raise fail(f"training needs the train extra ({exc.name} is missing): "
                   f"pip install 'cardtable[train]'") from None
    err = Console(stderr=True, highlight=False)
    target = "ship" if ship else weights
    with user_errors():
        cfg = TrainConfig(game=game, generations=generations, games=games, epochs=epochs,
                          rows=rows, hidden=hidden, lr=lr, seed=seed, workers=workers,
                          eval_games=eval_games, out=out, weights=target, ray=ray)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err, disable=not err.is_terminal) as bar:
            tasks: dict[str, int] = {}

            def progress(stage: str, done: int, total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(STAGES[stage], total=total)
                bar.update(tasks[stage], completed=done, total=total)

            report = run_train(cfg, resume=resume, progress=progress,
                               log=lambda line: bar.console.print(line))
    err.print(f"report: {out}/report.md ({len(report.generations)} generations)")


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``train`` to the app."""
    app.command("train")(train)
