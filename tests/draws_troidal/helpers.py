"""Builders for the smallest DRAWS-◎-TROIDAL positions a rule needs, and random-game walkers.

A state is plain data, so a test makes a game, clears the table and puts exactly the cards it
needs where it needs them (``lab``, ``put``), then calls the phase function under test.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import HealthCheck, settings

from cardtable.core import Deck
from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal import field_battle as battle_mod
from cardtable.games.draws_troidal.attributes import ENGLISH
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.legal import legal_for
from cardtable.games.draws_troidal.state import DrawsState
from cardtable.games.draws_troidal.steps import WAITING

#: hypothesis settings for the whole-game properties: modest, no deadline (CI machines vary)
PROPERTY = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

#: a bound on the length of any game. A card leaves its lane within (guard + 1) * win_limit
#: turns (at most 15 with the shipped pool), and every card that leaves is replaced from the
#: hand and the hand from the deck, so a 60-card deck runs out within about 165 turns of at most
#: four actions each. Random games observed so far take at most about 120 actions.
MAX_ACTIONS = 800


def card(attribute: str, power: int | None, risk: int = 1, guard: int = 0) -> Card:
    """A card named after its numbers, so two cards with equal numbers are the same card."""
    p = "-" if power is None else str(power)
    name = f"{attribute}/{p}/r{risk}/g{guard}"
    return Card(name, name, ENGLISH.index(attribute), power, risk, guard)


#: filler that makes lab decks full; never placed unless a test asks for it
FILLER = card("none", 1, risk=1)


def deck_of(cards: Sequence[Card], size: int = 60, name: str = "lab") -> Deck:
    """``cards`` repeated in order until the deck has ``size`` cards."""
    return Deck(name, tuple(cards[i % len(cards)] for i in range(size)))


def lab(*cards: Card, seed: int = 0, **options: Any) -> DrawsState:
    """A game whose two decks hold ``cards`` (and filler), with an empty table.

    Every card is back in its owner's deck; fields, hands, opening fives and trash are empty.
    The phase is left as the opening step; tests call the phase functions directly.
    """
    opts = {"max_copies": 60, **options}
    pool = [*cards, FILLER]
    size = opts.get("deck_size", 60)
    s = GAME.new_game(seed, (deck_of(pool, size, "lab 1"), deck_of(pool, size, "lab 2")), opts)
    for p in (0, 1):
        s.deck[p] += s.revealed[p] + s.hand[p]
        s.revealed[p], s.hand[p] = [], []
        for lane in range(5):
            if s.field[p][lane] >= 0:
                s.deck[p].append(s.field[p][lane])
        s.field[p] = [-1] * 5
        s.guard[p], s.wins[p], s.fresh[p] = [0] * 5, [0] * 5, [False] * 5
        s.ids[p] = [-1] * 5
    s.initiative = 0
    return s


def idx(state: DrawsState, c: Card) -> int:
    return state.cards.index(c)


def put(
    state: DrawsState, player: int, lane: int, c: Card, *,
    guard: int | None = None, wins: int = 0, fresh: bool = False,
) -> None:
    """Move one copy of ``c`` from the player's deck to a lane (printed guard unless given)."""
    i = idx(state, c)
    state.deck[player].remove(i)
    state.field[player][lane] = i
    state.guard[player][lane] = c.guard if guard is None else guard
    state.wins[player][lane] = wins
    state.fresh[player][lane] = fresh
    state.ids[player][lane] = 10 * state.turn_no + 5 * player + lane


def to_hand(state: DrawsState, player: int, *cards: Card) -> None:
    for c in cards:
        i = idx(state, c)
        state.deck[player].remove(i)
        state.hand[player].append(i)


def duel(a: Card, b: Card, **options: Any) -> DrawsState:
    """``a`` (player 1) against ``b`` (player 2) in lane A, every other lane empty, battled."""
    s = lab(a, b, **options)
    put(s, 0, 0, a)
    put(s, 1, 0, b)
    battle_mod.fight(s)
    return s


