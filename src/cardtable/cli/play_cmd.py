"""``cardtable play``: one game at the terminal against an agent.

Choices are read a line at a time from standard input, so a pipe or a test can drive a whole
game exactly as a person would. Whatever way the game stops (the end, ``q``, end of input,
Ctrl-C, an error) the record is saved first, so nothing played is lost, every game can be
replayed and an unfinished one resumed (``--resume``).

The keys are fixed so habit is safe: a number chooses, ``0`` always ends the turn or passes,
``b`` goes back within a composite choice, ``u`` undoes through ``core/undo.py``, ``c``/``l``/
``r``/``v``/``?`` only show things, ``q`` asks first.

Only ``state.view(seat)`` and ``state.events(seat)`` reach the screen: the human never sees
more than the rules let that seat know.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.agents import Agent, make_agent
from cardtable.agents.levels import LEVELS, neighbour_levels
from cardtable.agents.levels import describe as describe_level
from cardtable.cli.errors import USAGE_EXIT, check_lang, fail, user_errors
from cardtable.cli.i18n import command_name, outcome_key, reason_text, t
from cardtable.cli.options import MAX_SEED, check_range
from cardtable.cli.render import Renderer, renderer_for
from cardtable.cli.table_help import (
    card_index,
    card_name,
    public_piles,
    table_cards,
    table_piles,
    visible_cards,
)
from cardtable.cli.table_input import Entry, read_entry, read_number, read_path, yes
from cardtable.core import (
    CardtableError,
    Deck,
    Game,
    State,
    derive_seed,
    load_game,
    make_record,
)
from cardtable.core.record import GameRecord, decks_from_record
from cardtable.core.scenario import load_scenario
from cardtable.core.undo import rebuild, undo, undo_depth
from cardtable.table import choices, sentences, stops, tutorial
from cardtable.table.board import board_lines, flow, full_lines, hang
from cardtable.table.tutorial import Tutorial

JSON = dict[str, Any]

#: how a session ended
OVER, EOF, QUIT, INTERRUPT, FAILED = "over", "eof", "quit", "interrupt", "failed"
PASS_KINDS = choices.PASS_KINDS
#: cells the choice prompt leaves for the answer typed after it
PROMPT_ROOM = 4
#: kinds whose going unused makes ``0`` ask for a confirmation
UNUSED_KINDS = frozenset({"attack", "play", "use", "pick", "summon", "evolve", "equip", "cast"})
#: menu lines between the board and the prompt at the least
MIN_PAGE = 4
#: lines around the menu besides the board: question, so-far, page note, pass line, prompt
MENU_FRAME = 6


class Stop(Exception):
    """The human stopped the game (end of input or quit) in the middle of a choice."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


class Undo(Exception):
    """The human asked to take back their last decision."""


class LineInput:
    """Reads one answer per line; echoes it when piped so a transcript reads like a session."""

    def __init__(self, console: Console, stream: TextIO) -> None:
        self.console = console
        self.stream = stream
        try:
            self.echo = not stream.isatty()
        except (AttributeError, ValueError):
            self.echo = True

    @property
    def interactive(self) -> bool:
        return not self.echo

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
        return text


