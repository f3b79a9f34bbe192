"""What the lobby says about each game: a one-line description, its options' labels and help
texts (``Game.option_help``), and the how-to-play page, in English or Japanese.

The how-to-play text is the shared table layer's (``cardtable.table.how_to_play``), the same the
terminal shows; this module only lays it out as HTML.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from cardtable.agents.registry import AGENTS
from cardtable.core import Game, list_games, load_game

JSON = dict[str, Any]

#: the strength settings the lobby offers for mcts: milliseconds of search a move
STRENGTHS = {"weak": "mcts:ms=200", "medium": "mcts:ms=1000", "strong": "mcts:ms=3000"}


def _how(game_id: str, lang: str) -> JSON | None:
    try:
        from cardtable.table import how_to_play
    except ImportError:  # the shared layer is not there: the lobby still works without it
        return None
    return dict(how_to_play(game_id, lang))


def games_listed(details: Callable[[Game], JSON]) -> JSON:
    """Every game as the lobby lists it (its id, titles and whether it plays; a playable one's
    decks and what ``details`` says of it), and the opponents on offer: the agents and the
    search strengths. The setup form's list and the lobby's cards differ only in ``details``."""
    out = []
    for info in list_games():
        entry: JSON = {"id": info.id, "title": info.title, "title_ja": info.title_ja,
                       "playable": info.playable}
        if info.playable:
            game = load_game(info.id)
            entry["decks"] = game.deck_names()
            entry.update(details(game))
        out.append(entry)
    return {"games": out, "agents": [*AGENTS], "strengths": [*STRENGTHS]}


def game_info(game_id: str, lang: str) -> JSON:
    """The lobby's card for a game: its one-line description and its options explained."""
    game = load_game(game_id)
    ranges = game.option_ranges()
    helps = game.option_help(lang)
    options = []
    for name, default in game.default_options().items():
        label, text = helps.get(name, (name.replace("_", " "), ""))
        entry: JSON = {"name": name, "default": default, "label": label, "help": text}
        if name in ranges:
            entry["min"], entry["max"] = ranges[name]
        options.append(entry)
    return {"tagline": game.tagline(lang), "options": options}


def how_to_play(game_id: str, lang: str) -> str:
    """The how-to-play page's body as HTML (escaped text only)."""
    ja = lang == "ja"
    data = _how(game_id, lang) or {}
    game = load_game(game_id)
    out = [f"<p><em>{html.escape(game.tagline(lang))}</em></p>"]
    if data.get("win"):
        out += [f"<h2>{'勝ち方' if ja else 'How you win'}</h2>",
                f"<p>{html.escape(str(data['win']))}</p>"]
    if data.get("turn"):
        out.append(f"<h2>{'ターンの流れ' if ja else 'A turn'}</h2><ul class=\"steps\">")
        out += [f"<li>{html.escape(str(step))}</li>" for step in data["turn"]]
        out.append("</ul>")
    if data.get("zones"):
        out.append(f"<h2>{'テーブルの各場所' if ja else 'What each zone is'}</h2><dl>")
        for zone, meaning in data["zones"]:
            out.append(f"<dt><b>{html.escape(str(zone))}</b></dt>"
                       f"<dd>{html.escape(str(meaning))}</dd>")
        out.append("</dl>")
    if len(out) == 1:
        out.append("<p>" + ("ルールの詳細は docs/rules を参照してください。" if ja else
                            "The full rules are in the project's docs/rules pages.") + "</p>")
    return "\n".join(out)