def outcome(a: Card, b: Card) -> str:
    """Who wins a lone battle of ``a`` against ``b``: ``first``, ``second`` or ``both lose``.

    Read from the table, not from the judge: a loser (no guard) is in the trash, a winner has
    one win. Checked with the cards in both seats, so a seat-dependent judge cannot pass.
    """
    results = []
    for first, second in ((a, b), (b, a)):
        s = duel(first, second)
        lost = []
        for p in (0, 1):
            gone = s.field[p][0] < 0
            assert gone == (s.wins[p][0] == 0), "a card either lost (trashed) or won once"
            lost.append(gone)
        results.append(tuple(lost))
    straight, mirrored = results
    assert straight == mirrored[::-1], f"seat-dependent result: {straight} vs {mirrored}"
    return {(False, True): "first", (True, False): "second", (True, True): "both lose"}[straight]


def battle_events(state: DrawsState) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == "battle"]


# -- whole games ------------------------------------------------------------------------------

def random_deck(rnd: random.Random, size: int = 60, max_copies: int = 4) -> Deck:
    """A legal deck of random cards from the shipped pool."""
    pool = sorted(GAME.pool().values(), key=lambda c: c.name)
    counts: Counter[str] = Counter()
    cards: list[Card] = []
    while len(cards) < size:
        c = rnd.choice(pool)
        if counts[c.name] < max_copies:
            counts[c.name] += 1
            cards.append(c)
    return Deck(f"random {rnd.random():.6f}", tuple(cards))


OPTION_CHOICES: dict[str, list[Any]] = {
    "life": [50, 50, 12, 400],
    "hand_size": [5, 5, 3],
    "max_swaps": [2, 2, 0, 1, 3],
    "win_limit": [5, 5, 1, 2],
    "opening_redos": [1, 1, 0, 2],
}


def random_setup(seed: int) -> tuple[list[Deck], dict[str, Any]]:
    """Decks and options for a random game: mostly the defaults and shipped decks."""
    rnd = random.Random(seed)
    names = GAME.deck_names()
    decks = [GAME.load_deck(rnd.choice(names)) if rnd.random() < 0.6 else random_deck(rnd)
             for _ in (0, 1)]
    options = {k: rnd.choice(v) for k, v in OPTION_CHOICES.items()}
    return decks, options


def new_random_game(seed: int) -> DrawsState:
    decks, options = random_setup(seed)
    return GAME.new_game(seed, decks, options)


