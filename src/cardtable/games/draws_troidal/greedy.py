"""Greedy DRAWS-◎-TROIDAL policy: one-turn expected value of the five battles, from the view.

Every decision is scored by what the coming field battle is expected to do: life the opponent
loses minus life we lose, with a guard point and a trashed card each worth a little, plus a share
of the later worth of whatever each side keeps on the field (a strong card that wins keeps
fighting; a weak one left standing is worth less than a fresh card). What the view does not show
is replaced by an expectation: an opponent card set face down is any unseen card of its shown
power, an empty opponent lane will hold any unseen card, and the opponent's own field shuffle is
taken as uniform over the orders it can reach (a random player's habit; a cleverer one is not
modelled). Decklists are public, so "unseen" is the opponent's decklist minus their trash and
their open field.

A placement is scored by the best arrangement reachable from it afterwards, since the shuffle
step comes before any battle. The opening five are turned over again when they are weaker than
five random cards of the deck. The policy is deterministic: ties go to the first legal code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import permutations
from typing import Any

from cardtable.core.contract import Game
from cardtable.core.decklists import DeckGuess, shipped_deck_counts
from cardtable.games.draws_troidal.actions import swap_path
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.field_battle import judge

LANES = 5

# The weights below were swept against the random agent; the win rate is flat around them
# (within a point or two), so they are round numbers, not a fit.
#: a guard point spent: the card stays, but its next loss comes closer to costing its risk
GUARD_COST = 1.5
#: a card trashed, beyond its risk: one more draw from a deck whose end loses the game
CARD_COST = 0.5
#: weight of a surviving card's worth in later turns, against an average replacement
STAY = 1.5
#: how much the opponent's field shuffle is taken as uniform (the rest: they keep their order)
SPREAD = 1.0

# One card on a lane: (card index, guard points left, wins in a row).
Unit = tuple[int, int, int]
# What may stand in a lane: (probability, unit) pairs; an empty list means no card will.
Dist = list[tuple[float, Unit]]


class _Catalog:
    """The card table of a match as flat lists, and who loses each pairing."""

    def __init__(self, cards: list[dict[str, Any]]) -> None:
        defs = [Card.from_json(c) for c in cards]
        self.index = {c.name: i for i, c in enumerate(defs)}
        self.risk = [c.risk for c in defs]
        self.guard = [c.guard for c in defs]
        self.power = [c.power for c in defs]
        # loses[a][b]: card a loses when it battles card b (both may lose)
        self.loses = [[judge(a, b)[0] for b in defs] for a in defs]


_CATALOGS: dict[tuple[tuple[Any, ...], ...], _Catalog] = {}


def _catalog(cards: list[dict[str, Any]]) -> _Catalog:
    """One catalog per distinct card table, so each pairing is judged once per process."""
    key = tuple((c["name"], c["attribute"], c["power"], c["risk"], c["guard"]) for c in cards)
    found = _CATALOGS.get(key)
    if found is None:
        if len(_CATALOGS) >= 64:
            _CATALOGS.clear()
        found = _CATALOGS[key] = _Catalog(cards)
    return found


@cache
def _reachable(max_swaps: int) -> tuple[tuple[int, ...], ...]:
    """Lane orders one shuffle step can make (new lane i takes old lane perm[i])."""
    return tuple(p for p in permutations(range(LANES)) if swap_path(p, max_swaps) is not None)


@cache
def _spread(max_swaps: int, weight: float) -> tuple[tuple[float, ...], ...]:
    """``m[i][j]``: chance the opponent's card now in lane ``j`` fights in lane ``i``."""
    perms = _reachable(max_swaps)
    m = [[(1.0 - weight) * (i == j) for j in range(LANES)] for i in range(LANES)]
    for perm in perms:
        for i, j in enumerate(perm):
            m[i][j] += weight / len(perms)
    return tuple(tuple(row) for row in m)


