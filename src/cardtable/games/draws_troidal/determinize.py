"""A full state consistent with one player's view, for search agents.

Built from the view alone: every card the player cannot see (the opponent's hand, opening five,
deck and newly set cards, and the order of the player's own deck) is redistributed at random
among the places it could be, keeping each newly set opponent card's visible power. The
opponent's decklist is private (unless ``open_decklists``), so it is guessed first
(``core/decklists.py``): a shipped deck drawn by how well it explains the opponent's cards in
sight (trash and opened lanes), or those cards plus the rest from the card pool; a guess with
no unseen card of a newly set lane's power is drawn again, and after a few tries that lane gets
a pool card of its power. An answer the opponent has given but not yet revealed is replaced by
the searcher's model of it (``answer``, asked from the opponent's view in the sample: its guessed
hand, its turn in the step) or, without one, by a random legal answer; the sample gets a
generator of its own, so no future shuffle is foreseen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import rng
from cardtable.core.contract import Answerer
from cardtable.core.deck import Deck
from cardtable.core.decklists import DeckGuess, shipped_deck_counts
from cardtable.core.errors import CardtableError
from cardtable.core.match_state import outcome_of, sampled_state
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.legal import legal_for
from cardtable.games.draws_troidal.state import PHASE_NAMES, DrawsState
from cardtable.games.draws_troidal.steps import NOT_ASKED, WAITING


def _take(pool: list[int], index: int) -> int:
    pool[index], pool[-1] = pool[-1], pool[index]
    return pool.pop()


#: the card list of the last view sampled and its parse: a search samples one view thousands
#: of times, and holding the list itself (compared with ``is``) keeps its identity valid
_parsed: tuple[Any, tuple[Card, ...], dict[str, int]] = (None, (), {})
#: the same for the decklists: the two public decks, built once per view rather than per sample
_decks: tuple[Any, Any, Any] = (None, None, (None, (), ()))


def _cards(view: dict[str, Any]) -> tuple[tuple[Card, ...], dict[str, int]]:
    global _parsed
    source, cards, idx = _parsed
    if source is not view["cards"]:
        source = view["cards"]
        cards = tuple(sorted((Card.from_json(c) for c in source), key=lambda c: c.name))
        idx = {c.name: i for i, c in enumerate(cards)}
        _parsed = (source, cards, idx)
    return cards, idx


def _decks_of(view: dict[str, Any], cards: tuple[Card, ...], idx: dict[str, int],
              opp_deck: Counter[int]) -> tuple[Deck, ...]:
    """The sample's two decks: the player's listed one and the opponent's (perhaps guessed);
    the last pair is kept, since a search's samples mostly guess the same deck."""
    global _decks
    lists, table, (last_deck, last_key, made) = _decks
    same_view = lists is view["decklists"] and table is cards
    if same_view and last_deck is opp_deck:
        return made
    key = tuple(sorted(opp_deck.elements()))
    if not same_view or key != last_key:
        p = view["player"]
        pair = [Deck("", ()), Deck("", ())]
        pair[p] = Deck(f"seat {p + 1}", tuple(cards[idx[n]] for n in view["decklists"][p]))
        pair[1 - p] = Deck(f"seat {2 - p}", tuple(cards[c] for c in key))
        made = tuple(pair)
    _decks = (view["decklists"], cards, (opp_deck, key, made))
    return made


#: the last view whose opponent's deck was guessed, and the guess
_guess: tuple[Any, DeckGuess | None] = (None, None)


def _opponent_deck(view: dict[str, Any], gen: int) -> tuple[int, Counter[str]]:
    """(generator, the opponent's whole decklist as names): listed, or guessed."""
    global _guess
    o = 1 - view["player"]
    listed = view["decklists"][o]
    if listed is not None:
        return gen, Counter(listed)
    source, guess = _guess
    if source is not view or guess is None:
        opp = view["opponent"]
        seen = Counter(opp["trash"])
        seen.update(lane["card"] for lane in opp["field"] if "card" in lane)
        options = view["options"]
        guess = DeckGuess(seen, shipped_deck_counts("draws-troidal"),
                          [c["name"] for c in view["cards"]], options["deck_size"],
                          options["max_copies"])
        _guess = (view, guess)
    return guess.sample(gen)


#: the view last sampled and, per guessed deck, (the guess, its card counts, its unseen cards)
_per_view: tuple[Any, dict[int, Any]] = (None, {})

#: guesses of the opponent's deck tried before a newly set lane's power is taken from the pool
_TRIES = 8


#: the view last sampled and its player's own side (``_own_side``)
_own: tuple[Any, tuple[list[Any], ...]] = (None, ())


def _own_side(view: dict[str, Any], idx: dict[str, int]) -> tuple[list[Any], ...]:
    """The player's hand, opening five, trash, lane rows (field, guard, ids, wins, fresh) and
    the rest of its deck in card order (before the shuffle): what the view says of the
    player's own side, worked out once per view (a search samples one view thousands of
    times); callers copy each list."""
    global _own
    if _own[0] is view:
        return _own[1]
    you = view["you"]
    p = view["player"]
    hand = [idx[n] for n in you["hand"]]
    revealed = [idx[n] for n in you["revealed"]]
    trash = [idx[n] for n in you["trash"]]
    field, guard, ids = [-1] * 5, [0] * 5, [-1] * 5
    wins, fresh = [0] * 5, [False] * 5
    unseen = Counter(idx[n] for n in view["decklists"][p])
    unseen.subtract(hand + revealed + trash)
    for lane, info in enumerate(you["field"]):
        if not info.get("empty"):
            c = idx[info["card"]]
            field[lane], guard[lane] = c, info["guard"]
            ids[lane] = info["id"]
            wins[lane], fresh[lane] = info["wins"], info["fresh"]
            unseen[c] -= 1
    side = (hand, revealed, trash, field, guard, ids, wins, fresh, sorted(unseen.elements()))
    _own = (view, side)
    return side


