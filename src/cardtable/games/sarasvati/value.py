"""サラスヴァティTCG position value: the chance that the viewing seat wins, from its view alone.

Why a value function: the search's random rollouts play to the end of the game; with a cut-off
it asks this function instead, so it must be cheap (a few microseconds on top of the view) and
never read the state, only what the seat may know.

Why these features (each one "mine minus the opponent's", so that the value seen from one seat
is one minus the value seen from the other; there is no intercept for the same reason):

* ``books``: ``1 / t - 1 / m``, where ``m`` is the number of attacks the opponent still needs
  against my books and ``t`` the number I need against theirs (a face-down book takes two, an
  open one one, a destroyed one none; six at the start). The reciprocal makes the last book
  weigh more than the first: in the training games the side with six left against one won 80%,
  with six against three 61%. Against a plain difference of the two counts the held-out
  log-loss was lower in one run (0.459 against 0.466) and level in another (0.479 both), and
  the reciprocal reads an endgame better, so it stays.
* ``attack``, ``defense``: summed current attack and defense of the characters on the battle
  zone, in thousands (the view carries them with every modifier applied, so no card text is
  read): the board that will attack books and wall them.
* ``chars``: number of characters (bodies that can attack or wall, whatever their stats).
* ``voltage``: cards in the voltage zone, what a player can pay each turn.
* ``hand``: cards in hand, what a player can still play.

Tried and left out, because they did not lower the held-out log-loss: cards left in the deck
(both decks run down one a turn, so the difference mostly mirrors the hand; a deck-out is rare
next to three books), whose turn it is, destroyed books apart from open ones, a last book
standing, the ready front-row wall, and the attack of characters able to attack now.

Everything is read from counts and the board, which both seats see alike, so no card table is
parsed and a call is a few dozen field reads.

``value_state(state, seat)`` is the same number read from the state's public parts (book
states, the board's current stats, zone sizes) without building the view: the search asks for
one value per rollout, and the view around it cost about six times the value
(``tests/test_agents_value.py`` checks the two agree exactly on positions of every phase).

The weights are a logistic regression fitted to positions of games played by a 70%-greedy,
30%-random policy over random pairings of the shipped decks, from the view of a random seat,
labelled by whether that seat won. Refit (single process, about a minute) and paste the printed
weights into ``WEIGHTS``::

    .venv/bin/python benchmarks/fit_values.py sarasvati --games 3000 --seed 1
"""

from __future__ import annotations

from typing import Any

from cardtable.agents.logistic import probability
from cardtable.games.sarasvati.stats import auras, stats

#: rollout steps the search plays before asking ``value`` (its ``cutoff`` default):
#: a turn is about ten decisions (charge, a few summons, a few attacks),
#: so the value judges the board after about one more turn
CUTOFF = 10
#: feature names, in the order of ``features`` and ``WEIGHTS``
FEATURES = ("books", "attack", "defense", "chars", "voltage", "hand")
#: fitted by benchmarks/fit_values.py (see the module docstring)
WEIGHTS = (2.29, 0.16, 0.16, 0.27, 0.10, 0.30)

#: attacks a book still needs, by its state
_HITS = {"face-down": 2, "open": 1, "destroyed": 0}


def features(view: dict[str, Any]) -> list[float]:
    """The features of ``FEATURES`` for ``view["player"]``, each mine minus the opponent's."""
    you, opp = view["you"], view["opponent"]
    hits = _HITS
    mine = theirs = 0
    for b in you["books"]:
        mine += hits[b["state"]]
    for b in opp["books"]:
        theirs += hits[b["state"]]
    atk = dfn = chars = 0
    for f in you["field"]:
        if f is not None:
            atk += f["attack"]
            dfn += f["defense"]
            chars += 1
    for f in opp["field"]:
        if f is not None:
            atk -= f["attack"]
            dfn -= f["defense"]
            chars -= 1
    return [
        # a finished game may have a side at 0: counted as half an attack, never a division by 0
        1.0 / (theirs or 0.5) - 1.0 / (mine or 0.5),
        atk / 1000,
        dfn / 1000,
        chars,
        len(you["voltage"]) - len(opp["voltage"]),
        len(you["hand"]) - opp["hand_count"],
    ]


def value(view: dict[str, Any]) -> float:
    """Estimated probability, in (0, 1), that ``view["player"]`` wins from here."""
    return probability(WEIGHTS, features(view))


def value_state(state: Any, seat: int) -> float:
    """``value(state.brief_view(seat))``, read from the state without the view: the same
    features from the same public facts (a book's hits by its state, the board's stats with
    every modifier applied, zone sizes), so the same float."""
    bstate = state.bstate
    # a book needs 2 hits face down, 1 open, 0 destroyed (FACE_DOWN, OPEN, DESTROYED = 0, 1, 2)
    mine = 2 * len(bstate[seat]) - sum(bstate[seat])
    theirs = 2 * len(bstate[1 - seat]) - sum(bstate[1 - seat])
    atk = dfn = chars = 0
    field = state.field
    wide = None
    for s in (seat, 1 - seat):
        sign = 1 if s == seat else -1
        for i, c in enumerate(field[s]):
            if c >= 0:
                if wide is None:
                    wide = auras(state)
                a, d = stats(state, s, i, wide)
                atk += sign * a
                dfn += sign * d
                chars += sign
    voltage, hand = state.voltage, state.hand
    return probability(WEIGHTS, [
        1.0 / (theirs or 0.5) - 1.0 / (mine or 0.5),
        atk / 1000,
        dfn / 1000,
        chars,
        len(voltage[seat]) - len(voltage[1 - seat]),
        len(hand[seat]) - len(hand[1 - seat]),
    ])
