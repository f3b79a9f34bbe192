"""Scenario files: a position at a decision point, written as text a person can read and edit.

Whoever tests a rule, studies a turn or sets a puzzle needs to put a game in a given position.
Editing a state's JSON means card indices into a sorted table and parallel lists kept in step
by hand; a scenario names cards and places instead. Every game shares this outer layout and
reads its own zones from it (``Game.state_from_scenario``); ``Game.scenario_text`` writes any
state back out, so a record can be cut at a step and turned into a puzzle::

    # Lane A decides the game: can seat 2 survive?
    game: draws-troidal
    seed: 7
    phase: field-set
    to-move: 1
    turn: 6
    options: life=50, max_swaps=2
    dice: 1, 2                      # scripted rolls, used before the generator

    [seat 1]
    life: 4
    hand: 火竜, Fire Drake, 2x 小石  # Japanese or English names, "2x" repeats
    lane A: 水霊 guard=1 wins=2
    deck: 小石, 幻影                 # top card first

    [seat 2]
    ...

The header (before the first ``[section]``) holds what every game has: ``game`` (required),
``seed``, ``rng`` (the generator's 64-bit state, when it is not the seed's), ``phase``,
``to-move`` (the seat that decides, 1 or 2), ``turn``, ``options`` and ``dice``; ``title``,
``goal`` and ``note`` are free text for puzzles. ``[seat 1]`` and ``[seat 2]`` hold each
seat's zones in the game's own names; a game may add sections of its own (``[battle]``).
``#`` starts a comment. Every problem is reported as ``FILE:LINE: what is wrong``, all of them
at once, so a designer fixes a file in one pass.

Scripted dice: a state keeps the values of ``dice:`` in a list (``State.dice`` where the game
has chance beyond shuffles); every die the game rolls goes through ``core.rng.roll``, which
takes the next scripted value before asking the generator. A script therefore changes nothing
else: the generator continues where it was once the script is used up.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.diagnostics import Diagnostic, did_you_mean
from cardtable.core.errors import CardFileError, CardtableError, UserFileError
from cardtable.core.rng import (
    roll,  # noqa: F401  (the one die every game rolls; re-exported)
    seed_state,
)

if TYPE_CHECKING:
    from cardtable.core.contract import Game, State
    from cardtable.core.parts import GameParts

#: header keys every game reads (the game adds its own through ``Scenario.check_keys``)
COMMON_HEADER = ("game", "seed", "rng", "phase", "to-move", "turn", "options", "dice", "title",
                 "goal", "note")
#: spellings a writer may use for a common key
ALIASES = {"decider": "to-move", "to move": "to-move", "tomove": "to-move", "next": "to-move",
           "rolls": "dice", "option": "options"}
#: largest file the reader accepts (a scenario is a page, not a data set)
MAX_BYTES = 1 << 20
#: largest number a scenario may write where a count or a value is expected
MAX_INT = 1 << 64

_COUNT = re.compile(r"^(\d+)\s*[x×]\s*(.+)$")
_ATTR = re.compile(r"^([A-Za-z_][\w-]*|[^\s=]+)=(\S*)$")


class ScenarioError(CardFileError):
    """A scenario that cannot be loaded; holds every diagnostic, not only the first."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``key: value`` line."""

    key: str
    value: str
    line: int


@dataclass
class Section:
    """The header (name ``""``) or one ``[name]`` section, its entries in file order."""

    name: str
    line: int
    entries: list[Entry] = field(default_factory=list)

    def get(self, key: str) -> Entry | None:
        for e in self.entries:
            if e.key == key:
                return e
        return None

    def keys(self) -> list[str]:
        return [e.key for e in self.entries]


