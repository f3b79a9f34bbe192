"""サラスヴァティTCG as a ``cardtable.core.Game``: options, shipped cards and decks, factories."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar

from cardtable.core.cardfile import TextCardFiles
from cardtable.core.contract import Answerer, Game, State
from cardtable.core.deck import Deck, refuse_broken_decks, shared_card_table
from cardtable.core.facts import DRAWN, PLAYED, SEEN
from cardtable.core.hidden_twin import redealt_twin
from cardtable.core.match_state import Rules, new_match
from cardtable.core.scenario import ScenarioFiles
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.cards import (
    Card,
    check_pool,
    deck_problems,
    parse_document,
    resolve_entries,
)
from cardtable.games.sarasvati.describe import describe
from cardtable.games.sarasvati.labels import label
from cardtable.games.sarasvati.labels import path as action_path
from cardtable.games.sarasvati.legal import legal_for
from cardtable.games.sarasvati.load import read_state
from cardtable.games.sarasvati.pool import DECK_DIR, shipped_pool
from cardtable.games.sarasvati.record import PARTS
from cardtable.games.sarasvati.state import SarasvatiState
from cardtable.games.sarasvati.stats import CardTable
from cardtable.games.sarasvati.turn import play
from cardtable.games.sarasvati.view import view

#: cards at the bottom of a deck that ``hidden_twin`` may exchange with the hand
BOTTOM = 12
#: cards at the top of a deck it never touches (what the next turns may turn up)
KEEP_TOP = 10


def _index_decks(decks: tuple[Deck, ...], opts: dict[str, Any]) -> Any:
    refuse_broken_decks(decks, opts, deck_problems)
    cards = CardTable(shared_card_table(decks))
    idx = {c.name: i for i, c in enumerate(cards)}
    order = tuple(([idx[c.name] for c in d.cards if c.kind != "book"],
                   [idx[c.name] for c in d.cards if c.kind == "book"]) for d in decks)
    return cards, order

class Sarasvati(TextCardFiles, ScenarioFiles, Game):
    parts = PARTS
    num_actions = act.NUM_ACTIONS
    rules_version = "2020-09-02/3"
    deck_dir = DECK_DIR
    card_parser = staticmethod(parse_document)
    name_check = staticmethod(check_pool)
    shipped = staticmethod(shipped_pool)
    deck_resolver = staticmethod(resolve_entries)
    card_class = Card
    state_class = SarasvatiState
    #: books are seen by their owner, ramped cards turn face up; a charge is not a play
    card_fact_events: ClassVar[dict[str, str]] = {
        "draw": DRAWN, "books": SEEN, "ramp": SEEN,
        "summon": PLAYED, "evolve": PLAYED, "equip": PLAYED, "use": PLAYED}
    first_player_event = "first-player"

    def curve_point(self, card: dict[str, Any]) -> Any:
        """A character pays cost for attack and defense; an evolution is paid for partly by
        its base, and other kinds buy text, so neither is on the curve."""
        from cardtable.core.cost_curve import CurvePoint

        if card.get("kind") != "character" or any(
                str(line).lstrip("‣").startswith("進化元") for line in card.get("text", ())):
            return None
        return CurvePoint("character", "cost", card["cost"],
                          (("attack", card["attack"]), ("defense", card["defense"])))

    def card_lines(self, card: dict[str, Any], lang: str = "en") -> list[str]:
        from cardtable.games.sarasvati.card_text import card_lines

        return card_lines(self.card_from_json(card), lang)

    # -- states ----------
    def new_game(self, seed: int, decks: Sequence[Deck] | None = None,
                 options: dict[str, Any] | None = None) -> SarasvatiState:
        from cardtable.games.sarasvati.opening import start

        s, (cards, order) = new_match(self, SarasvatiState, seed, decks, options, _index_decks)
        s.cards = cards
        s.turn_no, s.active, s.first, s.phase = 0, 0, 0, 0
        s.winner_seat, s.reason = -1, ""
        s.deck = [order[0][0][:], order[1][0][:]]
        s.books = [order[0][1][:], order[1][1][:]]
        s.bstate = [[0] * act.BOOKS, [0] * act.BOOKS]
        s.hand, s.grave, s.voltage = [[], []], [[], []], [[], []]
        s.tapped = [0, 0]
        s.field = [[-1] * act.PLACES, [-1] * act.PLACES]
        s.equip = [[-1] * act.PLACES, [-1] * act.PLACES]
        s.ready = [[False] * act.PLACES, [False] * act.PLACES]
        s.sick = [[False] * act.PLACES, [False] * act.PLACES]
        s.uid = [[-1] * act.PLACES, [-1] * act.PLACES]
        s.under = [[()] * act.PLACES, [()] * act.PLACES]
        s.mods, s.next_uid, s.queue, s.cont, s.choice = [], 0, [], [], None
        s.dirty = True
        s.dice = []
        start(s)
        return s

    def sample_state(self, view: dict[str, Any], seed: int,
                     answer: Answerer | None = None) -> SarasvatiState:
        """``answer`` is never asked: no step of this game is answered in secret."""
        from cardtable.games.sarasvati.determinize import sample_state

        return sample_state(view, seed)

    # -- scenario files and checked loading ----------
    die_sides = 2  # the only chance beyond shuffles is the coin for the first player

    def check_state(self, state: State) -> None:
        from cardtable.games.sarasvati.check import check

        assert isinstance(state, SarasvatiState)
        check(state)

    describe_action = staticmethod(act.describe)

    def hidden_twin(self, state: Any, player: int, seed: int) -> SarasvatiState:
        """The opponent's hand dealt again from itself and the bottom of its deck; nothing
        else changes. The top of the deck stays, since effects turn it up in public (a book
        that ramps) and the comparison runs for a few turns only; face-down books stay, since
        the player's own attack may open one (their hiding is tested by the game's view
        tests)."""
        twin: SarasvatiState = redealt_twin(state, player, seed, KEEP_TOP, BOTTOM)
        twin.dirty = True
        return twin


# the composition root: the state's data meets its rules here, and nowhere below
GAME = Sarasvati()
SarasvatiState.game = GAME
SarasvatiState.rules = Rules(
    legal=legal_for, play=play, view=view, label=label, path=action_path, describe=describe,
    brief_view=partial(view, cards_table=False),  # the pool's definitions: most of the cost
    load=read_state)
