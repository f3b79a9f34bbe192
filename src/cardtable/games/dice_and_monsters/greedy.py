"""Greedy Dice and Monsters policy: rate cards for the deck, simulate line-ups for the team.

Deck building takes the best-rated cards first: every Fatal Leap unit whose condition the deck
can meet (they cost no deck slot), then units by a rating of their action table (expected damage
a round, weighted by how many enemies a keyword reaches, plus their HP), then commands by a
fixed worth of what their effect does. The rating only orders the picks; the deck rule is kept
by the legal list.

The team is chosen by simulation, which is where the game is decided: a line-up of three units
and a command on four squares is played out against line-ups the opponent's revealed deck
allows (drawn uniformly, as a random player would choose them), with the battle engine itself
(``battle.simulate``) and the same opponents and dice seeds for every candidate, so candidates
differ only by what they are. First every choice of three units and one command is tried with
a sensible placement (melee units in front), then every placement of the best few. Score: wins
plus half the draws, HP difference as a tie-break. Deterministic for a given view.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from cardtable.core.contract import Game
from cardtable.core.rng import randbelow, seed_state
from cardtable.core.seeding import derive_seed
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.battle import simulate
from cardtable.games.dice_and_monsters.cards import Card, card_from_text

#: decisions a search leaves to this policy: a deck is worth the line-up a careful player
#: takes from it, and a search's random endings judge it by random line-ups instead
SETTLED_PHASES = frozenset({"deck-building"})
#: opponents (and dice seeds) each candidate meets, in the first and second stage
FIRST = 8
SECOND = 12
#: combinations carried into the placement stage
KEEP = 2
#: how many enemies a keyword is expected to reach
REACH = {"近接・貫通": 1.5, "近接・範囲": 1.8, "近接・全体": 2.5, "範囲・前衛": 1.8,
         "範囲・後衛": 0.8, "範囲・縦一列": 1.3, "属性": 1.0, "全体": 2.5}
COMMAND_WORTH = {"revive-downed": 6.0, "magic-all-enemies": 5.0, "counter": 3.0,
                 "traits-off-square": 2.0, "set-roll": 2.0, "heal-feature": 1.0,
                 "lose-features": 1.0}


def rating(card: Card) -> float:
    """A rough worth of a card for the deck (only the order of ratings matters)."""
    if card.kind == "command":
        return max((COMMAND_WORTH.get(e[0], 0.5) for e in card.effects), default=0.5)
    damage = 0.0
    for action in card.actions:
        for op in action.ops:
            if op[0] in ("dmg", "special-highest-hp"):
                amount = op[1] if isinstance(op[1], int) else 3
                bonus = op[3][1] * 0.5 if op[0] == "dmg" and op[3] else 0
                damage += (amount + bonus) * REACH.get(action.target, 1.0)
            elif op[0] == "status":
                damage += 1.5 * REACH.get(action.target, 1.0)
            elif op[0] == "heal":
                damage += 1.5
    return 10.0 + damage / 6 * 4 + card.hp / 3


def _cards(view: dict[str, Any]) -> dict[str, Card]:
    return {c["name"]: card_from_text(c["text"]) for c in view["cards"]}


def _build(view: dict[str, Any], legal: list[int], cards: dict[str, Card]) -> int:
    pool = [cards[n] for n in view["pools"][view["player"]]]
    picks = [i for i in legal if i < act.MAX_POOL]
    mine = {cards[n].name for n in view["you"]["deck"]}
    stars = [i for i in picks if pool[i].star]
    useful = [i for i in stars if pool[i].leap is not None and (
        pool[i].leap.kind == "feature-hp" or pool[i].leap.who in mine
        or any(pool[i].leap.who in (c.name, getattr(c, "given_name", "")) for c in pool))]
    if useful:
        return useful[0]
    main = [i for i in picks if not pool[i].star]
    if main:
        return max(main, key=lambda i: (rating(pool[i]), -i))
    return act.DONE if act.DONE in legal else legal[0]


def _placements(units: tuple[Card, ...], cmd: Card) -> list[list[Card]]:
    """Every arrangement of three units and the command on the four squares."""
    out = []
    for trio in permutations(units):
        for sq in range(4):
            row = list(trio)
            row.insert(sq, cmd)
            out.append(row)
    return out


def _front_first(units: tuple[Card, ...], cmd: Card) -> list[Card]:
    """Melee-minded units in front, the command behind them."""
    def melee(u: Card) -> float:
        return sum(a.melee for a in u.actions) - sum(bool(a.ops) and not a.melee
                                                     for a in u.actions) * 0.5
    ranked = sorted(units, key=melee, reverse=True)
    return [ranked[0], ranked[1], ranked[2], cmd]


def _team(view: dict[str, Any], cards: dict[str, Card]) -> tuple[int, dict[int, float]]:
    """The chosen line-up's code, and a score for every line-up the simulation ranked."""
    me = view["player"]
    deck = [cards[n] for n in view["you"]["deck"]]
    opp = [cards[n] for n in view["opponent"]["deck"]]
    leaps = ([cards[n] for n in view["you"]["leap"]], [cards[n] for n in view["opponent"]["leap"]])
    rounds = view["options"]["rounds"]
    opp_codes = act.team_codes(tuple(c.kind == "command" for c in opp))
    gen = seed_state(derive_seed(0, "greedy-dm", tuple(view["you"]["deck"]),
                                 tuple(view["opponent"]["deck"]), me))
    foes = []
    for _ in range(SECOND):
        gen, k = randbelow(gen, len(opp_codes))
        gen, dice = randbelow(gen, 2**62)
        foes.append(([opp[i] for i in act.team_squares(opp_codes[k])], dice))
    leap_decks = (leaps[0], leaps[1]) if me == 0 else (leaps[1], leaps[0])

    def score(row: list[Card], n: int) -> float:
        total = 0.0
        for foe, dice in foes[:n]:
            squares = (row, foe) if me == 0 else (foe, row)
            b = simulate(squares, leap_decks, dice, rounds)
            if b.winner == me:
                total += 1.0
            elif b.winner < 0:
                total += 0.5
            total += (b.taken[me] - b.taken[1 - me]) * 0.01
        return total / n

    units = [c for c in deck if c.kind == "unit"]
    commands = [c for c in deck if c.kind == "command"]
    combos = [(trio, cmd) for trio in combinations(units, 3) for cmd in commands]
    first = [score(_front_first(*tc), FIRST) for tc in combos]
    order = sorted(range(len(combos)), key=lambda i: -first[i])
    index = {c.name: i for i, c in enumerate(deck)}

    def code(row: list[Card]) -> int:
        return act.team_code(tuple(index[c.name] for c in row))  # type: ignore[arg-type]

    # Every line-up gets its combination's first-stage score; the placements of the best few
    # combinations, each played out again, rank above all of them.
    values: dict[int, float] = {}
    for i in order[KEEP:]:
        for row in _placements(*combos[i]):
            values.setdefault(code(row), first[i])
    best_row, best = None, -1e9
    for i in order[:KEEP]:
        for row in _placements(*combos[i]):
            value = score(row, SECOND)
            values[code(row)] = max(values.get(code(row), -1e9), 10.0 + value)
            if value > best:
                best_row, best = row, value
    assert best_row is not None
    return code(best_row), values


def choose(game: Game, view: dict[str, Any], legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    cards = _cards(view)
    if view["phase"] == "deck-building":
        return _build(view, legal, cards)
    code, _ = _team(view, cards)
    return code if code in legal else legal[0]


def scores(game: Game, view: dict[str, Any], legal: list[int]) -> list[float]:
    """A score per legal code for the search's prior: the simulation's ranking of line-ups,
    and in deck building the chosen pick alone (the rating only orders picks of one kind)."""
    if len(legal) == 1:
        return [0.0]
    cards = _cards(view)
    if view["phase"] == "deck-building":
        pick = _build(view, legal, cards)
        return [1.0 if c == pick else 0.0 for c in legal]
    _, values = _team(view, cards)
    return [values.get(c, -1.0) for c in legal]