@dataclass
class Scenario:
    """A parsed scenario file: the shared header read, the sections kept for the game to read.

    A game reads it with the helpers below, which collect problems in ``diagnostics`` instead
    of stopping at the first; ``raise_if_bad`` ends the load with all of them.
    """

    file: str
    header: Section
    sections: list[Section]
    game: str = ""
    seed: int = 0
    rng: int | None = None
    dice: list[int] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    # -- problems ----------
    def problem(self, line: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.file, line, message))

    def game_options(self, game: Game) -> dict[str, Any]:
        """The header's options resolved by ``game``; options it refuses are a problem on the
        ``options:`` line, and the defaults stand in for them."""
        try:
            return game.resolve_options(self.options)
        except CardtableError as exc:
            entry = self.header.get("options")
            self.problem(entry.line if entry else 1, str(exc))
            return game.resolve_options(None)

    def begin(self, game: Game, header: Iterable[str] = (), seat: Iterable[str] = (),
              sections: dict[str, Iterable[str]] | None = None,
              names: Callable[[list[Any]], CardNames] | None = None
              ) -> tuple[dict[str, Any], CardNames]:
        """The start every reader of a file that may define cards makes: the keys checked
        (``check_keys``), the options resolved (``game_options``) and the names of the cards
        the file may name (``cards_for``; ``names``: a game's own ``CardNames``), in that
        order, so the problems are said in it."""
        self.check_keys(header, seat, sections)
        opts = self.game_options(game)
        return opts, (names or CardNames)(cards_for(game, self))

    def checked_dice(self, game: Game, what: str) -> list[int]:
        """The rolls ``dice:`` scripts, each above the game's ``die_sides`` a problem on that
        line (``what`` says what a roll is, as in "dice: 3 is not a coin (1 or 2)")."""
        entry = self.header.get("dice")
        for v in self.dice:
            if entry is not None and v > game.die_sides:
                self.problem(entry.line, f"dice: {v} is not {what}")
        return list(self.dice)

    def new_state(self, cls: type[Any], opts: dict[str, Any], cards: Any) -> Any:
        """A bare state of ``cls`` for this position: the scenario's seed and generator (the
        seed's own unless ``rng:`` names one), ``opts``, the match's ``cards``, and an empty
        history and log; the game's reader fills in the rest."""
        s = cls.__new__(cls)
        s.seed, s.options, s.history, s.log = self.seed, opts, [], []
        s.cards = cards
        s.rng = self.rng if self.rng is not None else seed_state(self.seed)
        return s

    def rename_seat_keys(self, rename: Callable[[str], str]) -> None:
        """Each seat's keys as ``rename`` spells them (a game's Japanese place names read as
        its English ones)."""
        for p in (0, 1):
            sec = self.seat(p)
            sec.entries = [Entry(rename(e.key), e.value, e.line) for e in sec.entries]

    def raise_if_bad(self) -> None:
        if self.diagnostics:
            raise ScenarioError(sorted(set(self.diagnostics), key=lambda d: d.line))

    def with_seed(self, seed: int) -> Scenario:
        """The same position with another seed (and the generator that seed starts), for
        batches that play a position many times with different chance."""
        return replace(self, seed=seed, rng=None, diagnostics=[])

    # -- sections ----------
    def section(self, name: str) -> Section | None:
        for s in self.sections:
            if s.name == name:
                return s
        return None

    def seat(self, p: int) -> Section:
        """``[seat p+1]``; an empty section when the file has none (every zone empty)."""
        return self.section(f"seat {p + 1}") or Section(f"seat {p + 1}", self.header.line)

    def check_keys(self, header: Iterable[str] = (), seat: Iterable[str] = (),
                   sections: dict[str, Iterable[str]] | None = None) -> None:
        """Report every key and section the game does not read, with the nearest known one."""
        allowed = {"": set(COMMON_HEADER) | set(header), "seat 1": set(seat),
                   "seat 2": set(seat)}
        for name, keys in (sections or {}).items():
            allowed[name] = set(keys)
        for sec in [self.header, *self.sections]:
            if sec.name == "cards":
                continue  # card definitions, read by ``cards_for``
            known = allowed.get(sec.name)
            if known is None:
                names = [f"[{n}]" for n in allowed if n] + ["[cards]"]
                self.problem(sec.line, f"unknown section [{sec.name}]"
                             f"{did_you_mean(f'[{sec.name}]', names)}; sections: "
                             f"{', '.join(names)}")
                continue
            for e in sec.entries:
                if e.key not in known and not sec.name and e.key in allowed["seat 1"]:
                    self.problem(e.line, f"'{e.key}' belongs to a seat: write it under "
                                 "[seat 1] or [seat 2]")
                elif e.key not in known:
                    where = f"in [{sec.name}]" if sec.name else "in the header"
                    self.problem(e.line, f"unknown key '{e.key}' {where}"
                                 f"{did_you_mean(e.key, known)}; keys: "
                                 f"{', '.join(sorted(known))}")

    # -- values ----------
    def number(self, entry: Entry | None, default: int, lo: int, hi: int, what: str = "") -> int:
        """An integer in ``[lo, hi]``; ``default`` when the line is absent or wrong."""
        if entry is None:
            return default
        value = parse_int(entry.value)
        if value is None or not lo <= value <= hi:
            self.problem(entry.line, f"{what or entry.key} must be a whole number from {lo} to "
                         f"{hi}, not '{entry.value}'")
            return default
        return value

    def seat_number(self, entry: Entry | None, default: int) -> int:
        """A seat written 1 or 2 (``to-move``, ``first``...), returned 0-based."""
        return self.number(entry, default + 1, 1, 2) - 1

    def choice(self, entry: Entry | None, default: str, choices: Sequence[str],
               what: str = "") -> str:
        if entry is None:
            return default
        v = entry.value.strip().casefold()
        for c in choices:
            if c.casefold() == v:
                return c
        self.problem(entry.line, f"{what or entry.key} '{entry.value}' is not one of "
                     f"{', '.join(choices)}{did_you_mean(entry.value, choices)}")
        return default

    def flag(self, entry: Entry | None, default: bool = False) -> bool:
        if entry is None:
            return default
        v = entry.value.strip().casefold()
        if v in ("yes", "true", "1", "on", "はい"):
            return True
        if v in ("no", "false", "0", "off", "いいえ"):
            return False
        self.problem(entry.line, f"{entry.key} must be yes or no, not '{entry.value}'")
        return default


