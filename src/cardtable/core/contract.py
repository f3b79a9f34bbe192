"""The one contract every game offers; the CLI, agents, simulators and adapters use nothing else.

A game is two objects. ``Game`` is the static definition: its id, its fixed action space, its
options, cards and decks, and the factories that make states. ``State`` is one position of one
match at a decision point: plain data that serializes to JSON, clones cheaply and carries its own
seeded generator, so that the same seed and actions give the same match anywhere.

Everything a player may know leaves a state only through ``view(player)`` and
``events(player)``. Search agents get a full state back only through ``Game.sample_state``,
which is built from a view, so it cannot carry what that player does not know.
"""

from __future__ import annotations

import functools
import operator
import struct
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, MutableSequence, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.deck import Deck
from cardtable.core.diagnostics import Diagnostic
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import filter_events
from cardtable.core.facts import CardFact, facts_from_events, first_player_from_events
from cardtable.core.options import Option
from cardtable.core.parts import GameParts

if TYPE_CHECKING:
    from cardtable.core.cost_curve import CurvePoint
    from cardtable.core.encoding import Layout
    from cardtable.core.scenario import Scenario

#: ``current_player()`` of a finished game.
TERMINAL = -1

JSON = dict[str, Any]
#: how a search fills an answer another player has given but not shown: called with that
#: player's view at the moment it answered and its legal codes, it returns one of them
Answerer = Callable[[JSON, list[int]], int]


def detached(data: Any) -> Any:
    """A copy of JSON-like data that shares no dict or list with ``data``.

    Numbers, strings and None are immutable and shared; tuples keep their type. This is what
    makes a snapshot plain data: editing it never edits the game, and a state built from it
    never edits the caller's dict.
    """
    kind = type(data)
    if kind is str or kind is int or data is None:
        return data
    if isinstance(data, dict):
        return {k: detached(v) for k, v in data.items()}
    if isinstance(data, list):
        return [detached(v) for v in data]
    if isinstance(data, tuple):
        return tuple(detached(v) for v in data)
    return data


def action_code(action: Any) -> int:
    """``action`` as a plain ``int`` code, or ``IllegalActionError``.

    Only an integer is an action: ``True`` equals 1 and ``1.0`` equals 1, so a membership test
    alone would accept them and put them into the history, where a record can no longer be
    read. Integer types of other libraries (NumPy's) are turned into ``int``.
    """
    if isinstance(action, bool) or not hasattr(type(action), "__index__"):
        raise IllegalActionError(
            f"an action is an integer code, not {type(action).__name__} {repr(action)[:40]}")
    return operator.index(action)


