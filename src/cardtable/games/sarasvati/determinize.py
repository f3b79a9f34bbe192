"""A full state consistent with one player's view, for search agents.

Built from the view alone. The player's own deck is its decklist minus what it has seen,
shuffled. The opponent's decklist is private (unless ``open_decklists``), so it is guessed
(``core/decklists.py``): a shipped deck drawn by how well it explains the opponent's cards in
sight (graveyard, voltage, battle zone, opened and destroyed books), or, when none does, those
cards plus the rest from the card pool. The guessed deck's unseen cards are dealt to the
opponent's hand and deck, as many as the view counts there (a position set up by hand may hold
fewer than a whole deck), and its books not yet opened lie in the face-down places, in random
order (books are shuffled into their places at setup, so any arrangement is as consistent
with the view as the real one). A fallback deck gets random books of the pool within the cost
limit. The sample gets a generator of its own, so no future shuffle is foreseen.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.core.decklists import DeckGuess, shipped_deck_counts
from cardtable.core.match_state import outcome_of, sampled_state
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.state import BOOK_STATES, PHASE_NAMES, SarasvatiState
from cardtable.games.sarasvati.stats import CardTable


@cache
def _shipped_books() -> tuple[Card, ...]:
    """The pool's forbidden books by name (the pool is read once per process)."""
    from cardtable.games.sarasvati.pool import shipped_pool

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
    """A sample's card table with its name index and the samples' decks built from it."""

    __slots__ = ("cards", "decks", "idx")

    def __init__(self, cards: CardTable) -> None:
        self.cards = cards
        self.idx = {c.name: i for i, c in enumerate(cards)}
        #: the samples' decks by their cards (decks are immutable, so samples share them)
        self.decks: dict[tuple[tuple[int, ...], ...], tuple[Deck, ...]] = {}

    def decks_for(self, lists: list[list[int]]) -> tuple[Deck, ...]:
        """Each seat's deck from its card indices (main deck and books)."""
        key = tuple(tuple(sorted(x)) for x in lists)
        hit = self.decks.get(key)
        if hit is None:
            if len(self.decks) >= 256:
                self.decks.clear()
            cards = self.cards
            hit = self.decks[key] = tuple(
                Deck(f"seat {i + 1}", tuple(cards[c] for c in main))
                for i, main in enumerate(key))
        return hit


class _Guess:
    """What one view says about the opponent's deck, worked out once per view."""

    __slots__ = ("books_known", "counts", "guess", "listed", "made", "split", "view")

    def __init__(self, view: dict[str, Any], known: dict[str, Card]) -> None:
        self.view = view  # held so that its identity stays valid
        #: caches by guessed deck: its split into main deck and books, its unseen counts, and
        #: the samples' deck pairs (each holding what its key's ids refer to)
        self.split: dict[int, Any] = {}
        self.counts: dict[Any, Any] = {}
        self.made: dict[Any, Any] = {}
        opp = view["opponent"]
        listed = view["decklists"][1 - view["player"]]
        #: the opened and destroyed books, by name
        self.books_known = [b["card"] for b in opp["books"] if "card" in b]
        self.books_known += [n for n in opp["grave"] if known[n].kind == "book"]
        self.listed = Counter(listed) if listed is not None else None
        self.guess: DeckGuess | None = None
        if listed is None:
            seen = Counter(n for n in opp["grave"] + opp["voltage"] if known[n].kind != "book")
            for f in opp["field"]:
                if f is not None:
                    seen[f["card"]] += 1
                    seen.update(f["under"])
                    if f["equip"]:
                        seen[f["equip"]] += 1
            seen.update(self.books_known)
            pool = [n for n, c in known.items() if c.kind != "book"]
            options = view["options"]
            self.guess = DeckGuess(seen, shipped_deck_counts("sarasvati"), pool,
                                   options["deck_size"], options["max_copies"])

    def unseen(self, table: _Table, own: bool, names: Any, seen: list[int]) -> list[int]:
        """Per-card counts of a seat's main deck minus its cards in sight, worked out once per
        card table and deck (a search's samples mostly guess one of three shipped decks)."""
        key = (id(table), own, id(names))
        hit = self.counts.get(key)
        if hit is None or hit[0] is not names or hit[1] is not table:
            counts = [0] * len(table.cards)
            idx = table.idx
            for n in (names if isinstance(names, list) else names.elements()):
                counts[idx[n]] += 1
            cards = table.cards
            made = _minus(counts, [c for c in seen if cards[c].kind != "book"])
            hit = (names, table, made)
            if len(self.counts) < 64:
                self.counts[key] = hit
        return hit[2][:]

    def decks(self, table: _Table, own: list[str], opp: Counter[str],
              books: list[list[int]], grave: list[list[int]], p: int) -> tuple[Deck, ...]:
        """Both seats' decks: each main deck (listed or guessed) with its books."""
        key = (id(table), id(opp), tuple(books[1 - p]))
        hit = self.made.get(key)
        if hit is None or hit[0] is not opp or hit[1] is not table:
            idx, cards = table.idx, table.cards
            lists: list[list[int]] = [[], []]
            for seat, names in ((p, own), (1 - p, list(opp.elements()))):
                lists[seat] = [idx[n] for n in names] + [b for b in books[seat] if b >= 0]
                lists[seat] += [c for c in grave[seat] if cards[c].kind == "book"]
            hit = (opp, table, table.decks_for(lists))
            if len(self.made) < 64:
                self.made[key] = hit
        return hit[2]

    def deck(self, gen: int, known: dict[str, Card]) -> tuple[int, Counter[str], list[str]]:
        """(generator, the opponent's main deck as names, the books of its face-down places
        or [] when the guess says nothing about them)."""
        if self.guess is None:
            assert self.listed is not None
            return gen, self.listed, []
        gen, deck = self.guess.sample(gen)
        hit = self.split.get(id(deck))
        if hit is None or hit[0] is not deck:
            main = Counter({n: k for n, k in deck.items() if known[n].kind != "book"})
            books = Counter({n: k for n, k in deck.items() if known[n].kind == "book"})
            books.subtract(self.books_known)
            hit = (deck, main, sorted(books.elements()))
            if len(self.split) < 16:  # the shipped decks; a pool guess is new each time
                self.split[id(deck)] = hit
        return gen, hit[1], list(hit[2])


