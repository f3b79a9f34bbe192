"""The record of one game: everything a game package offers, declared once.

Each game declares a ``GameParts`` as ``PARTS`` in its ``games/<id>/record.py``, and the
registry (``core/registry.py``) lists the record modules, one line a game. Agents, the front
ends, the adapters, the lab and the compiled build find a game's parts only through the
registry, never by building module names, so a new game is one folder and one registry line.

A part is named by its module inside the game's package (``policy="greedy"`` is
``<package>.greedy``) and loaded on first use, so reading a record costs nothing and a worker
that plays one game imports only the parts it asks for. ``None`` is a part the game does not
offer; every reader has a neutral stand-in for it (no policy: greedy refuses and the search
goes without a prior; no projection: a plain table; no sentences: neutral wording).

What each module offers:

* ``rules``: ``GAME``, the game's ``Game`` (the contract every game must answer).
* ``view``: where ``State.view`` is built (named for the compiled build and for readers).
* ``policy``: ``choose(game, view, legal) -> int``, optionally ``scores(game, view, legal) ->
  list[float]`` (the search's prior) and ``SETTLED_PHASES`` (view phases a search leaves to the
  policy, because its rollouts cannot judge them).
* ``value``: ``value(view) -> float`` (chance the view's player wins), ``CUTOFF`` (the rollout
  length where the search asks it) and optionally ``value_state(state, seat)``.
* ``projection``: ``project(view, lang) -> Table`` (``core/projection.py``), optionally
  ``card_face(card, lang) -> Card`` (one card alone, for printing and the workbench) and
  ``setup_cards(lang) -> (back word, [Card])`` (cards a player needs beside the deck, printed
  with a back of their own: Culdcept's starting lands).
* ``sentences``: ``lines``, ``question``, ``HOW_TO_PLAY``, optionally ``rules`` (or ``RULES``,
  each phase's text, which ``table/sentences.phase_rules`` words alike) and ``summary``
  (``table/sentences.py``).
* ``picks``: ``picks(description, table, seat) -> list[str]`` (``core/picks.py``).
* ``why_not``: ``reasons(view, described, lang) -> {card key: reason}``, why a card in hand
  cannot be played now (``core/why_not.py``).
* ``stops``: ``STOPS`` (the game's stops, ``table/stops.Stop``) and ``stop(view, described)
  -> (stop key, index of the move made when that stop is off) | None``, which decisions a
  player may have answered for them (``table/stops.py``).
* ``encoding``: ``LAYOUT`` and ``encode(view)``, optionally ``observe`` or ``observe_into``.
* ``writer``: a module with ``observe_into(state, player, out)`` beside the encoding (so a
  writer importing the encoding needs no import circle).
* ``terminal``: hooks the terminal may take instead of its shared ones (``cli/render.py``).
* ``scenario``: ``read(game, scenario) -> State`` and ``write(state) -> str``, the game's
  scenario files, which ``core/scenario.ScenarioFiles`` hands ``Game.state_from_scenario`` and
  ``Game.scenario_text`` to.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from cardtable.core.options import Option
from cardtable.core.words import words

#: the slots of a record that name a module of the game's package
MODULE_SLOTS = ("rules", "view", "policy", "value", "projection", "sentences", "picks",
                "why_not", "stops", "encoding", "writer", "terminal", "scenario")
#: the module each part lives in by the convention the shipped games follow: its slot's name,
#: but for the rules (``game``), the policy (``greedy``) and the writer (``observe_fast``)
CONVENTIONAL = {slot: slot for slot in MODULE_SLOTS} | {
    "rules": "game", "policy": "greedy", "writer": "observe_fast"}


def conventional(*slots: str) -> dict[str, str]:
    """The parts ``slots`` in their conventional modules, for a record to spread into its
    ``GameParts`` (``**conventional("view", "policy")``): a record names only the parts a game
    offers, and spells out a module only where it departs from the convention."""
    unknown = [s for s in slots if s not in CONVENTIONAL]
    if unknown:
        raise KeyError(f"a game record has no part {unknown[0]!r}; "
                       f"parts: {', '.join(MODULE_SLOTS)}")
    return {slot: CONVENTIONAL[slot] for slot in slots}


def about(module: str) -> dict[str, Any]:
    """A record's titles and tagline, from the ``[record]`` table (``title`` and ``tagline``,
    each English then Japanese) of the wording catalog of the package of ``module`` (a
    ``__file__``; ``core/words.py``), for the record to spread into its ``GameParts``."""
    table = words(module, "record")
    return {"title": table["title"][0], "title_ja": table["title"][1],
            "tagline": table["tagline"]}


@dataclass(frozen=True)
class GameParts:
    """What one game offers; see the module docstring for what each part's module holds."""

    #: registry id, e.g. ``draws-troidal``
    id: str
    title: str
    title_ja: str
    #: the game's package (``__package__`` of its record module)
    package: str
    #: the game in one line, for a lobby: (English, Japanese)
    tagline: tuple[str, str] = ("", "")
    #: every option, declared once (``core/options.py``)
    options: tuple[Option, ...] = ()
    #: the module holding ``GAME``; None: listed, but its rules core is not built yet
    rules: str | None = "game"
    view: str | None = None
    policy: str | None = None
    value: str | None = None
    projection: str | None = None
    sentences: str | None = None
    picks: str | None = None
    why_not: str | None = None
    stops: str | None = None
    encoding: str | None = None
    writer: str | None = None
    terminal: str | None = None
    scenario: str | None = None
    #: a generous bound on decisions per match (OpenSpiel's ``max_game_length``)
    max_length: int = 1000
    #: the game's modules the compiled build holds, by profile (``accel_build.py``)
    hot: tuple[str, ...] = ()
    #: the folder, inside the package, of the game's learned weights (may not exist yet)
    weights: str = "weights"
    #: a printed card's size in millimetres (width, height): poker size unless the game's
    #: rules say otherwise (none of the five seeds names a size)
    card_size: tuple[float, float] = (63.0, 88.0)

    def module_name(self, slot: str) -> str | None:
        """The full name of the module in ``slot``, or None when the game offers none."""
        if slot not in MODULE_SLOTS:
            raise KeyError(f"a game record has no part '{slot}'; parts: {', '.join(MODULE_SLOTS)}")
        name = getattr(self, slot)
        return None if name is None else f"{self.package}.{name}"

    def module(self, slot: str) -> ModuleType | None:
        """The module in ``slot``, imported on first use; None when the game offers none."""
        name = self.module_name(slot)
        return None if name is None else _imported(name)

    def hot_modules(self) -> tuple[str, ...]:
        """The full names of the game's modules in the compiled build."""
        return tuple(f"{self.package}.{name}" for name in self.hot)

    def weights_dir(self) -> Path:
        """Where the game's learned weights live (the folder need not exist)."""
        package = importlib.import_module(self.package)
        return Path(next(iter(package.__path__))) / self.weights


@cache
def _imported(name: str) -> ModuleType:
    return importlib.import_module(name)
