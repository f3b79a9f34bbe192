"""Attack, defense and cost as they stand now: printed values plus everything in force.

A character's attack is its printed attack, plus its equipment's, plus the stat changes on it
(``mods``), plus lasting effects: its own and its equipment's (このカードの / これを装備した
キャラクターの), auras of characters and equipment on either side (すべての...), and the オープン中
effects of open forbidden books. Conditions (自分の手札がN枚以上の時) are read at the moment.
Each card carries its lasting effects already sorted out (``Card.own``, ``wide``, ``costs``), so
the common case, a card without any, costs one attribute read.
"""

from __future__ import annotations

from functools import cached_property

from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.cards import Card, matches
from cardtable.games.sarasvati.state import OPEN, SarasvatiState


class InForce:
    """A set of card ids split by the one zone where each can be in force.

    A character is in force on the field, equipment on a character, a book while open (a
    support never is, so it is looked for on the field and equipped alike, to be safe). Asking
    whether one of the set is present then looks only where such a card can be: most sets hold
    one sort of card, so the question costs one or two set tests instead of six.
    """

    __slots__ = ("books", "equip", "field", "ids")

    def __init__(self, cards: tuple[Card, ...], ids: frozenset[int]) -> None:
        self.ids = ids
        self.field = frozenset(i for i in ids if cards[i].kind not in ("equipment", "book"))
        self.equip = frozenset(i for i in ids if cards[i].kind not in ("character", "book"))
        self.books = frozenset(i for i in ids if cards[i].kind == "book")


class Traits:
    """Which cards of a match's card table have lasting effects of each sort, and what the
    legal-action scan needs of each card, worked out once per card table.

    Most cards have none, so asking "could anything change this?" first saves scanning the
    table at every step. One per card table, found by identity (tables are shared by clones).
    """

    __slots__ = ("bases", "cards", "choosers", "cost_affected", "cost_kinds", "costly",
                 "costly_at", "hand_def_at", "lowering", "lowering_at", "lowering_wide",
                 "lowering_wide_at", "plays", "raising", "relocatable", "unsettling", "upholding",
                 "weakening", "weakening_at", "wide", "wide_at")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.costly = frozenset(i for i, c in enumerate(cards) if c.costs)
        self.lowering = frozenset(i for i, c in enumerate(cards) if c.lowers)
        self.lowering_wide = frozenset(
            i for i, c in enumerate(cards)
            if any(int(v) < 0 for e in c.wide for k, v in e.ops if k == "def"))
        self.wide = frozenset(i for i, c in enumerate(cards) if c.wide)
        self.weakening = frozenset(i for i, c in enumerate(cards) if c.weakens)
        #: cards whose lasting effects raise others' defense: losing one may doom someone
        self.raising = frozenset(
            i for i, c in enumerate(cards)
            if any(int(v) > 0 for e in c.wide for k, v in e.ops if k == "def"))
        #: cards with a lasting defense change under a hand-size condition: while one is in
        #: force, a draw or a play can move a defense without anything else changing
        self.hand_def_at = InForce(cards, frozenset(
            i for i, c in enumerate(cards)
            if any(e.condition is not None and any(k == "def" for k, _ in e.ops)
                   for e in c.own + c.wide)))
        #: cards whose coming into force can put a defense below 0 at once (they lower one) or
        #: later (one depends on hand size): their arrival calls for a check (``state.dirty``)
        self.unsettling = self.lowering | self.hand_def_at.ids
        #: cards that give defense, to their holder (printed, このカードの) or to others
        #: (``raising``): their leaving a place calls for a check
        self.upholding = self.raising | frozenset(
            i for i, c in enumerate(cards)
            if c.defense > 0 or any(int(v) > 0 for e in c.own for k, v in e.ops if k == "def"))
        self.costly_at = InForce(cards, self.costly)
        self.lowering_at = InForce(cards, self.lowering)
        self.lowering_wide_at = InForce(cards, self.lowering_wide)
        self.wide_at = InForce(cards, self.wide)
        self.weakening_at = InForce(cards, self.weakening)
        #: the kinds of card whose cost some card changes, and the cards of those kinds
        self.cost_kinds = frozenset(kind for c in cards for _, kind, _ in c.costs)
        self.cost_affected = frozenset(
            i for i, c in enumerate(cards) if c.kind in self.cost_kinds)
        #: cards with an effect that chooses a character (a support needs one to choose)
        self.choosers = frozenset(i for i, c in enumerate(cards)
                                  if any(e.scope in fx.CHOOSING for e in c.effects))
        #: equipment that may be moved (付け替え)
        self.relocatable = frozenset(i for i, c in enumerate(cards) if c.relocatable)
        #: what the legal-action scan reads of each card, by index: (printed cost, kind,
        #: whether it is an evolution), one tuple instead of three attribute reads per card
        self.plays = tuple((c.cost, c.kind, bool(c.evolves_from)) for c in cards)
        #: per evolution base text (進化元), the cards of the table that can serve as it
        self.bases: dict[str, frozenset[int]] = {}

    def matching(self, base: str) -> frozenset[int]:
        """The cards of the table that are an evolution base named ``base``."""
        hit = self.bases.get(base)
        if hit is None:
            hit = self.bases[base] = frozenset(
                i for i, c in enumerate(self.cards) if matches(c, base))
        return hit