class ScenarioFiles:
    """The scenario half of a ``Game`` (mixed in before it): ``state_from_scenario`` and
    ``scenario_text`` handed to the ``read(game, scenario)`` and ``write(state)`` of the
    ``scenario`` module its record names, which every game's pair of methods did alone."""

    parts: ClassVar[GameParts | None]
    state_class: ClassVar[type[State]]

    def _scenario_module(self) -> Any:
        assert self.parts is not None and self.parts.scenario is not None, "no scenario part"
        return self.parts.module("scenario")

    def state_from_scenario(self, scenario: Scenario) -> State:
        return self._scenario_module().read(self, scenario)  # type: ignore[no-any-return]

    def scenario_text(self, state: State) -> str:
        assert isinstance(state, self.state_class)
        return self._scenario_module().write(state)  # type: ignore[no-any-return]


def parse_int(text: str) -> int | None:
    t = text.strip().replace("_", "")
    if re.fullmatch(r"[+-]?\d{1,20}", t) is None:
        return None
    v = int(t)
    return v if -MAX_INT <= v <= MAX_INT else None


def split_list(value: str) -> list[str]:
    """``a, b、2x c`` as ``[a, b, c, c]``: commas (ASCII or Japanese) separate, ``Nx`` repeats."""
    out: list[str] = []
    for part in re.split(r"[,、，]", value):
        part = part.strip()
        if not part or part in ("-", "—", "なし", "none"):
            continue
        m = _COUNT.match(part)
        if m and int(m.group(1)) <= 999:
            out.extend([m.group(2).strip()] * int(m.group(1)))
        else:
            out.append(part)
    return out


def split_item(text: str) -> tuple[str, dict[str, str]]:
    """``火竜 guard=1 wins=2`` as ``("火竜", {"guard": "1", "wins": "2"})``.

    Trailing ``key=value`` words are the place's data; the words before them are the name (an
    English name may have spaces).
    """
    words = text.split()
    attrs: dict[str, str] = {}
    while words:
        m = _ATTR.match(words[-1])
        if m is None:
            break
        attrs[m.group(1).casefold()] = m.group(2)
        words.pop()
    return " ".join(words), dict(reversed(list(attrs.items())))


def _value(text: str) -> Any:
    low = text.casefold()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    n = parse_int(text)
    return text if n is None else n


