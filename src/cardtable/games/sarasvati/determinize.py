"""A full state consistent with one player's view, for search agents.

Built from the view alone: the opponent's hand and deck are dealt at random from their
decklist minus every card the view shows, the player's own deck is shuffled, and each face-down
opponent book is a random book of the shipped pool (keeping the set within the cost limit).
The view names no face-down book and no deck, and books are shuffled into their places at
setup, so any book in any face-down place is as consistent with the view as the real one.
The sample gets a generator of its own, so no future shuffle is foreseen.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.state import BOOK_STATES, PHASE_NAMES, SarasvatiState
from cardtable.games.sarasvati.stats import CardTable


@cache
def _shipped_books() -> tuple[Card, ...]:
    """The pool's forbidden books by name (the pool is read once per process)."""
    from cardtable.games.sarasvati.game import shipped_pool

    return tuple(sorted((c for c in shipped_pool().values() if c.kind == "book"),
                        key=lambda c: c.name))


def _pick_books(gen: int, known: list[Card], hidden: int, limit: int) -> tuple[int, list[Card]]:
    pool = _shipped_books()
    spent = sum(c.cost for c in known)
    for _ in range(64):
        picks = []
        for _ in range(hidden):
            gen, k = rng.randbelow(gen, len(pool))
            picks.append(pool[k])
        if spent + sum(c.cost for c in picks) <= limit:
            return gen, picks
    cheapest = min(pool, key=lambda c: c.cost)
    return gen, [cheapest] * hidden


class _Parsed:
    """What a view's card list says, parsed once (the cards it names, and each card table a
    sample may need: the view's cards plus the books picked for the hidden ones)."""

    __slots__ = ("known", "source", "tables")

    def __init__(self, source: list[dict[str, Any]] | None) -> None:
        #: the view's card list itself, held so that its identity stays valid
        self.source = source
        self.known = {c["name"]: Card.from_json(c) for c in source or ()}
        self.tables: dict[frozenset[str], _Table] = {}

    def table(self, picks: list[Card]) -> _Table:
        """The card table of a sample whose hidden books are ``picks``."""
        extra = frozenset(c.name for c in picks if c.name not in self.known)
        hit = self.tables.get(extra)
        if hit is None:
            cards = dict(self.known)
            for c in picks:
                cards.setdefault(c.name, c)
            hit = self.tables[extra] = _Table(
                CardTable(sorted(cards.values(), key=lambda c: c.name)))
        return hit


class _Table:
    """A sample's card table with its name index and the per-decklist lists built from it."""

    __slots__ = ("cards", "decklists", "decks", "idx")

    def __init__(self, cards: CardTable) -> None:
        self.cards = cards
        self.idx = {c.name: i for i, c in enumerate(cards)}
        #: (the view's decklists, their per-card counts, their card definitions)
        self.decklists: tuple[Any, tuple[tuple[int, ...], ...], tuple[tuple[Card, ...], ...]] = (
            None, (), ())
        #: the samples' decks by their books (decks are immutable, so samples share them)
        self.decks: dict[tuple[tuple[int, ...], ...], tuple[Deck, ...]] = {}

    def lists(self, decklists: list[list[str]]
              ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[Card, ...], ...]]:
        """The decklists as per-card counts and as cards (in the view's order)."""
        source, counts, defs = self.decklists
        if source is not decklists:
            idx, cards = self.idx, self.cards
            indices = [[idx[n] for n in names] for names in decklists]
            counts = tuple(tuple(ids.count(i) for i in range(len(cards))) for ids in indices)
            defs = tuple(tuple(cards[i] for i in ids) for ids in indices)
            self.decklists = (decklists, counts, defs)
            self.decks = {}
        return counts, defs

    def decks_for(self, books: list[list[int]]) -> tuple[Deck, ...]:
        """Each seat's deck: its decklist (from the last ``lists`` call) and its books."""
        key = tuple(tuple(b) for b in books)
        hit = self.decks.get(key)
        if hit is None:
            cards = self.cards
            hit = self.decks[key] = tuple(
                Deck(f"seat {i + 1}", main + tuple(cards[b] for b in key[i]))
                for i, main in enumerate(self.decklists[2]))
        return hit


#: the last view card list sampled and its parse: a search samples one view thousands of times
_parsed = _Parsed(None)


def _parse(view: dict[str, Any]) -> _Parsed:
    global _parsed
    if _parsed.source is not view["cards"]:
        _parsed = _Parsed(view["cards"])
    return _parsed


