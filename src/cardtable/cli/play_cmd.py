"""``cardtable play``: one game at the terminal against an agent.

Choices are read a line at a time from standard input, so a pipe or a test can drive a whole
game exactly as a person would. Whatever way the game stops (the end, ``q``, end of input,
Ctrl-C) the record is saved, so nothing played is lost and every game can be replayed.

Only ``state.view(seat)`` and ``state.events(seat)`` reach the screen: the human never sees
more than the rules let that seat know.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TextIO

import typer
from rich.console import Console
from rich.text import Text

from cardtable.agents import Agent, make_agent
from cardtable.cli.errors import USAGE_EXIT, check_lang, fail, user_errors
from cardtable.cli.i18n import outcome_key, reason_text, t
from cardtable.cli.options import MAX_SEED, check_range
from cardtable.cli.render import Renderer, renderer_for
from cardtable.core import (
    CardtableError,
    Deck,
    Game,
    State,
    derive_seed,
    load_game,
    make_record,
)
from cardtable.core.scenario import load_scenario

QUIT_WORDS = ("q", "quit")
#: how a session ended
OVER, EOF, QUIT, INTERRUPT, FAILED = "over", "eof", "quit", "interrupt", "failed"


class Stop(Exception):
    """The human stopped the game (end of input or quit) in the middle of a choice."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


class LineInput:
    """Reads one answer per line; echoes it when piped so a transcript reads like a session."""

    def __init__(self, console: Console, stream: TextIO) -> None:
        self.console = console
        self.stream = stream
        try:
            self.echo = not stream.isatty()
        except (AttributeError, ValueError):
            self.echo = True

    def __call__(self, prompt: str) -> str:
        self.console.print(Text(prompt), end="")
        self.console.file.flush()
        line = self.stream.readline()
        if not line:
            self.console.print()
            raise Stop(EOF)
        text = line.strip()
        if self.echo:
            self.console.print(Text(text))
        if text.casefold() in QUIT_WORDS:
            raise Stop(QUIT)
        return text


Ask = Callable[[str], str]


def choose(state: State, lang: str, ask: Ask, say: Callable[[str], None]) -> int:
    """Ask for one legal action, one part of its ``action_path`` at a time.

    At each level the distinct next parts among the legal actions that match what was chosen so
    far are offered; a level with a single option is taken automatically, and ``0`` undoes the
    last part the human picked (with any automatic parts after it).
    """
    legal = list(state.legal_actions())
    paths = {code: tuple(state.action_path(code, lang)) for code in legal}
    prefix: list[str] = []
    manual: list[bool] = []
    while True:
        depth = len(prefix)
        matching = [c for c in legal if paths[c][:depth] == tuple(prefix)]
        finished = [c for c in matching if len(paths[c]) == depth]
        if finished and len(finished) == len(matching):
            return finished[0]
        options: list[str | None] = [None] if finished else []
        for code in matching:
            if len(paths[code]) > depth and paths[code][depth] not in options:
                options.append(paths[code][depth])
        if len(options) == 1:
            only = options[0]
            say(t("auto", lang, choice=t("finish_here", lang) if only is None else only))
            if only is None:
                return finished[0]
            prefix.append(only)
            manual.append(False)
            continue
        if prefix:
            say(t("so_far", lang, parts=" / ".join(prefix)))
        for i, option in enumerate(options, start=1):
            say(f"{i:>3}. {t('finish_here', lang) if option is None else option}")
        can_back = any(manual)
        back = t("prompt_back", lang) if can_back else ""
        answer = ask(t("prompt", lang, n=len(options), back=back))
        if answer == "0":
            if not can_back:
                say(t("nothing_back", lang))
                continue
            while not manual[-1]:
                prefix.pop()
                manual.pop()
            prefix.pop()
            manual.pop()
            say(t("went_back", lang))
            continue
        pick = int(answer) if answer.isdigit() else 0
        if not 1 <= pick <= len(options):
            hint = t("invalid_back", lang) if can_back else ""
            say(t("invalid", lang, text=answer, n=len(options), back=hint))
            continue
        chosen = options[pick - 1]
        if chosen is None:
            return finished[0]
        prefix.append(chosen)
        manual.append(True)


