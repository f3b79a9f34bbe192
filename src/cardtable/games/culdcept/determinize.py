"""A full state consistent with one player's view, for search agents.

Built from the view alone. Every card the view shows is placed where it shows it; each seat's
unseen cards are its decklist minus those. The player's own unseen cards are its deck, in a
random order. The opponent's decklist is private (unless ``open_decklists``), so it is guessed
first (``core/decklists.py``): a shipped deck of the opponent's size (every count is public)
drawn by how well it explains the opponent's cards in sight (discard pile, creatures, land
cards, spells cast, revealed battle cards, cards paid into the player's toll pile), or those
cards plus the rest from the card pool. The opponent's unseen cards are dealt at random to its
hand, its face-down level cards (as many per land as the view counts), a face-down battle card
if one waits, and its deck. The sample gets a generator of its own, so no future die or
shuffle is foreseen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.core.decklists import DeckGuess, shipped_deck_counts
from cardtable.core.match_state import outcome_of, sampled_state
from cardtable.games.culdcept.cards import START_LANDS, Card, CardTable
from cardtable.games.culdcept.state import PHASE_NAMES, CuldceptState, clear_slots

_LAND_INDEX = {n: i for i, (n, _, _) in enumerate(START_LANDS)}
#: the last view card list sampled, and its parse (a search samples one view many times)
_parsed: tuple[Any, tuple[Card, ...], dict[str, int]] = (None, (), {})
#: the player's last decklist sampled, its per-card counts, and the deck built from it
_lists: tuple[Any, Any, list[list[int]], tuple[Deck, ...]] = (None, None, [], ())

#: the seat lists a sample takes over from what the view shows
_SEEN_SEAT_LISTS = ("discard", "tolls", "base", "lands", "levels", "creature", "damage", "cspell",
                    "cspell_by", "lspell", "lspell_by")


def _table(view: dict[str, Any]) -> tuple[tuple[Card, ...], dict[str, int]]:
    global _parsed
    if _parsed[0] is not view["cards"]:
        cards = CardTable(Card.from_json(c) for c in view["cards"])
        _parsed = (view["cards"], cards, {c.name: i for i, c in enumerate(cards)})
    return _parsed[1], _parsed[2]


def _own_list(view: dict[str, Any], cards: tuple[Card, ...], idx: dict[str, int]
              ) -> tuple[list[int], Deck]:
    """The player's decklist as counts per card, and as a deck (samples of one view share it)."""
    global _lists
    p = view["player"]
    names = view["decklists"][p]
    if _lists[0] is not names or _lists[1] is not cards:
        row = [0] * len(cards)
        for n in names:
            row[idx[n]] += 1
        deck = Deck(f"seat {p + 1}", tuple(cards[idx[n]] for n in names))
        _lists = (names, cards, [row], (deck,))
    return _lists[2][0], _lists[3][0]


#: the last view whose opponent's deck was guessed, and the guess
_guess: tuple[Any, DeckGuess | None] = (None, None)
#: the last guessed deck and its (counts per card, deck) for the sample's table
_opp: tuple[Any, Any, list[int], Deck | None] = (None, None, [], None)


def _opponent_list(view: dict[str, Any], seen: Counter[str], size: int, gen: int,
                   cards: tuple[Card, ...], idx: dict[str, int]
                   ) -> tuple[int, list[int], Deck]:
    """(generator, the opponent's decklist as counts per card, as a deck): listed, or guessed
    from ``seen`` (its cards in sight) and ``size`` (its whole deck's, public)."""
    global _guess, _opp
    o = 1 - view["player"]
    listed = view["decklists"][o]
    if listed is not None:
        names: Counter[str] = Counter(listed)
    else:
        source, guess = _guess
        if source is not view or guess is None:
            decks = [d for d in shipped_deck_counts("culdcept") if d.total() == size]
            guess = DeckGuess(seen, decks, [c["name"] for c in view["cards"]], size,
                              view["options"]["max_copies"])
            _guess = (view, guess)
        gen, names = guess.sample(gen)
    if _opp[0] is not names or _opp[1] is not cards:
        row = [0] * len(cards)
        for n, k in names.items():
            row[idx[n]] += k
        deck = Deck(f"seat {o + 1}", tuple(cards[idx[n]] for n in sorted(names.elements())))
        _opp = (names, cards, row, deck)
    return gen, _opp[2], _opp[3]  # type: ignore[return-value]


