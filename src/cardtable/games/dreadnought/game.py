"""Dreadnought as a ``cardtable.core.Game``: options, shipped cards and decks, factories."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any, ClassVar

from cardtable.core import rng
from cardtable.core.card_english import printed_lines
from cardtable.core.cardfile import TextCardFiles, read_pool
from cardtable.core.contract import Answerer, Game
from cardtable.core.deck import Deck, refuse_broken_decks, shared_card_table
from cardtable.core.errors import DeckError
from cardtable.core.hidden_twin import redealt_twin
from cardtable.core.match_state import Rules, new_match
from cardtable.core.scenario import ScenarioFiles
from cardtable.games.dreadnought import actions as act
from cardtable.games.dreadnought.cards import (
    Card,
    check_pool,
    deck_problems,
    parse_document,
    resolve_entries,
)
from cardtable.games.dreadnought.describe import describe
from cardtable.games.dreadnought.labels import label
from cardtable.games.dreadnought.legal import legal_for, play
from cardtable.games.dreadnought.record import PARTS
from cardtable.games.dreadnought.state import MULLIGAN, DreadnoughtState
from cardtable.games.dreadnought.validate import checked_state
from cardtable.games.dreadnought.view import view

DATA = Path(__file__).parent / "data"
#: cards on top of a deck a hidden twin keeps: the next turns open them in public (speed
#: cards, burns, draws and bursts can turn up 30 cards in the 60 steps the leak test plays)
KEEP_TOP = 34
POOL_FILE = DATA / "cards.txt"
DECK_DIR = DATA / "decks"


@cache
def shipped_pool() -> dict[str, Card]:
    return read_pool((POOL_FILE,), parse_document, check_pool)


@cache
def _pool_deck() -> Deck:
    """The shipped pool as one deck of one copy each: the base of every match's card table."""
    return Deck("pool", tuple(shipped_pool().values()))


def _index_decks(decks: tuple[Deck, ...], opts: dict[str, Any]) -> Any:
    refuse_broken_decks(decks, opts, deck_problems)
    # the shipped pool and both decks' cards: card numbers (in views, events and action
    # codes) then mean the same whatever the opponent's deck, which is private
    cards = tuple(shared_card_table((_pool_deck(), *decks)))
    if len(cards) > act.NC:
        raise DeckError(f"the pool and the two decks hold {len(cards)} distinct cards; "
                        f"at most {act.NC}")
    idx = {c.name: i for i, c in enumerate(cards)}
    order = tuple(([idx[c.name] for c in d.cards if c.kind == "caster"],
                   [idx[c.name] for c in d.cards if c.kind != "caster"]) for d in decks)
    return cards, order