class CardTable(tuple):  # type: ignore[type-arg]
    """A match's card definitions (a tuple) that also knows its ``Traits``, computed once."""

    @cached_property
    def traits(self) -> Traits:
        return Traits(self)


_ALL, _ALL_OWN = fx.ALL, fx.ALL_OWN  # bound once: a module attribute is a dictionary lookup


def holds(state: SarasvatiState, owner: int, cond: tuple[str, int, str] | None) -> bool:
    if cond is None:
        return True
    who, n, how = cond
    seat = owner if who == "自分" else 1 - owner
    size = len(state.hand[seat])
    return size >= n if how == "以上" else size <= n


def _sum(e: fx.Effect) -> tuple[int, int]:
    a = d = 0
    for k, v in e.ops:
        if k == "atk":
            a += int(v)
        elif k == "def":
            d += int(v)
    return a, d


def present(state: SarasvatiState, ids: frozenset[int], seats: tuple[int, ...] = (0, 1)) -> bool:
    """Whether a card of ``ids`` is in force: on the battle zone, equipped, or an open book."""
    if not ids:
        return False
    f, e = state.field, state.equip
    for seat in seats:
        if not (ids.isdisjoint(f[seat]) and ids.isdisjoint(e[seat])):
            return True
        bs = state.bstate[seat]
        if OPEN in bs:
            for b, st in zip(state.books[seat], bs, strict=True):
                if st == OPEN and b in ids:
                    return True
    return False


def in_force(state: SarasvatiState, at: InForce, seats: tuple[int, ...] = (0, 1)) -> bool:
    """``present`` for a split set: looks only in the zones its cards can be in force."""
    if not at.ids:
        return False
    field, equip, books = at.field, at.equip, at.books
    for seat in seats:
        if field and not field.isdisjoint(state.field[seat]):
            return True
        if equip and not equip.isdisjoint(state.equip[seat]):
            return True
        if books:
            bs = state.bstate[seat]
            if OPEN in bs and not books.isdisjoint(state.books[seat]):
                for b, st in zip(state.books[seat], bs, strict=True):
                    if st == OPEN and b in books:
                        return True
    return False