class _Seen:
    """What a view shows (both seats' lands, creatures, spells, discards, tolls, the known
    levels, the player's hand, the battle) and the cards it leaves unseen, in the indices of
    the view's card table: the same in every sample of the view, so worked out once per view
    and copied per sample. ``s`` below is this object: the attribute names are the state's."""

    __slots__ = ("active", "base", "battle", "creature", "cspell", "cspell_by", "damage",
                 "deck", "discard", "hand", "hidden_card", "hidden_levels", "lands", "left",
                 "levels", "lspell", "lspell_by", "seen", "size", "tolls", "view")


#: the view last sampled, its own deck and what it shows (``_Seen``)
_seen: tuple[Any, Any, Any] = (None, None, None)


def _public(view: dict[str, Any], cards: Any, idx: dict[str, int]) -> tuple[Deck, _Seen]:
    global _seen
    if _seen[0] is view:
        return _seen[1], _seen[2]
    p = view["player"]
    o = 1 - p
    s = _Seen()
    s.view = view
    s.active = view["active"]
    own_counts, own_deck = _own_list(view, cards, idx)
    s.deck, s.hand, s.discard, s.tolls = [[], []], [[], []], [[], []], [[], []]
    s.base = [[0] * 6, [0] * 6]
    clear_slots(s)
    # each seat's cards not seen yet; the opponent's, until its list is known, counted down
    # from zero (what is seen of it is minus its count here)
    left = [[0] * len(cards), [0] * len(cards)]
    left[p] = own_counts[:]
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
    seen = Counter({cards[c].name: -k for c, k in enumerate(left[o]) if k < 0})
    size = (seen.total() + view["opponent"]["hand_count"] + sum(hidden_levels)
            + hidden_card + view["opponent"]["deck_count"])
    s.left, s.hidden_levels, s.hidden_card, s.seen, s.size = (left, hidden_levels, hidden_card,
                                                              seen, size)
    _seen = (view, own_deck, s)
    return own_deck, s


def sample_state(view: dict[str, Any], seed: int) -> CuldceptState:
    p = view["player"]
    o = 1 - p
    gen = rng.seed_state(seed)
    cards, idx = _table(view)
    s = sampled_state(CuldceptState, view, seed, cards)
    s.turn_no, s.active, s.first = view["turn"], view["active"], view["first"]
    s.phase = PHASE_NAMES.index(view["phase"])
    s.winner_seat, s.reason = outcome_of(view)
    s.die, s.dest = view["die"], view["dest"]
    s.pending = tuple(view["pending"]) if view["pending"] is not None else None  # type: ignore
    own_deck, pub = _public(view, cards, idx)
    s._legal = None
    s.dice = []
    s.deck, s.hand = [[], []], [pub.hand[0][:], pub.hand[1][:]]
    for name in _SEEN_SEAT_LISTS:  # each seat's public lists, copied
        seen = getattr(pub, name)
        setattr(s, name, [seen[0][:], seen[1][:]])
    s.battle = None if pub.battle is None else pub.battle[:]
    left = [pub.left[0][:], pub.left[1][:]]
    hidden_levels, hidden_card = pub.hidden_levels, pub.hidden_card
    seen, size = pub.seen, pub.size
    gen, opp_counts, opp_deck = _opponent_list(view, seen, size, gen, cards, idx)
    left[o] = [k + n for k, n in zip(left[o], opp_counts, strict=True)]
    s.decks = (own_deck, opp_deck) if p == 0 else (opp_deck, own_deck)
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
