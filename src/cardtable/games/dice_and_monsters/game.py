"""Cardguard Dice and Monsters as a ``cardtable.core.Game``: options, cards, decks, factories."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.core.cardfile import (
    cards_in_file,
    check_card_or_deck_file,
    load_any_deck,
    read_pool,
)
from cardtable.core.contract import Answerer, Game, State
from cardtable.core.deck import Deck, shared_card_table
from cardtable.core.diagnostics import Diagnostic, did_you_mean
from cardtable.core.errors import CardtableError, DeckError, OptionError
from cardtable.core.facts import PLAYED, SEEN, CardFact
from cardtable.core.match_state import Rules, new_match
from cardtable.core.scenario import ScenarioFiles
from cardtable.core.userfile import read_text
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters.cards import Card, Document, card_from_text, parse_document
from cardtable.games.dice_and_monsters.deckbuilding import kinds_of
from cardtable.games.dice_and_monsters.describe import describe
from cardtable.games.dice_and_monsters.flow import play
from cardtable.games.dice_and_monsters.labels import label
from cardtable.games.dice_and_monsters.labels import path as action_path
from cardtable.games.dice_and_monsters.legal import legal_now
from cardtable.games.dice_and_monsters.record import PARTS
from cardtable.games.dice_and_monsters.state import BUILD, DiceState
from cardtable.games.dice_and_monsters.view import view

DATA = Path(__file__).parent / "data"
CARD_FILES = (DATA / "cards.txt", DATA / "leap.txt")
DECK_DIR = DATA / "decks"
#: the shipped deck every seat builds from when no deck is given
POOL_DECK = "all-cards"


@cache
def shipped_pool() -> dict[str, Card]:
    return read_pool(CARD_FILES, parse_document)


@cache
def shipped_names_en() -> dict[str, str]:
    """The shipped cards' English names, by their Japanese ones (a leap names its unit)."""
    return {name: card.name_en for name, card in shipped_pool().items() if card.name_en}


