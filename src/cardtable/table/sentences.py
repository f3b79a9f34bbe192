"""A game's events as sentences, its current question and its how-to-play, in either language.

The API both front ends call:

* ``log_lines(game, events, view, seat, lang) -> list[str]``: the events as sentences from
  ``seat``'s side ("You draw Salamander.", "The opponent invades your land 3."); ``seat=None``
  is a spectator, worded neutrally ("Player 1 invades Player 2's land 3."). Built from the
  events and the view alone (the view only to name cards in the language asked for), so a
  sentence can never say more than the events a seat was given.
* ``toned_lines(...)``: the same with a tone per line (``head`` a turn's heading, ``dim``
  bookkeeping, ``good``/``bad`` from the reader's side, ``note`` an effect, ``strong``), for a
  front end that colours its log.
* ``question(game, view, lang) -> str``: what the seat deciding now is asked.
* ``how_to_play(game, lang) -> dict``: ``{"win": str, "turn": [<=5 lines], "zones": [[zone,
  what it is], ...]}``.
* ``phase_rules(game, view, lang) -> list[str]``: the rules of the view's phase in a few lines.
* ``round_summary(game, events, view, seat, lang) -> list[str]``: one line after a paced round.

``game`` is a ``Game`` or a registry id. A game's sentences are its record's ``sentences`` part
(``games/<id>/sentences.py``) and offer ``lines(events, view, voice)``, ``question(view,
lang)``, ``HOW_TO_PLAY`` and optionally ``rules(view, lang)`` (or ``RULES``, each phase's
text by its view name, English and Japanese) and ``summary(events, view, voice)``; whatever a
game lacks falls back to the neutral wording below.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from cardtable.core.contract import Game
from cardtable.core.registry import load_game, part
from cardtable.core.voice import Voice
from cardtable.core.words import worded_lines

JSON = dict[str, Any]
#: one line of the log: (tone, text)
Line = tuple[str, str]
TONES = ("", "head", "dim", "good", "bad", "note", "strong")


def _game(game: Game | str) -> Game:
    return load_game(game) if isinstance(game, str) else game


def sentences_module(game: Game | str) -> ModuleType | None:
    """The game's sentences (its record's ``sentences`` part), if it has them."""
    if isinstance(game, str):
        return part(game, "sentences")
    return None if game.parts is None else game.parts.module("sentences")


def _value(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return ", ".join(str(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def generic_line(ev: JSON, voice: Voice) -> Line:
    """An event no game sentence covers: who and what, its fields in brackets."""
    seat = ev.get("player", ev.get("seat"))
    who = voice.who(seat) + ": " if isinstance(seat, int) else ""
    fields = "; ".join(f"{k} {_value(v)}" for k, v in ev.items()
                       if k not in ("type", "player", "seat", "private"))
    kind = str(ev.get("type", "?")).replace("-", " ")
    return "dim", f"{who}{kind}" + (f" ({fields})" if fields else "")


def toned_lines(game: Game | str, events: list[JSON], view: JSON, seat: int | None,
                lang: str) -> list[Line]:
    """The events as (tone, sentence) pairs from ``seat``'s side (None: a spectator)."""
    if not events:
        return []
    voice = Voice(seat, lang)
    module = sentences_module(game)
    if module is None or not hasattr(module, "lines"):
        return [generic_line(e, voice) for e in events]
    out = list(module.lines(events, view, voice))
    return out if voice.ja else [(tone, _stop(_capital(text))) for tone, text in out]


def event_lines(game: Game | str, events: list[JSON], view: JSON, seat: int | None,
                lang: str) -> list[list[Line]] | None:
    """``toned_lines`` of each event by itself, for a game whose sentences word every event on
    its own (its module's ``event_lines``): the lines of ``toned_lines(events)`` are these,
    in order, so a caller that needs both (the board's cues, ``table.cues.line_cues``) words
    the events once. None for a game that words some events together."""
    module = sentences_module(game)
    if module is None or not hasattr(module, "event_lines"):
        return None
    voice = Voice(seat, lang)
    out = [list(own) for own in module.event_lines(events, view, voice)]
    if voice.ja:
        return out
    return [[(tone, _stop(_capital(text))) for tone, text in own] for own in out]


def _stop(text: str) -> str:
    """One full stop: a name that ends in "!" or "?" ends the sentence by itself
    ("You charge Who Needs Brains!", not "Brains!.")."""
    return text[:-1] if text.endswith(("!.", "?.")) else text


def _capital(text: str) -> str:
    """A sentence starts with a capital even when it opens with "their Phantom"."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:] if ch.islower() else text
    return text


def log_lines(game: Game | str, events: list[JSON], view: JSON, seat: int | None,
              lang: str) -> list[str]:
    """The events as plain sentences from ``seat``'s side (None: a spectator)."""
    return [text for _, text in toned_lines(game, events, view, seat, lang)]


def question(game: Game | str, view: JSON, lang: str) -> str:
    """What the deciding seat is asked now, in a sentence ("" at the end of the game)."""
    module = sentences_module(game)
    if module is not None and hasattr(module, "question"):
        text = module.question(view, lang)
        if text:
            return str(text)
    return "あなたの番です。" if lang == "ja" else "Your move."


def how_to_play(game: Game | str, lang: str) -> JSON:
    """``{"title", "win", "turn": [...], "zones": [[zone, meaning], ...]}`` in ``lang``."""
    rules = _game(game)
    module = sentences_module(game)
    table = getattr(module, "HOW_TO_PLAY", None) if module is not None else None
    title = rules.title_ja if lang == "ja" else rules.title
    if not table:
        return {"title": title, "win": "", "turn": [], "zones": []}
    data = table["ja" if lang == "ja" else "en"]
    return {"title": title, "win": data["win"], "turn": list(data["turn"]),
            "zones": [list(z) for z in data["zones"]]}


def phase_rules(game: Game | str, view: JSON, lang: str) -> list[str]:
    """The rules of the view's phase in a few lines (the how-to-play's turn when a game has
    no phase summary). A game whose ``RULES`` holds each phase's text (English, Japanese)
    under the view's phase name needs no ``rules`` of its own: three wrote the same one."""
    module = sentences_module(game)
    if module is not None and hasattr(module, "rules"):
        lines = list(module.rules(view, lang))
    elif module is not None and hasattr(module, "RULES"):
        lines = worded_lines(module.RULES, view.get("phase", ""), lang)
    else:
        lines = []
    if lines:
        return lines
    return how_to_play(game, lang)["turn"]


def round_summary(game: Game | str, events: list[JSON], view: JSON, seat: int | None,
                  lang: str) -> list[str]:
    """One line after a round shown at a time (empty for a game without rounds)."""
    module = sentences_module(game)
    if module is None or not hasattr(module, "summary"):
        return []
    return [text for _, text in module.summary(events, view, Voice(seat, lang))]


def phases(game: Game | str, lang: str) -> list[tuple[str, str]]:
    """The phases of a turn that hold a decision, in order, with their names: a front end says
    which of them passed by themselves (nothing to decide). Empty when a game lists none."""
    module = sentences_module(game)
    order = getattr(module, "PHASES", ()) if module is not None else ()
    name = getattr(module, "phase_name", None)
    return [(p, name(p, lang) if name else p) for p in order]