def _section(line: str) -> str | None:
    """The name inside a ``[section]`` line, or None. A plain scan: the pattern it replaces
    (a lazy ``+?`` before ``\\s*\\]``) rescanned a run of spaces once per character."""
    if len(line) > 2 and line[0] == "[" and line[-1] == "]":
        inner = line[1:-1]
        if "]" not in inner and inner.strip():
            return inner
    return None


def _strip_comment(line: str) -> str:
    i = line.find("#")
    return line if i < 0 else line[:i]


def parse_scenario(text: str, filename: str = "<scenario>") -> Scenario:
    """The outer layout and the shared header; the game reads the rest. Problems are collected
    in ``diagnostics`` (the caller decides when to raise)."""
    header = Section("", 1)
    sc = Scenario(filename, header, [])
    current = header
    seen: dict[str, set[str]] = {"": set()}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        inner = _section(line)
        if inner is not None:
            name = " ".join(inner.casefold().split())
            name = re.sub(r"^(player|プレイヤー|席)\s*", "seat ", name)
            if name in seen:
                sc.problem(lineno, f"section [{name}] appears twice")
            seen.setdefault(name, set())
            current = Section(name, lineno)
            sc.sections.append(current)
            continue
        key, sep, value = line.partition(":")
        if not sep:
            key, sep, value = line.partition("：")
        if not sep:
            sc.problem(lineno, f"expected 'key: value' or '[section]', got '{line[:40]}'")
            continue
        key = " ".join(key.casefold().split())
        key = ALIASES.get(key, key) if current is header else key
        if key in seen[current.name]:
            sc.problem(lineno, f"'{key}' is given twice")
            continue
        seen[current.name].add(key)
        current.entries.append(Entry(key, value.strip(), lineno))
    game = header.get("game")
    if game is None:
        sc.problem(1, "no 'game:' line; a scenario names its game first (game: sarasvati)")
    else:
        sc.game = game.value.strip()
    sc.seed = sc.number(header.get("seed"), 0, 0, (1 << 63) - 1, "seed")
    rng = header.get("rng")
    if rng is not None:
        sc.rng = sc.number(rng, 0, 0, (1 << 64) - 1, "rng")
    dice = header.get("dice")
    if dice is not None:
        for word in split_list(dice.value.replace(" ", ",")):
            v = parse_int(word)
            if v is None or not 1 <= v <= 1000:
                sc.problem(dice.line, f"dice: '{word}' is not a die value")
            else:
                sc.dice.append(v)
    opts = header.get("options")
    if opts is not None:
        for word in split_list(opts.value.replace(" ", ",")):
            k, eq, v = word.partition("=")
            if not eq or not k:
                sc.problem(opts.line, f"options: write name=value, not '{word}'")
            else:
                sc.options[k.strip()] = _value(v.strip())
    return sc


def read_text(path: Path) -> str:
    """A scenario file's text, or a ``ScenarioError`` saying why it cannot be read.

    Read through ``core/userfile.py`` like every user file: the same size and line limits and
    the same encoding messages as a card file or a record.
    """
    from cardtable.core.userfile import TEXT_LIMITS, Limits
    from cardtable.core.userfile import read_text as read_user_text

    try:
        return read_user_text(path, Limits(MAX_BYTES, TEXT_LIMITS.max_line))
    except UserFileError as exc:
        raise ScenarioError(exc.diagnostics) from None


def looks_like_scenario(text: str) -> bool:
    """True when the first line that says anything is ``game: ...`` (how ``cards check`` tells
    a scenario from a card or deck file)."""
    for raw in text.splitlines():
        line = _strip_comment(raw).strip()
        if line:
            return re.match(r"^game\s*[:：]", line, re.IGNORECASE) is not None
    return False


def is_scenario_file(path: Path) -> bool:
    """Whether ``path`` reads as a scenario (an unreadable file is not one: the card checker
    reports why it cannot be read)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    # a byte-order mark is read past, as every reader of user files does (userfile.decode)
    return looks_like_scenario(head.decode("utf-8-sig", "replace"))


def read_scenario(path: Path | str) -> Scenario:
    """Parse a scenario file; a broken outer layout raises ``ScenarioError``."""
    sc = parse_scenario(read_text(Path(path)), str(path))
    sc.raise_if_bad()
    return sc


def state_from_text(game: Game, text: str, filename: str = "<scenario>",
                    seed: int | None = None) -> State:
    sc = parse_scenario(text, filename)
    sc.raise_if_bad()
    return _load(game, sc, seed)


def load_scenario(game: Game, path: Path | str, seed: int | None = None) -> State:
    """The state a scenario file describes, checked; ``seed`` replaces the file's seed."""
    return _load(game, read_scenario(path), seed)


