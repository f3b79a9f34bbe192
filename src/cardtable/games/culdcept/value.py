"""カルドセプト position value: the chance that the viewing seat wins, from its view alone.

Why a value function: the search's random rollouts play to the end of the game; with a cut-off
it asks this function instead, so it must be cheap and read only what the seat may know.

Why these features (each one "mine minus the opponent's", so that the value seen from one seat
is one minus the value seen from the other; no intercept for the same reason):

* ``points``: toll points, the score itself (10 wins).
* ``guards``: lands holding a controlling creature: an unguarded opposing land is where the
  mover takes no toll, a guarded one where it pays or fights.
* ``strength``: summed printed ST + HP of the guards, in hundreds.
* ``levels``: level cards under guarded lands (each raises a toll by one).
* ``exposed``: level cards under unguarded lands (a visiting opponent takes one as toll).
* ``deck``: cards left in the deck, in tens: costs and tolls are paid from it, and a toll it
  cannot pay loses the game.
* ``hand``: cards in hand.

The weights are a logistic regression fitted to positions of games played by a 70%-greedy,
30%-random policy over random pairings of the shipped decks. Refit and paste the printed
weights into ``WEIGHTS``::

    .venv/bin/python benchmarks/fit_values.py culdcept --games 2000 --seed 1
"""

from __future__ import annotations

from typing import Any

from cardtable.agents.logistic import probability

#: rollout steps the search plays before asking ``value`` (its ``cutoff`` default): a turn is
#: two or three decisions (spell, invade or territory, a battle card), so about three turns
CUTOFF = 8
#: feature names, in the order of ``features`` and ``WEIGHTS``
FEATURES = ("points", "guards", "strength", "levels", "exposed", "deck", "hand")
#: fitted by benchmarks/fit_values.py (see the module docstring)
WEIGHTS = (0.478, -0.239, 0.763, 0.123, -0.286, -0.583, -0.0622)


def features(view: dict[str, Any]) -> list[float]:
    """The features of ``FEATURES`` for ``view["player"]``, each mine minus the opponent's."""
    you, opp = view["you"], view["opponent"]
    cards = _cards(view)
    out = [0.0] * 7
    for side, sign in ((you, 1.0), (opp, -1.0)):
        guards = strength = levels = exposed = 0
        for s in side["slots"]:
            lv = s["level"] - 1
            c = s["creature"]
            if c is None:
                exposed += lv
            else:
                guards += 1
                levels += lv
                card = cards[c]
                strength += card["st"] + card["hp"]
        out[1] += sign * guards
        out[2] += sign * strength / 100
        out[3] += sign * levels
        out[4] += sign * exposed
    out[0] = you["points"] - opp["points"]
    out[5] = (you["deck_count"] - opp["deck_count"]) / 10
    out[6] = len(you["hand"]) - opp["hand_count"]
    return out


#: the last view card list read, and its cards by name (a search reads one list many times)
_CARDS: list[Any] = [None, {}]


def _cards(view: dict[str, Any]) -> dict[str, Any]:
    if _CARDS[0] is not view["cards"]:
        _CARDS[0] = view["cards"]
        _CARDS[1] = {c["name"]: c for c in view["cards"]}
    return _CARDS[1]


def value(view: dict[str, Any]) -> float:
    """Estimated probability, in (0, 1), that ``view["player"]`` wins from here."""
    return probability(WEIGHTS, features(view))
