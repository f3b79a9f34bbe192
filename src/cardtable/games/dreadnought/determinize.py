"""A full state consistent with one player's view, for search agents.

Built from the view alone. Each seat's unseen cards are its decklist minus every card the
view shows of it; they are shuffled (with the sample's own generator) and dealt to whatever
the player cannot see: its own deck, HP cards and bursts (closed to their owner too), and the
opponent's hand, deck, HP, bursts, closed speed card, dummies, face-down enchantments and
enhancements on the chain (each of the last two preferring a card with a 強化 sub effect).

The opponent's decklist is private (unless ``open_decklists``), so it is guessed first
(``core/decklists.py``): a shipped deck drawn by how well it explains the opponent's cards in
sight (casters once revealed, discard pile, opened speed cards, units, open enchantments, the
chain), or else those cards plus the rest from the card pool: two casters (the revealed ones,
or two of the pool's) and the other cards up to the deck size. Until the casters are revealed
the guessed deck's casters take their places.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import rng
from cardtable.core.deck import Deck
from cardtable.core.decklists import DeckGuess, shipped_deck_counts
from cardtable.core.match_state import tuples
from cardtable.games.dreadnought.cards import Card
from cardtable.games.dreadnought.rules import CARD_STEPS
from cardtable.games.dreadnought.state import (
    PHASE_NAMES,
    Attack,
    DreadnoughtState,
    Enchant,
    Mod,
    SubLink,
    Unit,
    link_of,
    step_of,
)

_cache: dict[str, Any] = {"source": None}


def _table(view: dict[str, Any]) -> tuple[Card, ...]:
    if _cache["source"] != view["cards"]:
        _cache.update(source=view["cards"],
                      cards=tuple(Card.from_json(c) for c in view["cards"]), decks={})
    return _cache["cards"]  # type: ignore[no-any-return]


def _deck(seat: int, numbers: tuple[int, ...], cards: tuple[Card, ...]) -> Deck:
    """The deck of these card numbers, built once per list and table (samples share it)."""
    made: dict[tuple[int, tuple[int, ...]], Deck] = _cache["decks"]
    hit = made.get((seat, numbers))
    if hit is None:
        if len(made) >= 64:
            made.clear()
        hit = made[(seat, numbers)] = Deck(f"seat {seat + 1}", tuple(cards[c] for c in numbers))
    return hit


#: the last view whose opponent's deck was guessed: the guess, and the fallback's parts
_guess: dict[str, Any] = {"view": None}


def _opponent_list(view: dict[str, Any], seen: list[int], cards: tuple[Card, ...],
                   gen: int) -> tuple[int, tuple[int, ...]]:
    """(generator, the opponent's decklist as sorted card numbers): listed, or guessed from
    ``seen``, the numbers of its cards in sight."""
    listed = view["decklists"][1 - view["player"]]
    if listed is not None:
        return gen, tuple(listed)
    idx = {c.name: i for i, c in enumerate(cards)} if _guess["view"] is not view \
        else _guess["idx"]
    if _guess["view"] is not view:
        options = view["options"]
        names = Counter(cards[c].name for c in seen)
        size = options["deck_size"] + 2  # two casters
        # a deck whose cards the table does not all hold cannot be the opponent's (a position
        # set up by a scenario file has the cards it names only)
        decks = [d for d in shipped_deck_counts("dreadnought")
                 if d.total() == size and all(n in idx for n in d)]
        guess = DeckGuess(names, decks, [c.name for c in cards], size, options["max_copies"])
        # the fallback keeps a deck's shape: two casters of different names, the rest not
        casters = [c.name for c in cards if c.kind == "caster"]
        seen_casters = sorted(n for n in names if cards[idx[n]].kind == "caster")
        rest = DeckGuess(Counter({n: k for n, k in names.items() if n not in seen_casters}),
                         [], [c.name for c in cards if c.kind != "caster"],
                         options["deck_size"], options["max_copies"])
        _guess.update(view=view, idx=idx, guess=guess, casters=casters,
                      seen_casters=seen_casters, rest=rest)
    guess = _guess["guess"]
    if sum(guess.weights) > 0:
        gen, names = guess.sample(gen)
    else:
        chosen = list(_guess["seen_casters"])
        pool = [n for n in _guess["casters"] if n not in chosen]
        gen = rng.shuffle(gen, pool)
        chosen += pool[:max(0, 2 - len(chosen))]
        gen, names = _guess["rest"].sample(gen)
        names = names + Counter(chosen)
    return gen, tuple(sorted(idx[n] for n in names.elements()))


def _seen(s: DreadnoughtState, seat: int) -> list[int]:
    """The numbers of ``seat``'s cards that a sample built so far from the view shows: open
    casters, discard pile, hand (only the player's own is filled yet), open speed card, units,
    open enchantments, the chain, the play being built and cards entering."""
    k = 2 * seat
    seen = [c for c in s.casters[k: k + 2] if c >= 0] + s.discard[seat] + s.hand[seat]
    if s.speed[seat] >= 0:
        seen.append(s.speed[seat])
    seen += [u.card for u in s.units if u.seat == seat and u.card >= 0]
    seen += [e.card for e in s.enchants if e.owner == seat and e.card >= 0]
    seen += [i.card for i in s.chain if i.kind in ("code", "awk", "enh") and i.seat == seat
             and i.card >= 0]
    b = s.building
    if b is not None and b.kind != "abil" and b.seat == seat:
        seen.append(b.card)
    seen += [op[2] for op in s.ops if op[0] in CARD_STEPS and op[1] == seat]
    return seen


def _unseen(s: DreadnoughtState, seat: int, listed: tuple[int, ...], seen: list[int],
            cards: tuple[Card, ...]) -> list[int]:
    """``listed`` less ``seen``, in card order (before the shuffle). Until ``seat``'s casters
    are revealed, the list's first two casters take their places (and leave the pool)."""
    counts = [0] * len(cards)
    for c in listed:
        counts[c] += 1
    for c in seen:
        counts[c] -= 1
    k = 2 * seat
    if s.casters[k] < 0:
        s.casters[k: k + 2] = [c for c in listed if cards[c].kind == "caster"][:2]
        for c in s.casters[k: k + 2]:
            counts[c] -= 1
    return [c for c, n in enumerate(counts) if n > 0 for _ in range(n)]


#: the view last sampled and its player's own deck, casters and unseen cards (``_own_pool``)
_own: tuple[Any, Any] = (None, None)


def _own_pool(view: dict[str, Any], s: DreadnoughtState, cards: tuple[Card, ...]
              ) -> tuple[tuple[int, ...], list[int], list[int]]:
    """The player's decklist, its two casters and its unseen cards in card order (before the
    shuffle), from what a sample built so far holds of the view: worked out once per view,
    since a search samples one view thousands of times; callers copy the lists."""
    global _own
    if _own[0] is view:
        return _own[1]  # type: ignore[no-any-return]
    p = view["player"]
    listed = tuple(view["decklists"][p])
    pool = _unseen(s, p, listed, _seen(s, p), cards)
    _own = (view, (listed, s.casters[2 * p: 2 * p + 2], pool))
    return _own[1]  # type: ignore[no-any-return]


def sample_state(view: dict[str, Any], seed: int) -> DreadnoughtState:
    p = view["player"]
    o = 1 - p
    cards = _table(view)
    gen = rng.seed_state(seed)
    s = DreadnoughtState.__new__(DreadnoughtState)
    s.seed = seed
    s.options = dict(view["options"])
    s.cards = cards
    s.history, s.log = [], []
    s.phase = PHASE_NAMES.index(view["phase"])
    s.turn_no = view["turn"]
    s.first = view["first"]
    result = view["result"]
    s.winner_seat = -1 if not result or result["winner"] is None else result["winner"]
    s.reason = result["reason"] if result else ""
    s.started = view["started"]
    s.next_uid = view["next_uid"]
    s.mods = [Mod(*m) for m in view["mods"]]
    s.ops = [step_of(tuples(x)) for x in view["ops"]]
    s.ask = tuples(view["ask"])
    building, attack = view["building"], view["attack"]
    s.building = None if building is None else link_of(tuples(building))
    s.attack = None if attack is None else Attack(*attack)
    s.used = list(view["used"])
    s._legal = None
    sides = {p: view["you"], o: view["opponent"]}
    s.casters = [0, 0, 0, 0]
    s.cchk = [0, 0, 0, 0]
    s.hp = [[], [], [], []]
    s.deck, s.hand, s.discard, s.burst, s.bchk = [[], []], [[], []], [[], []], [[], []], [[], []]
    s.speed, s.sclosed, s.gear, s.out, s.mulled = [-1, -1], [0, 0], [0, 0], [0, 0], [0, 0]
    for seat, side in sides.items():
        s.casters[2 * seat: 2 * seat + 2] = side["casters"]
        s.cchk[2 * seat: 2 * seat + 2] = side["checked"]
        s.discard[seat] = list(side["discard"])
        s.bchk[seat] = list(side["bursts"])
        s.speed[seat] = side["speed"]
        s.sclosed[seat] = side["speed_closed"]
        s.gear[seat] = side["gear"]
        s.out[seat] = side["out"]
        s.mulled[seat] = side["mulled"]
    s.hand[p] = list(view["you"]["hand"])
    s.units = [Unit(*u[:6]) for u in view["units"]]  # a view's unit row: the unit, then BP
    # a view's enchantment row: uid, owner, card, open, amount
    s.enchants = [Enchant(uid, c, owner, is_open, amount)
                  for uid, owner, c, is_open, amount in view["enchants"]]
    s.chain = [link_of(tuples(i)) for i in view["chain"]]
    # what each seat's unseen pool is: the player's own the same in every sample of the view
    lists: list[tuple[int, ...]] = [(), ()]
    lists[p], casters, own = _own_pool(view, s, cards)
    s.casters[2 * p: 2 * p + 2] = casters
    pool = own[:]
    gen = rng.shuffle(gen, pool)
    unseen = [pool]
    seen = _seen(s, o)
    gen, lists[o] = _opponent_list(view, seen, cards, gen)
    pool = _unseen(s, o, lists[o], seen, cards)
    gen = rng.shuffle(gen, pool)
    unseen.append(pool)
    if p == 1:
        unseen.reverse()
    s.decks = (_deck(0, lists[0], cards), _deck(1, lists[1], cards))
    # the opponent's closed cards placed from hand: enhancements and enchantments first
    opp = unseen[o]
    side = view["opponent"]
    places = (side["hand_count"] + sum(side["hp"]) + len(side["bursts"]) + side["deck"]
              + sum(1 for e in s.enchants if e.card < 0)
              + sum(1 for i in s.chain if i.kind == "enh" and i.card < 0)
              + sum(1 for u in s.units if u.card < 0) + (s.speed[o] < 0 and s.sclosed[o]))
    if len(opp) < places:  # a guess from a small table (a scenario's) falls short: any cards
        fill = [c for c, card in enumerate(cards) if card.kind != "caster"]
        while len(opp) < places:
            gen, k = rng.randbelow(gen, len(fill))
            opp.insert(0, fill[k])

    def pick(prefer_enhance: bool) -> int:
        if prefer_enhance:
            for i in range(len(opp) - 1, -1, -1):
                if cards[opp[i]].sub == "enhance":
                    return opp.pop(i)
        return opp.pop()

    for i, e in enumerate(s.enchants):
        if e.card < 0:
            c = pick(True)
            s.enchants[i] = Enchant(e.uid, c, e.owner, e.is_open, cards[c].sub_amount)
    for i, item in enumerate(s.chain):
        if item.kind == "enh" and item.card < 0:
            c = pick(True)
            s.chain[i] = SubLink("enh", item.seat, c, item.uid, cards[c].sub_amount)
    for i, u in enumerate(s.units):
        if u.card < 0:
            s.units[i] = Unit(u.uid, u.seat, u.area, pick(False), u.checked, u.dummy)
    if s.speed[o] < 0 and s.sclosed[o]:
        s.speed[o] = pick(False)
    s.hand[o] = sorted(opp.pop() for _ in range(view["opponent"]["hand_count"]))
    for seat, side in sides.items():
        pool = unseen[seat]
        for k in (0, 1):
            s.hp[2 * seat + k] = [pool.pop() for _ in range(side["hp"][k])]
        s.burst[seat] = [pool.pop() for _ in range(len(side["bursts"]))]
        s.deck[seat] = [pool.pop() for _ in range(side["deck"])]
    s.rng = gen
    return s