def _load(game: Game, sc: Scenario, seed: int | None) -> State:
    if sc.game != game.id:
        entry = sc.header.get("game")
        raise ScenarioError([Diagnostic(sc.file, entry.line if entry else 1,
                                        f"this scenario is for '{sc.game}', not {game.id}")])
    if seed is not None:
        sc = sc.with_seed(seed)
    try:
        state = game.state_from_scenario(sc)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        if not sc.diagnostics:
            raise  # a reader bug, not a bad file
        sc.raise_if_bad()  # a reader stumbling over a line it has already reported
        raise
    sc.raise_if_bad()
    try:
        game.check_state(state)
    except CardtableError as exc:
        raise ScenarioError([Diagnostic(sc.file, 1, f"not a legal position: {exc}")]) from exc
    return state


def check_scenario(game: Game, path: Path) -> list[Diagnostic]:
    """Every problem of a scenario file (``cards check``); an empty list means it loads."""
    try:
        load_scenario(game, path)
    except CardFileError as exc:
        return exc.diagnostics
    except CardtableError as exc:
        return [Diagnostic(str(path), 0, str(exc))]
    return []


# -- cards by name ----------
class CardNames:
    """Finds a card by its Japanese name or its English name (any case), for scenario readers."""

    def __init__(self, cards: Iterable[Any]) -> None:
        #: the cards as given, in their order (a reader's card table is built from them)
        self.cards = list(cards)
        self.by_name: dict[str, Any] = {}
        for c in self.cards:
            self.by_name.setdefault(c.name, c)
            self.by_name.setdefault(c.name.casefold(), c)
            en = getattr(c, "name_en", "")
            if en:
                self.by_name.setdefault(en.casefold(), c)

    def find(self, sc: Scenario, name: str, line: int) -> Any | None:
        card = self.by_name.get(name) or self.by_name.get(name.casefold())
        if card is None:
            sc.problem(line, f"unknown card '{name}'{did_you_mean(name, self.by_name)}")
        return card

    def known(self, name: str) -> bool:
        return name in self.by_name or name.casefold() in self.by_name

    def many(self, sc: Scenario, entry: Entry | None) -> list[Any]:
        """The cards of a list line. An English name may hold a comma ("Amalia Cazorla, Flame
        Swordswoman"): pieces that make a known name together are read as one."""
        if entry is None:
            return []
        parts = [x.strip() for x in re.split(r"[,、，]", entry.value)]
        out = []
        i = 0
        while i < len(parts):
            j = i + 1
            for k in range(min(len(parts), i + 4), i + 1, -1):
                joined = ", ".join(parts[i:k])
                m = _COUNT.match(joined)
                if self.known(m.group(2).strip() if m else joined):
                    j = k
                    break
            for name in split_list(", ".join(parts[i:j]).replace(",", "\x00")):
                name = name.replace("\x00", ",")
                card = self.find(sc, split_item(name)[0], entry.line)
                if card is not None:
                    out.append(card)
            i = j
        return out


def cards_for(game: Game, sc: Scenario) -> list[Any]:
    """The cards a scenario may name: the game's shipped pool, and the definitions in its
    ``[cards]`` section (``name: {card JSON}``, as ``scenario_text`` writes a card that is not
    shipped, so a position from a game with a designer's own cards loads back)."""
    pool = getattr(game, "pool", None)
    cards = list(pool().values()) if pool is not None else []
    sec = sc.section("cards")
    if sec is None:
        return cards
    for e in sec.entries:
        try:
            data = json.loads(e.value)
            card = game.card_from_json(data)
        except (ValueError, TypeError, KeyError, AttributeError, CardtableError) as exc:
            sc.problem(e.line, f"card '{e.key}': not a card definition ({exc})")
            continue
        cards.insert(0, card)  # a definition here wins over a shipped card of the same name
    return cards