def sample_state(view: dict[str, Any], seed: int, answer: Answerer | None = None) -> DrawsState:
    p = view["player"]
    o = 1 - p
    cards, idx = _cards(view)
    s = sampled_state(DrawsState, view, seed, cards)
    s.rng = rng.seed_state(seed)
    s.phase = PHASE_NAMES.index(view["phase"])
    s.to_move = view["to_move"]
    s.turn_no = view["turn"]
    s.initiative = view["initiative"]
    s.life = list(view["life"])
    s.winner_seat, s.reason = outcome_of(view)
    s.drawn = bool(view["result"] and view["result"]["draw"])
    s.deck, s.hand, s.revealed, s.trash = [[], []], [[], []], [[], []], [[], []]
    s.field = [[-1] * 5, [-1] * 5]
    s.guard = [[0] * 5, [0] * 5]
    s.wins = [[0] * 5, [0] * 5]
    s.fresh = [[False] * 5, [False] * 5]
    s.ids = [[-1] * 5, [-1] * 5]
    s.redos = [0, 0]
    s._legal = None

    you, opp = view["you"], view["opponent"]
    # Own side: everything but the deck order is known, the same in every sample of a view.
    own = _own_side(view, idx)
    s.redos[p] = you["redos"]
    s.hand[p], s.revealed[p], s.trash[p] = own[0][:], own[1][:], own[2][:]
    s.field[p], s.guard[p], s.ids[p] = own[3][:], own[4][:], own[5][:]
    s.wins[p], s.fresh[p] = own[6][:], own[7][:]
    s.deck[p] = own[8][:]
    s.rng = rng.shuffle(s.rng, s.deck[p])

    # Opponent: known field cards and trash; the rest of its (guessed) deck is one pool to
    # redistribute.
    s.trash[o] = [idx[n] for n in opp["trash"]]
    s.redos[o] = opp["redos"]
    hidden_lanes = []
    for lane, info in enumerate(opp["field"]):
        if info.get("hidden"):
            hidden_lanes.append((lane, info["power"]))
            s.ids[o][lane] = info["id"]
        elif not info.get("empty"):
            c = idx[info["card"]]
            s.field[o][lane], s.guard[o][lane] = c, info["guard"]
            s.ids[o][lane] = info["id"]
            s.wins[o][lane] = info["wins"]
    global _per_view
    if _per_view[0] is not view:
        _per_view = (view, {})
    hypotheses = _per_view[1]
    for attempt in range(_TRIES):
        s.rng, names = _opponent_deck(view, s.rng)
        hit = hypotheses.get(id(names))
        if hit is None or hit[0] is not names:
            deck = Counter({idx[n]: k for n, k in names.items()})
            unseen = deck.copy()
            unseen.subtract(s.trash[o])
            unseen.subtract(c for c in s.field[o] if c >= 0)
            hit = (names, deck, sorted(unseen.elements()))
            if len(hypotheses) < 16:  # the shipped decks; a pool guess is new each time
                hypotheses[id(names)] = hit
        deck, pool = hit[1], hit[2][:]
        placed = []
        for lane, power in hidden_lanes:
            fits = [i for i, c in enumerate(pool) if s.cards[c].power == power]
            if not fits:
                if attempt < _TRIES - 1 or view["decklists"][o] is not None:
                    break
                # no guess held a card of this power: any card of the pool that has it
                fits_all = [i for i, c in enumerate(s.cards) if c.power == power]
                if not fits_all:
                    raise CardtableError(
                        f"inconsistent view: no opponent card can have power {power}")
                s.rng, k = rng.randbelow(s.rng, len(fits_all))
                deck = deck.copy()  # the cached guess stays as it was
                deck[fits_all[k]] += 1
                placed.append((lane, fits_all[k]))
                continue
            s.rng, k = rng.randbelow(s.rng, len(fits))
            placed.append((lane, _take(pool, fits[k])))
        if len(placed) == len(hidden_lanes):
            break
    else:
        raise CardtableError("inconsistent view: no unseen opponent card fits a set lane")
    for lane, c in placed:
        s.field[o][lane], s.guard[o][lane], s.fresh[o][lane] = c, s.cards[c].guard, True
    pool.sort()
    s.rng = rng.shuffle(s.rng, pool)
    h, r = opp["hand_count"], opp["revealed_count"]
    n = h + r + opp["deck_count"]
    if len(pool) > n:  # a lane's card taken from the pool displaced one of the guess
        deck = deck.copy()
        deck.subtract(pool[n:])
    s.hand[o], s.revealed[o], s.deck[o] = pool[:h], pool[h : h + r], pool[h + r : n]
    s.decks = _decks_of(view, s.cards, idx, deck)

    s.dice = []  # a search does not foresee scripted coins
    s.pending = [NOT_ASKED, NOT_ASKED]
    s.pending[p] = (you["pending"] if you["pending"] is not None
                    else (WAITING if you["asked"] else NOT_ASKED))
    if opp["answered"]:
        options = legal_for(s, o)
        if answer is None:
            s.rng, k = rng.randbelow(s.rng, len(options))
            s.pending[o] = options[k]
        else:  # asked as the answerer was: its turn in the step, this player still waiting
            mover, s.to_move, s.pending[o] = s.to_move, o, WAITING
            s.pending[o] = answer(s.view(o), options)
            s.to_move = mover
            s._legal = None
    elif opp["asked"]:
        s.pending[o] = WAITING
    return s
