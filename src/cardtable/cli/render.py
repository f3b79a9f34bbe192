"""How the terminal words a game: the shared table layer's sentences, styled.

The words come from ``cardtable.table`` (each game's ``sentences.py``): events, the question,
the phase's rules, a round's summary, the phases a turn may pass by itself; the board is the
game's projection (``cardtable.table.board``). The terminal only styles them. A game may declare
a terminal hook in its record (``terminal``, e.g. ``games/dice_and_monsters/terminal.py``) for
what neither can say (an ``events`` that draws a battle's squares between its rounds); without
one a registered game is fully playable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.core.registry import part
from cardtable.table import sentences as table

JSON = dict[str, Any]
#: a sentence's tone as the terminal shows it
STYLE = {"": "", "dim": "dim", "good": "green", "bad": "red", "note": "cyan", "strong": "bold"}
#: what a game's terminal module may replace; the words always come from the table layer
HOOKS = ("events",)


@dataclass(frozen=True)
class Renderer:
    #: what the decision is about: ``question(view, lang)``
    question: Callable[[JSON, str], str]
    #: new events as lines: ``events(events, view, seat, lang)`` (seat None: a referee)
    events: Callable[[list[JSON], JSON, int | None, str], list[RenderableType]]
    #: the rules of the view's phase in a few lines: ``rules(view, lang)``
    rules: Callable[[JSON, str], list[str]]
    #: a short summary of one paced round of events: ``summary(events, view, seat, lang)``
    summary: Callable[[list[JSON], JSON, int | None, str], list[RenderableType]]
    #: the phases a turn may pass by itself, in order, with their names (``phases(lang)``)
    phases: Callable[[str], list[tuple[str, str]]]


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


def renderer_for(game_id: str) -> Renderer:
    """The shared sentences styled, with the game's terminal hook where it has one."""
    parts: dict[str, Any] = {
        "question": partial(table.question, game_id),
        "events": partial(shared_events, game_id),
        "rules": partial(table.phase_rules, game_id),
        "summary": partial(shared_summary, game_id),
        "phases": partial(table.phases, game_id),
    }
    module = part(game_id, "terminal")
    if module is not None:
        parts.update({name: getattr(module, name) for name in HOOKS if hasattr(module, name)})
    return Renderer(**parts)