class DiceAndMonsters(ScenarioFiles, Game):
    parts = PARTS
    num_actions = act.NUM_ACTIONS
    rules_version = "2014-11-07/2"
    deck_dir = DECK_DIR
    state_class = DiceState

    #: a seat holds its built deck whole: the order its cards are listed in is no shuffle's
    draws_are_shuffled = False

    def card_facts(self, events: Sequence[dict[str, Any]]) -> list[CardFact]:
        """A seat holds its whole (built) deck, so every card in it is seen; the team's three
        units and its command are played, and so is a ★ unit that leaps in."""
        out: list[CardFact] = []
        for e in events:
            kind = e["type"]
            if kind == "decks":
                for p in (0, 1):
                    out.extend(CardFact(p, SEEN, name) for name in e["main"][p] + e["leap"][p])
            elif kind == "team":
                p = e["player"]
                out.extend(CardFact(p, PLAYED, name) for _sq, name in e["units"])
                out.append(CardFact(p, PLAYED, e["private"][1]["command"]))
            elif kind == "leap":
                out.append(CardFact(e["player"], PLAYED, e["in"]))
        return out

    def __init__(self) -> None:
        self._pool_decks: tuple[Deck, Deck] | None = None

    def check_options(self, merged: dict[str, Any]) -> dict[str, Any]:
        if merged["min_units"] + merged["min_commands"] > merged["deck_size"]:
            raise OptionError("min_units + min_commands must not exceed deck_size")
        return merged

    # -- cards and decks ----------
    def pool(self) -> dict[str, Card]:
        return shipped_pool()

    def default_decks(self) -> tuple[Deck, Deck]:
        """Both seats build from the whole shipped card list (parsed once per process)."""
        if self._pool_decks is None:
            pool = self.load_deck(POOL_DECK)
            self._pool_decks = (pool, pool)
        return self._pool_decks

    def read_deck(self, path: Path) -> tuple[Deck, list[Diagnostic]]:
        return self.read_deck_text(read_text(path), path)

    def read_deck_text(self, text: str, path: Path) -> tuple[Deck, list[Diagnostic]]:
        """A deck file's text, held in memory (``path`` names it in the diagnostics)."""
        doc = parse_document(text, str(path))
        pool = dict(self.pool())
        for card in doc.cards:
            if card.name in pool and pool[card.name] != card:
                doc.diagnostics.append(Diagnostic(
                    str(path), doc.card_lines[card.name],
                    f"card '{card.name}' redefines a shipped card; give it a new name"))
            pool[card.name] = card
        cards = self._entries(doc, pool, str(path))
        if not doc.entries and not doc.diagnostics:
            doc.diagnostics.append(Diagnostic(str(path), 1, "no deck lines (card names) found"))
        name = doc.deck_name or path.stem
        return Deck(name, tuple(cards), doc.deck_name_en or path.stem), doc.diagnostics

    def _entries(self, doc: Document, pool: dict[str, Card], filename: str) -> list[Card]:
        by_name: dict[str, Card] = {}
        for card in pool.values():
            by_name[card.name] = card
            if card.name_en:
                by_name[card.name_en.casefold()] = card
        out: list[Card] = []
        seen: set[str] = set()
        for lineno, name in doc.entries:
            name = name.strip("■ ")
            card = by_name.get(name) or by_name.get(name.casefold())
            if card is None:
                if name in doc.broken:
                    continue
                names = [c.name for c in pool.values()]
                doc.diagnostics.append(Diagnostic(
                    filename, lineno, f"unknown card '{name}'{did_you_mean(name, names)}"))
                continue
            if card.name in seen:
                doc.diagnostics.append(Diagnostic(
                    filename, lineno, f"'{card.name}' is listed twice; a deck holds one copy"))
                continue
            seen.add(card.name)
            out.append(card)
        if out and not doc.diagnostics:
            problem = self.deck_problem(Deck(doc.deck_name, tuple(out)), self.default_options())
            if problem:
                doc.diagnostics.append(Diagnostic(filename, doc.entries[-1][0], problem))
        return out

    def load_deck(self, name_or_path: str | Sequence[str]) -> Deck:
        """A shipped deck by name, a deck file by path, a deck file's text (several lines) or
        a list of card names (one entry a card); any problem is an error naming the line."""
        return load_any_deck(self, name_or_path, counted=False)

    def card_from_json(self, data: dict[str, Any]) -> Card:
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            raise CardtableError("a card is stored as an object with its source 'text'")
        card = card_from_text(data["text"])
        # the stored fields must be the ones its text makes: a definition whose 'name' says
        # another card than its text would name one card in the record and play another
        for key, value in card.to_json().items():
            if key in data and data[key] != value:
                raise CardtableError(f"the card's '{key}' is {str(data[key])[:40]!r}, but its "
                                     f"text makes {str(value)[:40]!r}")
        return card

    def card_lines(self, card: dict[str, Any], lang: str = "en") -> list[str]:
        from cardtable.games.dice_and_monsters.card_text import card_lines

        return card_lines(self.card_from_json(card), lang, shipped_names_en())

    def file_cards(self, path: Path) -> list[tuple[int, dict[str, Any]]]:
        return cards_in_file(path, parse_document)

    def check_file(self, path: Path) -> list[Diagnostic]:
        return check_card_or_deck_file(path, parse_document, lambda p: self.read_deck(p)[1],
                                       None, "■名前■")

    # -- deck rules ----------
    def deck_problem(self, deck: Deck, opts: dict[str, Any]) -> str:
        """Why ``deck`` can be neither a deck nor a pool to build one from ('' when it can)."""
        names = [c.name for c in deck.cards]
        if len(set(names)) != len(names):
            return f"deck '{deck.name}' lists a card twice; a deck holds one copy of each"
        main = [c for c in deck.cards if not c.star]
        stars = len(deck.cards) - len(main)
        units = sum(1 for c in main if c.kind == "unit")
        cmds = len(main) - units
        size = opts["deck_size"]
        if len(deck.cards) > act.MAX_POOL:
            return f"deck '{deck.name}' has {len(deck.cards)} cards; at most {act.MAX_POOL}"
        if len(main) > size:  # a pool
            if units < opts["min_units"] or cmds < opts["min_commands"]:
                return (f"pool '{deck.name}' cannot make a deck: it needs {opts['min_units']} "
                        f"units and {opts['min_commands']} command(s)")
            return ""
        if len(main) < size:
            return (f"deck '{deck.name}' has {len(main)} main cards; it must have exactly {size} "
                    "(or more, to build from as a pool)")
        if units < opts["min_units"]:
            return f"deck '{deck.name}' has {units} units; it needs at least {opts['min_units']}"
        if cmds < opts["min_commands"]:
            return (f"deck '{deck.name}' has {cmds} commands; it needs at least "
                    f"{opts['min_commands']}")
        if stars > opts["leap_max"]:
            return (f"deck '{deck.name}' has {stars} Fatal Leap (★) units; the leap deck holds "
                    f"at most {opts['leap_max']}")
        return ""

    def _index_decks(self, decks: tuple[Deck, ...], opts: dict[str, Any]) -> Any:
        for deck in decks:
            problem = self.deck_problem(deck, opts)
            if problem:
                raise DeckError(problem)
        cards = tuple(shared_card_table(decks))
        idx = {c.name: i for i, c in enumerate(cards)}
        pools = ([idx[c.name] for c in decks[0].cards], [idx[c.name] for c in decks[1].cards])
        kinds = [kinds_of(cards, pools[0]), kinds_of(cards, pools[1])]
        return cards, pools, kinds

    def new_game(self, seed: int, decks: Sequence[Deck] | None = None,
                 options: dict[str, Any] | None = None) -> DiceState:
        from cardtable.games.dice_and_monsters.flow import start

        s, (cards, pools, kinds) = new_match(self, DiceState, seed, decks, options,
                                             self._index_decks)
        opts = s.options
        s.cards = cards
        s.phase, s.to_move = BUILD, 0
        s.pool = [pools[0], pools[1]]
        s.kinds = kinds
        s.picked = [0, 0]
        s.deck, s.leap, s.built = [[], []], [[], []], [False, False]
        for p in (0, 1):
            main = [c for c in pools[p] if not cards[c].star]
            if len(main) == opts["deck_size"]:
                s.deck[p] = main
                s.leap[p] = [c for c in pools[p] if cards[c].star]
                s.built[p] = True
        s.pending = [-1, -1]
        s.rounds, s.winner_seat, s.drawn, s.reason, s.final = 0, -1, False, "", None
        s.dice = []
        s.log.append({"type": "game-start", "decks": [d.name for d in s.decks],
                      "building": [not b for b in s.built]})
        start(s)
        return s

    def sample_state(self, view: dict[str, Any], seed: int,
                     answer: Answerer | None = None) -> DiceState:
        from cardtable.games.dice_and_monsters.determinize import sample_state

        return sample_state(view, seed, answer)

    # -- scenario files and checked loading ----------
    die_sides = 6
    scripted_dice = True  # State.script_dice / Game.new_game_with_dice

    def scenario_text_within(self, state: State, action: int, point: int) -> str:
        from cardtable.games.dice_and_monsters.scenario import battle_text

        assert isinstance(state, DiceState)
        return battle_text(state, action, point)

    def check_state(self, state: State) -> None:
        from cardtable.games.dice_and_monsters.check import check

        assert isinstance(state, DiceState)
        check(state)

    describe_action = staticmethod(act.describe)

    def hidden_twin(self, state: Any, player: int, seed: int) -> DiceState:
        """The position itself: all the game hides (a deck being built, a team answered, a
        face-down command) is shown by the next step, with no decision of the opponent in
        between that would end the comparison, so there is nothing to deal again that could
        stay unseen. Decks are public by the rules."""
        twin: DiceState = state.clone()
        return twin


# the composition root: the state's data meets its rules here, and nowhere below
GAME = DiceAndMonsters()
DiceState.game = GAME
DiceState.rules = Rules(legal=legal_now, play=play, view=view, label=label, path=action_path,
                        describe=describe)