def _minus(counts: list[int] | tuple[int, ...], cards: list[int]) -> list[int]:
    """Per-card counts with ``cards`` taken away (a count may go below 0, as a Counter's)."""
    out = list(counts)
    for c in cards:
        out[c] -= 1
    return out


def _elements(counts: list[int]) -> list[int]:
    """Each card as many times as its count says (none below 1), in card order: the sorted
    ``Counter.elements()``."""
    return [c for c, n in enumerate(counts) if n > 0 for _ in range(n)]


def sample_state(view: dict[str, Any], seed: int) -> SarasvatiState:
    p = view["player"]
    o = 1 - p
    gen = rng.seed_state(seed)
    parsed = _parse(view)
    known = parsed.known
    you, opp = view["you"], view["opponent"]
    opp_books = opp["books"]
    hidden = [i for i, b in enumerate(opp_books) if "card" not in b]
    gen, picks = _pick_books(gen, [known[b["card"]] for b in opp_books if "card" in b],
                             len(hidden), view["options"]["book_cost_limit"])
    table = parsed.table(picks)
    decklist_counts = table.lists(view["decklists"])[0]
    s = SarasvatiState.__new__(SarasvatiState)
    s.cards = table.cards
    idx = table.idx
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
    s.mods = [tuple(m) for m in view["mods"]]
    s.next_uid = view["next_uid"]
    s.queue = [(q[0], idx[q[1]], q[2], q[3]) for q in view["queue"]]
    s.cont = [tuple(c) for c in view["cont"]]
    s.dice = []  # a search does not foresee scripted coins
    ch = view["choice"]
    if ch is None:
        s.choice = None
    elif ch["kind"] == "keep":
        s.choice = ("keep", ch["player"], idx[ch["card"]], ch["places"][0], ch["places"][1])
    else:
        it = ch["item"]
        s.choice = ("choose", ch["player"], (it[0], idx[it[1]], it[2], it[3]),
                    tuple(tuple(t) for t in ch["targets"]))
    s.deck, s.hand, s.grave, s.voltage = [[], []], [[], []], [[], []], [[], []]
    s.tapped = [you["tapped"], opp["tapped"]] if p == 0 else [opp["tapped"], you["tapped"]]
    s.books, s.bstate = [[], []], [[], []]
    s.field = [[-1] * 10, [-1] * 10]
    s.equip = [[-1] * 10, [-1] * 10]
    s.ready = [[False] * 10, [False] * 10]
    s.sick = [[False] * 10, [False] * 10]
    s.uid = [[-1] * 10, [-1] * 10]
    s.under = [[()] * 10, [()] * 10]
    s.dirty = True  # a sampled position: the next check looks at everything
    s._legal = None
    pick_iter = iter(picks)
    unseen: list[list[int]] = []
    for seat, side in ((p, you), (o, opp)):
        s.grave[seat] = [idx[n] for n in side["grave"]]
        s.voltage[seat] = [idx[n] for n in side["voltage"]]
        seen = s.grave[seat] + s.voltage[seat]
        for b in side["books"]:
            c = idx[b["card"]] if "card" in b else idx[next(pick_iter).name]
            s.books[seat].append(c)
            s.bstate[seat].append(BOOK_STATES.index(b["state"]))
        for i, f in enumerate(side["field"]):
            if f is None:
                continue
            s.field[seat][i] = idx[f["card"]]
            s.equip[seat][i] = idx[f["equip"]] if f["equip"] else -1
            s.ready[seat][i], s.sick[seat][i], s.uid[seat][i] = f["ready"], f["sick"], f["uid"]
            s.under[seat][i] = tuple(idx[n] for n in f["under"])
            seen.append(s.field[seat][i])
            seen += s.under[seat][i]
            if f["equip"]:
                seen.append(s.equip[seat][i])
        unseen.append(_minus(decklist_counts[seat], seen))
    s.hand[p] = sorted(idx[n] for n in you["hand"])
    s.deck[p] = _elements(_minus(unseen[0], s.hand[p]))
    gen = rng.shuffle(gen, s.deck[p])
    pool = _elements(unseen[1])
    gen = rng.shuffle(gen, pool)
    h = opp["hand_count"]
    s.hand[o] = sorted(pool[:h])
    s.deck[o] = pool[h:]
    s.rng = gen
    s.decks = table.decks_for(s.books)
    return s