Ask = Callable[[str], str]


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
    pace: bool = False
    mark: int = 0  # index in the raw event log up to which events have been shown
    board_lines: int = 0  # lines the compact board took before the current menu
    last_phase: tuple[int, str] | None = None  # (turn, phase) of the human's last decision
    can_undo: bool = False  # the prompt offers u (known at a terminal only)
    #: the position the game started from when it is a scenario's (kept in the record, and
    #: where undo replays from)
    start: State | None = None
    #: the human's own "auto-pass until something happens to me" setting (never game state)
    auto_pass: bool = False
    #: the turn in which the human chose "End turn" (the browser's, ``table/stops.py``): the
    #: turn's later decisions under a stop are passed for them, unless the stop holds
    ending: int | None = None
    end_pressed: bool = False  # the decision being made was made by e
    #: the first-game tutorial being followed (``table/tutorial.py``), and whether its end was
    #: told
    tutorial: Tutorial | None = None
    tutorial_told: bool = False

    def say(self, text: str, style: str | None = None) -> None:
        """A line for the player; at a terminal a long one hangs under its first line."""
        if not self.sized():
            self.console.print(Text(text, style=style or ""))
            return
        for line in text.split("\n"):
            for part in hang(line, self.console.width - 1):
                self.console.print(Text(part, style=style or ""), no_wrap=True, crop=False)

    # -- events ----------
    def print_event(self, line: Any) -> None:
        """A log line, wrapped between words with a hanging indent at a terminal."""
        if isinstance(line, Text) and self.sized():
            for part in hang(line.plain, self.console.width - 1):
                self.console.print(Text(part, style=line.style), no_wrap=True, crop=False)
        else:
            self.console.print(line)

    def rows(self, line: Any) -> int:
        """The screen rows a log line takes at this terminal's width."""
        text = line.plain if isinstance(line, Text) else str(line)
        return max(1, len(hang(text, self.console.width - 1)))

    def pause(self, key: str) -> bool:
        """Wait for Enter between pages of a story; False once the player asked for all."""
        answer = self.ask(t(key, self.lang))
        if answer.casefold() in ("q", "quit"):
            self.confirm_quit()
        return answer.casefold() not in ("a", "all")

    def show_paged(self, events: list[JSON], view: JSON) -> None:
        """A story told in pages that fit the screen: the events are cut into steps (a battle's
        field open and each lane, a round), as many steps a page as fit above the prompt, and a
        long story waits before the table is drawn over it, so no line scrolls off unread."""
        budget = self.console.height - 2
        used = 0
        paging = True
        for step in _steps(events):
            lines = list(self.renderer.events(step, view, self.seat, self.lang))
            need = sum(self.rows(line) for line in lines)
            if paging and used and used + need > budget:
                paging = self.pause("pace_more")
                used = 0
            for line in lines:
                self.print_event(line)
            used += need
        if paging and used > STORY_ROWS:
            self.pause("pace_table")

    def show_events(self) -> None:
        new = self.state.events(self.seat, since=self.mark)
        self.mark = len(self.state.log)
        if not new:
            return
        view = self.state.view(self.seat)
        if self.pace and self.sized() and not any(e.get("type") == "round" for e in new):
            self.show_paged(new, view)
            return
        chunks = _rounds(new) if self.pace else [new]
        for i, chunk in enumerate(chunks):
            for line in self.renderer.events(chunk, view, self.seat, self.lang):
                self.print_event(line)
            if len(chunks) > 1:
                for line in self.renderer.summary(chunk, view, self.seat, self.lang):
                    self.print_event(line)
                if i < len(chunks) - 1:
                    answer = self.ask(t("pace_prompt", self.lang))
                    if answer.casefold() in ("a", "all"):
                        self.pace = False
                        for rest in chunks[i + 1:]:
                            for line in self.renderer.events(rest, view, self.seat, self.lang):
                                self.print_event(line)
                        return
                    if answer.casefold() in ("q", "quit"):
                        self.confirm_quit()

    # -- the human's decision ----------
    def confirm_quit(self) -> None:
        try:
            answer = self.ask(t("quit_confirm", self.lang))
        except Stop:
            raise Stop(QUIT) from None
        if yes(answer):
            raise Stop(QUIT)
        self.say(t("quit_cancelled", self.lang), style="dim")

    def sized(self) -> bool:
        """A terminal (or a declared LINES) has rows to fit; a pipe has none, so a transcript
        gets the board unfolded."""
        return self.console.is_terminal or "LINES" in os.environ

    def table(self) -> JSON:
        return self.game.project(self.state.view(self.seat), self.lang)

    def print_lines(self, lines: list[str], mark: bool = True) -> None:
        for i, line in enumerate(lines):
            head = i == 0 and mark
            self.console.print(Text(("▌ " if head else "") + line, style="bold" if head else ""),
                               no_wrap=True, overflow="ignore", crop=False)

    def draw_board(self, full: bool = False, ask: bool = True) -> None:
        """The table before a decision, drawn from the projection: the status line, both
        sides and the hand, folded to leave the question and a page of choices on screen;
        ``full`` (the key ``v``) draws every zone and card."""
        view = self.state.view(self.seat)
        width = self.console.width - 1
        if full:
            self.print_lines(full_lines(self.table(), self.seat, self.lang, width), mark=False)
            self.board_lines = 0
            return
        budget = self.console.height - MENU_FRAME - MIN_PAGE if self.sized() else None
        lines = board_lines(self.table(), self.seat, self.lang, budget, width)
        self.print_lines(lines)
        self.board_lines = len(lines)
        if ask:
            question = self.renderer.question(view, self.lang)
            rows = flow("", [question], width) if self.sized() else [question]
            for line in rows:
                self.console.print(Text(line, style="bold"), no_wrap=True, crop=False)
            self.board_lines += len(rows) - 1

    def note_skipped(self) -> None:
        """Say which phases of this turn passed by themselves (nothing to decide in them)."""
        view = self.state.view(self.seat)
        order = self.renderer.phases(self.lang)
        names = [p for p, _ in order]
        phase, turn = str(view.get("phase", "")), self.state.turn
        if phase not in names:
            return
        start = 0
        if self.last_phase is not None and self.last_phase[0] == turn \
                and self.last_phase[1] in names:
            start = names.index(self.last_phase[1]) + 1
        skipped = [name for _, name in order[start:names.index(phase)]]
        self.last_phase = (turn, phase)
        if skipped:
            self.say(t("skipped", self.lang, phases=t("list_sep", self.lang).join(skipped)),
                     style="dim")

    def tutorial_end(self) -> None:
        """Say once that the tutorial is over, with its closing note."""
        if self.tutorial is None or self.tutorial_told:
            return
        self.tutorial_told = True
        self.say(t("tutorial_done", self.lang), style="bold cyan")
        note = self.tutorial.end[1 if self.lang == "ja" else 0]
        if note:
            self.say(note, style="cyan")

    def tutorial_move(self) -> int | None:
        """The tutorial's step, told and played on Enter; None once it is over (its end note is
        said once) or for a decision with one option."""
        lesson = self.tutorial
        if lesson is None or self.tutorial_told or len(self.state.legal_actions()) < 2:
            return None
        now = tutorial.current(lesson, self.state)
        if now.step is None or now.code is None:
            self.tutorial_end()
            return None
        label = self.label(now.code)
        if now.quiet:
            self.say(t("chosen", self.lang, choice=label) + t("by_tutorial", self.lang),
                     style="dim")
            return now.code
        self.draw_board()
        title = lesson.title[1 if self.lang == "ja" else 0]
        self.say(t("tutorial_head", self.lang, title=title, n=now.index + 1,
                   of=len(lesson.steps)), style="bold cyan")
        self.say(now.note(self.lang), style="cyan")
        self.say(t("tutorial_move", self.lang, choice=label), style="bold")
        while True:
            answer = self.ask(t("tutorial_prompt", self.lang)).strip().casefold()
            if answer == "":
                self.say(t("chosen", self.lang, choice=label), style="bold green")
                return now.code
            if answer in ("q", "quit"):
                self.confirm_quit()
                continue
            if answer == "m":
                code = self.choose()
                if code != now.code:
                    self.tutorial_told = True
                    self.say(t("tutorial_left", self.lang), style="cyan")
                self.say(t("chosen", self.lang, choice=self.label(code)), style="bold green")
                return code

    def human_move(self) -> int:
        state = self.state
        self.note_skipped()
        taught = self.tutorial_move()
        if taught is not None:
            return taught
        ended = self.end_turn_move()
        if ended is not None:
            self.say(t("chosen", self.lang, choice=self.label(ended)) + t("by_end_turn", self.lang),
                     style="dim")
            return ended
        if self.auto_pass:
            code = choices.auto_pass(self.game, state.legal_actions())
            if code is not None:
                self.say(t("chosen", self.lang, choice=self.label(code)) + t("by_auto", self.lang),
                         style="dim")
                return code
        # shown in the prompt at a terminal only: the check replays the turn (tens of ms)
        self.can_undo = self.console.is_terminal and \
            undo_depth(state, self.seat, self.start, most=1) > 0
        if len(state.legal_actions()) > 1:
            self.draw_board()
        self.end_pressed = False
        code = self.choose()
        self.say(t("chosen", self.lang, choice=self.label(code))
                 + (t("by_end_turn", self.lang) if self.end_pressed else ""), style="bold green")
        return code

    def described(self) -> list[JSON]:
        return [self.state.describe_action(c) for c in self.state.legal_actions()]

    def end_turn_move(self) -> int | None:
        """The code "End turn", chosen earlier this turn, plays at this decision (the browser's
        rule, ``table/stops.py: ending_turn``, with the game's default stops), or None: ask."""
        if self.ending is not None and self.ending != self.state.turn:
            self.ending = None
        if self.ending is None or len(self.state.legal_actions()) < 2:
            return None
        return stops.ending_turn(self.game.id, self.state.view(self.seat), self.described())

    def end_turn_offer(self) -> int | None:
        """The code the ``e`` key (End turn) plays now, or None when it is not offered (no
        stop here, the game has none that holds, or a tutorial step is being followed)."""
        if self.tutorial is not None and not self.tutorial_told:
            return None
        return stops.end_turn_offered(self.game.id, self.state.view(self.seat), self.described())

    def label(self, code: int) -> str:
        return _capital(self.state.action_label(code, self.lang), self.lang)

    def pass_code(self) -> int | None:
        """The legal action that ends the phase or passes, if the game marks one."""
        for code in self.state.legal_actions():
            if self.game.describe_action(code).get("kind") in PASS_KINDS:
                return code
        return None

    def unused(self, pass_code: int) -> int:
        """How many legal actions of the kinds a player rarely means to skip remain."""
        return sum(1 for code in self.state.legal_actions() if code != pass_code
                   and self.game.describe_action(code).get("kind") in UNUSED_KINDS)

    def page_size(self, frame: int = MENU_FRAME) -> int:
        """Menu lines that fit under the board with the prompt still on screen; ``frame`` is
        the lines around the menu (question, so-far, the pass line, the prompt)."""
        if not self.sized():
            return max(MIN_PAGE, self.console.height - 12)
        return max(MIN_PAGE, self.console.height - self.board_lines - frame)

    def paginate(self, labels: list[str], frame: int = MENU_FRAME) -> list[tuple[int, int]]:
        """``(first, end)`` index ranges of the menu pages, by the rows the items take.

        A long label wraps onto more rows, so a page holds as many items as fit in
        ``page_size`` rows at the console's width, never fewer than one.
        """
        width = max(20, self.console.width - len(str(len(labels))) - 2)
        rows = [max(1, -(-cell_len(label) // width)) for label in labels]
        budget = self.page_size(frame)
        if sum(rows) > budget:  # more than one page: the page note takes a line too
            budget = self.page_size(frame + 1)
        pages: list[tuple[int, int]] = []
        first, used = 0, 0
        for i, height in enumerate(rows):
            if i > first and used + height > budget:
                pages.append((first, i))
                first, used = i, 0
            used += height
        pages.append((first, len(labels)))
        return pages

    def choose(self) -> int:
        """Ask for one legal action, one part of its ``action_path`` at a time.

        At each level the distinct next parts among the legal actions that match what was chosen
        so far are offered, numbered from 1; the action that ends the phase or passes is always
        ``0`` and never moves. A level with a single option is taken automatically, and ``b``
        takes back the last part picked (with any automatic parts after it).
        """
        state, lang, say = self.state, self.lang, self.say
        legal = list(state.legal_actions())
        passing = self.pass_code()
        ending = self.end_turn_offer()
        paths = {code: tuple(_capital(part, lang) for part in path)
                 for code, path in choices.menu_paths(self.game, state, legal, lang).items()}
        prefix: list[str] = []
        manual: list[bool] = []
        ahead: list[int] = []  # the rest of a path typed at once ("3 2": 3, then 2)
        shown = 0  # the step the board was last drawn for
        page = 0
        while True:
            depth = len(prefix)
            matching = [c for c in legal if paths[c][:depth] == tuple(prefix)
                        and (depth or c != passing)]
            finished = [c for c in matching if len(paths[c]) == depth]
            if finished and len(finished) == len(matching):
                return finished[0]
            if not matching and passing is not None:
                return passing
            options: list[str | None] = [None] if finished else []
            for code in matching:
                if len(paths[code]) > depth and paths[code][depth] not in options:
                    options.append(paths[code][depth])
            if len(options) == 1 and (depth or passing is None):
                only = options[0]
                say(t("auto", lang, choice=t("finish_here", lang) if only is None else only))
                if only is None:
                    return finished[0]
                prefix.append(only)
                manual.append(False)
                continue
            # a part that leads to one action only is that action: offer it whole (its label, or
            # its path if the label is too wide), so "Use an ability" does not hide which one
            direct: dict[int, int] = {}
            for i, option in enumerate(options):
                ends = [c for c in matching if option is not None and len(paths[c]) > depth
                        and paths[c][depth] == option]
                if len(ends) == 1 and len(paths[ends[0]]) > depth + 1:
                    direct[i] = ends[0]
                    whole = _capital(state.action_label(ends[0], lang), lang)
                    options[i] = whole if cell_len(whole) <= self.console.width - 6 else \
                        " → ".join(part.strip() for part in paths[ends[0]][depth:])
            if ahead:
                entry = Entry(number=ahead.pop(0), raw="")
                if entry.number is not None and 1 <= entry.number <= len(options):
                    picked = _picked(entry.number, options, direct, finished)
                    if isinstance(picked, int):
                        return picked
                    prefix.append(picked)
                    manual.append(True)
                    continue
                ahead.clear()  # a step typed ahead that is not on this menu: ask it
            if prefix:
                if self.sized() and shown != depth:  # each step on a screen of its own
                    self.draw_board()
                shown = depth
            so_far = t("so_far", lang, parts=" / ".join(prefix)) if prefix else ""
            rows = (hang(so_far, self.console.width - 1) if self.sized() else [so_far]
                    ) if prefix else []
            for row in rows:  # a long path hangs under its first line, like a log line
                self.console.print(Text(row), no_wrap=True, crop=False)
            # the question, the so-far lines, the pass line and the prompt around the menu
            frame = 2 + len(rows) + (1 if passing is not None and not depth else 0)
            pages_at = self.paginate([t("finish_here", lang) if o is None else o
                                      for o in options], frame)
            pages = len(pages_at)
            page = min(page, pages - 1)
            menu = Table.grid(padding=(0, 1))
            menu.add_column(justify="right", no_wrap=True)
            menu.add_column()
            if passing is not None and not depth:
                menu.add_row("0.", Text(_capital(state.action_label(passing, lang), lang),
                                        style="bold"))
            first, last = pages_at[page]
            for i, option in enumerate(options[first:last], start=first + 1):
                menu.add_row(f"{i}.", Text(t("finish_here", lang) if option is None else option))
            self.console.print(menu)
            if pages > 1:
                say(t("page", lang, page=page + 1, pages=pages), style="dim")
            can_back = any(manual)
            keys = [t("key_pass", lang)] if passing is not None and not depth else []
            if ending is not None and not depth:
                keys.append(t("key_end_turn", lang))
            if can_back:
                keys.append(t("key_back", lang))
            if self.can_undo:
                keys.append(t("key_undo", lang))
            if pages > 1:
                keys.append(t("key_page", lang))
            keys.append(t("key_help", lang))
            span = "1" if len(options) == 1 else f"1-{len(options)}"
            raw = self.ask(self.prompt(span, keys))
            steps = read_path(raw)
            if len(steps) > 1:
                raw, ahead = str(steps[0]), steps[1:]
            entry = read_entry(raw)
            if entry.number is not None:
                if entry.number == 0:
                    if passing is None or depth:
                        say(t("no_pass", lang))
                        continue
                    if self.confirm_pass(passing):
                        return passing
                    continue
                if not 1 <= entry.number <= len(options):
                    say(t("invalid", lang, text=entry.raw, n=len(options)))
                    continue
                picked = _picked(entry.number, options, direct, finished)
                if isinstance(picked, int):
                    return picked
                prefix.append(picked)
                manual.append(True)
                page = 0
                continue
            key = entry.key
            if key in ("b", "back"):
                if not can_back:
                    say(t("nothing_back", lang))
                    continue
                while not manual[-1]:
                    prefix.pop()
                    manual.pop()
                prefix.pop()
                manual.pop()
                page = 0
                say(t("went_back", lang))
            elif key in (">", "n", "next") or (entry.raw == "" and pages > 1):
                page = (page + 1) % pages
            elif key in ("<", "prev"):
                page = (page - 1) % pages
            elif key in ("e", "end"):
                if ending is None or depth:
                    say(t("no_end_turn", lang))
                    continue
                self.ending, self.end_pressed = state.turn, True
                return ending
            elif key in ("q", "quit"):
                self.confirm_quit()
            elif key in ("u", "undo"):
                self.undo()
            elif key in ("?", "h", "help"):
                self.help()
            elif key in ("r", "rules"):
                self.rules()
            elif key in ("c", "card", "i"):
                self.read_card(entry.arg)
            elif key in ("l", "look", "piles"):
                self.piles()
            elif key in ("v", "view", "board"):
                self.draw_board(full=True)
            else:
                say(t("invalid", lang, text=entry.raw, n=len(options)))

    def prompt(self, span: str, keys: list[str]) -> str:
        """The choice prompt on one line with room for the answer: where the keys make it
        wider than the screen, ``?`` goes first (the opening line names it), then the page
        key (the page line above says Enter and >)."""
        lang = self.lang
        keys = list(keys)

        def text() -> str:
            return t("prompt", lang, n=span, keys=t("list_sep", lang).join(keys))

        for spare in (t("key_help", lang), t("key_page", lang)):
            if cell_len(text()) + PROMPT_ROOM <= self.console.width:
                break
            if spare in keys:
                keys.remove(spare)
        return text()

    def confirm_pass(self, passing: int) -> bool:
        unused = self.unused(passing)
        if not unused:
            return True
        example = next(code for code in self.state.legal_actions() if code != passing
                       and self.game.describe_action(code).get("kind") in UNUSED_KINDS)
        self.say(t("pass_unused", self.lang, count=unused,
                   choices="choice" if unused == 1 else "choices",
                   example=self.label(example),
                   action=self.label(passing)))
        answer = self.ask(t("pass_confirm", self.lang))
        if yes(answer):
            return True
        self.say(t("pass_cancelled", self.lang), style="dim")
        return False

    # -- keys ----------
    def undo(self) -> None:
        if undo_depth(self.state, self.seat, self.start, most=1) == 0:
            self.say(t("undo_none", self.lang), style="yellow")
            return
        raise Undo

    def help(self) -> None:
        """The keys, then how this game is won and its turn, in a few lines."""
        self.say(t("help_keys", self.lang))
        rules = sentences.how_to_play(self.game, self.lang)
        if rules["win"]:
            self.say(t("help_win", self.lang, win=rules["win"]), style="cyan")
            for line in rules["turn"]:
                self.say(line, style="cyan")
        # the help pushed the question up and off the screen: ask it again above the choices
        self.say(self.renderer.question(self.state.view(self.seat), self.lang), style="bold")

    def rules(self) -> None:
        view = self.state.view(self.seat)
        for line in self.renderer.rules(view, self.lang):
            self.say(line, style="cyan")

    def read_card(self, arg: str) -> None:
        view = self.state.view(self.seat)
        index = card_index(view)
        names = visible_cards(view) or table_cards(self.table(), index)
        number = read_number(arg) if arg else None
        if number is None or not 1 <= number <= len(names):
            if arg:
                found = [n for n in names if arg in n or arg.casefold()
                         in str(index[n].get("name_en", "")).casefold()]
                if len(found) == 1:
                    number = names.index(found[0]) + 1
            if number is None or not 1 <= number <= len(names):
                self.say(t("cards_visible", self.lang), style="bold")
                items = [f"{i}. {card_name(index[name], self.lang)}"
                         for i, name in enumerate(names, start=1)]
                self.print_lines(flow("", items, self.console.width - 1, sep="  "), mark=False)
                return
        card = index[names[number - 1]]
        lines = self.game.card_lines(card, self.lang)
        self.console.print(Panel(Text("\n".join(lines[1:]) or "-"), title=lines[0],
                                 title_align="left", expand=False))

    def piles(self) -> None:
        lines = (public_piles(self.state.view(self.seat), self.lang)
                 or table_piles(self.table(), self.seat, self.lang))
        for line in lines or [t("piles_none", self.lang)]:
            self.say(line)

    # -- the loop ----------
    def agent_move(self, seat: int) -> int:
        state = self.state
        view = state.view(seat) if self.agent.needs_view else None
        legal = state.legal_actions()
        if not self.console.is_terminal or len(legal) == 1:
            return self.agent.act(self.game, view, legal)
        # A search can take its whole budget; show that the table is not frozen.
        with self.console.status(t("thinking", self.lang, agent=self.agent.spec())):
            return self.agent.act(self.game, view, legal)

    def take_back(self) -> None:
        undone = self.state.history[-1]
        before = undo(self.state, self.seat, 1, self.start)
        self.say(t("undone", self.lang, choice=before.action_label(undone, self.lang)),
                 style="yellow")
        self.state = before
        self.mark = len(before.log)

    def run(self) -> str:
        """Play until the game ends or the human stops; returns how it ended."""
        try:
            while not self.state.is_terminal():
                self.show_events()
                seat = self.state.current_player()
                if seat == self.seat:
                    try:
                        code = self.human_move()
                    except Undo:
                        self.take_back()
                        continue
                else:
                    code = self.agent_move(seat)
                self.state.apply(code)
            self.show_events()
            self.tutorial_end()
        except Stop as stop:
            return stop.how
        except KeyboardInterrupt:
            self.console.print()
            return INTERRUPT
        except CardtableError as exc:  # e.g. an agent with no policy for this game
            self.say(t("error", self.lang, message=str(exc)), style="red")
            return FAILED
        return OVER


def _picked(number: int, options: list[str | None], direct: dict[int, int],
            finished: list[int]) -> int | str:
    """What menu item ``number`` (from 1) picks, typed or typed ahead: the action it ends in
    (an item offered whole, or "finish here"), or the part of the path to step into."""
    if number - 1 in direct:
        return direct[number - 1]
    chosen = options[number - 1]
    return finished[0] if chosen is None else chosen


def _capital(text: str, lang: str) -> str:
    """A menu line starts with a capital ("Pass", not "pass") in English."""
    return text[:1].upper() + text[1:] if lang != "ja" else text


#: the kinds of event that begin a step of a story (DRAWS-◎-TROIDAL's field open and each
#: lane's battle): a page of the paced terminal ends only before one of them
STEP_TYPES = frozenset({"open", "battle", "turn"})
#: log rows after which the table waits for Enter before it is drawn over them
STORY_ROWS = 4


def _steps(events: list[JSON]) -> list[list[JSON]]:
    """Events cut before every event that begins a step of the story."""
    chunks: list[list[JSON]] = [[]]
    for ev in events:
        if ev.get("type") in STEP_TYPES and chunks[-1]:
            chunks.append([])
        chunks[-1].append(ev)
    return [c for c in chunks if c]


def _rounds(events: list[JSON]) -> list[list[JSON]]:
    """Events cut before every ``round`` event, so a battle can be shown round by round."""
    chunks: list[list[JSON]] = [[]]
    for ev in events:
        if ev.get("type") == "round" and chunks[-1]:
            chunks.append([])
        chunks[-1].append(ev)
    return chunks


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
    """One language at a time: the English name of a deck in English."""
    return deck.name if lang == "ja" or not deck.name_en else deck.name_en


def _decks(game: Game, seat: int, deck: str | None, opponent_deck: str | None) -> list[Deck]:
    defaults = game.default_decks()
    mine = game.load_deck(deck) if deck else defaults[0]
    theirs = game.load_deck(opponent_deck) if opponent_deck else defaults[1]
    return [mine, theirs] if seat == 0 else [theirs, mine]


def play(
    game_id: str | None = typer.Argument(None, metavar="GAME",
                                         help="game id (see `cardtable games`)"),
    vs: str | None = typer.Option(None, "--vs", help="the opponent: a level (beginner, "
                                  "easy, normal, hard, expert; each with its measured rating "
                                  "once the ladder has one) or an agent: random, greedy "
                                  "(default), mcts (mcts:iters=2000 or mcts:ms=500 sets its "
                                  "budget per move)"),
    seed: int | None = typer.Option(None, "--seed",
                                    help="match seed, 0 to 2^63-1 (default: random)"),
    deck: str | None = typer.Option(None, "--deck", help="your deck: a shipped name or a file"),
    opponent_deck: str | None = typer.Option(
        None, "--opponent-deck", help="the opponent's deck: a shipped name or a file"),
    seat: int = typer.Option(1, "--seat", help="your seat, 1 or 2"),
    lang: str = typer.Option("en", "--lang", help="en or ja / 表示言語"),
    record_dir: str = typer.Option("records", "--record-dir",
                                   help="where the game record is saved"),
    pace: bool | None = typer.Option(
        None, "--pace/--no-pace", help="show battles round by round, waiting for Enter "
        "(default: on at a terminal) / ラウンドごとに表示"),
    resume: str | None = typer.Option(None, "--resume", metavar="FILE",
                                      help="continue an unfinished game from its record"),
    scenario: str | None = typer.Option(
        None, "--scenario", help="start from the position in this scenario file (its seed "
        "unless --seed is given) / 局面ファイルから開始"),
    auto_pass: bool = typer.Option(
        False, "--auto-pass", help="pass for me in windows where passing is the only legal "
        "action (e.g. Dreadnought's speed, fast and reaction windows) / "
        "パスしかできない時は自動パス"),
    tutorial_game: bool = typer.Option(
        False, "--tutorial", help="a first game with a note at each of your decisions (its "
        "own deal and opponent; you sit at seat 1) / 解説つきのはじめての対戦"),
) -> None:
    """Play a game against the computer. / コンピュータと対戦する。"""
    check_lang(lang)
    console = Console(highlight=False)
    line_input = LineInput(console, sys.stdin)
    with user_errors(lang):
        check_range("--seat", seat, 1, 2)
        if seed is not None:
            check_range("--seed", seed, 0, MAX_SEED)
        start: State | None = None
        lesson: Tutorial | None = None
        if resume is not None:
            game, state, human, vs, start = _resumed(resume, game_id, vs, seat)
        else:
            if game_id is None:
                raise CardtableError("give a GAME (see `cardtable games`) or --resume FILE")
            game = load_game(game_id)
            human = seat - 1
            decks = _decks(game, human, deck, opponent_deck)
            lesson = tutorial.load(game.id) if tutorial_game else None
            if lesson is not None:
                if resume is not None or scenario is not None or seat != 1:
                    raise CardtableError("--tutorial deals its own game at seat 1: give it "
                                         "without --seat, --scenario or --resume")
                human, vs = 0, vs or lesson.vs
                state = lesson.new_game(game)
            elif scenario is not None:
                start = load_scenario(game, scenario, seed)
                state = start.clone()
            else:
                if seed is None:
                    seed = secrets.randbelow(2**31)
                state = game.new_game(seed, decks)
        agent = make_agent(vs or "greedy")
    pace = line_input.interactive if pace is None else pace
    while True:
        agent.reset(derive_seed(state.seed, "agent", 1 - human))
        decks = list(state.decks)
        console.print(Text(t("seed", lang, seed=state.seed), style="bold"))
        if resume is not None:
            console.print(Text(t("resumed", lang, path=resume, steps=len(state.history))))
        console.print(Text(t("seating", lang, seat=human + 1,
                             deck=_deck_label(decks[human], lang), agent=agent.spec(),
                             opp_deck=_deck_label(decks[1 - human], lang))))
        if agent.name in LEVELS:
            console.print(Text(t("level_line", lang,
                                 line=describe_level(agent.name, lang, game.id))),
                          soft_wrap=True)
        console.print(Text(t("how_to", lang), style="dim"))
        session = Session(game, state, agent, human, lang, console, renderer_for(game.id),
                          line_input, pace=pace, mark=_last_turn(state) if resume else 0,
                          start=start, auto_pass=auto_pass,
                          tutorial=lesson)
        try:
            how = session.run()
        except BaseException:
            _save(session, FAILED, Path(record_dir))  # a bug: keep the game, then show it
            raise
        _finish(session, how, Path(record_dir))
        again = _again(session, line_input) if how == OVER else None
        if again is None:
            return
        if again != agent.name:
            agent = make_agent(again)
        resume, new_seed, lesson = None, secrets.randbelow(2**31), None
        with user_errors(lang):
            if scenario is not None:  # the same position again, with new chance to come
                start = load_scenario(game, scenario, new_seed)
                state = start.clone()
            else:
                start, state = None, game.new_game(new_seed, decks)
        pace = session.pace


def _last_turn(state: State) -> int:
    """Where the last turn (or round) began in the raw log: a resumed game shows the board
    and that turn's events, not the whole history again."""
    for i in range(len(state.log) - 1, -1, -1):
        if state.log[i].get("type") in ("turn", "round"):
            return i
    return 0


def _resumed(path: str, game_id: str | None, vs: str | None,
             seat: int) -> tuple[Game, State, int, str | None, State | None]:
    """The game, state, human seat, opponent and start position (a scenario's, or None) of an
    unfinished record, replayed."""
    record = GameRecord.load(Path(path))
    game = load_game(record.game)
    if game_id is not None and game_id != record.game:
        raise CardtableError(f"{path} is a {record.game} record, not {game_id}")
    if record.result is not None:
        raise CardtableError(f"{path}: that game is already over; replay it with "
                             f"`cardtable replay {path} --show`")
    start = game.state_from_json(record.start) if record.start is not None else None
    state = rebuild(game, record.seed, decks_from_record(game, record), record.options,
                    record.actions, start)
    players = list(record.players)
    human = players.index("human") if "human" in players else seat - 1
    if vs is None and len(players) == 2 and players[1 - human]:
        vs = players[1 - human]
    return game, state, human, vs, start


def _again(session: Session, line_input: LineInput) -> str | None:
    """Asked at a terminal only: a script's leftover input must not start a second game.
    The opponent's name for the next game (against a level: the same one, a bit harder or a
    bit easier), or None to stop."""
    name = session.agent.name
    lang = session.lang
    if name in LEVELS:
        harder, easier = neighbour_levels(name)
        if not line_input.interactive:
            session.console.print(Text(t("level_next", lang, harder=harder, easier=easier),
                                       style="dim"))
            return None
        try:
            answer = session.ask(t("play_again_level", lang, harder=harder, easier=easier))
        except (Stop, KeyboardInterrupt):
            return None
        key = answer.strip().casefold()
        if key in ("h", "+"):
            return harder
        if key in ("e", "-"):
            return easier
        return name if yes(answer) else None
    if not line_input.interactive:
        return None
    try:
        return name if yes(session.ask(t("play_again", lang))) else None
    except (Stop, KeyboardInterrupt):
        return None


def _finish(session: Session, how: str, record_dir: Path) -> None:
    """Say how the game ended, save the record, and exit with the right code."""
    state, lang, console = session.state, session.lang, session.console
    if how == EOF:
        console.print(Text(t("eof", lang), style="yellow"))
    elif how == QUIT:
        console.print(Text(t("quit", lang), style="yellow"))
    elif how == INTERRUPT:
        console.print(Text(t("interrupted", lang), style="yellow"))
    if how == OVER:
        session.draw_board(ask=False)  # the end position, as the last thing to look at
    console.print(Text(result_text(state, session.seat, lang), style="bold"))
    path = _save(session, how, record_dir)
    if how == INTERRUPT:
        raise typer.Exit(130)
    if how == FAILED:
        raise typer.Exit(USAGE_EXIT)
    if path is not None and not state.is_terminal():
        console.print(Text(t("resume_hint", lang, path=str(path), cmd=command_name()),
                           style="dim"), soft_wrap=True)


def _save(session: Session, how: str, record_dir: Path) -> Path | None:
    """Save the record of the session; say where (and how to look at it)."""
    state, lang, console = session.state, session.lang, session.console
    players = ["", ""]
    players[session.seat] = "human"
    players[1 - session.seat] = session.agent.spec()
    path = record_path(record_dir, state.game.id, state.seed, state.is_terminal())
    try:
        make_record(state, players=players, start=session.start).save(path)
    except OSError as exc:
        raise fail(t("record_failed", lang, message=str(exc)), lang, code=1) from None
    console.print(Text(t("record_saved", lang, path=str(path))), soft_wrap=True)
    console.print(Text(t("record_hint", lang, path=str(path), cmd=command_name()),
                       style="dim"), soft_wrap=True)
    return path


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
