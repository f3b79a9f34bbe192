"""How the terminal draws a game: the shared table layer's sentences, styled, and the board.

The words come from ``cardtable.table`` (each game's ``sentences.py``): events, the question,
the phase's rules, a round's summary. The terminal only styles them. A game may add a
terminal hook in ``cli/render_<id>.py`` for what its projection and sentences cannot say (a
field drawn between the rounds of a battle, a board laid out its own way); everything it does
not define falls back to the generic parts here, so every registered game is playable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.core.registry import optional_module
from cardtable.table import sentences as table

JSON = dict[str, Any]
#: a sentence's tone as the terminal shows it
STYLE = {"": "", "dim": "dim", "good": "green", "bad": "red", "note": "cyan", "strong": "bold"}


@dataclass(frozen=True)
class Renderer:
    #: the table before a decision: ``board(view, lang)``
    board: Callable[[JSON, str], RenderableType]
    #: what the decision is about: ``question(view, lang)``
    question: Callable[[JSON, str], str]
    #: new events as lines: ``events(events, view, seat, lang)``
    events: Callable[[list[JSON], JSON, int | None, str], list[RenderableType]]
    #: the rules of the view's phase in a few lines: ``rules(view, lang)``
    rules: Callable[[JSON, str], list[str]]
    #: a short summary of one paced round of events: ``summary(events, view, seat, lang)``
    summary: Callable[[list[JSON], JSON, int | None, str], list[RenderableType]]
    #: a few short lines for a small screen: ``compact(view, lang)``
    compact: Callable[[JSON, str], list[str]]
    #: the phases a game may pass by itself, in turn order, with their names:
    #: ``phases(lang) -> [(phase, name), ...]`` (empty: the table notes no skipped phases)
    phases: Callable[[str], list[tuple[str, str]]]


def renderer_module(game_id: str) -> str:
    """A game's terminal hook lives in ``cardtable.cli.render_<game id with underscores>``."""
    return "cardtable.cli.render_" + game_id.replace("-", "_")


def styled(lines: list[tuple[str, str]]) -> list[RenderableType]:
    """(tone, sentence) pairs as terminal lines: a turn's heading as a rule."""
    return [Rule(text) if tone == "head" else Text(text, style=STYLE.get(tone, ""))
            for tone, text in lines]


def shared_events(game_id: str, evs: list[JSON], view: JSON, seat: int | None,
                  lang: str) -> list[RenderableType]:
    return styled(table.toned_lines(game_id, evs, view, seat, lang))


def shared_summary(game_id: str, evs: list[JSON], view: JSON, seat: int | None,
                   lang: str) -> list[RenderableType]:
    return [Text(line, style="bold")
            for line in table.round_summary(game_id, evs, view, seat, lang)]


def generic_board(view: JSON, lang: str) -> RenderableType:
    return Text(" · ".join(f"{k}: {v}" for k, v in view.items() if isinstance(v, int | str)))


def generic_compact(view: JSON, lang: str) -> list[str]:
    return [f"{view.get('game', '')} · {view.get('phase', '')}"]


def generic_phases(lang: str) -> list[tuple[str, str]]:
    return []


#: what a game's terminal module may draw itself; the words always come from the table layer
HOOKS = ("board", "compact", "phases")


def renderer_for(game_id: str) -> Renderer:
    """The shared sentences styled, with the game's terminal hook where it has one."""
    module = optional_module(renderer_module(game_id))
    shared: dict[str, Any] = {
        "board": generic_board,
        "question": partial(table.question, game_id),
        "events": partial(shared_events, game_id),
        "rules": partial(table.phase_rules, game_id),
        "summary": partial(shared_summary, game_id),
        "compact": generic_compact,
        "phases": generic_phases,
    }
    if module is not None:
        shared.update({name: getattr(module, name) for name in HOOKS if hasattr(module, name)})
    return Renderer(**shared)
