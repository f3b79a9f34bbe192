"""The part of a game's state that every game in the registry keeps alike.

Each game's state class lists its own zones, and its ``clone`` copies them by hand because a
clone is the inner loop of every search. What follows was once written five times, once per
state class: the outcome kept as ``winner_seat`` (-1 for none) and ``reason``, a finished match
marked by a phase of its own, and the head of the JSON form (the match's identity, its cards
and decks, its record and its generator). A game that keeps these fields derives from
``MatchState`` and writes only what is its own.

The contract's plumbing lives here too: the legal list cached until the next move, the check
that refuses anything else, and the hand-off of each question to the game's rules. The state
module names none of those rules: the game's composition root (its ``game.py``) binds them as
``Rules`` on the state class, so a state imports nothing of the rules that import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from cardtable.core.contract import TERMINAL, Game, State, action_code, checks_integer
from cardtable.core.deck import Deck, PreparedDecks
from cardtable.core.errors import DeckError
from cardtable.core.event_log import QUIET
from cardtable.core.fields import Field
from cardtable.core.rng import seed_state


class Rules(NamedTuple):
    """What a state asks its game's rules, bound once by the game's composition root."""

    #: the codes the player to move may choose now (empty when nobody is to move)
    legal: Callable[[Any], list[int]]
    #: plays one legal code (already checked and recorded in the history)
    play: Callable[[Any, int], None]
    view: Callable[[Any, int], dict[str, Any]]
    label: Callable[[Any, int, str], str]
    describe: Callable[[Any, int], dict[str, Any]]
    #: an action's label as the steps a table asks it in; None: the label in one step
    path: Callable[[Any, int, str], tuple[str, ...]] | None = None
    #: ``view`` less its card table (``State.brief_view``); None: the whole view
    brief_view: Callable[[Any, int], dict[str, Any]] | None = None
    #: the checked loader (``State.from_json``) where the game's checks make the state
    load: Callable[[type, dict[str, Any]], Any] | None = None


class Record:
    """A state's record with named fields kept in slots: a game's table pieces (Dreadnought's
    units, BP changes, links) read by name at the speed of an index.

    Why not ``typing.NamedTuple``: on Python 3.11 a named tuple's field read is a descriptor
    call the interpreter does not specialize (about twice an index), where a slot read is
    specialized (``LOAD_ATTR_SLOT``); the compiled build can declare a record's fields as C
    struct members (a ``cdef class`` in the game's ``.pxd``), read straight from the struct.
    A record still behaves as the tuple of its fields where tuples were relied on: its JSON
    is that tuple as a list (``plain``), it iterates, indexes, compares and hashes as the
    tuple, pickles as its fields, and is never changed in place, so a clone shares it. A
    subclass names its fields in order in ``_fields``, keeps them in ``__slots__`` and sets
    them in its own ``__init__`` (positional and keyword, as a named tuple's constructor).
    """

    __slots__ = ()
    #: the field names in order
    _fields: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def _make(cls, values: Iterable[Any]) -> Any:
        """The record of these values, in field order (as ``NamedTuple._make``)."""
        return cls(*values)

    def _replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (as ``NamedTuple._replace``)."""
        values = list(_values(self))
        for name, value in changes.items():
            if name not in self._fields:
                raise ValueError(f"unknown field {name!r}")
            values[self._fields.index(name)] = value
        return type(self)(*values)

    def __iter__(self) -> Iterator[Any]:
        return iter(_values(self))

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, i: Any) -> Any:
        return _values(self)[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return _values(self) == _values(other)
        if isinstance(other, tuple):
            return _values(self) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __hash__(self) -> int:
        return hash(_values(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), _values(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(
            f"{f}={v!r}" for f, v in zip(self._fields, _values(self), strict=True)) + ")"


#: each record type's reader of its fields' values as a tuple (an ``attrgetter``), made on
#: first use: a compiled record type is an extension type, which takes no new attributes
_READERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _values(record: Any) -> tuple[Any, ...]:
    """The fields of ``record`` as a tuple, in order."""
    read = _READERS.get(type(record))
    if read is None:
        fields = type(record)._fields
        get = attrgetter(*fields)
        read = get if len(fields) > 1 else lambda x: (get(x),)
        _READERS[type(record)] = read
    return read(record)


def plain(x: Any) -> Any:
    """Tuples (and records) turned into lists, recursively: the JSON shape of a value."""
    if isinstance(x, tuple | list | Record):
        return [plain(v) for v in x]
    return x


def tuples(x: Any) -> Any:
    """Lists turned into tuples, recursively: ``plain`` undone for values kept as tuples."""
    if isinstance(x, list):
        return tuple(tuples(v) for v in x)
    return x


def new_match(game: Game, cls: type[Any], seed: int, decks: Sequence[Deck] | None,
              options: dict[str, Any] | None,
              index: Callable[[tuple[Deck, ...], dict[str, Any]], Any]) -> tuple[Any, Any]:
    """A new state of ``cls`` with its head set, and the game's prepared deck pair.

    Every game began ``new_game`` with the same lines: the options resolved, the default
    decks when none are given, exactly two, the pair checked and indexed by ``index`` once per
    pair of deck objects (``PreparedDecks``, kept on the game), then the seed, options, decks,
    an empty history and log, a generator from the seed and no cached legal list. The game
    sets the rest of its fields.
    """
    opts = game.resolve_options(options)
    pair = tuple(decks) if decks is not None else game.default_decks()
    if len(pair) != 2:
        raise DeckError(f"{game.title} needs exactly two decks")
    cache = game.__dict__.get("_prepared")
    if cache is None:
        cache = game.__dict__["_prepared"] = PreparedDecks()
    prepared = cache.get(pair, opts, index)
    s = cls.__new__(cls)
    s.seed, s.options, s.decks, s.history, s.log = seed, opts, pair, [], []
    s.rng, s._legal = seed_state(seed), None
    return s, prepared


def head_fields(share_options: bool = True) -> tuple[Field, ...]:
    """The fields that open every game's ``FIELDS``: the match's identity, record and generator,
    which the JSON head (``MatchState.json_head``, ``read_head``) writes and reads. A clone
    shares the decks and the cards (never mutated) and, unless ``share_options`` is off, the
    options (no move changes them)."""
    return (Field("seed"), Field("options", "dict", shared=share_options),
            Field("decks", "shared"), Field("history", "list"), Field("log", "log"),
            Field("cards", "shared"), Field("rng"))


#: scripted die results (1-6) the next rolls take before the generator (scenarios); written
#: only when a scenario left some
DICE_FIELD = Field("dice", "list", "dice", optional=True)
#: the cached legal list, which closes every table: a clone shares it (legal lists are never
#: mutated) and a state read back starts without one
LEGAL_FIELD = Field("_legal", "shared")


def sampled_state(cls: type[Any], view: dict[str, Any], seed: int, cards: Any) -> Any:
    """The head of a state a search samples from ``view`` (``Game.sample_state``): the match's
    ``cards``, the sample's own ``seed``, the view's options, and an empty record."""
    s = cls.__new__(cls)
    s.cards = cards
    s.seed = seed
    s.options = dict(view["options"])
    s.history, s.log = [], []
    return s


def outcome_of(view: dict[str, Any]) -> tuple[int, str]:
    """A view's ``result`` as a state keeps it: the winning seat (-1: none) and the reason."""
    result = view["result"]
    return (-1 if result is None or result["winner"] is None else result["winner"],
            result["reason"] if result else "")


class MatchState(State):
    """A two-seat match whose end is a phase (``over``) and whose outcome is a seat."""

    __slots__ = ()

    #: the phase number a finished match is in
    over: ClassVar[int]
    #: the game's rules (``Rules``), bound by its composition root
    rules: ClassVar[Rules]

    cards: Any
    rng: int
    phase: int
    turn_no: int
    winner_seat: int
    reason: str
    _legal: list[int] | None

    # -- contract: actions ----------
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self.rules.legal(self)
        return legal

    @checks_integer
    def apply(self, action: int) -> None:
        if action.__class__ is not int:  # True, 1.0, NumPy integers: refused or converted
            action = action_code(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self.rules.legal(self)
        if action not in legal:
            self.check_legal(action)
        self._legal = None
        self.history.append(action)
        self.rules.play(self, action)

    def action_label(self, action: int, lang: str = "en") -> str:
        return self.rules.label(self, action, lang)

    def action_path(self, action: int, lang: str = "en") -> tuple[str, ...]:
        path = self.rules.path
        return (self.action_label(action, lang),) if path is None else path(self, action, lang)

    def describe_action(self, action: int) -> dict[str, Any]:
        if self.current_player() == TERMINAL or action not in self.legal_actions():
            self.check_legal(action)
        return self.rules.describe(self, action)

    # -- contract: information ----------
    def view(self, player: int) -> dict[str, Any]:
        return self.rules.view(self, player)

    def brief_view(self, player: int) -> dict[str, Any]:
        brief = self.rules.brief_view
        return self.rules.view(self, player) if brief is None else brief(self, player)

    def has_brief_view(self) -> bool:
        return self.rules.brief_view is not None

    def quiet(self) -> None:
        self.log = QUIET  # type: ignore[assignment]  # a sink that reads as an empty list

    # -- contract: the end ----------
    def winner(self) -> int | None:
        return self.winner_seat if self.winner_seat >= 0 else None

    def is_draw(self) -> bool:
        return self.phase == self.over and self.winner_seat < 0

    @property
    def turn(self) -> int:
        return self.turn_no

    def end_reason(self) -> str:
        return self.reason

    # -- the JSON form ----------
    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """Through the game's checked loader (``Rules.load``); a game without one writes its
        own ``from_json``."""
        load = cls.rules.load
        if load is None:
            raise NotImplementedError(f"{cls.__name__} has no loader")
        return load(cls, data)  # type: ignore[no-any-return]

    def json_head(self) -> dict[str, Any]:
        """The keys that open every game's ``to_json``, in the order records have always had
        them (digests hash the text, so the order is part of the format)."""
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "seed": self.seed,
            "options": dict(self.options),
            "decks": [d.to_json() for d in self.decks],
            "cards": [c.to_json() for c in self.cards],
            "history": list(self.history),
            "log": list(self.log),  # a quiet state's (``State.quiet``) is empty
            "rng": self.rng,
        }

    def read_head(self, data: dict[str, Any], cards: Iterable[Any]) -> None:
        """``json_head`` read back, with ``cards`` the match's card definitions already
        rebuilt from ``data["cards"]`` (each game keeps them in its own container)."""
        self.cards = cards
        by_name = {c.name: c for c in self.cards}
        self.seed = data["seed"]
        self.options = dict(data["options"])
        self.decks = tuple(Deck(d["name"], tuple(by_name[n] for n in d["cards"]),
                                d.get("name_en", "")) for d in data["decks"])
        self.history = list(data["history"])
        self.log = list(data["log"])
        self.rng = data["rng"]
