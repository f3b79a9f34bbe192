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

The weights are set by hand, not fitted: the session that built the game had no CPU to spare
for the fitting run (``benchmarks/fit_values.py``, as for the other games). They are ordered
as the rules order them: an HP card is the game itself; 100 BP on the table is about half an
HP card (it breaks two in a blocked-by-caster attack, but can be blocked); log and cards are
means to those ends.
"""

from __future__ import annotations

from typing import Any

from cardtable.agents.logistic import probability

#: rollout steps before ``value`` judges: a turn is 20 to 30 decisions with every window asked
CUTOFF = 25
FEATURES = ("hp", "bp", "units", "log", "hand")
WEIGHTS = (0.6, 0.3, 0.2, 0.08, 0.08)


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
