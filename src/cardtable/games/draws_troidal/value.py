"""DRAWS-◎-TROIDAL position value: the chance that the viewing seat wins, from its view alone.

Why a value function: the search's random rollouts play to the end of the game; with a cut-off
it asks this function instead, so it must be cheap (a few microseconds on top of the view) and
never read the state, only what the seat may know.

Why these features (each one "mine minus the opponent's", so that the value seen from one seat
is one minus the value seen from the other; there is no intercept for the same reason):

* ``life``: life difference in tens of points. Nearly every game ends on life, so this carries
  most of the signal.
* ``share``: the same difference over the life left on the table. A ten-point lead is worth
  more at 12 against 2 than at 50 against 40: fewer battles remain to turn it.
* ``power``: summed printed power of the cards on the field, in tens (no power counts 0). The
  opponent's newly set cards show their power only, so power is counted for every card, fresh
  or not: higher power wins more of the coming battles.
* ``guard``: guard points left on cards that are not newly set (a fresh card's guard is hidden
  from the opponent, so it is counted on neither side): each one absorbs a loss without damage.
* ``risk``: summed risk of the cards on the field that are not newly set, in tens (hidden the
  same way): the life at stake when they lose. Given power and guard, more risk is worse.

Tried and left out, because they did not lower the held-out log-loss: cards left in the deck
(games end on life long before a deck runs out; the weight came out near zero), initiative
(zero), wins in a row, and the mean power of the cards still to come (decklist minus trash and
field, public on both sides).

Card powers and risks come from the view's card table, read once per distinct table (keyed by
every card's name, power and risk, as the greedy policy keys its catalog by card facts), so a
call builds one key and reads a handful of fields: about 4.5 µs, 2.5 of them the key.

The weights are a logistic regression fitted to positions of games played by a 70%-greedy,
30%-random policy over random pairings of the shipped decks, from the view of a random seat,
labelled by whether that seat won. Refit (single process, about a minute) and paste the printed
weights into ``WEIGHTS``::

    .venv/bin/python benchmarks/fit_values.py draws-troidal --games 3000 --seed 1
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from cardtable.agents.logistic import probability

#: rollout steps the search plays before asking ``value`` (its ``cutoff`` default):
#: a turn is about five decisions (a set and a shuffle each, an opening
#: redo now and then), so the value judges the field after one more round of battles
CUTOFF = 5
#: feature names, in the order of ``features`` and ``WEIGHTS``
FEATURES = ("life", "share", "power", "guard", "risk")
#: fitted by benchmarks/fit_values.py (see the module docstring)
WEIGHTS = (0.90, 1.83, 0.68, 0.27, -0.64)

_STATS: dict[tuple[Any, ...], dict[str, tuple[int, int]]] = {}
_NAME, _POWER, _RISK = itemgetter("name"), itemgetter("power"), itemgetter("risk")


def _stats(cards: list[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """(printed power or 0, risk) of each card name, one table per distinct card table.

    Keyed by every card's name, power and risk, so two deck files that define one new name
    differently get tables of their own. The key is a flat tuple built by ``map`` (strings
    cache their hashes), the only per-call cost that grows with the table: about 1.5 µs for
    the 26 cards of a shipped match, against 2.5 µs for a tuple of per-card tuples.
    """
    key = (*map(_NAME, cards), *map(_POWER, cards), *map(_RISK, cards))
    found = _STATS.get(key)
    if found is None:
        if len(_STATS) >= 64:
            _STATS.clear()
        found = _STATS[key] = {c["name"]: (c["power"] or 0, c["risk"]) for c in cards}
    return found


def features(view: dict[str, Any]) -> list[float]:
    """The features of ``FEATURES`` for ``view["player"]``, each mine minus the opponent's."""
    me = view["player"]
    life = view["life"]
    mine, theirs = life[me], life[1 - me]
    stats = _stats(view["cards"])
    power = guard = risk = 0
    for lane in view["you"]["field"]:
        name = lane.get("card")
        if name is not None:
            pw, rk = stats[name]
            power += pw
            if not lane["fresh"]:
                guard += lane["guard"]
                risk += rk
    for lane in view["opponent"]["field"]:
        name = lane.get("card")
        if name is not None:  # a card the opponent shows is never fresh
            pw, rk = stats[name]
            power -= pw
            guard -= lane["guard"]
            risk -= rk
        elif "hidden" in lane:
            power -= lane["power"] or 0
    total = mine + theirs
    return [
        (mine - theirs) / 10,
        (mine - theirs) / total if total > 0 else 0.0,
        power / 10,
        guard,
        risk / 10,
    ]


def value(view: dict[str, Any]) -> float:
    """Estimated probability, in (0, 1), that ``view["player"]`` wins from here."""
    return probability(WEIGHTS, features(view))