class Dreadnought(TextCardFiles, ScenarioFiles, Game):
    parts = PARTS
    num_actions = act.NUM_ACTIONS
    rules_version = "2026-11-24/7"
    deck_dir = DECK_DIR
    card_parser = staticmethod(parse_document)
    name_check = staticmethod(check_pool)
    shipped = staticmethod(shipped_pool)
    deck_resolver = staticmethod(resolve_entries)
    card_class = Card
    state_class = DreadnoughtState

    def curve_point(self, card: dict[str, Any]) -> Any:
        """A unit pays log for its BP; casters and codes buy text."""
        from cardtable.core.cost_curve import CurvePoint

        if card.get("kind") != "unit":
            return None
        return CurvePoint("unit", "log", card["log"], (("BP", card["bp"]),))

    def card_lines(self, card: dict[str, Any], lang: str = "en") -> list[str]:
        """Name, kind and types, the stat line and every ability, rendered in ``lang`` from
        what the parser understood (a card written in Japanese reads in English too)."""
        c = self.card_from_json(card)
        return printed_lines(c, lang, [c.type_text(lang), c.stat_text(lang), *c.lines(lang)])

    # -- states ----------
    def new_game(self, seed: int, decks: Sequence[Deck] | None = None,
                 options: dict[str, Any] | None = None) -> DreadnoughtState:
        from cardtable.games.dreadnought.rules import ev, run

        s, (cards, order) = new_match(self, DreadnoughtState, seed, decks, options, _index_decks)
        opts = s.options
        s.cards = cards
        gen = s.rng
        s.deck = [order[0][1][:], order[1][1][:]]
        for p in (0, 1):
            gen = rng.shuffle(gen, s.deck[p])
        s.rng = gen
        s.casters = [*order[0][0], *order[1][0]]
        s.hand = [[], []]
        for p in (0, 1):
            s.hand[p] = sorted(s.deck[p].pop() for _ in range(min(opts["hand_size"],
                                                                   len(s.deck[p]))))
        s.discard, s.burst, s.bchk = [[], []], [[], []], [[], []]
        s.hp = [[], [], [], []]
        s.cchk = [0, 0, 0, 0]
        s.speed, s.sclosed, s.gear, s.out, s.mulled = [-1, -1], [0, 0], [0, 0], [0, 0], [0, 0]
        s.units, s.mods, s.enchants, s.chain, s.used = [], [], [], [], []
        s.ops = [("start",), ("mull", 1), ("mull", 0)]
        s.ask = s.building = s.attack = None
        s.turn_no, s.phase, s.first, s.winner_seat, s.reason = 0, MULLIGAN, 0, -1, ""
        s.started, s.next_uid = 0, 0
        ev(s, "setup", {"hand": [len(h) for h in s.hand], "deck": [len(d) for d in s.deck]})
        for p in (0, 1):
            ev(s, "hand", {"seat": p, "only": p, "cards": [cards[c].name for c in s.hand[p]]})
        run(s)
        return s

    def sample_state(self, view: dict[str, Any], seed: int,
                     answer: Answerer | None = None) -> DreadnoughtState:
        """``answer`` is not asked: every secret choice's result is in the view (closed cards
        are unknown cards, not unknown choices)."""
        from cardtable.games.dreadnought.determinize import sample_state

        return sample_state(view, seed)

    describe_action = staticmethod(act.describe)

    # -- scenario files ----------
    def check_state(self, state: Any) -> None:
        from cardtable.games.dreadnought.validate import check

        check(state)

    #: events whose card a seat drew, saw or played (``core/facts.py``); Dreadnought's events
    #: name the seat ``seat``
    card_fact_events: ClassVar[dict[str, str]] = {
        "hand": "drawn", "draw": "drawn", "god-draw": "drawn", "search": "drawn",
        "speed-open": "seen", "cast": "played", "code": "played", "awaken": "played",
        "enhance": "played"}

    def card_facts(self, events: Sequence[Any]) -> list[Any]:
        from cardtable.core.facts import facts_from_events

        named = ({**e, "player": e["seat"]} for e in events
                 if e.get("type") in self.card_fact_events)
        return facts_from_events(named, self.card_fact_events)

    def first_player(self, events: Sequence[Any]) -> int:
        """The first player of the first turn (decided by the speed cards)."""
        for e in events:
            if e.get("type") == "order":
                return int(e["first"])
        return 0

    def hidden_twin(self, state: Any, player: int, seed: int) -> DreadnoughtState:
        """The opponent's hand dealt again from itself and the bottom of its deck; nothing
        else changes. The top of the deck stays (speed cards open it in public every turn),
        and so do HP cards and bursts, closed to both players (their hiding is tested by
        swapping them in the game's own view tests)."""
        twin: DreadnoughtState = redealt_twin(state, player, seed, KEEP_TOP)
        return twin


# the composition root: the state's data meets its rules here, and nowhere below
GAME = Dreadnought()
DreadnoughtState.game = GAME
DreadnoughtState.rules = Rules(
    legal=legal_for, play=play, view=view, label=label, describe=describe,
    brief_view=partial(view, cards_table=False),  # copying the pool's cards: most of a view
    load=checked_state)