def walk(state: DrawsState, play_seed: int) -> Iterator[tuple[DrawsState, int]]:
    """Play random legal actions to the end, yielding ``(state before, action)`` each step."""
    rnd = random.Random(play_seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return
        action = rnd.choice(state.legal_actions())
        yield state, action
        state.apply(action)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def play_out(state: DrawsState, play_seed: int) -> list[int]:
    """Finish the game with random legal actions; the actions played."""
    return [a for _, a in walk(state, play_seed)]


def advance_to(state: DrawsState, phase: str, play_seed: int = 0) -> DrawsState:
    """Play random actions until player 1 is to answer first in ``phase`` (player 2 waiting)."""
    rnd = random.Random(play_seed)
    for _ in range(MAX_ACTIONS):
        v = state.view(0)
        if v["phase"] == phase and state.to_move == 0 and state.pending[1] == WAITING:
            return state
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    raise AssertionError(f"no '{phase}' step with both players asked")


def check_table(state: DrawsState) -> None:
    """Lane bookkeeping that must hold at every decision point (and in every sample)."""
    for p in (0, 1):
        assert len(state.hand[p]) <= state.options["hand_size"]
        for lane in range(5):
            c = state.field[p][lane]
            guard, wins, fresh = state.guard[p][lane], state.wins[p][lane], state.fresh[p][lane]
            if c < 0:
                assert (guard, wins, fresh) == (0, 0, False)
            elif fresh:  # set this turn, not yet battled
                assert (guard, wins) == (state.cards[c].guard, 0)
            else:
                assert 0 <= guard <= state.cards[c].guard
                assert 0 <= wins < state.options["win_limit"]


def accounted(state: DrawsState, player: int) -> Counter[str]:
    """Every card the player owns, wherever it is now."""
    places = (state.deck[player] + state.hand[player] + state.revealed[player]
              + [c for c in state.field[player] if c >= 0] + state.trash[player])
    return Counter(state.cards[c].name for c in places)


# -- information hiding ------------------------------------------------------------------------

def hidden_changes(state: DrawsState, p: int, rnd: random.Random) -> list[tuple[str, DrawsState]]:
    """Copies of ``state`` that differ from it only in what ``p`` may not know.

    Each entry is ``(what changed, copy)``; a kind is left out when the position offers nothing
    to change (e.g. no opponent card is face down).
    """
    o = 1 - p
    out: list[tuple[str, DrawsState]] = []
    cards = state.cards

    # the opponent's hand, opening five and deck: deal the same cards out differently
    pool = state.hand[o] + state.revealed[o] + state.deck[o]
    if len(set(pool)) > 1:
        c = state.clone()
        dealt = list(pool)
        while dealt == pool:
            rnd.shuffle(dealt)
        h, r = len(state.hand[o]), len(state.revealed[o])
        c.hand[o], c.revealed[o], c.deck[o] = dealt[:h], dealt[h : h + r], dealt[h + r :]
        c._legal = None
        out.append(("opponent-hidden-cards", c))

    # a face-down opponent card and an unseen card of the same power trade places
    for lane in range(5):
        here = state.field[o][lane]
        if here < 0 or not state.fresh[o][lane]:
            continue
        twin = next((x for x in pool if x != here and cards[x].power == cards[here].power),
                    None)
        if twin is None:
            continue
        c = state.clone()
        for place in (c.hand[o], c.revealed[o], c.deck[o]):
            if twin in place:
                place[place.index(twin)] = here
                break
        c.field[o][lane], c.guard[o][lane] = twin, cards[twin].guard
        c._legal = None
        out.append(("face-down-card", c))
        break

    c = state.clone()
    c.rng = (state.rng + 0x5DEECE66D) % 2**64
    out.append(("rng", c))

    # the opponent's decklist: private unless the option opens it
    if not state.options["open_decklists"] and state.decks[o] is not state.decks[p]:
        c = state.clone()
        decks = list(c.decks)
        decks[o] = decks[p]
        c.decks = tuple(decks)
        out.append(("opponent-decklist", c))

    if len(set(state.deck[p])) > 1:
        c = state.clone()
        c.deck[p] = state.deck[p][1:] + state.deck[p][:1]
        while c.deck[p] == state.deck[p]:
            rnd.shuffle(c.deck[p])
        out.append(("own-deck-order", c))

    if state.pending[o] >= 0:
        others = [a for a in legal_for(state, o) if a != state.pending[o]]
        if others:
            c = state.clone()
            c.pending[o] = rnd.choice(others)
            out.append(("opponent-answer", c))
    return out


def view_leaks(state: DrawsState, rnd: random.Random) -> set[str]:
    """The kinds of hidden change that show in a player's view (empty: nothing leaks)."""
    leaks = set()
    for p in (0, 1):
        seen = state.view(p)
        for kind, changed in hidden_changes(state, p, rnd):
            if changed.view(p) != seen:
                leaks.add(kind)
    return leaks


def card_names(state: DrawsState) -> set[str]:
    return {c.name for c in state.cards} | {c.name_en for c in state.cards}


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)


def event_leaks(state: DrawsState) -> list[dict[str, Any]]:
    """Events in a player's log that name cards the opponent keeps private (empty: none)."""
    names = card_names(state)
    bad = []
    for p in (0, 1):
        o = 1 - p
        for event in state.events(p):
            marked = "private" in event or "only" in event
            secret = event.get("player") == o and event["type"] in ("opening-five", "draw", "set")
            if marked or (secret and names & set(strings_in(event))):
                bad.append(event)
    return bad
