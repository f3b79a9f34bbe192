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
from cardtable.core.contract import Game, State
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError

FORMAT = 1

# field -> JSON type every record must have (result may be null for an unfinished game)
_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "game": str, "seed": int, "options": dict, "decks": list, "cards": dict, "actions": list,
    "digests": list, "result": (dict, type(None)),
}


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def state_digest(state: State) -> str:
    """A 16-hex-digit fingerprint of the whole state (canonical JSON)."""
    return hashlib.blake2b(_canonical(state.to_json()).encode(), digest_size=8).hexdigest()


# Parts of a state snapshot that a record already holds (decks, cards, actions) or that the
# chain covers step by step (the log), so a step digest need not serialize them again.
_NOT_DIGESTED = ("log", "cards", "decks", "history")


def step_digest(previous: str, state: State, since: int) -> str:
    """The digest after one step, chained to the one before.

    Hashing the previous digest, the state without its static parts and only the events logged
    since the last step keeps a record's cost linear in the game's length, while a difference
    anywhere, in any earlier step or in the log, still changes every later digest.
    """
    data = state.to_json()
    for key in _NOT_DIGESTED:
        data.pop(key, None)
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
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        if not isinstance(data, dict):
            raise CardtableError("not a game record: expected a JSON object")
        known = set(cls.__dataclass_fields__)
        missing = set(_REQUIRED) - set(data)
        if missing:
            raise CardtableError(f"not a game record: missing {', '.join(sorted(missing))}")
        for key, kind in _REQUIRED.items():
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise CardtableError(f"not a game record: '{key}' has the wrong type")
        if not all(isinstance(a, int) for a in data["actions"]):
            raise CardtableError("not a game record: actions must be integers")
        return cls(**{k: v for k, v in data.items() if k in known})

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", "utf-8")
        tmp.replace(path)  # never leave a half-written record behind

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text("utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CardtableError(f"{path}: cannot read record: {exc}") from exc
        return cls.from_json(data)


def decks_from_record(game: Game, record: GameRecord) -> list[Deck]:
    cards = {name: game.card_from_json(d) for name, d in record.cards.items()}
    decks = []
    for d in record.decks:
        try:
            decks.append(Deck(d["name"], tuple(cards[n] for n in d["cards"]), d.get("name_en", "")))
        except KeyError as exc:
            raise CardtableError(f"record deck {d.get('name')!r} names unknown card {exc}") from exc
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

    load_game(record.game)
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
    if state.result() != record.result:
        return ReplayReport(
            False, len(record.actions),
            f"result differs: record says {record.result}, replay gives {state.result()}",
        )
    note = ""
    if record.engine_version != __version__:
        note = f" (recorded by engine {record.engine_version}, replayed by {__version__})"
    return ReplayReport(True, len(record.actions), f"reproduced {len(record.actions)} steps{note}")
