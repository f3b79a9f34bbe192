"""DRAWS-◎-TROIDAL as a ``cardtable.core.Game``: options, shipped cards and decks, factories.

The game's composition root: the one module that binds the state (data) to its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core.cardfile import TextCardFiles
from cardtable.core.contract import Answerer, Game, State
from cardtable.core.deck import Deck, shared_card_table
from cardtable.core.errors import DeckError
from cardtable.core.facts import DRAWN, PLAYED, SEEN
from cardtable.core.match_state import Rules, new_match
from cardtable.core.scenario import ScenarioFiles
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.cards import Card, check_pool, parse_document, resolve_entries
from cardtable.games.draws_troidal.describe import describe
from cardtable.games.draws_troidal.labels import label, path
from cardtable.games.draws_troidal.legal import legal_now
from cardtable.games.draws_troidal.pool import DECK_DIR, shipped_pool
from cardtable.games.draws_troidal.record import PARTS
from cardtable.games.draws_troidal.state import DrawsState
from cardtable.games.draws_troidal.turn import play
from cardtable.games.draws_troidal.view import view


class DrawsTroidal(TextCardFiles, ScenarioFiles, Game):
    parts = PARTS
    num_actions = act.NUM_ACTIONS
    rules_version = "beta-2010/2"
    deck_dir = DECK_DIR
    card_parser = staticmethod(parse_document)
    name_check = staticmethod(check_pool)
    card_header = "◆ 名前 / Name"
    state_class = DrawsState
    #: the opening five are seen (a redo returns them), refills are drawn, set cards played
    card_fact_events: ClassVar[dict[str, str]] = {
        "opening-five": SEEN, "draw": DRAWN, "set": PLAYED}
    first_player_event = "initiative"

    # -- cards and decks ----------
    def pool(self) -> dict[str, Card]:
        return shipped_pool()

    def curve_point(self, card: dict[str, Any]) -> Any:
        """Risk is what a card pays (life, when it falls) for its power and guard points; a
        card with no power is a wall, priced on its own."""
        from cardtable.core.cost_curve import CurvePoint

        if card.get("power") is None:
            return CurvePoint("wall", "risk", card["risk"], (("guard", card["guard"]),))
        return CurvePoint("card", "risk", card["risk"],
                          (("power", card["power"]), ("guard", card["guard"])))

    def resolve_deck_lines(self, doc: Any, pool: dict[str, Any], filename: str,
                           options: dict[str, Any]) -> list[Any]:
        return resolve_entries(doc, pool, filename, options["deck_size"],
                               options["max_copies"])

    def card_from_json(self, data: dict[str, Any]) -> Card:
        return Card.from_json(data)

    def card_lines(self, card: dict[str, Any], lang: str = "en") -> list[str]:
        c = Card.from_json(card)
        head = c.name if lang == "ja" or not c.name_en else f"{c.name} / {c.name_en}"
        if lang == "ja":
            return [head, c.stats(lang), *([c.flavor] if c.flavor else [])]
        power = "none (always loses a battle)" if c.power is None else str(c.power)
        # the flavour text is written in one language only (the designer's English line
        # stands for it in English); the rules never read it
        return [head, f"attribute {card['attribute']} · power {power} · risk {c.risk} "
                      f"(life lost when it is trashed) · guard {c.guard} (losses it survives)",
                *([c.english] if c.english else [])]

    # -- states ----------
    def validate_deck(self, deck: Deck, options: dict[str, Any]) -> None:
        if len(deck) != options["deck_size"]:
            raise DeckError(f"deck '{deck.name}' has {len(deck)} cards; "
                            f"it must have exactly {options['deck_size']}")
        for name, n in deck.counts().items():
            if n > options["max_copies"]:
                raise DeckError(f"deck '{deck.name}' holds {n} copies of '{name}'; "
                                f"at most {options['max_copies']} are allowed")

    def _index_decks(self, decks: tuple[Deck, ...], opts: dict[str, Any]
                     ) -> tuple[tuple[Card, ...], tuple[list[int], list[int]]]:
        for deck in decks:
            self.validate_deck(deck, opts)
        cards = tuple(shared_card_table(decks))
        idx = {c.name: i for i, c in enumerate(cards)}
        return cards, ([idx[c.name] for c in decks[0].cards], [idx[c.name] for c in decks[1].cards])

    def new_game(
        self,
        seed: int,
        decks: Sequence[Deck] | None = None,
        options: dict[str, Any] | None = None,
    ) -> DrawsState:
        from cardtable.games.draws_troidal import opening

        s, (cards, order) = new_match(self, DrawsState, seed, decks, options, self._index_decks)
        opts = s.options
        s.cards = cards
        s.turn_no, s.initiative, s.life = 0, -1, [opts["life"], opts["life"]]
        s.deck = [order[0][:], order[1][:]]
        s.hand, s.revealed, s.trash = [[], []], [[], []], [[], []]
        s.field = [[-1] * act.LANES, [-1] * act.LANES]
        s.guard = [[0] * act.LANES, [0] * act.LANES]
        s.wins = [[0] * act.LANES, [0] * act.LANES]
        s.fresh = [[False] * act.LANES, [False] * act.LANES]
        s.ids = [[-1] * act.LANES, [-1] * act.LANES]
        s.redos = [0, 0]
        s.winner_seat, s.drawn, s.reason, s._legal = -1, False, "", None
        s.dice = []
        if opts["open_decklists"]:
            s.log.append({"type": "game-start", "decks": [d.name for d in s.decks]})
        else:  # a shipped deck's name would name its list: each seat learns its own alone
            s.log.append({"type": "game-start"})
            for p, d in enumerate(s.decks):
                s.log.append({"type": "deck", "player": p, "private": [p, {"name": d.name}]})
        opening.start(s)
        return s

    #: the answerer holds a hand the searcher cannot see, a different one in every sample
    answer_model_per_sample = True

    def sample_state(self, view: dict[str, Any], seed: int,
                     answer: Answerer | None = None) -> DrawsState:
        """An answer given but not shown is ``answer``'s from the answerer's view in this
        sample (its sampled hand), or drawn uniformly without one. The view differs in every
        sample, so the model costs a policy call per sample: the tree search, whose iterations
        cost less than that, does not ask (``answer_model_per_sample``); rollouts do."""
        from cardtable.games.draws_troidal.determinize import sample_state

        return sample_state(view, seed, answer)

    # -- scenario files and checked loading ----------
    die_sides = 2  # the only chance beyond shuffles is the initiative coin
    scripted_dice = True  # State.script_dice / Game.new_game_with_dice

    def check_state(self, state: State) -> None:
        from cardtable.games.draws_troidal.check import check

        assert isinstance(state, DrawsState)
        check(state)

    describe_action = staticmethod(act.describe)

    def hidden_twin(self, state: Any, player: int, seed: int) -> DrawsState:
        """The opponent's hand and opening five dealt again from themselves and the bottom of
        its deck (the cards an answer already given places stay where it finds them); nothing
        else changes. The top of the deck stays, as the next draws turn it up; newly set cards
        stay, as they open before the opponent acts again."""
        from cardtable.core import rng
        from cardtable.games.draws_troidal.state import PLACE, SET

        twin: DrawsState = state.clone()
        o = 1 - player
        keep_source = twin.pending[o] >= act.SET_BASE and twin.phase in (PLACE, SET)
        deck = twin.deck[o]
        bottom = deck[:min(max(0, len(deck) - 15), 15)]
        zones = [bottom] if keep_source else [bottom, twin.hand[o], twin.revealed[o]]
        cards = [c for z in zones for c in z]
        rng.shuffle(rng.seed_state(seed), cards)
        for z in zones:
            z[:], cards = cards[:len(z)], cards[len(z):]
        deck[:len(bottom)] = bottom
        twin._legal = None
        return twin


# the composition root: the state's data meets its rules here, and nowhere below
GAME = DrawsTroidal()
DrawsState.game = GAME
DrawsState.rules = Rules(legal=legal_now, play=play, view=view, label=label, path=path,
                         describe=describe)
