"""Pick how a game is drawn: a dedicated renderer by game id, or a plain generic one.

A renderer only reads view and event dicts, so a game without its own renderer is still
playable at the terminal, just less pretty.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from cardtable.cli.i18n import t
from cardtable.core.registry import optional_module

JSON = dict[str, Any]


@dataclass(frozen=True)
class Renderer:
    #: the table before a decision: ``board(view, lang)``
    board: Callable[[JSON, str], RenderableType]
    #: what the decision is about: ``question(view, lang)``
    question: Callable[[JSON, str], str]
    #: new events as lines: ``events(events, view, seat, lang)``
    events: Callable[[list[JSON], JSON, int, str], list[RenderableType]]
    #: a front-end answer for "auto-pass until something happens to me": the code to play for
    #: the human in this view, or None to ask (a game's optional ``auto_pass(view, legal)``)
    auto_pass: Callable[[JSON, list[int]], int | None] | None = None


def renderer_module(game_id: str) -> str:
    """A game's renderer lives in ``cardtable.cli.render_<game id with underscores>``."""
    return "cardtable.cli.render_" + game_id.replace("-", "_")


def generic_board(view: JSON, lang: str) -> RenderableType:
    return Panel(Pretty(view, expand_all=False), title=str(view.get("game", "")))


def generic_question(view: JSON, lang: str) -> str:
    return t("your_move", lang)


def generic_events(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    return [Text(json.dumps(ev, ensure_ascii=False), style="dim") for ev in evs]


GENERIC = Renderer(generic_board, generic_question, generic_events)


def renderer_for(game_id: str) -> Renderer:
    module = optional_module(renderer_module(game_id))
    if module is None:
        return GENERIC
    return Renderer(module.board, module.question, module.events,
                    getattr(module, "auto_pass", None))