def _opponent_list(game: Game, view: dict[str, Any]) -> dict[str, float]:
    """The opponent's decklist, or where it is private the mean of the same guess the search
    makes (``core/decklists.py``: the shipped decks weighed by what has been seen)."""
    listed = view["decklists"][1 - view["player"]]
    if listed is not None:
        return {n: float(k) for n, k in Counter(listed).items()}
    opp = view["opponent"]
    seen = Counter(opp["trash"])
    seen.update(lane["card"] for lane in opp["field"] if "card" in lane)
    options = view["options"]
    return DeckGuess(seen, shipped_deck_counts(game.id), [c["name"] for c in view["cards"]],
                     options["deck_size"], options["max_copies"]).expected()


class _Table:
    """What the view says, in the shapes the scoring needs, with the scores memoised."""

    def __init__(self, game: Game, view: dict[str, Any]) -> None:
        cat = self.cat = _catalog(view["cards"])
        index = cat.index
        options = view["options"]
        self.win_limit: int = options["win_limit"]
        self.perms = _reachable(options["max_swaps"])
        self.spread = _spread(options["max_swaps"], SPREAD)
        me = view["player"]
        you, opp = view["you"], view["opponent"]

        unseen: Counter[int] = Counter()
        for n, k in _opponent_list(game, view).items():
            unseen[index[n]] += k  # type: ignore[assignment]  # expected copies: a float
        unseen.subtract(index[n] for n in opp["trash"])
        for lane in opp["field"]:
            if "card" in lane:
                unseen[index[lane["card"]]] -= 1
        self.pool = self._dist(unseen.items())
        # What the opponent must expect of our cards: everything not yet in our trash.
        ours = Counter(index[n] for n in view["decklists"][me])
        ours.subtract(index[n] for n in you["trash"])
        self.ours = self._dist(ours.items())

        # An empty opponent lane is filled before the battle only while setting is still to
        # come; in the shuffle step it stays empty and nothing battles there.
        refill = self.pool if view["phase"] != "field-shuffle" else []
        self.lanes: list[Dist] = []
        for lane in opp["field"]:
            if "card" in lane:
                self.lanes.append([(1.0, self.unit(lane))])
            elif lane.get("hidden"):
                power = lane["power"]
                fits = [(c, k) for c, k in unseen.items() if cat.power[c] == power]
                self.lanes.append(self._dist(fits) or self.pool)
            else:
                self.lanes.append(refill)

        self._mine: dict[Unit, float] = {}
        self._theirs: dict[Unit, float] = {}
        self._pair: dict[tuple[Unit, Unit], float] = {}
        self.mine_avg = sum(p * self.mine(u) for p, u in self.ours)
        self.theirs_avg = sum(p * self.theirs(u) for p, u in self.pool)

    def _dist(self, counts: Iterable[tuple[int, int]]) -> Dist:
        kept = sorted((c, k) for c, k in counts if k > 0)
        total = sum(k for _, k in kept)
        return [(k / total, (c, self.cat.guard[c], 0)) for c, k in kept]

    def unit(self, lane: dict[str, Any]) -> Unit:
        return self.cat.index[lane["card"]], lane["guard"], lane["wins"]

    def fresh(self, name: str) -> Unit:
        c = self.cat.index[name]
        return c, self.cat.guard[c], 0

    def battle(self, me: Unit, them: Unit) -> tuple[float, Unit | None, Unit | None]:
        """Value to ``me``'s side of one battle (damage dealt minus taken, guards and cards
        priced in), and what each side has left standing in the lane afterwards."""
        cat = self.cat
        card, guard, wins = me
        ocard, oguard, owins = them
        value = 0.0
        after: Unit | None = None
        oafter: Unit | None = None
        if cat.loses[card][ocard]:
            if guard > 0:
                value -= GUARD_COST
                after = (card, guard - 1, 0)
            else:
                value -= cat.risk[card] + CARD_COST
        elif wins + 1 >= self.win_limit:
            value -= CARD_COST
        else:
            after = (card, guard, wins + 1)
        if cat.loses[ocard][card]:
            if oguard > 0:
                value += GUARD_COST
                oafter = (ocard, oguard - 1, 0)
            else:
                value += cat.risk[ocard] + CARD_COST
        elif owins + 1 >= self.win_limit:
            value += CARD_COST
        else:
            oafter = (ocard, oguard, owins + 1)
        return value, after, oafter

    def _worth(self, unit: Unit, against: Dist, memo: dict[Unit, float]) -> float:
        value = memo.get(unit)
        if value is None:
            battle = self.battle
            value = memo[unit] = sum(p * battle(unit, other)[0] for p, other in against)
        return value

    def mine(self, unit: Unit) -> float:
        """One battle's worth of our ``unit`` against any unseen opponent card."""
        return self._worth(unit, self.pool, self._mine)

    def theirs(self, unit: Unit) -> float:
        """One battle's worth, to the opponent, of their ``unit`` against any card of ours."""
        return self._worth(unit, self.ours, self._theirs)

    def pair(self, me: Unit, them: Unit) -> float:
        """This battle's value plus the later worth of whatever each side keeps on the field."""
        key = (me, them)
        value = self._pair.get(key)
        if value is None:
            value, after, oafter = self.battle(me, them)
            if after is not None:
                value += STAY * (self.mine(after) - self.mine_avg)
            if oafter is not None:
                value -= STAY * (self.theirs(oafter) - self.theirs_avg)
            self._pair[key] = value
        return value

    def lane_values(self, unit: Unit) -> list[float]:
        """Expected value of ``unit`` standing in each of our lanes after both shuffles."""
        pair = self.pair
        facing = [sum(p * pair(unit, them) for p, them in dist) for dist in self.lanes]
        return [sum(m * v for m, v in zip(row, facing, strict=True)) for row in self.spread]

    def strength(self, unit: Unit) -> float:
        """Expected value of ``unit`` against any unseen opponent card."""
        pair = self.pair
        return sum(p * pair(unit, them) for p, them in self.pool)


