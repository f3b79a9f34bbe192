"""A full state consistent with one player's view, for search agents.

Built from the view alone: every card the player cannot see (the opponent's hand, opening five,
deck and newly set cards, and the order of the player's own deck) is redistributed at random
among the places it could be, keeping each newly set opponent card's visible power. An answer
the opponent has given but not yet revealed is replaced by a random legal answer, and the sample
gets a generator of its own, so no future shuffle is foreseen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.state import PHASE_NAMES, DrawsState, legal_for
from cardtable.games.draws_troidal.steps import NOT_ASKED, WAITING


def _take(pool: list[int], index: int) -> int:
    pool[index], pool[-1] = pool[-1], pool[index]
    return pool.pop()


#: the card list of the last view sampled and its parse: a search samples one view thousands
#: of times, and holding the list itself (compared with ``is``) keeps its identity valid
_parsed: tuple[Any, tuple[Card, ...], dict[str, int]] = (None, (), {})
#: the same for the decklists: the two public decks, built once per view rather than per sample
_decks: tuple[Any, Any, tuple[Deck, ...]] = (None, None, ())


def _cards(view: dict[str, Any]) -> tuple[tuple[Card, ...], dict[str, int]]:
    global _parsed
    source, cards, idx = _parsed
    if source is not view["cards"]:
        source = view["cards"]
        cards = tuple(sorted((Card.from_json(c) for c in source), key=lambda c: c.name))
        idx = {c.name: i for i, c in enumerate(cards)}
        _parsed = (source, cards, idx)
    return cards, idx


def _public_decks(view: dict[str, Any], cards: tuple[Card, ...], idx: dict[str, int]
                  ) -> tuple[Deck, ...]:
    global _decks
    lists, table, decks = _decks
    if lists is not view["decklists"] or table is not cards:
        lists = view["decklists"]
        decks = tuple(Deck(f"seat {i + 1}", tuple(cards[idx[n]] for n in names))
                      for i, names in enumerate(lists))
        _decks = (lists, cards, decks)
    return decks


def sample_state(view: dict[str, Any], seed: int) -> DrawsState:
    p = view["player"]
    o = 1 - p
    s = DrawsState.__new__(DrawsState)
    s.cards, idx = _cards(view)
    s.seed = seed
    s.rng = rng.seed_state(seed)
    s.options = dict(view["options"])
    s.decks = _public_decks(view, s.cards, idx)
    s.history, s.log = [], []
    s.phase = PHASE_NAMES.index(view["phase"])
    s.to_move = view["to_move"]
    s.turn_no = view["turn"]
    s.initiative = view["initiative"]
    s.life = list(view["life"])
    result = view["result"]
    s.winner_seat = -1 if result is None or result["winner"] is None else result["winner"]
    s.drawn = bool(result and result["draw"])
    s.reason = result["reason"] if result else ""
    s.deck, s.hand, s.revealed, s.trash = [[], []], [[], []], [[], []], [[], []]
    s.field = [[-1] * 5, [-1] * 5]
    s.guard = [[0] * 5, [0] * 5]
    s.wins = [[0] * 5, [0] * 5]
    s.fresh = [[False] * 5, [False] * 5]
    s.redos = [0, 0]
    s._legal = None

    you, opp = view["you"], view["opponent"]
    # Own side: everything but the deck order is known.
    s.hand[p] = [idx[n] for n in you["hand"]]
    s.revealed[p] = [idx[n] for n in you["revealed"]]
    s.trash[p] = [idx[n] for n in you["trash"]]
    s.redos[p] = you["redos"]
    unseen = Counter(idx[n] for n in view["decklists"][p])
    unseen.subtract(s.hand[p] + s.revealed[p] + s.trash[p])
    for lane, info in enumerate(you["field"]):
        if not info.get("empty"):
            c = idx[info["card"]]
            s.field[p][lane], s.guard[p][lane] = c, info["guard"]
            s.wins[p][lane], s.fresh[p][lane] = info["wins"], info["fresh"]
            unseen[c] -= 1
    s.deck[p] = sorted(unseen.elements())
    s.rng = rng.shuffle(s.rng, s.deck[p])

    # Opponent: known field cards and trash; the rest is one pool to redistribute.
    s.trash[o] = [idx[n] for n in opp["trash"]]
    s.redos[o] = opp["redos"]
    unseen = Counter(idx[n] for n in view["decklists"][o])
    unseen.subtract(s.trash[o])
    hidden_lanes = []
    for lane, info in enumerate(opp["field"]):
        if info.get("hidden"):
            hidden_lanes.append((lane, info["power"]))
        elif not info.get("empty"):
            c = idx[info["card"]]
            s.field[o][lane], s.guard[o][lane] = c, info["guard"]
            s.wins[o][lane] = info["wins"]
            unseen[c] -= 1
    pool = sorted(unseen.elements())
    for lane, power in hidden_lanes:
        fits = [i for i, c in enumerate(pool) if s.cards[c].power == power]
        if not fits:
            raise CardtableError(f"inconsistent view: no unseen opponent card has power {power}")
        s.rng, k = rng.randbelow(s.rng, len(fits))
        c = _take(pool, fits[k])
        s.field[o][lane], s.guard[o][lane], s.fresh[o][lane] = c, s.cards[c].guard, True
    pool.sort()
    s.rng = rng.shuffle(s.rng, pool)
    h, r = opp["hand_count"], opp["revealed_count"]
    s.hand[o], s.revealed[o], s.deck[o] = pool[:h], pool[h : h + r], pool[h + r :]

    s.dice = []  # a search does not foresee scripted coins
    s.pending = [NOT_ASKED, NOT_ASKED]
    s.pending[p] = (you["pending"] if you["pending"] is not None
                    else (WAITING if you["asked"] else NOT_ASKED))
    if opp["answered"]:
        options = legal_for(s, o)
        s.rng, k = rng.randbelow(s.rng, len(options))
        s.pending[o] = options[k]
    elif opp["asked"]:
        s.pending[o] = WAITING
    return s
