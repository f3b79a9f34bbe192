"""A full state consistent with one player's view, for search agents.

Built from the view alone, with a generator of its own: an opponent's deck still hidden is
rebuilt as a random legal deck from their pool, and an opponent's team answer not yet revealed
is replaced by a random legal team, or by the searcher's model of the opponent (``answer``)
asked from the opponent's view, which the sample rebuilds exactly. Nothing else is hidden
before the battle, and the battle has no decision, so a finished game is rebuilt as it is
shown.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng
from cardtable.core.contract import Answerer
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.cards import card_from_text
from cardtable.games.dice_and_monsters.legal import legal_for
from cardtable.games.dice_and_monsters.state import (
    BUILD,
    PHASE_NAMES,
    TEAM,
    WAITING,
    DiceState,
)
from cardtable.games.dice_and_monsters.view import view as view_of


def sample_state(view: dict[str, Any], seed: int, answer: Answerer | None = None) -> DiceState:
    p = view["player"]
    o = 1 - p
    s = DiceState.__new__(DiceState)
    s.cards = tuple(card_from_text(c["text"]) for c in view["cards"])
    idx = {c.name: i for i, c in enumerate(s.cards)}
    s.seed = seed
    s.rng = rng.seed_state(seed)
    s.options = dict(view["options"])
    s.pool = [[idx[n] for n in view["pools"][0]], [idx[n] for n in view["pools"][1]]]
    s.kinds = [deckbuilding.kinds_of(s.cards, s.pool[p]) for p in (0, 1)]
    s.picked = [0, 0]
    s.decks = tuple(Deck(f"seat {i + 1}", tuple(s.cards[c] for c in s.pool[i])) for i in (0, 1))
    s.history, s.log = [], []
    s.dice = []  # a search does not foresee scripted dice
    s.phase = PHASE_NAMES.index(view["phase"])
    s.to_move = view["to_move"]
    you, opp = view["you"], view["opponent"]
    s.deck = [[], []]
    s.leap = [[], []]
    s.built = [False, False]
    s.deck[p] = [idx[n] for n in you["deck"]]
    s.leap[p] = [idx[n] for n in you["leap"]]
    position = {c: i for i, c in enumerate(s.pool[p])}
    for c in s.deck[p] + s.leap[p]:
        s.picked[p] |= 1 << position[c]
    s.built[p] = you["built"]
    s.built[o] = opp["built"]
    s.pending = [WAITING, WAITING]
    result = view["result"]
    s.rounds = view["rounds"]
    s.winner_seat = -1 if result is None or result["winner"] is None else result["winner"]
    s.drawn = bool(result and result["draw"])
    s.reason = result["reason"] if result else ""
    s.final = None
    s._legal = None
    if "deck" in opp:
        s.deck[o] = [idx[n] for n in opp["deck"]]
        s.leap[o] = [idx[n] for n in opp["leap"]]
    elif opp["built"] and s.phase == BUILD:
        # Hidden but finished: any legal deck from their pool.
        s.to_move = o
        while True:
            legal = legal_for(s, o)
            s.rng, k = rng.randbelow(s.rng, len(legal))
            if deckbuilding.pick(s, o, legal[k]):
                break
        s.log.clear()
        deckbuilding.finish(s, o)
        s.log.clear()
        s.to_move = view["to_move"]
        s._legal = None
    if s.phase == TEAM:
        if you.get("team") is not None:
            from cardtable.games.dice_and_monsters.actions import team_code

            a, b, c, d = you["team"]
            s.pending[p] = team_code((a, b, c, d))
        if opp.get("answered"):
            legal = legal_for(s, o)
            if answer is None:
                s.rng, k = rng.randbelow(s.rng, len(legal))
                s.pending[o] = legal[k]
            else:
                # The opponent answered first, seeing then what it sees now: both decks and
                # no team. Ask the searcher's model from that view.
                s.to_move = o
                code = answer(view_of(s, o), legal)
                if code not in legal:
                    raise CardtableError(f"the answer model gave {code}, not a legal team code")
                s.pending[o] = code
                s.to_move = view["to_move"]
                s._legal = None
    if view["field"] is not None:
        s.final = {"field": view["field"], "commands": [
            {"card": you.get("command") if i == p else "", "square": 1, "state": -1, "fired": 0}
            for i in (0, 1)], **(view["comparison"] or {})}
    return s
