"""First-game tutorials: a scenario with a note at each of the learner's decisions, as Board Game
Arena's tutorials are annotated games.

A tutorial is a readable data file in its game's folder (``games/<id>/tutorials/NAME.txt``):

```
title: First game / はじめての対戦
seed: 1000000000001
vs: greedy
options: life=12

step: kind=keep
en: Five cards are turned over for your opening field. These are strong: keep them.
ja: 最初の場になる5枚がめくられました。強いカードなのでこのまま使います。
```

The match is dealt from the seed and options; the learner sits at seat 1 (index 0) against
``vs``, an agent that plays the same moves every time (greedy has no chance of its own). Each
``step`` is a named action (``core.describe.parse_description``) for the learner's next
decision with more than one legal option, in order, with its note in both languages; a step
with no note is played for the learner (a pass the lesson does not dwell on). When the steps
run out, or the game goes another way than the file says (no single legal action matches the
step), the tutorial ends and the game goes on as any other, with the file's ``end`` note.

Both front ends read a tutorial only through ``current``, from the match's seed, options and
history: a tutorial needs no state of its own, so a table or a record of one is an ordinary
game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from cardtable.core import State
from cardtable.core.contract import Game
from cardtable.core.describe import parse_description
from cardtable.core.errors import CardtableError
from cardtable.core.registry import parts

JSON = dict[str, Any]
#: the learner's seat
SEAT = 0
FIRST = "first_game"


@dataclass(frozen=True)
class Step:
    query: JSON
    text: str
    #: the note (English, Japanese); empty: played for the learner without a word
    note: tuple[str, str] = ("", "")
    line: int = 0


@dataclass(frozen=True)
class Tutorial:
    game_id: str
    name: str
    title: tuple[str, str]
    seed: int
    vs: str = "greedy"
    options: JSON = field(default_factory=dict)
    steps: tuple[Step, ...] = ()
    #: said when the steps are done (English, Japanese)
    end: tuple[str, str] = ("", "")

    def new_game(self, game: Game) -> State:
        return game.new_game(self.seed, None, dict(self.options) or None)


def _value(text: str) -> Any:
    return int(text) if text.lstrip("-").isdigit() else {"true": True, "false": False}.get(
        text, text)


def parse(game_id: str, name: str, text: str) -> Tutorial:
    """A tutorial file's text; a line it cannot read is a ``CardtableError`` naming it."""
    head: JSON = {}
    steps: list[Step] = []
    current: JSON | None = None
    end = {"en": "", "ja": ""}

    def close() -> None:
        if current is not None:
            steps.append(Step(current["query"], current["text"],
                              (current.get("en", ""), current.get("ja", "")), current["line"]))

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not colon:
            raise CardtableError(f"{name}:{number}: not 'key: value': {line!r}")
        if key == "step":
            close()
            current = {"query": parse_description(value), "text": value, "line": number}
        elif key in ("en", "ja") and current is not None:
            glue = "" if key == "ja" else " "  # Japanese runs on without spaces between lines
            current[key] = (current.get(key, "") + glue + value).strip()
        elif key in ("end.en", "end.ja"):
            glue = "" if key == "end.ja" else " "
            end[key[4:]] = (end[key[4:]] + glue + value).strip()
        elif key in ("title", "seed", "vs", "options") and current is None:
            head[key] = value
        else:
            raise CardtableError(f"{name}:{number}: '{key}' is not a tutorial field here")
    close()
    if "seed" not in head:
        raise CardtableError(f"{name}: a tutorial needs a seed")
    en, _, ja = head.get("title", name).partition("/")
    options = {k: _value(v) for k, v in (w.split("=", 1) for w in head.get("options", "").split())}
    return Tutorial(game_id, name, (en.strip(), (ja or en).strip()), int(head["seed"]),
                    head.get("vs", "greedy"), options, tuple(steps), (end["en"], end["ja"]))


def names(game_id: str) -> list[str]:
    """The tutorials a game ships, by name (``first_game`` first)."""
    try:
        folder = resources.files(parts(game_id).package) / "tutorials"
        found = sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return []
    return sorted(found, key=lambda n: (n != FIRST, n))


@cache
def load(game_id: str, name: str = FIRST) -> Tutorial:
    if name not in names(game_id):
        raise CardtableError(f"{game_id} has no tutorial {name!r}"
                             + (f"; tutorials: {', '.join(names(game_id))}"
                                if names(game_id) else ""))
    folder = resources.files(parts(game_id).package) / "tutorials"
    return parse(game_id, name, (folder / f"{name}.txt").read_text(encoding="utf-8"))


def of_seed(game_id: str, seed: int) -> Tutorial | None:
    """The tutorial dealt from ``seed``, if the game ships one (tutorial seeds lie above every
    seed a table draws at random, so an ordinary game is never taken for one)."""
    for name in names(game_id):
        tutorial = load(game_id, name)
        if tutorial.seed == seed:
            return tutorial
    return None


@dataclass(frozen=True)
class Now:
    """Where a tutorial stands at a position: the step due (None once over) and its code."""

    tutorial: Tutorial
    index: int
    step: Step | None
    code: int | None

    def note(self, lang: str) -> str:
        if self.step is None:
            return self.tutorial.end[1 if lang == "ja" else 0]
        return self.step.note[1 if lang == "ja" else 0]

    @property
    def quiet(self) -> bool:
        return self.step is not None and not any(self.step.note)


def _match(state: State, step: Step) -> int | None:
    found = state.find_actions(**step.query)
    return found[0] if len(found) == 1 else None


def current(tutorial: Tutorial, state: State) -> Now:
    """The step due for the learner at ``state``, worked out by replaying its history from the
    tutorial's deal: each learner decision with more than one option takes the next step; a
    decision that left the script ends the tutorial."""
    game = state.game
    walk = tutorial.new_game(game)
    index = 0
    off = False
    for code in state.history:
        if walk.current_player() == SEAT and len(walk.legal_actions()) > 1:
            step = tutorial.steps[index] if index < len(tutorial.steps) else None
            if step is None or _match(walk, step) != code:
                off = True
            index += 1
            if off or index >= len(tutorial.steps):
                break  # over: the rest of the game needs no replay
        walk.apply(code)
    if off or index >= len(tutorial.steps) or state.is_terminal():
        return Now(tutorial, index, None, None)
    if state.current_player() != SEAT or len(state.legal_actions()) < 2:
        return Now(tutorial, index, tutorial.steps[index], None)
    step = tutorial.steps[index]
    code = _match(state, step)
    return Now(tutorial, index, step if code is not None else None, code)


def play_through(tutorial: Tutorial, game: Game, agent: Any) -> tuple[State, list[Now]]:
    """The tutorial followed to its last step, the learner playing every step and ``agent``
    the other seat: the final state and where it stood at each step (for the tests that say
    every tutorial can be finished)."""
    state = tutorial.new_game(game)
    seen: list[Now] = []
    agent.reset(0)
    for _ in range(100_000):
        if state.is_terminal():
            break
        seat, legal = state.current_player(), state.legal_actions()
        if seat == SEAT and len(legal) > 1:
            now = current(tutorial, state)
            if now.step is None:
                break
            if now.code is None:
                raise CardtableError(f"{tutorial.name}:{now.step.line}: no single legal action "
                                     f"matches '{now.step.text}'")
            seen.append(now)
            state.apply(now.code)
        elif seat == SEAT:
            state.apply(legal[0])
        else:
            state.apply(agent.act(game, state.view(seat), legal))
    return state, seen
