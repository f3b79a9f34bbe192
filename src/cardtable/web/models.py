"""What a client may send, as pydantic models: every field typed and bounded, nothing else.

A request body or WebSocket message is parsed by pydantic's own JSON reader (``parse``), which
refuses, as a clear 400 or a ``type: error`` message, what the standard library would turn into
a crash: an integer of thousands of digits, nesting deeper than a few hundred levels, a lone
surrogate (``"\\ud800"``) in any string, bytes that are not UTF-8. Strings are bounded in length,
lists and option maps in size, and no field outside the model is accepted. A client's string is
never made into a path (a deck's name is only a label in its diagnostics).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

from cardtable.web.limits import MAX_DECK

#: the longest name a client may give a game, agent, strength or shipped deck
MAX_NAME = 64
#: a seat token is 32 characters (24 random bytes, base64); a little room, no more
MAX_TOKEN = 128
#: options one table may set, and the longest text value of one
MAX_OPTIONS = 64
MAX_OPTION_TEXT = 200
#: the largest action code or move number a client may name (no game comes near it)
MAX_CODE = 2**31 - 1

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Token = Annotated[str, Field(max_length=MAX_TOKEN)]
Code = Annotated[StrictInt, Field(ge=0, le=MAX_CODE)]
OptionValue = StrictBool | Annotated[StrictInt, Field(ge=-MAX_CODE, le=MAX_CODE)] | float | \
    Annotated[str, Field(max_length=MAX_OPTION_TEXT)]
#: "" and null both mean English, as they always have
Lang = Literal["en", "ja", ""]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DeckText(_Strict):
    """A deck file pasted or uploaded: its name is a label, never a path."""

    name: Annotated[str, Field(max_length=80)] = "deck.txt"
    text: Annotated[str, Field(max_length=MAX_DECK)]


class DeckCheck(DeckText):
    game: Name


class CreateTable(_Strict):
    game: Name
    lang: Lang | None = None
    seat: Literal[1, 2] = 1
    opponent: Name = "greedy"
    strength: Name = "medium"
    #: per seat: a shipped deck's name, a deck file, or null / "" for the game's default
    decks: Annotated[list[Annotated[str, Field(max_length=MAX_NAME)] | DeckText | None],
                     Field(min_length=2, max_length=2)] | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=MAX_NAME)], OptionValue],
                       Field(max_length=MAX_OPTIONS)] | None = None
    #: a chosen seed (a game to play again); null or "" for a fresh random one
    seed: Annotated[StrictInt, Field(ge=0, lt=2**63)] | Literal[""] | None = None


class ClockSpec(_Strict):
    """A lobby table's clock: real-time (a bank, an increment, a cap), turn-based (seconds a
    move, a day by default) or none; the bounds are ``clock.py``'s."""

    kind: Literal["realtime", "turn", "none"]
    bank: Annotated[StrictInt, Field(ge=30, le=4 * 3600)] = 300
    increment: Annotated[StrictInt, Field(ge=0, le=600)] = 5
    cap: Annotated[StrictInt, Field(ge=30, le=8 * 3600)] | None = None
    per_move: Annotated[StrictInt, Field(ge=3600, le=14 * 86400)] = 86400


PlayerKey = Annotated[str, Field(min_length=1, max_length=MAX_TOKEN)]


class ClaimName(_Strict):
    """A display name asked for (checked further by ``people.clean_name``)."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class OpenTable(_Strict):
    """A table opened in the lobby for a stranger to join."""

    game: Name
    player: PlayerKey | None = None
    lang: Lang | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=MAX_NAME)], OptionValue],
                       Field(max_length=MAX_OPTIONS)] | None = None
    clock: ClockSpec | None = None
    rated: StrictBool = False
    #: the host's seat: 1, 2, or 0 for either (drawn by lot)
    seat: Literal[0, 1, 2] = 0


class JoinTable(_Strict):
    player: PlayerKey | None = None


class QuickMatch(_Strict):
    game: Name
    player: PlayerKey | None = None
    lang: Lang | None = None
    clock: ClockSpec | None = None


class Resign(_Strict):
    token: Token


class Move(_Strict):
    """A move over HTTP: the code, the number of moves the page has seen (required: a resent
    request is recognized by it and never plays twice), and the seat's token."""

    code: Code
    n: Code
    token: Token | None = None


class Undo(_Strict):
    """An undo over HTTP: ``n``, the number of moves the page has seen, is required, so an
    undo sent again (a retry, a double click) takes back nothing more."""

    token: Token | None = None
    n: Code


class Rematch(_Strict):
    token: Token | None = None


class Hello(_Strict):
    """The first WebSocket message: who is looking (no token: a spectator) and in what language."""

    token: Token | None = None
    lang: Lang | None = None


class Nothing(_Strict):
    """A body that carries nothing (``{}``): the request's address says it all."""


class WsMove(_Strict):
    move: Code
    n: Code


class WsUndo(_Strict):
    undo: Literal[True]
    n: Code


class WsLang(_Strict):
    lang: Lang


Model = TypeVar("Model", bound=BaseModel)


class BadRequest(ValueError):
    """A body or message the models refuse; the text says which field and why."""


def explain(exc: ValidationError) -> str:
    """The first problem pydantic found, as one line a person can act on."""
    err = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in err["loc"])
    message = str(err["msg"])
    if err["type"] == "json_invalid":
        return f"malformed JSON: {err.get('ctx', {}).get('error', message)}"
    return f"{where}: {message}" if where else message


def parse(model: type[Model], raw: bytes | str) -> Model:
    """``raw`` read as ``model``; ``BadRequest`` naming the first problem otherwise."""
    try:
        return model.model_validate_json(raw or b"null")
    except ValidationError as exc:
        raise BadRequest(explain(exc)) from None


async def read_body(request: Any, model: type[Model]) -> Model:
    """Every HTTP request body, read by the one strict reader above (``BadRequest``: 400)."""
    return parse(model, await request.body())


def parse_message(raw: str) -> WsMove | WsUndo | WsLang:
    """One WebSocket message after the hello: a move, an undo or a change of language."""
    try:
        data: Any = Probe.model_validate_json(raw)
    except ValidationError as exc:
        raise BadRequest(explain(exc)) from None
    keys = set(data.model_extra or {})
    if "move" in keys:
        return parse(WsMove, raw)
    if "undo" in keys:
        return parse(WsUndo, raw)
    if "lang" in keys:
        return parse(WsLang, raw)
    raise BadRequest("unknown message: send move, undo or lang")


class Probe(BaseModel):
    """Any JSON object (parsed by the bounded reader), to see which message it is."""

    model_config = ConfigDict(extra="allow")
