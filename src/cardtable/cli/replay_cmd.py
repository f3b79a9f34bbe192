"""``cardtable replay``: prove that a saved game reproduces step by step.

A record stores a digest of the state after every action, so a failed replay names the first
step that went wrong; that is what a player reporting a bug or a researcher auditing a
simulation needs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from cardtable.cli.errors import check_lang, fail, user_errors
from cardtable.cli.i18n import reason_text, t
from cardtable.cli.render import renderer_for
from cardtable.core import CardtableError, GameRecord, load_game, replay
from cardtable.core.record import start_state

FAILED = 1


def _load(path: Path, lang: str) -> GameRecord:
    """The record, or its every problem (``FILE: field ...``) and exit 1.

    Only ``CardtableError`` is caught: the record loader checks every field, so anything else
    would be a bug and should surface as one.
    """
    try:
        return GameRecord.load(path)
    except CardtableError as exc:
        message = str(exc)
        if not message.startswith(str(path)):
            message = t("replay_unreadable", lang, path=str(path), message=message)
    _say(message, "red")
    raise typer.Exit(FAILED)


def _say(message: str, style: str) -> None:
    Console(highlight=False).print(Text(message, style=style))


def replay_command(
    file: str = typer.Argument(..., metavar="FILE", help="a record saved by `cardtable play`"),
    lang: str = typer.Option("en", "--lang", help="en or ja / 表示言語"),
    show: bool = typer.Option(False, "--show", help="step through the game with its log / "
                              "ログを表示しながら再生する"),
    seat: int | None = typer.Option(None, "--seat", min=1, max=2, help="with --show: see the "
                                    "game as seat 1 or 2 saw it (default: the referee, who "
                                    "sees everything)"),
    scenario_at: int | None = typer.Option(
        None, "--scenario-at", metavar="STEP", help="write the position after STEP actions (0: "
        "the start) as a scenario file instead / その時点の局面を書き出す"),
    out: str | None = typer.Option(None, "--out", "-o",
                                   help="where --scenario-at writes (default: the screen)"),
    round_: int | None = typer.Option(
        None, "--round", metavar="R", help="with --scenario-at: the board at the start of round "
        "R of the battle that step STEP+1 starts (Dice and Monsters)"),
) -> None:
    """Check that a saved game reproduces exactly; --show steps through it.
    / 記録が再現できるか確認する。--show で再生する。"""
    check_lang(lang)
    path = Path(file)
    record = _load(path, lang)
    if scenario_at is not None:
        _write_scenario(record, scenario_at, out, lang, round_)
        return
    if show:
        show_record(record, seat - 1 if seat is not None else None, lang)
    try:
        report = replay(record)
    except CardtableError as exc:  # an unknown game, a card the game cannot read
        _say(t("replay_unreadable", lang, path=file, message=str(exc)), "red")
        raise typer.Exit(FAILED) from None
    if report.ok:
        _say(t("replay_ok", lang, path=file, message=report.message, steps=report.steps),
             "green")
        return
    _say(t("replay_bad", lang, path=file, message=report.message), "red")
    raise typer.Exit(FAILED)


def show_record(record: GameRecord, seat: int | None, lang: str) -> None:
    """Print the game step by step as ``seat`` saw it (None: the referee's full log).

    At a terminal it waits after each decision (Enter: next, a: all the rest, q: stop); piped,
    it prints the whole game. Only ``events(seat)`` and ``view(seat)`` reach the screen, so a
    seat's replay shows no more than that seat knew.
    """
    console = Console(highlight=False)
    try:
        game = load_game(record.game)
        state = start_state(record)  # a new game, or the scenario the record began from
    except CardtableError as exc:
        _say(t("replay_unreadable", lang, path="", message=str(exc)), "red")
        raise typer.Exit(FAILED) from None
    renderer = renderer_for(game.id)
    me = 0 if seat is None else seat
    step_by_step = sys.stdin.isatty() and console.is_terminal
    who = t("show_referee", lang) if seat is None else t("show_seat", lang, seat=seat + 1)
    title = game.title_ja if lang == "ja" else game.title
    console.print(Text(t("show_head", lang, game=title, seed=record.seed, who=who,
                         steps=len(record.actions)), style="bold"))
    mark = 0
    for i, action in enumerate([*record.actions, None], start=1):
        evs = state.events(seat, since=mark)
        mark = len(state.log)
        if evs:
            for line in renderer.events(evs, state.view(me), seat, lang):
                console.print(line)
        if action is None or state.is_terminal():
            break
        decider = state.current_player()
        if seat is None or decider == seat:  # another seat's choice shows only by its events
            label = state.action_label(action, lang)
            console.print(Text(t("show_step", lang, step=i, player=decider + 1, choice=label),
                               style="bold green" if decider == me else "bold red"))
        try:
            state.apply(action)
        except CardtableError as exc:
            _say(t("replay_bad", lang, path="", message=f"step {i}: {exc}"), "red")
            raise typer.Exit(FAILED) from None
        if step_by_step:
            answer = input(t("show_prompt", lang)).strip().casefold()
            if answer in ("q", "quit"):
                return
            if answer in ("a", "all"):
                step_by_step = False
    result = state.result()
    if result is None:
        console.print(Text(t("result_unfinished", lang, turns=state.turn), style="bold"))
    else:
        winner = result.get("winner")
        key = "show_draw" if result.get("draw") else "show_winner"
        console.print(Text(t(key, lang, player=(winner or 0) + 1,
                             reason=reason_text(str(result.get("reason", "")), lang),
                             turns=result.get("turns")), style="bold"))


def _write_scenario(record: GameRecord, step: int, out: str | None, lang: str,
                    round_: int | None = None) -> None:
    """Cut a record at ``step`` into a scenario file, so a game becomes a puzzle; with
    ``round_``, inside the automatic part the next action runs (a battle's round)."""
    with user_errors(lang):
        if not 0 <= step <= len(record.actions):
            raise CardtableError(f"--scenario-at: the record has steps 0 to "
                                 f"{len(record.actions)}, not {step}")
        state = start_state(record)
        for action in record.actions[:step]:
            state.apply(action)
        if round_ is None:
            text = state.game.scenario_text(state)
        elif step == len(record.actions):
            raise CardtableError("--round: no action follows the last step")
        else:
            text = state.game.scenario_text_within(state, record.actions[step], round_)
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        Path(out).write_text(text, "utf-8")
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror}", lang, code=FAILED) from None
    _say(f"{out}: step {step} of {file_name(record)} written as a scenario", "green")


def file_name(record: GameRecord) -> str:
    return f"{record.game} seed {record.seed}"


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``replay`` to the app."""
    app.command("replay")(replay_command)