@dataclass
class Session:
    """One game between the human in ``seat`` and ``agent``, drawn on ``console``."""

    game: Game
    state: State
    agent: Agent
    seat: int
    lang: str
    console: Console
    renderer: Renderer
    ask: Ask
    mark: int = 0  # index in the raw event log up to which events have been shown
    #: the position the game started from when it is a scenario's (kept in the record)
    start: State | None = None
    #: the human's own "auto-pass until something happens to me" setting (never game state)
    auto_pass: bool = False

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def show_events(self) -> None:
        new = self.state.events(self.seat, since=self.mark)
        self.mark = len(self.state.log)
        if not new:
            return
        view = self.state.view(self.seat)
        for line in self.renderer.events(new, view, self.seat, self.lang):
            self.console.print(line)

    def human_move(self) -> int:
        state = self.state
        if self.auto_pass and self.renderer.auto_pass is not None:
            code = self.renderer.auto_pass(state.view(self.seat), state.legal_actions())
            if code is not None:
                self.say(t("chosen", self.lang, choice=state.action_label(code, self.lang))
                         + " (auto)", style="dim")
                return code
        if len(state.legal_actions()) > 1:
            view = state.view(self.seat)
            self.console.print(self.renderer.board(view, self.lang))
            self.say(self.renderer.question(view, self.lang), style="bold")
        code = choose(state, self.lang, self.ask, self.say)
        self.say(t("chosen", self.lang, choice=state.action_label(code, self.lang)),
                 style="bold green")
        return code

    def agent_move(self, seat: int) -> int:
        state = self.state
        view = state.view(seat) if self.agent.needs_view else None
        legal = state.legal_actions()
        if not self.console.is_terminal or len(legal) == 1:
            return self.agent.act(self.game, view, legal)
        # A search can take its whole budget; show that the table is not frozen.
        with self.console.status(t("thinking", self.lang, agent=self.agent.spec())):
            return self.agent.act(self.game, view, legal)

    def run(self) -> str:
        """Play until the game ends or the human stops; returns how it ended."""
        state = self.state
        try:
            while not state.is_terminal():
                self.show_events()
                seat = state.current_player()
                code = self.human_move() if seat == self.seat else self.agent_move(seat)
                state.apply(code)
            self.show_events()
        except Stop as stop:
            return stop.how
        except KeyboardInterrupt:
            self.console.print()
            return INTERRUPT
        except CardtableError as exc:  # e.g. an agent with no policy for this game
            self.say(t("error", self.lang, message=str(exc)), style="red")
            return FAILED
        return OVER


