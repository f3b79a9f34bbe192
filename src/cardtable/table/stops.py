"""Stops: which decisions a player wants to be asked, as MTG Arena's auto-pass with stops.

A game that has windows a player may pass through (Dreadnought's speed, cast, fast, action and
reaction windows; Culdcept's spell step) declares its stops in its record's ``stops`` part:
``STOPS``, each a ``Stop`` with its default, and ``stop(view, described)``, which names the stop
a decision belongs to and the move made for the player when that stop is off (a pass, the
usual payment), or None when the decision is always asked (a block, a target).

The rule is worked out from the deciding seat's view and the descriptions of its own legal
actions only, so a skip tells the opponent nothing; and a decision under a stop that is on is
always asked: a stop never hides a decision the player asked to see. A decision with one legal
option is never asked in any game (``cardtable.table.choices.auto_pass`` at the terminal, the
page's own rule in the browser).

"End turn" (Arena's): the page passes every later decision of the turn that is under a stop,
whatever the stop says, except under a stop that ``holds`` and is on (Dreadnought's reactions:
the opponent played something the seat can answer). Decisions under no stop (a block, a target)
are asked as ever.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core.registry import part

JSON = dict[str, Any]


@dataclass(frozen=True)
class Stop:
    """One stop a player may set: ``on`` asks them at its decisions, off answers them."""

    key: str
    en: str
    ja: str
    #: the help line (English, Japanese)
    help: tuple[str, str] = ("", "")
    on: bool = True
    #: "End turn" still stops here while the stop is on (the opponent did something to answer)
    holds: bool = False

    def label(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


def stops_of(game_id: str) -> tuple[Stop, ...]:
    module = part(game_id, "stops")
    return tuple(module.STOPS) if module is not None else ()


def defaults(game_id: str) -> dict[str, bool]:
    return {s.key: s.on for s in stops_of(game_id)}


def decision_stop(game_id: str, view: JSON, described: list[JSON]) -> JSON | None:
    """``{"key": stop, "move": code}``: the stop this decision is under and the code played
    for the player when it is off; None when the decision is always asked."""
    module = part(game_id, "stops")
    if module is None or len(described) < 2:
        return None
    found = module.stop(view, described)
    if found is None:
        return None
    key, index = found
    return {"key": key, "move": int(described[index]["code"])}


def skipped(game_id: str, view: JSON, described: list[JSON],
            settings: Mapping[str, bool] | None = None) -> int | None:
    """The code to play for the player under their stops (the game's defaults where
    ``settings`` is silent), or None: ask them."""
    found = decision_stop(game_id, view, described)
    if found is None:
        return None
    on = defaults(game_id)
    on.update(settings or {})
    return None if on.get(found["key"], True) else found["move"]


def control(game_id: str, lang: str) -> list[JSON]:
    """The stops as the page's control lists them: key, label, help, default and whether
    "End turn" still stops there."""
    return [{"key": s.key, "label": s.label(lang), "help": s.help[1 if lang == "ja" else 0],
             "on": s.on, "holds": s.holds} for s in stops_of(game_id)]


def ending_turn(game_id: str, view: JSON, described: list[JSON],
                settings: Mapping[str, bool] | None = None) -> int | None:
    """The code "End turn" plays for the player at this decision, or None: ask them (no stop,
    or a stop that holds and is on). The page's own rule (``choices.js: endTurnMove``) is this
    one; the tests measure with it."""
    found = decision_stop(game_id, view, described)
    if found is None:
        return None
    on = defaults(game_id)
    on.update(settings or {})
    held = {s.key for s in stops_of(game_id) if s.holds}
    return None if found["key"] in held and on.get(found["key"], True) else found["move"]


def end_turn_offered(game_id: str, view: JSON, described: list[JSON]) -> int | None:
    """The code "End turn" plays at this decision (its stop's move, a pass), or None when it
    is not offered: the decision is under no stop, or the game has no stop that holds (a game
    whose one stop is a step of its own turn, Culdcept's spell step, says it all with that
    step's own "Cast no spell"). The page offers its button by the same rule (``table.js``)."""
    if not any(s.holds for s in stops_of(game_id)):
        return None
    found = decision_stop(game_id, view, described)
    return None if found is None else found["move"]
