"""A full state consistent with one player's view, for search agents.

Built from the view alone. Every card the view shows is placed where it shows it; each seat's
unseen cards are its decklist minus those. The player's own unseen cards are its deck, in a
random order. The opponent's unseen cards are dealt at random to its hand, its face-down
level cards (as many per land as the view counts), a face-down battle card if one waits, and
its deck. The sample gets a generator of its own, so no future die or shuffle is foreseen.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.games.culdcept.cards import START_LANDS, Card, CardTable
from cardtable.games.culdcept.state import PHASE_NAMES, CuldceptState

_LAND_INDEX = {n: i for i, (n, _, _) in enumerate(START_LANDS)}
#: the last view card list sampled, and its parse (a search samples one view many times)
_parsed: tuple[Any, tuple[Card, ...], dict[str, int]] = (None, (), {})
#: the last decklists sampled, their per-card counts, and the decks built from them
_lists: tuple[Any, Any, list[list[int]], tuple[Deck, ...]] = (None, None, [], ())


def _table(view: dict[str, Any]) -> tuple[tuple[Card, ...], dict[str, int]]:
    global _parsed
    if _parsed[0] is not view["cards"]:
        cards = CardTable(Card.from_json(c) for c in view["cards"])
        _parsed = (view["cards"], cards, {c.name: i for i, c in enumerate(cards)})
    return _parsed[1], _parsed[2]


def _decklists(view: dict[str, Any], cards: tuple[Card, ...], idx: dict[str, int]
               ) -> tuple[list[list[int]], tuple[Deck, ...]]:
    """Each decklist as counts per card, and as decks (samples of one view share them)."""
    global _lists
    lists = view["decklists"]
    if _lists[0] != lists or _lists[1] is not cards:
        counts = []
        for names in lists:
            row = [0] * len(cards)
            for n in names:
                row[idx[n]] += 1
            counts.append(row)
        decks = tuple(Deck(f"seat {i + 1}", tuple(cards[idx[n]] for n in names))
                      for i, names in enumerate(lists))
        _lists = (lists, cards, counts, decks)
    return _lists[2], _lists[3]


def sample_state(view: dict[str, Any], seed: int) -> CuldceptState:
    p = view["player"]
    o = 1 - p
    gen = rng.seed_state(seed)
    cards, idx = _table(view)
    s = CuldceptState.__new__(CuldceptState)
    s.cards = cards
    s.seed = seed
    s.options = dict(view["options"])
    s.history, s.log = [], []
    s.turn_no = view["turn"]
    s.active = view["active"]
    s.first = view["first"]
    s.phase = PHASE_NAMES.index(view["phase"])
    result = view["result"]
    s.winner_seat = -1 if result is None or result["winner"] is None else result["winner"]
    s.reason = result["reason"] if result else ""
    s.die, s.dest = view["die"], view["dest"]
    s.pending = tuple(view["pending"]) if view["pending"] is not None else None  # type: ignore
    counts, s.decks = _decklists(view, cards, idx)
    s._legal = None
    s.dice = []
    s.deck, s.hand, s.discard, s.tolls = [[], []], [[], []], [[], []], [[], []]
    s.base = [[0] * 6, [0] * 6]
    s.lands = [[()] * 6, [()] * 6]
    s.levels = [[()] * 6, [()] * 6]
    s.creature = [[-1] * 6, [-1] * 6]
    s.damage = [[0] * 6, [0] * 6]
    s.cspell = [[-1] * 6, [-1] * 6]
    s.cspell_by = [[-1] * 6, [-1] * 6]
    s.lspell = [[-1] * 6, [-1] * 6]
    s.lspell_by = [[-1] * 6, [-1] * 6]
    left = [counts[0][:], counts[1][:]]  # each seat's cards not seen yet
    hidden_levels = [0] * 6
    for seat, side in ((p, view["you"]), (o, view["opponent"])):
        s.discard[seat] = [idx[n] for n in side["discard"]]
        mine, other = left[seat], left[1 - seat]
        for c in s.discard[seat]:
            mine[c] -= 1
        s.tolls[seat] = [idx[n] for n in side["tolls"]]
        for c in s.tolls[seat]:
            other[c] -= 1
        for i, sl in enumerate(side["slots"]):
            s.base[seat][i] = _LAND_INDEX[sl["land"]]
            if sl["land_cards"]:
                s.lands[seat][i] = tuple(idx[n] for n in sl["land_cards"])
                for c in s.lands[seat][i]:
                    mine[c] -= 1
            if sl["creature"] is not None:
                s.creature[seat][i] = c = idx[sl["creature"]]
                mine[c] -= 1
            s.damage[seat][i] = sl["damage"]
            for key, spells, by in (("creature_spell", s.cspell, s.cspell_by),
                                    ("land_spell", s.lspell, s.lspell_by)):
                if sl[key] is not None:
                    spells[seat][i] = idx[sl[key][0]]
                    by[seat][i] = sl[key][1]
                    left[sl[key][1]][spells[seat][i]] -= 1
            if "level_cards" in sl:
                s.levels[seat][i] = tuple(idx[n] for n in sl["level_cards"])
                for c in s.levels[seat][i]:
                    mine[c] -= 1
            else:
                hidden_levels[i] = sl["level"] - 1
    s.hand[p] = sorted(idx[n] for n in view["you"]["hand"])
    for c in s.hand[p]:
        left[p][c] -= 1
    bv = view["battle"]
    hidden_card = False
    if bv is None:
        s.battle = None
    else:
        b = [idx[bv["invader"]] if bv["invader"] is not None else -1, bv["from"], -1, -1,
             bv["invader_damage"]]
        if b[0] >= 0 and b[1] < 0:
            left[s.active][b[0]] -= 1
        for k, key, owner in ((2, "invader_card", s.active), (3, "defender_card", 1 - s.active)):
            v = bv[key]
            if v == "not-chosen":
                b[k] = -2
            elif v == "face-down":
                hidden_card = True
            elif v is not None:
                b[k] = idx[v]
                left[owner][b[k]] -= 1
        s.battle = b
    unseen = [[c for c, k in enumerate(row) if k > 0 for _ in range(k)] for row in left]
    mine = unseen[p]
    gen = rng.shuffle(gen, mine)
    s.deck[p] = mine
    pool = unseen[o]
    gen = rng.shuffle(gen, pool)
    h = view["opponent"]["hand_count"]
    s.hand[o] = sorted(pool[:h])
    at = h
    for i in range(6):
        n = hidden_levels[i]
        if n:
            s.levels[o][i] = tuple(sorted(pool[at:at + n]))
            at += n
    if hidden_card:
        s.battle[2] = pool[at]  # type: ignore[index]
        at += 1
    s.deck[o] = pool[at:]
    s.rng = gen
    return s
