"""A full state consistent with one player's view, for search agents.

Built from the view alone: the opponent's hand and deck are dealt at random from their
decklist minus every card the view shows, the player's own deck is shuffled, and each face-down
opponent book is a random book of the shipped pool (keeping the set within the cost limit).
The sample gets a generator of its own, so no future shuffle is foreseen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.state import BOOK_STATES, PHASE_NAMES, SarasvatiState
from cardtable.games.sarasvati.stats import CardTable


def _shipped_books() -> list[Card]:
    from cardtable.games.sarasvati.game import shipped_pool

    return sorted((c for c in shipped_pool().values() if c.kind == "book"),
                  key=lambda c: c.name)


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


def sample_state(view: dict[str, Any], seed: int) -> SarasvatiState:
    p = view["player"]
    o = 1 - p
    gen = rng.seed_state(seed)
    known = {c["name"]: Card.from_json(c) for c in view["cards"]}
    you, opp = view["you"], view["opponent"]
    opp_books = opp["books"]
    hidden = [i for i, b in enumerate(opp_books) if "card" not in b]
    gen, picks = _pick_books(gen, [known[b["card"]] for b in opp_books if "card" in b],
                             len(hidden), view["options"]["book_cost_limit"])
    for c in picks:
        known.setdefault(c.name, c)
    s = SarasvatiState.__new__(SarasvatiState)
    s.cards = CardTable(sorted(known.values(), key=lambda c: c.name))
    idx = {c.name: i for i, c in enumerate(s.cards)}
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
    s._legal = None
    pick_iter = iter(picks)
    unseen: list[Counter[int]] = []
    for seat, side in ((p, you), (o, opp)):
        seen: Counter[int] = Counter()
        s.grave[seat] = [idx[n] for n in side["grave"]]
        s.voltage[seat] = [idx[n] for n in side["voltage"]]
        seen.update(s.grave[seat] + s.voltage[seat])
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
            seen.update([s.field[seat][i], *s.under[seat][i]]
                        + ([s.equip[seat][i]] if f["equip"] else []))
        rest = Counter(idx[n] for n in view["decklists"][seat])
        rest.subtract(seen)
        unseen.append(rest)
    s.hand[p] = sorted(idx[n] for n in you["hand"])
    own = unseen[0]
    own.subtract(s.hand[p])
    s.deck[p] = sorted(own.elements())
    gen = rng.shuffle(gen, s.deck[p])
    pool = sorted(unseen[1].elements())
    gen = rng.shuffle(gen, pool)
    h = opp["hand_count"]
    s.hand[o] = sorted(pool[:h])
    s.deck[o] = pool[h:]
    s.rng = gen
    s.decks = tuple(Deck(f"seat {i + 1}", tuple(s.cards[idx[n]] for n in names)
                         + tuple(s.cards[b] for b in s.books[i]))
                    for i, names in enumerate(view["decklists"]))
    return s