def _integer_only(apply: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
    """``apply`` that first refuses anything but an integer code, the state untouched.

    ``apply`` is the inner loop of every playout, so the check is one type test for a plain
    ``int`` (``bool`` is a subclass, but its ``__class__`` is not ``int``); anything else takes
    the slow path through ``action_code``.
    """
    @functools.wraps(apply)
    def checked(self: Any, action: int) -> None:
        if action.__class__ is not int:
            action = action_code(action)
        apply(self, action)

    checked._integer_only = True  # type: ignore[attr-defined]
    return checked


def checks_integer(apply: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
    """Mark a game's ``apply`` that refuses a non-integer code itself, as its first line:

        if action.__class__ is not int:
            action = action_code(action)

    so the core does not wrap it in ``_integer_only``: one call frame less per step of every
    playout. ``tests/test_bad_input.py`` and the contract tests hold every game to the
    refusal either way.
    """
    apply._integer_only = True  # type: ignore[attr-defined]
    return apply


def _detaching(to_json: Callable[[Any], JSON]) -> Callable[[Any], JSON]:
    """``to_json`` whose result shares nothing mutable with the state."""
    @functools.wraps(to_json)
    def snapshot(self: Any) -> JSON:
        return detached(to_json(self))

    snapshot._detaching = True  # type: ignore[attr-defined]
    snapshot._shared = to_json  # type: ignore[attr-defined]
    return snapshot


def shared_json(state: State) -> JSON:
    """The game's own ``to_json`` without the detaching copy: for the core's read-only uses
    (digests), which serialize it at once and never keep or change it."""
    to_json = type(state).to_json
    return getattr(to_json, "_shared", to_json)(state)


class State(ABC):
    """One position of a match, waiting for exactly one player's decision (or over).

    Subclasses keep their data in plain attributes (ints, strings, lists, dicts) and must keep
    the attributes listed here, which the core reads to build records.

    Two guarantees are added here once for every game, when a subclass is defined: ``apply``
    refuses anything but an integer code (``apply(True)``, ``apply(1.0)``) before the game's
    own code runs, and ``to_json`` returns data that shares no dict or list with the state.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        apply = cls.__dict__.get("apply")
        if apply is not None and not getattr(apply, "_integer_only", False):
            cls.apply = _integer_only(apply)  # type: ignore[method-assign]
        to_json = cls.__dict__.get("to_json")
        if to_json is not None and not getattr(to_json, "_detaching", False):
            cls.to_json = _detaching(to_json)  # type: ignore[method-assign]

    game: ClassVar[Game]
    #: seed the match was created with
    seed: int
    #: the options in force, defaults filled in
    options: dict[str, Any]
    #: the two decks as dealt before shuffling
    decks: tuple[Deck, ...]
    #: every action code applied since the start, in order
    history: list[int]
    #: the full, unfiltered event log; an event is never changed once logged, so clones and
    #: ``events()`` share the dicts instead of copying them: treat them as read-only
    log: list[JSON]

    # -- whose turn, and the end -------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat (0 or 1) that decides now, or ``TERMINAL``."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def winner(self) -> int | None:
        """The winning seat; None while the game runs or when it ended in a draw."""

    @abstractmethod
    def is_draw(self) -> bool:
        """True only for a finished game that nobody won."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """Turns (or rounds) begun so far; the unit the game's own rules count in."""

    def returns(self) -> tuple[float, ...]:
        """+1 for the winner, -1 for the loser, 0 for both in a draw or an unfinished game."""
        w = self.winner()
        n = self.game.num_players
        if w is None:
            return (0.0,) * n
        return tuple(1.0 if p == w else -1.0 for p in range(n))

    def result(self) -> JSON | None:
        """A JSON summary of the outcome, or None while the game runs."""
        if not self.is_terminal():
            return None
        return {"winner": self.winner(), "draw": self.is_draw(), "turns": self.turn,
                "reason": self.end_reason()}

    def end_reason(self) -> str:
        """A short machine-readable reason the game ended (``life``, ``deck-out``...)."""
        return ""

    # -- actions ----------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal action codes for the current player, ascending, each below ``num_actions``.

        The list is shared with the state's cache: callers must not modify it.
        """

    def legal_action_mask(self) -> list[int]:
        """A 0/1 list of length ``num_actions`` for fixed-size policies."""
        mask = [0] * self.game.num_actions
        for a in self.legal_actions():
            mask[a] = 1
        return mask

    @abstractmethod
    def apply(self, action: int) -> None:
        """Play ``action``; raise ``IllegalActionError`` and change nothing if it is not legal."""

    @abstractmethod
    def action_label(self, action: int, lang: str = "en") -> str:
        """A readable description of a legal action in this position."""

    def describe_action(self, action: int) -> JSON:
        """What a legal ``action`` does in this position, as data a program can match on.

        Always ``code`` and ``kind``; then, as the game has them, the cards by name (``card``,
        its English name in ``card_en``), the places, lanes or squares by the names the table
        prints (``place: "F1"``, ``lane: "B"``), targets, costs. A game describes its codes by
        position because a code alone says "hand card 3 to place 0", and only the position
        says which card that is. The default is the position-independent
        ``Game.describe_action``, which agents written before positions had names still use.
        """
        return self.game.describe_action(action)

    def script_dice(self, values: Sequence[int]) -> None:
        """Make ``values`` the next die rolls, after any already scripted, as a scenario's
        ``dice:`` header does: every die goes through ``core.rng.roll``, which takes a scripted
        value before asking the generator, so nothing else changes and the generator goes on
        where it was once the script is used up. For games whose state keeps scripted dice
        (Culdcept's 1-6 move die, Dice and Monsters' 1-6 rolls, DRAWS-◎-TROIDAL's 1-2
        initiative coin); any other game, or a value that is no face of its die, is a
        ``CardtableError``. The script is part of the state (``to_json``'s ``dice``)."""
        from cardtable.core.errors import CardtableError

        dice = getattr(self, "dice", None)
        if not self.game.scripted_dice or not isinstance(dice, list):
            raise CardtableError(f"{self.game.title} rolls no die once a game has begun, so "
                                 "there is nothing to script (a scenario's dice: header "
                                 "scripts what its loading rolls)")
        sides = self.game.die_sides
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= sides:
                raise CardtableError(f"{v!r} is not a face of {self.game.title}'s "
                                     f"{sides}-sided die")
        dice.extend(values)

    def pending_decision(self) -> JSON | None:
        """The decision the game waits for, by name; None once the game is over.

        Always ``player`` (the seat that answers, as ``current_player``) and ``kind`` (what is
        asked, in the game's words: ``"window"``, ``"choose-level"``...); a game adds what tells
        the decision apart (Dreadnought's ``window: "speed"``, Culdcept's ``land``), so a
        program or a test reads ``s.pending_decision()["window"] == "speed"`` instead of
        decoding a raw tuple of numbers. The default names only the seat.
        """
        if self.is_terminal():
            return None
        return {"player": self.current_player(), "kind": "decision"}

    def find_action(self, **description: Any) -> int:
        """The one legal code whose description matches every field given.

        The inverse of ``describe_action``, so a test, a tool or a network client can say
        ``find_action(kind="play", card="火竜", place="F1")`` without scanning the codes
        (rules in ``matches_description``). No match, or more than one, is an
        ``IllegalActionError`` that lists what is legal or what tells the candidates apart.
        """
        from cardtable.core.describe import find_action

        return find_action(self, description)

    def find_actions(self, **description: Any) -> list[int]:
        """Every legal code whose description matches the fields given (perhaps none)."""
        from cardtable.core.describe import matches_description

        return [a for a in self.legal_actions()
                if matches_description(self.describe_action(a), description)]

    def action_path(self, action: int, lang: str = "en") -> tuple[str, ...]:
        """The action as a sequence of small choices, for menus that ask one part at a time.

        Games with large composite actions (placing several cards at once) override this so a
        table can ask lane by lane; the default is a single step.
        """
        return (self.action_label(action, lang),)

    def check_legal(self, action: int) -> None:
        """Raise the standard error for an action outside ``legal_actions``."""
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; action {action} cannot be played")
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"action {action} is not legal for player {self.current_player() + 1} now; "
                f"legal codes: {self.legal_actions()[:20]}"
                + (" ..." if len(self.legal_actions()) > 20 else "")
            )

    # -- information ----------
    @abstractmethod
    def view(self, player: int) -> JSON:
        """Exactly what ``player`` may know now, as JSON-able data."""

    def brief_view(self, player: int) -> JSON:
        """``view(player)`` less its card table (``cards``), for readers that judge a position
        by its zones and counts (a search's value function reads one per iteration).

        The card table is the costly part of some games' views (サラスヴァティ copies the whole
        pool's definitions into each) and it changes only when a card comes into sight, so a
        game may leave it out here; every other key is as ``view`` gives it. Never more than
        ``view``: what a player cannot see stays out of both.
        """
        return self.view(player)

    def has_brief_view(self) -> bool:
        """Whether ``brief_view`` leaves something out, so that comparing two brief views
        first is cheaper than comparing the whole ones (the search does, once per node): where
        it is the whole view, asking both would make each view twice."""
        return type(self).brief_view is not State.brief_view

    def events(self, player: int | None = None, since: int = 0) -> list[JSON]:
        """The event log from index ``since``, filtered for ``player`` (None: the referee's);
        always empty for a quiet state (its log is the sink ``QUIET``, which reads as empty)."""
        return filter_events(self.log[since:], player)

    def quiet(self) -> None:
        """Stop keeping the event log, and drop it: for a search's private samples and
        rollouts, whose events nobody reads.

        Why it is safe: no rule reads the log (it is what records, ``events()`` and the
        table's sentences are built from), so a quiet state and its clones apply the same
        actions with the same legal lists, views, generator draws and results; only
        ``events()`` is empty and ``log`` is the shared sink ``core.event_log.QUIET``, which
        drops every event appended to it. Why: keeping the events is a share of a playout. A
        game opts in by overriding this to set ``log`` to ``QUIET`` (``MatchState`` does); the
        default keeps logging, which is always correct.
        A quiet state is never recorded or saved.
        """
        return None

    def reveals_to(self, before: State, player: int) -> bool:
        """Whether the step from ``before`` to this state showed ``player`` something hidden.

        Undo (``core/undo.py``) never takes back such a step. The core already finds every step
        that consumed the generator or moved a card out of a hidden zone of the seat's table into
        sight; a game overrides this only for a hidden place its table does not draw as a zone
        (Dreadnought's HP piles). The default adds nothing.
        """
        return False

    # -- copies ----------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy; mutating either never affects the other."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state as JSON-able data; ``Game.state_from_json`` inverts it exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: JSON) -> State:
        """The state ``to_json`` wrote (the game id already checked by ``state_from_json``)."""

    def determinize(self, player: int, seed: int) -> State:
        """A random full state that ``player`` cannot tell apart from this one."""
        return self.game.sample_state(self.view(player), seed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable


@functools.cache
def _packer(size: int) -> struct.Struct:
    """Packs ``size`` floats as float32 (``Game.observe_into``'s default into an ``array('f')``)."""
    return struct.Struct(f"{size}f")


class Game(ABC):
    """The static definition of one game: identity, action space, cards, decks, factories.

    A game's class names its record (``parts``, ``games/<id>/record.py``); its id, titles and
    options come from there, so each is declared once. Only what every game must answer is a
    method here; the optional parts (policy, value, sentences, terminal hook...) are reached
    through the record by the registry's readers."""

    #: the game's record: everything it offers (``core/parts.py``); None for a game built in a
    #: test without one
    parts: ClassVar[GameParts | None] = None
    #: registry id, e.g. ``draws-troidal`` (from ``parts``)
    id: ClassVar[str]
    title: ClassVar[str]
    title_ja: ClassVar[str]
    #: every option, declared once (from ``parts``; ``core/options.py``)
    options: ClassVar[tuple[Option, ...]] = ()
    num_players: ClassVar[int] = 2
    #: size of the fixed action space; every legal code is below it
    num_actions: ClassVar[int]
    #: bumped whenever a rules change could alter the replay of an old record
    rules_version: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        parts = cls.__dict__.get("parts")
        if parts is not None:
            cls.id, cls.title, cls.title_ja = parts.id, parts.title, parts.title_ja
            if "options" not in cls.__dict__:
                cls.options = parts.options

    def default_options(self) -> dict[str, Any]:
        """Every option with its default; ``new_game`` rejects names not listed here."""
        return {option.name: option.default for option in self.options}

    def option_ranges(self) -> dict[str, tuple[int, int]]:
        """The inclusive range of every whole-number option, from its declaration.

        ``resolve_options`` checks them for every game, so a new game declares its ranges with
        its options and gets the check and the message (naming the range) without code of its
        own. Options that depend on each other (a minimum no larger than a size) stay in the
        game (``check_options``).
        """
        return {option.name: option.range for option in self.options
                if option.range is not None}

    def option_help(self, lang: str = "en") -> dict[str, tuple[str, str]]:
        """Each option's label and one-line help in ``lang``, for a lobby or a ``--help``
        (declared with the option); an option without them is shown by its name."""
        return {option.name: option.words(lang) for option in self.options
                if (option.ja if lang == "ja" else option.en)[0]}

    def tagline(self, lang: str = "en") -> str:
        """The game in one line, for a lobby (the record's ``tagline``)."""
        if self.parts is None:
            return ""
        return self.parts.tagline[1 if lang == "ja" else 0]

    def check_options(self, merged: dict[str, Any]) -> dict[str, Any]:
        """``merged`` if options that depend on each other fit together, else an
        ``OptionError``; each option's own type and range are already checked. The default
        accepts every combination."""
        return merged

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``; an unknown name, a wrong type or a value out of
        its declared range is an ``OptionError`` naming the option and what it allows.

        The defaults alone are resolved once per game object and copied after that, because a
        simulation starts every game with them."""
        if not options:
            defaults = self.__dict__.get("_resolved_defaults")
            if defaults is None:
                defaults = self._resolved_defaults = self.check_options(self._overlay(None))
            return dict(defaults)
        return self.check_options(self._overlay(options))

    def _overlay(self, options: dict[str, Any] | None) -> dict[str, Any]:
        from cardtable.core.diagnostics import did_you_mean
        from cardtable.core.errors import OptionError

        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in merged:
                raise OptionError(
                    f"{self.id} has no option '{key}'{did_you_mean(key, merged)}; "
                    f"options: {', '.join(sorted(merged))}"
                )
            wrong_bool = isinstance(value, bool) and not isinstance(merged[key], bool)
            if wrong_bool or not isinstance(value, type(merged[key])):
                wants = "true or false" if isinstance(merged[key], bool) else \
                    f"{type(merged[key]).__name__}"
                raise OptionError(f"option '{key}' wants {wants}, got {repr(value)[:40]}")
            merged[key] = value
        for key, (lo, hi) in self.option_ranges().items():
            if not lo <= merged[key] <= hi:
                raise OptionError(f"{self.id} option '{key}' must be {lo} to {hi}, "
                                  f"got {repr(merged[key])[:40]}")
        return merged

    #: the folder of shipped deck files, one ``<name>.txt`` each (None: no shipped decks)
    deck_dir: ClassVar[Path | None] = None
    #: the game's ``State`` subclass, for ``state_from_json``
    state_class: ClassVar[type[State]]

    # -- cards and decks ----------
    def deck_names(self) -> list[str]:
        """The preconstructed decks that ship with the game."""
        if self.deck_dir is None:
            return []
        return sorted(p.stem for p in self.deck_dir.glob("*.txt"))

    def deck_file(self, name_or_path: str) -> Path:
        """A deck file by path, else the shipped deck of that name; the error lists them all.

        One lookup for every game, so ``--deck`` behaves and fails the same way everywhere.
        """
        from cardtable.core.diagnostics import did_you_mean
        from cardtable.core.errors import CardtableError
        from cardtable.core.userfile import clip

        def exists(path: Path) -> bool:
            try:
                return path.is_file()
            except (OSError, ValueError):  # a name too long for the file system, a NUL
                return False

        path = Path(name_or_path)
        if exists(path):
            return path
        shipped = self.deck_dir / f"{name_or_path}.txt" if self.deck_dir is not None else None
        if shipped is not None and "/" not in name_or_path and exists(shipped):
            return shipped
        names = self.deck_names()
        raise CardtableError(f"no deck '{clip(name_or_path)}'"
                             f"{did_you_mean(name_or_path, names)}; "
                             f"decks: {', '.join(names)} (or a path to a deck file)")

    @abstractmethod
    def load_deck(self, name_or_path: str | Sequence[str]) -> Deck:
        """A shipped deck by name, a deck file by path, or a deck held in memory: a deck
        file's text (any string of several lines) or a list of card names, one entry a copy
        (``load_deck(["火の粉の精"] * 4 + [...])``)."""

    def default_decks(self) -> tuple[Deck, Deck]:
        """The first two shipped decks, parsed once per game object.

        Every ``new_game(decks=None)`` and every worker's games use them, so they are read from
        disk once, and the same two objects come back (games key their deck checks on them).
        """
        cached: tuple[Deck, Deck] | None = self.__dict__.get("_default_decks")
        if cached is None:
            names = self.deck_names()
            cached = (self.load_deck(names[0]), self.load_deck(names[1 % len(names)]))
            self.__dict__["_default_decks"] = cached
        return cached

    @abstractmethod
    def card_from_json(self, data: JSON) -> Any:
        """Rebuild a card definition stored in a record or a state snapshot."""

    def card_lines(self, card: JSON, lang: str = "en") -> list[str]:
        """A card's whole text in ``lang``, one line each, from its definition (``card`` as a
        view's ``cards`` table or a record holds it).

        Front ends show a card with this, so a card is read the same in the terminal and the
        browser. A game renders its effects from what its parser understood, so a card pasted
        in Japanese reads in English too; the default lists the definition's fields.
        """
        name, name_en = str(card.get("name", "?")), str(card.get("name_en", "") or "")
        head = name if lang == "ja" or not name_en or name_en == name else f"{name} / {name_en}"
        lines = [head]
        for key, value in card.items():
            if key in ("name", "name_en") or value in ("", None, [], {}):
                continue
            text = "; ".join(map(str, value)) if isinstance(value, list) else str(value)
            lines.append(f"{key}: {text}")
        return lines

    @abstractmethod
    def check_file(self, path: Path) -> list[Diagnostic]:
        """Every problem in a card or deck file; an empty list means it is valid."""

    def file_cards(self, path: Path) -> list[tuple[int, JSON]]:
        """The cards a valid card or deck file defines, as ``(header line, card JSON)``: what
        ``english_gaps`` reads. The default (a game that says nothing) is none."""
        return []

    def english_gaps(self, path: Path) -> list[Diagnostic]:
        """Warnings, not errors: each card of the file whose English still shows a Japanese
        word (a feature or sub-attribute the glossary lacks, a line the vocabulary cannot
        read). See ``core/card_english.py``."""
        from cardtable.core.card_english import english_gaps

        cards = self.file_cards(path)
        names: set[str] = set()
        for name in self.deck_names():
            names.update(c.name for c in self.load_deck(name).cards)
        return english_gaps(str(path), [(line, str(card["name"]), self.card_lines(card, "en"))
                                        for line, card in cards], names)

    def curve_point(self, card: JSON) -> CurvePoint | None:
        """Where a card sits on the game's cost curve (what it pays, what it gets), or None
        for a card the curve does not price. The default prices none. See
        ``core/cost_curve.py``."""
        return None

    def curve_warnings(self, path: Path, lang: str = "en") -> list[Diagnostic]:
        """Warnings, not errors: each card of the file whose cost lies far off what the shipped
        pool pays for its numbers (``core/cost_curve.py``)."""
        from cardtable.core.cost_curve import off_curve, pool_curves

        cards = self.file_cards(path)
        if not cards:
            return []
        curves = pool_curves(self, {str(card["name"]) for _, card in cards})
        out = []
        for line, card in cards:
            point = self.curve_point(card)
            message = None if point is None else off_curve(curves, str(card["name"]), point,
                                                           lang)
            if message is not None:
                out.append(Diagnostic(str(path), line, message))
        return out

    # -- states ----------
    @abstractmethod
    def new_game(
        self,
        seed: int,
        decks: Sequence[Deck] | None = None,
        options: dict[str, Any] | None = None,
    ) -> State:
        """A match at its first decision point; ``decks`` default to ``default_decks()``."""

    def new_game_with_dice(self, seed: int, dice: Sequence[int],
                           decks: Sequence[Deck] | None = None,
                           options: dict[str, Any] | None = None) -> State:
        """``new_game`` whose next die rolls are ``dice`` (``State.script_dice``), for a test
        or a study that needs a given roll: Culdcept's move die, Dice and Monsters' rounds."""
        state = self.new_game(seed, decks, options)
        state.script_dice(dice)
        return state

    def state_from_json(self, data: JSON) -> State:
        """Inverse of ``State.to_json``; a snapshot of another game is refused by name."""
        from cardtable.core.checks import load_guard
        from cardtable.core.errors import CardtableError

        if not isinstance(data, dict):
            raise CardtableError(f"not a {self.id} state: expected a JSON object")
        if data.get("game") != self.id:
            raise CardtableError(f"not a {self.id} state (game: {data.get('game')!r})")
        try:
            copy = detached(data)  # the state must never share the caller's lists
        except RecursionError:
            raise CardtableError(f"not a {self.id} state: nested too deeply") from None
        state = load_guard(self.id, lambda: self.state_class.from_json(copy))
        load_guard(self.id, lambda: self._check_common(state))
        load_guard(self.id, lambda: self.check_state(state))
        return state

    def _check_common(self, state: State) -> None:
        """What every game's state holds alike: decks with names, options of the right kind."""
        from cardtable.core import checks as ck

        for i, d in enumerate(state.decks):
            ck.text(d.name, f"decks[{i}].name")
            ck.text(d.name_en, f"decks[{i}].name_en")
        if not isinstance(state.options, dict):
            ck.fail("options", "expected an object of option values")
        for name in ("reason",):
            if hasattr(state, name):
                ck.text(getattr(state, name), name)
        # whole numbers where every game keeps them: ``1.0`` or ``true`` would compare equal
        # to a seat and then fail as a list index deep in a game's rules
        ck.int_in(state.seed, "seed", -(1 << 64), 1 << 64)
        ck.int_list(state.history, "history", 0, self.num_actions - 1)
        for name, field, lo, hi in (("rng", "rng", 0, (1 << 64) - 1),
                                    ("to_move", "to_move", -1, 1),
                                    ("winner_seat", "winner", -1, 1),
                                    ("phase", "phase", 0, 1 << 16),
                                    ("turn_no", "turn", 0, 1 << 31)):
            if hasattr(state, name):
                ck.int_in(getattr(state, name), field, lo, hi)
        if hasattr(state, "drawn"):
            ck.boolean(state.drawn, "drawn")

    def check_state(self, state: State) -> None:
        """Raise ``core.checks.StateError`` naming the first field that makes ``state`` not a
        legal position: cards not accounted for exactly once, parallel zones out of step,
        values out of range, a phase and decider that do not fit. ``state_from_json`` and
        the scenario loader run it on everything they load; the default checks nothing."""
        return None

    #: True where an answer given in secret can only be modelled from a view that differs in
    #: every sample (the answerer holds cards the searcher cannot see): ``answer`` then costs a
    #: policy call per sample, which the tree search's cheap iterations do not pay for
    answer_model_per_sample: bool = False

    @abstractmethod
    def sample_state(self, view: JSON, seed: int, answer: Answerer | None = None) -> State:
        """A full state consistent with ``view``: hidden cards redistributed where they may be.

        Built from the view alone, so a search agent holding it has learned nothing the view
        did not say; the sample gets a fresh generator so future chance is not foreseen either.

        ``answer`` is the searcher's model of another player: where that player has already
        given an answer the view does not show (a simultaneous step), a game that can rebuild
        the answerer's view asks ``answer`` for it instead of drawing a legal one uniformly.
        Why a hook and not a rule of the game: what an opponent is likely to have chosen is a
        belief of the searcher, and only the game knows what the answerer saw when it chose.
        """

    def hidden_twin(self, state: State, player: int, seed: int) -> State:
        """``state`` with only what ``player`` cannot see changed, for leak tests.

        The opponent's unseen cards are dealt again among the places they could be (its
        hand and the part of its deck that the next turns will not turn up in public) from
        ``seed``; everything ``player`` can see, answers already given, the player's own deck
        order and the generator stay as they are, and so does whatever the coming steps
        reveal by themselves (the top of a deck an effect turns up, a book the player may
        attack open). Played on with the same actions, ``player``'s views and events must stay
        the same until the opponent does something that differs in public
        (``tests/test_hidden_information.py``). Unlike ``sample_state``, which is the
        searcher's guess, this keeps all the player is about to learn.
        """
        raise NotImplementedError(f"{self.id} does not offer hidden_twin yet")

    # -- card facts (balance studies) ----------
    #: event type -> card-fact kind (``drawn``, ``seen``, ``played``): the convention of
    #: ``core/facts.py`` that ``card_facts`` reads by default
    card_fact_events: ClassVar[dict[str, str]] = {}
    #: the event type whose first occurrence names the first player in ``player`` (None: seat 0)
    first_player_event: ClassVar[str | None] = None
    #: the event type whose first occurrence ends the opening: cards drawn or seen before it
    #: are the opening hand (17lands' OH), after it drawn later (None: no opening hand)
    opening_end_event: ClassVar[str | None] = "turn"
    #: whether the order a seat draws or sees its cards is a shuffle's (True) or a list's, as
    #: when a seat holds a built deck whole (False); a balance study reads a card's early
    #: copies only from a shuffled order (``balance/effects.py``)
    draws_are_shuffled: ClassVar[bool] = True

    def card_facts(self, events: Sequence[JSON]) -> list[CardFact]:
        """Which seat drew, saw or played which card, from a game's full (referee's) log.

        Why a hook: per-card statistics must not need per-game code in the report. Most games
        only fill ``card_fact_events``; one whose events name cards differently overrides this.
        """
        return facts_from_events(events, self.card_fact_events)

    def first_player(self, events: Sequence[JSON]) -> int:
        """The seat that started the game (the one with the first turn or initiative)."""
        return first_player_from_events(events, self.first_player_event)

    # -- scenario files (core/scenario.py) ----------
    #: faces of the die that ``dice:`` in a scenario scripts (a coin is a 2-sided die)
    die_sides: ClassVar[int] = 6
    #: whether a running game rolls dice that ``State.script_dice`` can script
    scripted_dice: ClassVar[bool] = False

    def state_from_scenario(self, scenario: Scenario) -> State:
        """The position a parsed scenario describes, checked like ``state_from_json``.

        Read the game's keys with the scenario's helpers, which collect every problem as a
        ``FILE:LINE`` diagnostic; return a state at a decision point (the loader raises the
        diagnostics, so returning a half-built state on a bad file is fine).
        """
        from cardtable.core.scenario import ScenarioError

        raise ScenarioError([Diagnostic(scenario.file, 1,
                                        f"{self.title} cannot start from a scenario file yet")])

    def scenario_text(self, state: State) -> str:
        """``state`` as a scenario file that ``state_from_scenario`` reads back to the same
        position (history and log aside: a scenario starts a new story)."""
        from cardtable.core.errors import CardtableError

        raise CardtableError(f"{self.title} cannot write scenario files yet")

    def scenario_text_within(self, state: State, action: int, point: int) -> str:
        """A position inside the automatic part that ``action`` runs in ``state``, at
        ``point`` (Dice and Monsters: the start of that round of the battle), as a scenario
        file. Only a game that runs many steps inside one action has such positions."""
        from cardtable.core.errors import CardtableError

        raise CardtableError(f"{self.title} has no positions inside an action (no --round)")

    def describe_action(self, action: int) -> JSON:
        """A structured, position-independent meaning of an action code, for agents.

        ``State.describe_action`` names what the code does in one position (cards, places);
        this one stays for agents that read only the shape of a code."""
        return {"code": action}

    def project(self, view: JSON, lang: str = "en") -> JSON:
        """The table a front end draws for ``view`` (format in ``core/projection.py``).

        Drawn by the record's ``projection`` part (``project(view, lang)``), so a new game gets
        the browser table by declaring that one module; without it a plain table is drawn.
        """
        from cardtable.core.projection import project

        return project(self._part("projection"), view, lang)

    def _part(self, slot: str) -> Any:
        """The module of the record's ``slot``, or None (no record, or no such part)."""
        return None if self.parts is None else self.parts.module(slot)

    # -- observations for learning agents (core/encoding.py) ----------
    def _encoding(self) -> Any:
        """The record's ``encoding`` module, loaded once."""
        module = self.__dict__.get("_encoding_module")
        if module is None:
            from cardtable.core.errors import CardtableError

            module = self._part("encoding")
            if module is None:
                raise CardtableError(f"{self.title} has no observation encoding yet")
            self.__dict__["_encoding_module"] = module
        return module

    def observation_layout(self) -> Layout:
        """Every field of the observation: name, offset, size, kind and meaning."""
        return self._encoding().LAYOUT  # type: ignore[no-any-return]

    @property
    def observation_size(self) -> int:
        """The fixed length of ``encode``'s list, whatever the position and options."""
        return self.observation_layout().size

    def encode(self, view: JSON) -> list[float]:
        """``view`` (one seat's, from ``State.view``) as ``observation_size`` floats.

        Read from the view alone, so an observation never holds what the seat cannot see;
        card identity is an index into the published pool (``core/encoding.py``)."""
        return self._encoding().encode(view)  # type: ignore[no-any-return]

    def observe(self, state: State, player: int) -> list[float]:
        """``encode(state.view(player))``, by the game's faster route where it has one: its
        encoding module's ``observe``, else its fast writer (``_fast_writer``) into a list,
        else the encoding of a view without its card table; the tests hold them equal."""
        module = self._encoding()
        fast = getattr(module, "observe", None)
        writer = self._fast_writer()
        if fast is None and writer is not None:
            size = self.observation_size

            def fast(state: State, player: int) -> list[float]:
                out = [0.0] * size
                writer(state, player, out)
                return out
        if fast is None:
            return module.encode(state.brief_view(player))  # type: ignore[no-any-return]
        self.__dict__["observe"] = fast  # later calls go straight to the fast route
        return fast(state, player)  # type: ignore[no-any-return]

    def _fast_writer(self) -> Any:
        """The game's ``observe_into(state, player, out)``: in its encoding module, or in the
        record's ``writer`` module beside it (so a writer that imports the encoding needs no
        import cycle), or None; looked up once."""
        if "_fast_writer_fn" not in self.__dict__:
            writer = getattr(self._encoding(), "observe_into", None)
            if writer is None:
                writer = getattr(self._part("writer"), "observe_into", None)
            self.__dict__["_fast_writer_fn"] = writer
        return self.__dict__["_fast_writer_fn"]

    def observe_into(self, state: State, player: int, out: MutableSequence[float]) -> None:
        """Write the seat's observation into ``out``, a zero-filled buffer of
        ``observation_size`` (a list, ``array.array('f')`` or NumPy array); only nonzero fields
        need writing.

        The observation is *defined* as ``encode(view(player))``: that is the specification
        and the leak guarantee. This is the adapters' fast path to the same numbers: a game
        may write them straight from its state (``observe_into(state, player, out)`` in its
        encoding or writer module, named in its record), and the tests hold it equal to
        the definition over random positions, hidden twins included. Without one, the
        numbers of ``observe`` are copied in.
        """
        fast = self._fast_writer()
        if fast is not None:
            self.__dict__["observe_into"] = fast  # later calls go straight to the writer
            fast(state, player, out)
            return
        values = self.observe(state, player)
        if isinstance(out, list):
            out[:] = values
        elif isinstance(out, array) and out.typecode == "f":
            _packer(len(values)).pack_into(out, 0, *values)  # the fastest list -> float32
        elif isinstance(out, array):
            out[:] = array(out.typecode, values)
        else:
            out[:] = values  # a NumPy array takes a list