def record_path(directory: Path, game_id: str, seed: int, finished: bool) -> Path:
    """A fresh file name that sorts by time and says the seed (and if the game is unfinished)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = f"{game_id}-{stamp}-seed{seed}" + ("" if finished else "-unfinished")
    path = directory / f"{stem}.json"
    n = 2
    while path.exists():
        path = directory / f"{stem}-{n}.json"
        n += 1
    return path


def _deck_label(deck: Deck, lang: str) -> str:
    return deck.name if lang == "ja" or not deck.name_en else f"{deck.name} / {deck.name_en}"


def _decks(game: Game, seat: int, deck: str | None, opponent_deck: str | None) -> list[Deck]:
    defaults = game.default_decks()
    mine = game.load_deck(deck) if deck else defaults[0]
    theirs = game.load_deck(opponent_deck) if opponent_deck else defaults[1]
    return [mine, theirs] if seat == 0 else [theirs, mine]


def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `cardtable games`)"),
    vs: str = typer.Option("greedy", "--vs", help="the opponent agent: random, greedy, mcts "
                             "(mcts:iters=2000 or mcts:ms=500 sets its budget per move)"),
    seed: int | None = typer.Option(None, "--seed",
                                    help="match seed, 0 to 2^63-1 (default: random)"),
    deck: str | None = typer.Option(None, "--deck", help="your deck: a shipped name or a file"),
    opponent_deck: str | None = typer.Option(
        None, "--opponent-deck", help="the opponent's deck: a shipped name or a file"),
    seat: int = typer.Option(1, "--seat", help="your seat, 1 or 2"),
    lang: str = typer.Option("en", "--lang", help="en or ja / 表示言語"),
    record_dir: str = typer.Option("records", "--record-dir",
                                   help="where the game record is saved"),
    scenario: str | None = typer.Option(
        None, "--scenario", help="start from the position in this scenario file (its seed "
        "unless --seed is given) / 局面ファイルから開始"),
    auto_pass: bool = typer.Option(
        False, "--auto-pass", help="pass for me in windows where nothing is aimed at me "
        "(games that offer it, e.g. Dreadnought's reaction windows) / 自動パス"),
) -> None:
    """Play a game against the computer. / コンピュータと対戦する。"""
    check_lang(lang)
    console = Console(highlight=False)
    human = seat - 1
    with user_errors(lang):
        check_range("--seat", seat, 1, 2)
        if seed is not None:
            check_range("--seed", seed, 0, MAX_SEED)
        game = load_game(game_id)
        agent = make_agent(vs)
        decks = _decks(game, human, deck, opponent_deck)
        start = None
        if scenario is not None:
            start = load_scenario(game, scenario, seed)
            state, seed, decks = start.clone(), start.seed, list(start.decks)
        else:
            if seed is None:
                seed = secrets.randbelow(2**31)
            state = game.new_game(seed, decks)
    agent.reset(derive_seed(seed, "agent", 1 - human))
    console.print(Text(t("seed", lang, seed=seed), style="bold"))
    console.print(Text(t("seating", lang, seat=seat, deck=_deck_label(decks[human], lang),
                         agent=agent.spec(), opp_deck=_deck_label(decks[1 - human], lang))))
    console.print(Text(t("how_to", lang), style="dim"))
    session = Session(game, state, agent, human, lang, console, renderer_for(game.id),
                      LineInput(console, sys.stdin), start=start, auto_pass=auto_pass)
    how = session.run()
    _finish(session, how, Path(record_dir))


def _finish(session: Session, how: str, record_dir: Path) -> None:
    """Say how the game ended, save the record, and exit with the right code."""
    state, lang, console = session.state, session.lang, session.console
    if how == EOF:
        console.print(Text(t("eof", lang), style="yellow"))
    elif how == QUIT:
        console.print(Text(t("quit", lang), style="yellow"))
    elif how == INTERRUPT:
        console.print(Text(t("interrupted", lang), style="yellow"))
    console.print(Text(result_text(state, session.seat, lang), style="bold"))
    players = ["", ""]
    players[session.seat] = "human"
    players[1 - session.seat] = session.agent.spec()
    path = record_path(record_dir, state.game.id, state.seed, state.is_terminal())
    try:
        make_record(state, players=players, start=session.start).save(path)
    except OSError as exc:
        raise fail(t("record_failed", lang, message=str(exc)), lang, code=1) from None
    console.print(Text(t("record_saved", lang, path=str(path))))
    console.print(Text(t("record_hint", lang, path=str(path)), style="dim"))
    if how == INTERRUPT:
        raise typer.Exit(130)
    if how == FAILED:
        raise typer.Exit(USAGE_EXIT)


def result_text(state: State, seat: int, lang: str) -> str:
    """The outcome from the human's side: win, loss, draw or unfinished."""
    result = state.result()
    if result is None:
        return t("result_unfinished", lang, turns=state.turn)
    key = outcome_key("result", bool(result.get("draw")), result.get("winner") == seat)
    return t(key, lang, reason=reason_text(str(result.get("reason", "")), lang),
             turns=result.get("turns", state.turn))


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add ``play`` to the app."""
    app.command("play")(play)