def _own_units(table: _Table, view: dict[str, Any]) -> list[Unit | None]:
    return [table.unit(lane) if "card" in lane else None for lane in view["you"]["field"]]


def _redo_scores(game: Game, table: _Table, view: dict[str, Any], legal: list[int]) -> list[float]:
    """Redo scores above keep when the five are weaker than five random cards of our deck
    (a redo turns over five from the whole deck again, the returned five included)."""
    deck = Counter(view["decklists"][view["player"]])
    average = sum(k * table.strength(table.fresh(n)) for n, k in deck.items()) / deck.total()
    five = sum(table.strength(table.fresh(n)) for n in view["you"]["revealed"])
    return [LANES * average if game.describe_action(c)["kind"] == "redo" else five
            for c in legal]


def _place_scores(game: Game, table: _Table, view: dict[str, Any], legal: list[int]
                  ) -> list[float]:
    you = view["you"]
    source = you["revealed"] if view["phase"] == "opening-set" else you["hand"]
    field = _own_units(table, view)
    empties = [i for i, u in enumerate(field) if u is None]
    zero = [0.0] * LANES
    base = [zero if u is None else table.lane_values(u) for u in field]
    from_source = [table.lane_values(table.fresh(n)) for n in source]
    scores = []
    for code in legal:
        rows = base[:]
        for lane, pick in zip(empties, game.describe_action(code)["sources"], strict=False):
            rows[lane] = from_source[pick]
        # the best order the coming shuffle can reach; rows[old lane][new lane]
        scores.append(max(rows[a][0] + rows[b][1] + rows[c][2] + rows[d][3] + rows[e][4]
                          for a, b, c, d, e in table.perms))
    return scores


def _arrange_scores(game: Game, table: _Table, view: dict[str, Any], legal: list[int]
                    ) -> list[float]:
    rows = [[0.0] * LANES if u is None else table.lane_values(u)
            for u in _own_units(table, view)]
    scores = []
    for code in legal:
        perm = game.describe_action(code)["perm"]
        scores.append(sum(rows[old][new] for new, old in enumerate(perm)))
    return scores


def scores(game: Game, view: dict[str, Any], legal: list[int]) -> list[float]:
    """The heuristic's score of each legal code, higher is better (for study and tests)."""
    table = _Table(game, view)
    phase = view["phase"]
    if phase == "opening-redo":
        return _redo_scores(game, table, view, legal)
    if phase == "field-shuffle":
        return _arrange_scores(game, table, view, legal)
    return _place_scores(game, table, view, legal)


def choose(game: Game, view: dict[str, Any], legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    values = scores(game, view, legal)
    return legal[values.index(max(values))]
