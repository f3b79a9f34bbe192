"""The game-agnostic contract: everything outside a game package talks to games through this."""

from cardtable.core.contract import JSON, TERMINAL, Game, State
from cardtable.core.deck import Deck
from cardtable.core.diagnostics import Diagnostic, did_you_mean, nearest
from cardtable.core.errors import (
    CardFileError,
    CardtableError,
    DeckError,
    GameNotPlayableError,
    IllegalActionError,
    NumberError,
    OptionError,
    RecordError,
    UnknownGameError,
    UserFileError,
)
from cardtable.core.events import filter_events
from cardtable.core.record import (
    GameRecord,
    ReplayReport,
    make_record,
    replay,
    state_digest,
    step_digest,
)
from cardtable.core.registry import GameInfo, game_info, list_games, load_game
from cardtable.core.scenario import ScenarioError, load_scenario, state_from_text
from cardtable.core.seeding import derive_seed

__all__ = [
    "JSON", "TERMINAL", "CardFileError", "CardtableError", "Deck", "DeckError", "Diagnostic",
    "Game", "GameInfo", "GameNotPlayableError", "GameRecord", "IllegalActionError",
    "NumberError", "OptionError", "RecordError", "ReplayReport", "ScenarioError", "State",
    "UnknownGameError", "UserFileError", "derive_seed", "did_you_mean", "filter_events",
    "game_info", "list_games", "load_game", "load_scenario", "make_record", "nearest", "replay",
    "state_digest", "state_from_text", "step_digest",
]