def auras(state: SarasvatiState) -> list[tuple[int, fx.Effect]]:
    """Every lasting effect on many characters now in force: (its owner, effect).

    One pass per seat, each zone looked at only if a card with auras can be in force there
    (``InForce``): every battle asks, and most matches' auras come from books alone."""
    cards = state.cards
    out: list[tuple[int, fx.Effect]] = []
    wide_at = cards.traits.wide_at  # type: ignore[attr-defined]
    if not wide_at.ids:
        return out
    field, equip, books = wide_at.field, wide_at.equip, wide_at.books
    for seat in (0, 1):
        if field and not field.isdisjoint(state.field[seat]):
            for c in state.field[seat]:
                if c in field:
                    out += [(seat, e) for e in cards[c].wide]
        if equip and not equip.isdisjoint(state.equip[seat]):
            for c in state.equip[seat]:
                if c in equip:
                    out += [(seat, e) for e in cards[c].wide]
        if books:
            bs = state.bstate[seat]
            if OPEN in bs:
                for b, st in zip(state.books[seat], bs, strict=True):
                    if st == OPEN and b in books:
                        out += [(seat, e) for e in cards[b].wide]
    return out


def stats(state: SarasvatiState, seat: int, place: int,
          wide: list[tuple[int, fx.Effect]] | None = None) -> tuple[int, int]:
    """(attack, defense) of the character at ``place`` now."""
    cards = state.cards
    card = cards[state.field[seat][place]]
    a, d = card.attack, card.defense
    for e in card.own:
        if holds(state, seat, e.condition):
            da, dd = _sum(e)
            a, d = a + da, d + dd
    eq = state.equip[seat][place]
    if eq >= 0:
        ec = cards[eq]
        a, d = a + ec.attack, d + ec.defense
        for e in ec.own:
            if holds(state, seat, e.condition):
                da, dd = _sum(e)
                a, d = a + da, d + dd
    if state.mods:
        u = state.uid[seat][place]
        for m in state.mods:
            if m[0] == u:
                a, d = a + m[1], d + m[2]
    for owner, e in auras(state) if wide is None else wide:
        if (e.scope == _ALL or (e.scope == _ALL_OWN) == (owner == seat)) \
                and holds(state, owner, e.condition):
            da, dd = _sum(e)
            a, d = a + da, d + dd
    return a, d


def all_stats(state: SarasvatiState) -> list[list[tuple[int, int] | None]]:
    """Stats of every place of both seats (None where no character stands)."""
    wide = auras(state)
    return [[stats(state, s, i, wide) if c >= 0 else None for i, c in enumerate(state.field[s])]
            for s in (0, 1)]


def cost_deltas(state: SarasvatiState, seat: int) -> dict[str, int] | None:
    """Cost changes for ``seat`` by card kind now, or None when nothing changes a cost."""
    cards = state.cards
    costly_at = cards.traits.costly_at  # type: ignore[attr-defined]
    if not costly_at.ids:
        return None
    if not costly_at.field and not costly_at.equip and (
            OPEN not in state.bstate[seat] or costly_at.books.isdisjoint(state.books[seat])):
        return None  # only books change costs in this match, and none of the seat's is open
    if not in_force(state, costly_at, (seat,)):
        return None
    costly = costly_at.ids
    out: dict[str, int] = {}
    sources = [c for c in state.field[seat] if c in costly]
    sources += [c for c in state.equip[seat] if c in costly]
    sources += [b for b, st in zip(state.books[seat], state.bstate[seat], strict=True)
                if st == OPEN and b in costly]
    for c in sources:
        for e, kind, n in cards[c].costs:
            if holds(state, seat, e.condition):
                out[kind] = out.get(kind, 0) + n
    return out or None


def cost_with(card: Card, deltas: dict[str, int] | None) -> int:
    """The cost of ``card`` under ``deltas``; reductions never take a cost below 1."""
    if deltas is None:
        return card.cost
    delta = deltas.get(card.kind, 0)
    if delta == 0:
        return card.cost
    return max(card.cost + delta, min(card.cost, 1))


def cost(state: SarasvatiState, seat: int, card: Card) -> int:
    """What playing ``card`` costs ``seat`` now; reductions never take a cost below 1."""
    if card.kind not in state.cards.traits.cost_kinds:  # type: ignore[attr-defined]
        return card.cost  # nothing in the match changes the cost of this kind of card
    return cost_with(card, cost_deltas(state, seat))
