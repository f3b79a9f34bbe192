"""Game records: everything needed to replay a match and prove it reproduces.

A record holds the game id, engine and rules versions, options, seed, both decks with their card
definitions (so a later edit of a card file cannot change an old record), the action codes, a
short digest after every action (chained, so a difference at one step shows at every later
one), and the result. Replaying applies the codes
to a fresh game and compares digests, so the first step that differs is named exactly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardtable import __version__
from cardtable.core.contract import Game, State, shared_json
from cardtable.core.deck import Deck
from cardtable.core.diagnostics import Diagnostic
from cardtable.core.errors import CardtableError, RecordError
from cardtable.core.userfile import JSON_LIMITS, clip, read_json

#: the record layout this engine writes and reads; bumped when a field changes meaning
FORMAT = 1
#: formats this engine can read (a newer file says so instead of failing somewhere inside)
READABLE_FORMATS = (1,)

_NONE = type(None)
# field -> JSON type(s) every record must have, in the order they are checked
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": int, "game": str, "engine_version": str, "rules_version": str, "players": list,
    "seed": int, "options": dict, "decks": list, "cards": dict, "actions": list,
    "digests": list, "result": (dict, _NONE),
}
_JSON_TYPE = {int: "an integer", str: "a string", list: "a list", dict: "an object",
              bool: "true or false", _NONE: "null", float: "a number"}
#: a step digest: 16 lowercase hex digits
_HEX = frozenset("0123456789abcdef")


def _kind(value: Any) -> str:
    return _JSON_TYPE.get(type(value), type(value).__name__)


def _wants(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_JSON_TYPE[k] for k in kinds)


def _is(value: Any, kind: type | tuple[type, ...]) -> bool:
    """JSON type test: ``true`` is not an integer, whatever Python says."""
    if isinstance(value, bool):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        return bool in kinds
    return isinstance(value, kind)


def _seats(game_id: str) -> int | None:
    """How many play ``game_id``; None when it is no playable game (reported elsewhere)."""
    from cardtable.core.registry import load_game

    try:
        return load_game(game_id).num_players
    except CardtableError:
        return None


def check_record_data(data: Any) -> list[str]:
    """Every problem of a record's JSON, each naming the field; empty when it can be replayed.

    Why so strict: a record is the proof a game can be reproduced. One with a missing digest
    chain, a foreign format or a field of the wrong type would otherwise replay as
    "reproduced" or fail deep inside a game with a message about Python, not about the file.
    """
    if not isinstance(data, dict):
        return [f"not a game record: expected a JSON object, got {_kind(data)}"]
    missing = [k for k in _FIELDS if k not in data]
    if missing:
        return [f"not a game record: missing field{'s' if len(missing) > 1 else ''} "
                f"{', '.join(repr(k) for k in missing)}"]
    problems = [f"field '{k}' must be {_wants(kind)}, got {_kind(data[k])}"
                for k, kind in _FIELDS.items() if not _is(data[k], kind)]
    if problems:
        return problems
    if data["format"] not in READABLE_FORMATS:
        return [f"field 'format' is {data['format']}: this engine ({__version__}) reads record "
                f"format {', '.join(map(str, READABLE_FORMATS))}; a newer engine wrote it"]
    out: list[str] = []
    if not all(isinstance(p, str) for p in data["players"]) or len(data["players"]) > 8:
        out.append("field 'players' must be a list of agent names (strings)")
    elif data["players"]:
        seats = _seats(data["game"])
        if seats is not None and len(data["players"]) != seats:
            out.append(f"field 'players' names {len(data['players'])} players; "
                       f"{data['game']} is played by {seats} (one name a seat, or none)")
    if not -(2**63) <= data["seed"] < 2**64:
        out.append("field 'seed' must fit in 64 bits")
    if not all(isinstance(k, str) for k in data["options"]):
        out.append("field 'options' must map option names to values")
    for i, deck in enumerate(data["decks"]):
        if not (isinstance(deck, dict) and isinstance(deck.get("name"), str)
                and isinstance(deck.get("cards"), list)
                and all(isinstance(c, str) for c in deck["cards"])
                and isinstance(deck.get("name_en", ""), str)):
            out.append(f"field 'decks' item {i + 1} must be an object with a 'name' and a "
                       "list of card names 'cards'")
    for name, card in data["cards"].items():
        if not isinstance(card, dict):
            out.append(f"field 'cards' entry '{clip(name, 30)}' must be an object")
            break
    actions = data["actions"]
    bad = next((i for i, a in enumerate(actions) if not _is(a, int) or a < 0), None)
    if bad is not None:
        out.append(f"field 'actions' item {bad + 1} must be a whole number 0 or more, "
                   f"got {clip(json.dumps(actions[bad]), 20)}")
    digests = data["digests"]
    if len(digests) != len(actions):
        out.append(f"field 'digests' must hold one digest per action: {len(actions)} actions, "
                   f"{len(digests)} digests")
    elif not all(isinstance(d, str) and len(d) == 16 and _HEX.issuperset(d) for d in digests):
        out.append("field 'digests' must hold 16-hex-digit digests")
    if data.get("start") is not None and not isinstance(data["start"], dict):
        out.append(f"field 'start' must be a state (an object) or absent, "
                   f"got {_kind(data['start'])}")
    result = data["result"]
    if result is not None:
        expect = {"winner": (int, _NONE), "draw": bool, "turns": int, "reason": str}
        wrong = [k for k, kind in expect.items() if k not in result or not _is(result[k], kind)]
        if wrong:
            out.append(f"field 'result' needs {', '.join(wrong)} "
                       "(winner, draw, turns and reason), or null for an unfinished game")
    return out


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def state_digest(state: State) -> str:
    """A 16-hex-digit fingerprint of the whole state (canonical JSON)."""
    return hashlib.blake2b(_canonical(shared_json(state)).encode(), digest_size=8).hexdigest()


# Parts of a state snapshot that a record already holds (decks, cards, actions) or that the
# chain covers step by step (the log), so a step digest need not serialize them again.
_NOT_DIGESTED = ("log", "cards", "decks", "history")


def step_digest(previous: str, state: State, since: int) -> str:
    """The digest after one step, chained to the one before.

    Hashing the previous digest, the state without its static parts and only the events logged
    since the last step keeps a record's cost linear in the game's length, while a difference
    anywhere, in any earlier step or in the log, still changes every later digest.
    """
    data = {k: v for k, v in shared_json(state).items() if k not in _NOT_DIGESTED}
    text = previous + _canonical(data) + _canonical(state.log[since:])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@dataclass
class GameRecord:
    game: str
    seed: int
    options: dict[str, Any]
    decks: list[dict[str, Any]]
    cards: dict[str, Any]
    actions: list[int]
    digests: list[str]
    result: dict[str, Any] | None
    players: list[str] = field(default_factory=list)
    engine_version: str = __version__
    rules_version: str = ""
    format: int = FORMAT
    #: the state the actions start from when it is not ``new_game``'s (a scenario file's
    #: position, as ``State.to_json``); absent from the JSON otherwise
    start: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if data["start"] is None:
            del data["start"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str = "<record>") -> GameRecord:
        """A record from its JSON, every field checked; ``RecordError`` names each problem."""
        problems = check_record_data(data)
        if problems:
            raise RecordError([Diagnostic(source, 0, p) for p in problems])
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", "utf-8")
        tmp.replace(path)  # never leave a half-written record behind

    @classmethod
    def load(cls, path: Path | str) -> GameRecord:
        """A record file, read through ``userfile`` (size, encoding, JSON depth) and checked."""
        try:
            data = read_json(path, JSON_LIMITS)
        except RecordError:
            raise
        except CardtableError as exc:  # UserFileError: the same diagnostics, as a record's
            raise RecordError(getattr(exc, "diagnostics", [])) from None
        return cls.from_json(data, str(path))


def _card(game: Game, name: str, data: dict[str, Any]) -> Any:
    """One card definition of a record, or a ``RecordError`` naming it."""
    try:
        card = game.card_from_json(data)
    except CardtableError as exc:
        raise RecordError([Diagnostic("record", 0, f"field 'cards' entry '{clip(name, 30)}' is "
                                                     f"not a valid card: {exc}")]) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        raise RecordError([Diagnostic("record", 0, f"field 'cards' entry '{clip(name, 30)}' is "
                                                     f"not a valid {game.id} card")]) from None
    if getattr(card, "name", None) != name:  # decks name their cards by these keys
        raise RecordError([Diagnostic("record", 0, f"field 'cards' entry '{clip(name, 30)}' "
                                                     "defines a card of another name")])
    return card


def decks_from_record(game: Game, record: GameRecord) -> list[Deck]:
    cards = {name: _card(game, name, d) for name, d in record.cards.items()}
    decks = []
    for d in record.decks:
        unknown = next((n for n in d["cards"] if n not in cards), None)
        if unknown is not None:
            raise RecordError([Diagnostic("record", 0, f"deck '{clip(d['name'], 30)}' names "
                                                         f"card '{clip(unknown, 30)}', which "
                                                         "field 'cards' does not define")])
        decks.append(Deck(d["name"], tuple(cards[n] for n in d["cards"]), d.get("name_en", "")))
    return decks


def make_record(state: State, players: list[str] | None = None,
                start: State | None = None) -> GameRecord:
    """The record of ``state``'s match so far, digests recomputed by replaying from the start.

    ``start`` is the position the match began in when it is not a new game (a scenario).
    """
    game = state.game
    replay = (start.clone() if start is not None
              else game.new_game(state.seed, state.decks, state.options))
    digests: list[str] = []
    previous, since = "", len(replay.log)
    for action in state.history:
        replay.apply(action)
        previous = step_digest(previous, replay, since)
        since = len(replay.log)
        digests.append(previous)
    cards: dict[str, Any] = {}
    for deck in state.decks:
        cards.update(deck.definitions())
    return GameRecord(
        game=game.id,
        seed=state.seed,
        options=dict(state.options),
        decks=[d.to_json() for d in state.decks],
        cards=cards,
        actions=list(state.history),
        digests=digests,
        result=state.result(),
        players=list(players or []),
        rules_version=game.rules_version,
        start=None if start is None else start.to_json(),
    )


def start_state(record: GameRecord) -> State:
    """The state a record's actions start from: a new game, or its stored starting position."""
    from cardtable.core.registry import load_game

    game = load_game(record.game)
    if record.start is not None:
        return game.state_from_json(record.start)
    return game.new_game(record.seed, decks_from_record(game, record), record.options)