_guess: _Guess | None = None


def _guess_for(view: dict[str, Any], known: dict[str, Card]) -> _Guess:
    global _guess
    if _guess is None or _guess.view is not view:
        _guess = _Guess(view, known)
    return _guess


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


class _Public:
    """What a view shows of both seats in one card table's indices (graveyards, voltage,
    battle zones, book states, effects in force, the queue and a waiting choice): the same
    in every sample of the view that uses that table, so worked out once; samples copy it."""

    __slots__ = ("bstate", "choice", "cont", "equip", "field", "grave", "mods", "queue",
                 "ready", "seen", "sick", "table", "uid", "under", "view", "voltage")

    def __init__(self, view: dict[str, Any], table: _Table) -> None:
        self.view, self.table = view, table  # held so that their identities stay valid
        idx = table.idx
        p = view["player"]
        self.mods = [tuple(m) for m in view["mods"]]
        self.queue = [(q[0], idx[q[1]], q[2], q[3]) for q in view["queue"]]
        self.cont = [tuple(c) for c in view["cont"]]
        ch = view["choice"]
        self.choice: Any
        if ch is None:
            self.choice = None
        elif ch["kind"] == "keep":
            self.choice = ("keep", ch["player"], idx[ch["card"]], ch["places"][0],
                           ch["places"][1])
        else:
            it = ch["item"]
            self.choice = ("choose", ch["player"], (it[0], idx[it[1]], it[2], it[3]),
                           tuple(tuple(t) for t in ch["targets"]))
        self.grave: list[list[int]] = [[], []]
        self.voltage: list[list[int]] = [[], []]
        self.bstate: list[list[int]] = [[], []]
        self.field = [[-1] * 10, [-1] * 10]
        self.equip = [[-1] * 10, [-1] * 10]
        self.ready = [[False] * 10, [False] * 10]
        self.sick = [[False] * 10, [False] * 10]
        self.uid = [[-1] * 10, [-1] * 10]
        self.under: list[list[tuple[int, ...]]] = [[()] * 10, [()] * 10]
        self.seen: list[list[int]] = [[], []]
        for seat, side in ((p, view["you"]), (1 - p, view["opponent"])):
            self.grave[seat] = [idx[n] for n in side["grave"]]
            self.voltage[seat] = [idx[n] for n in side["voltage"]]
            seen = self.grave[seat] + self.voltage[seat]
            self.bstate[seat] = [BOOK_STATES.index(b["state"]) for b in side["books"]]
            for i, f in enumerate(side["field"]):
                if f is None:
                    continue
                self.field[seat][i] = idx[f["card"]]
                self.equip[seat][i] = idx[f["equip"]] if f["equip"] else -1
                self.ready[seat][i], self.sick[seat][i] = f["ready"], f["sick"]
                self.uid[seat][i] = f["uid"]
                self.under[seat][i] = tuple(idx[n] for n in f["under"])
                seen.append(self.field[seat][i])
                seen += self.under[seat][i]
                if f["equip"]:
                    seen.append(self.equip[seat][i])
            self.seen[seat] = seen


