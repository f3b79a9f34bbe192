"""Dreadnought position value: the chance that the viewing seat wins, from its view alone.

Why a value function: a random Dreadnought game is about 200 decisions, so a search that
plays every rollout to the end spends its budget on the far future; with a cut-off it judges
the table after about a turn instead.

Features, each mine minus the opponent's (no intercept, so the value seen from one seat is one
minus the value seen from the other):

* ``hp``: HP cards left on both casters (the game ends when both casters of a seat reach 0);
* ``bp``: summed BP of the units on the table, in hundreds (what attacks and blocks next turn;
  the opponent's closed enchantments are not in the view, so they are not counted);
* ``units``: bodies that can block (a caster that need not block keeps its HP);
* ``log``: normal casters and bursts, what pays for casts and codes;
* ``hand``: cards in hand.

The weights are a logistic regression fitted to positions of games played by a 70%-greedy,
30%-random policy over random pairings of the shipped decks (3,000 games, 9,540 training and
2,388 held-out positions, about 110 CPU seconds), replacing hand-set weights
(0.6, 0.3, 0.2, 0.08, 0.08). On the held-out positions: log-loss 0.580 and accuracy 68.2%,
against 0.605 and 66.8% for the hand-set weights, 0.595 and 67.1% for ``hp`` alone, 0.693 for
a coin. On new games (``--games 1500 --seed 2``) the pasted weights hold: log-loss 0.576
against 0.576 for a refit on those games (weights 0.538, 0.409, -0.197, 0.054, -0.030: the
same signs and order). What the fit says: HP cards and BP on the table weigh about the same
(100 BP is an HP card); at equal BP, more bodies count against a seat (``units`` is negative,
most likely because the same BP in fewer, larger units is the stronger table); log counts a
little, and cards in hand slightly against (our reading: a full hand is often one that could
not cast). Refit and paste the printed weights into ``WEIGHTS``::

    .venv/bin/python benchmarks/fit_values.py dreadnought --games 3000 --seed 1
"""

from __future__ import annotations

from typing import Any

from cardtable.agents.logistic import probability

#: rollout steps before ``value`` judges: a turn is 20 to 30 decisions with every window asked
CUTOFF = 25
FEATURES = ("hp", "bp", "units", "log", "hand")
#: fitted by benchmarks/fit_values.py (see the module docstring)
WEIGHTS = (0.512, 0.521, -0.276, 0.0694, -0.0392)


def features(view: dict[str, Any]) -> list[float]:
    you, opp = view["you"], view["opponent"]
    me = view["player"]
    bp = units = 0
    for u in view["units"]:
        if u[1] == me:
            bp += u[6]
            units += 1
        else:
            bp -= u[6]
            units -= 1
    log = (you["checked"].count(0) + you["bursts"].count(0)
           - opp["checked"].count(0) - opp["bursts"].count(0))
    return [sum(you["hp"]) - sum(opp["hp"]), bp / 100, units, log,
            len(you["hand"]) - opp["hand_count"]]


def value(view: dict[str, Any]) -> float:
    """Estimated probability, in (0, 1), that ``view["player"]`` wins from here."""
    return probability(WEIGHTS, features(view))