@dataclass
class ReplayReport:
    ok: bool
    steps: int
    message: str
    step: int | None = None  # 1-based step that failed or differed


def replay(record: GameRecord) -> ReplayReport:
    """Re-run a record and say whether every step and the result reproduce."""
    from cardtable.core.registry import load_game

    game = load_game(record.game)
    if record.rules_version != game.rules_version:
        made_by = (f"; engine {clip(record.engine_version, 20)} made it"
                   if record.engine_version != __version__ else "")
        return ReplayReport(
            False, 0, f"recorded under {game.id} rules version "
                      f"'{clip(record.rules_version, 30)}'; this engine ({__version__}) plays "
                      f"rules version '{game.rules_version}', so the game may no longer be the "
                      f"same{made_by}", 0)
    try:
        state = start_state(record)
    except CardtableError as exc:
        return ReplayReport(False, 0, f"cannot start the game: {exc}", 0)
    previous, since = "", len(state.log)
    for i, action in enumerate(record.actions, start=1):
        if state.is_terminal():
            return ReplayReport(False, i - 1, f"step {i}: the game was already over", i)
        try:
            state.apply(action)
        except CardtableError as exc:
            return ReplayReport(False, i - 1, f"step {i}: action {action} failed: {exc}", i)
        previous = step_digest(previous, state, since)
        since = len(state.log)
        if i <= len(record.digests) and previous != record.digests[i - 1]:
            return ReplayReport(False, i - 1, f"step {i}: state differs from the record", i)
    if len(record.digests) != len(record.actions):  # the steps past the digests are unproven
        return ReplayReport(False, len(record.digests), f"the record holds "
                            f"{len(record.actions)} actions but {len(record.digests)} step "
                            "digests: the steps without one cannot be checked")
    if state.result() != record.result:
        return ReplayReport(
            False, len(record.actions),
            f"result differs: record says {record.result}, replay gives {state.result()}",
        )
    note = ""
    if record.engine_version != __version__:
        note = f" (recorded by engine {record.engine_version}, replayed by {__version__})"
    return ReplayReport(True, len(record.actions), f"reproduced {len(record.actions)} steps{note}")
