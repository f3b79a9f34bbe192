"""カルドセプト カードゲーム as a ``cardtable.core.Game``: options, shipped cards and decks."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar

from cardtable.core.card_english import printed_lines
from cardtable.core.cardfile import TextCardFiles
from cardtable.core.contract import Answerer, Game, State
from cardtable.core.deck import Deck, refuse_broken_decks, shared_card_table
from cardtable.core.errors import OptionError
from cardtable.core.hidden_twin import redealt_twin
from cardtable.core.match_state import Rules, new_match
from cardtable.core.scenario import ScenarioFiles
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.cards import (
    Card,
    CardTable,
    check_pool,
    deck_problems,
    parse_document,
    resolve_entries,
)
from cardtable.games.culdcept.checks import checked_state
from cardtable.games.culdcept.describe import describe
from cardtable.games.culdcept.labels import label
from cardtable.games.culdcept.legal import legal_for
from cardtable.games.culdcept.pool import DECK_DIR, shipped_pool
from cardtable.games.culdcept.record import PARTS
from cardtable.games.culdcept.state import SPELL, CuldceptState, clear_slots
from cardtable.games.culdcept.turn import play
from cardtable.games.culdcept.view import view

#: a hidden twin keeps this many cards on top of the opponent's deck (costs and tolls reveal
#: them) and deals the hand again with up to ``BOTTOM`` cards below them
KEEP_TOP, BOTTOM = 25, 30


def _index_decks(decks: tuple[Deck, ...], opts: dict[str, Any]) -> Any:
    refuse_broken_decks(decks, opts, deck_problems)
    cards = CardTable(shared_card_table(decks))
    idx = {c.name: i for i, c in enumerate(cards)}
    order = tuple([idx[c.name] for c in d.cards] for d in decks)
    return cards, order

class Culdcept(TextCardFiles, ScenarioFiles, Game):
    parts = PARTS
    num_actions = act.NUM_ACTIONS
    rules_version = "0.75/5"
    scripted_dice = True  # State.script_dice / Game.new_game_with_dice
    deck_dir = DECK_DIR
    card_parser = staticmethod(parse_document)
    name_check = staticmethod(check_pool)
    shipped = staticmethod(shipped_pool)
    deck_resolver = staticmethod(resolve_entries)
    card_class = Card
    state_class = CuldceptState
    #: card facts for balance studies (``core/facts.py``): drawn into hand; played from hand as
    #: a guard, a spell, an exchange or a land card (battle cards are left out: a bluff is
    #: revealed like a used card)
    card_fact_events: ClassVar[dict[str, str]] = {
        "draw": "drawn", "summon": "played", "spell": "played",
        "exchange": "played", "terrain": "played"}
    first_player_event = "first-player"

    def check_options(self, merged: dict[str, Any]) -> dict[str, Any]:
        if merged["max_deck_size"] and merged["deck_size"] > merged["max_deck_size"]:
            raise OptionError("option deck_size must not be above max_deck_size")
        return merged

    def curve_point(self, card: dict[str, Any]) -> Any:
        """A creature pays magic cost for ST and HP; items and spells buy text."""
        from cardtable.core.cost_curve import CurvePoint

        if card.get("kind") != "creature":
            return None
        return CurvePoint("creature", "cost", card["cost"],
                          (("ST", card["st"]), ("HP", card["hp"])))

    def card_lines(self, card: dict[str, Any], lang: str = "en") -> list[str]:
        """The card's name, its stat line and each sentence, rendered in ``lang`` from what
        the parser understood (a card written in Japanese reads in English too)."""
        c = self.card_from_json(card)
        text = [e.render(lang) for e in c.effects] if lang == "ja" else c.english_lines()
        return printed_lines(c, lang, [c.stat_line(lang), *text])

    # -- states ----------
    def new_game(self, seed: int, decks: Sequence[Deck] | None = None,
                 options: dict[str, Any] | None = None) -> CuldceptState:
        from cardtable.games.culdcept.turn import start

        s, (cards, order) = new_match(self, CuldceptState, seed, decks, options, _index_decks)
        s.cards = cards
        s.turn_no, s.active, s.first, s.phase = 0, 0, 0, SPELL
        s.winner_seat, s.reason = -1, ""
        s.die, s.dest, s.battle, s.pending = 0, -1, None, None
        s.deck = [order[0][:], order[1][:]]
        s.hand, s.discard, s.tolls = [[], []], [[], []], [[], []]
        s.base = [list(range(6)), list(range(6))]
        clear_slots(s)
        s.dice = []
        start(s)
        return s

    def sample_state(self, view: dict[str, Any], seed: int,
                     answer: Answerer | None = None) -> CuldceptState:
        """``answer`` is never asked: the only secret answer, a face-down battle card, is
        revealed before anything else happens, and the sample deals it from the unseen cards."""
        from cardtable.games.culdcept.determinize import sample_state

        return sample_state(view, seed)

    def hidden_twin(self, state: State, player: int, seed: int) -> CuldceptState:
        """The opponent's hand dealt again from itself and the bottom of its deck; nothing
        else changes. The top of the deck stays, since costs and tolls turn it up in public;
        level cards and a face-down battle card stay, since a toll or the reveal shows them
        (their hiding is tested by the game's view tests)."""
        assert isinstance(state, CuldceptState)
        twin: CuldceptState = redealt_twin(state, player, seed, KEEP_TOP, BOTTOM)
        return twin

    # -- scenario files and checked loading ----------
    def check_state(self, state: State) -> None:
        """Every field in range, the turn's fields fitting the phase, every card counted
        (``checks.py``, the same checks ``state_from_json`` runs on a document)."""
        from cardtable.games.culdcept.checks import LAST_CHECKED, checked_state

        assert isinstance(state, CuldceptState)
        last, steps = LAST_CHECKED[0]
        if last is state and steps == len(state.history):
            return  # just built from a checked document by ``state_from_json``
        checked_state(CuldceptState, state.to_json())

    describe_action = staticmethod(act.describe)


# the composition root: the state's data meets its rules here, and nowhere below
GAME = Culdcept()
CuldceptState.game = GAME
CuldceptState.rules = Rules(
    legal=legal_for, play=play, view=view, label=label, describe=describe,
    # the card table uncopied (the search's value function reads each creature's strength
    # from it once per iteration, and copying the pool's cards was most of the view's
    # cost): every key, ``cards`` too, equals ``view``'s; the table must not be changed
    brief_view=partial(view, copy_cards=False),
    load=checked_state)