def cards_section(game: Game, cards: Iterable[Any]) -> list[str]:
    """``[cards]`` lines for the cards of a state that the shipped pool does not hold as they
    are, so ``state_from_scenario`` can read the position back."""
    pool = getattr(game, "pool", None)
    shipped = pool() if pool is not None else {}
    lines = []
    for c in cards:
        if shipped.get(c.name) != c:
            text = json.dumps(c.to_json(), ensure_ascii=False).replace("#", "\\u0023")
            lines.append(f"{c.name}: {text}")  # '#' escaped: it starts a comment
    return ["", "[cards]", *lines] if lines else []


# -- writing ----------
def card_list(names: Iterable[str]) -> str:
    """Names joined for a list line, runs of one card written ``Nx name``."""
    out: list[str] = []
    run: list[str] = []
    for n in [*names, None]:
        if run and n == run[0]:
            run.append(n)
            continue
        if run:
            out.append(run[0] if len(run) == 1 else f"{len(run)}x {run[0]}")
        run = [] if n is None else [n]
    return ", ".join(out) if out else "-"


def int_attr(sc: Scenario, attrs: dict[str, str], key: str, default: int, lo: int, hi: int,
             line: int) -> int:
    """The whole number ``key=`` of a place's data, taken out of ``attrs``: ``default`` when it
    is not given, and when it is not a number from ``lo`` to ``hi`` (with a problem said)."""
    if key not in attrs:
        return default
    v = parse_int(attrs.pop(key))
    if v is None or not lo <= v <= hi:
        sc.problem(line, f"{key} must be {lo} to {hi} here")
        return default
    return v


def uid_attr(sc: Scenario, attrs: dict[str, str], next_uid: int, line: int) -> int:
    """The ``uid=`` of a placed card, taken out of ``attrs``: ``next_uid``, the first number no
    card before it took, when it is not given or is not a whole number from 0 (with a problem
    said). Dreadnought's units and サラスヴァティ's characters number themselves so."""
    raw = attrs.pop("uid", None)
    uid = next_uid if raw is None else parse_int(raw)
    if uid is None or uid < 0:
        sc.problem(line, "uid must be a whole number from 0")
        uid = next_uid
    return uid


def unknown_attrs(sc: Scenario, attrs: dict[str, str], line: int, known: str,
                  what: str = "") -> None:
    """A problem for each data word left in ``attrs`` once the known ones were taken out
    (``what``: the place's kind, as in "unknown lane data")."""
    for k in attrs:
        sc.problem(line, f"unknown {what + ' ' if what else ''}data '{k}'; write {known}")


def written_names(state: Any, note: str = "") -> list[str]:
    """The match's card names by index, for ``Game.scenario_text``; a finished match is
    refused, since a scenario starts at a decision point (``note``: what else to say)."""
    if state.phase == state.over:
        raise CardtableError("the game is over: a scenario starts at a decision point" + note)
    return [c.name for c in state.cards]


def header_text(state: State, phase: str, extra: Sequence[tuple[str, Any]] = (),
                dice: Sequence[int] = ()) -> list[str]:
    """The shared header lines of ``state`` for ``Game.scenario_text``."""
    game = state.game
    lines = [f"# {game.title}: a position written by cardtable", f"game: {game.id}",
             f"seed: {state.seed}"]
    rng = getattr(state, "rng", None)
    if rng is not None and rng != seed_state(state.seed):
        lines.append(f"rng: {rng}")
    lines.append(f"phase: {phase}")
    if state.current_player() >= 0:
        lines.append(f"to-move: {state.current_player() + 1}")
    lines.append(f"turn: {state.turn}")
    defaults = game.default_options()
    changed = {k: v for k, v in state.options.items() if defaults.get(k) != v}
    if changed:
        lines.append("options: " + ", ".join(f"{k}={_show(v)}" for k, v in changed.items()))
    if dice:
        lines.append("dice: " + ", ".join(str(d) for d in dice))
    for key, value in extra:
        lines.append(f"{key}: {value}")
    return lines


def _show(v: Any) -> str:
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)


def attrs_text(**attrs: Any) -> str:
    """``key=value`` words for a place line, skipping values that are None."""
    return "".join(f" {k}={_show(v)}" for k, v in attrs.items() if v is not None)
