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

from cardtable.cli.i18n import MESSAGES, t
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
    #: the rules of the view's phase in a few lines: ``rules(view, lang)``
    rules: Callable[[JSON, str], list[str]]
    #: a short summary of one paced round of events: ``summary(events, view, seat, lang)``
    summary: Callable[[list[JSON], JSON, int, str], list[RenderableType]]
    #: a few short lines for a small screen: ``compact(view, lang)``
    compact: Callable[[JSON, str], list[str]]
    #: the phases a game may pass by itself, in turn order, with their names:
    #: ``phases(lang) -> [(phase, name), ...]`` (empty: the table notes no skipped phases)
    phases: Callable[[str], list[tuple[str, str]]]
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


def generic_rules(view: JSON, lang: str) -> list[str]:
    """The summary the i18n table keeps for ``<game>_rules_<phase>``, else the phase's name."""
    key = f"rules_{view.get('game', '')}_{view.get('phase', '')}"
    if key in MESSAGES:
        return t(key, lang).split("\n")
    return [t("rules_none", lang, phase=str(view.get("phase", "")))]


def generic_summary(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    return []


def generic_compact(view: JSON, lang: str) -> list[str]:
    return [f"{view.get('game', '')} · {view.get('phase', '')}"]


def generic_phases(lang: str) -> list[tuple[str, str]]:
    return []


GENERIC = Renderer(generic_board, generic_question, generic_events, generic_rules,
                   generic_summary, generic_compact, generic_phases)


def renderer_for(game_id: str) -> Renderer:
    """The game's own renderer; any part it does not define falls back to the generic one.

    Culdcept and Dreadnought get a playable table from the generic parts until their own
    ``render_<id>`` module lands.
    """
    module = optional_module(renderer_module(game_id))
    if module is None:
        return GENERIC
    return Renderer(*(getattr(module, name, getattr(GENERIC, name))
                      for name in ("board", "question", "events", "rules", "summary",
                                   "compact", "phases")), getattr(module, "auto_pass", None))