#: the last view sampled, and what it shows per card table (``_Public``): the samples of a
#: view with hidden books use a few tables by turns, one per set of books drawn
_public_cache: tuple[Any, dict[int, _Public]] = (None, {})


def _public(view: dict[str, Any], table: _Table) -> _Public:
    global _public_cache
    if _public_cache[0] is not view:
        _public_cache = (view, {})
    known = _public_cache[1]
    hit = known.get(id(table))
    if hit is None or hit.table is not table:
        if len(known) >= 32:
            known.clear()
        hit = known[id(table)] = _Public(view, table)
    return hit


def sample_state(view: dict[str, Any], seed: int) -> SarasvatiState:
    p = view["player"]
    o = 1 - p
    gen = rng.seed_state(seed)
    parsed = _parse(view)
    known = parsed.known
    you, opp = view["you"], view["opponent"]
    opp_books = opp["books"]
    hidden = [i for i, b in enumerate(opp_books) if b["state"] == "face-down"]
    guess = _guess_for(view, known)
    gen, opp_main, books = guess.deck(gen, known)
    if len(books) == len(hidden):
        gen = rng.shuffle(gen, books)
        picks = [known[n] for n in books]
    else:  # the decklist is known, or the guess is no shipped deck: any books within the limit
        spent = [known[n] for n in guess.books_known]
        gen, picks = _pick_books(gen, spent, len(hidden), view["options"]["book_cost_limit"])
    table = parsed.table(picks)
    idx = table.idx
    s = sampled_state(SarasvatiState, view, seed, table.cards)
    s.turn_no, s.active, s.first = view["turn"], view["active"], view["first"]
    s.phase = PHASE_NAMES.index(view["phase"])
    s.winner_seat, s.reason = outcome_of(view)
    public = _public(view, table)
    s.mods = public.mods[:]
    s.next_uid = view["next_uid"]
    s.queue = public.queue[:]
    s.cont = public.cont[:]
    s.dice = []  # a search does not foresee scripted coins
    s.choice = public.choice
    s.deck, s.hand = [[], []], [[], []]
    s.grave = [public.grave[0][:], public.grave[1][:]]
    s.voltage = [public.voltage[0][:], public.voltage[1][:]]
    s.tapped = [you["tapped"], opp["tapped"]] if p == 0 else [opp["tapped"], you["tapped"]]
    s.books, s.bstate = [[], []], [public.bstate[0][:], public.bstate[1][:]]
    s.field = [public.field[0][:], public.field[1][:]]
    s.equip = [public.equip[0][:], public.equip[1][:]]
    s.ready = [public.ready[0][:], public.ready[1][:]]
    s.sick = [public.sick[0][:], public.sick[1][:]]
    s.uid = [public.uid[0][:], public.uid[1][:]]
    s.under = [public.under[0][:], public.under[1][:]]
    s.dirty = True  # a sampled position: the next check looks at everything
    s._legal = None
    pick_iter = iter(picks)
    lists = (view["decklists"][p], None)
    unseen: list[list[int]] = []
    for seat, side in ((p, you), (o, opp)):
        books = s.books[seat]
        for b in side["books"]:
            books.append(idx[b["card"]] if "card" in b else -1 if b["state"] == "destroyed"
                         else idx[next(pick_iter).name])
        unseen.append(guess.unseen(table, seat == p, lists[0] if seat == p else opp_main,
                                   public.seen[seat]))
    s.hand[p] = sorted(idx[n] for n in you["hand"])
    s.deck[p] = _elements(_minus(unseen[0], s.hand[p]))
    gen = rng.shuffle(gen, s.deck[p])
    pool = _elements(unseen[1])
    gen = rng.shuffle(gen, pool)
    h = opp["hand_count"]
    held = h + opp["deck_count"]
    if len(pool) < held:  # more hidden cards than the guess leaves: more of the pool's cards
        spare = pool or [c for c, card in enumerate(table.cards) if card.kind != "book"]
        pool += [spare[i % len(spare)] for i in range(held - len(pool))]
    # exactly as many as the view shows: fewer than a whole deck in a position set up by hand
    s.hand[o] = sorted(pool[:h])
    s.deck[o] = pool[h:held]
    s.rng = gen
    s.decks = guess.decks(table, lists[0], opp_main, s.books, s.grave, p)
    return s
