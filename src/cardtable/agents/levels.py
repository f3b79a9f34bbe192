"""Five opponents a player can climb: ``beginner``, ``easy``, ``normal``, ``hard``, ``expert``.

Why these five (Hearthstone's practice opponents, Forge's AI profiles): a new player needs an
opponent that plays the game, badly, and a strong one needs an opponent that does not blunder.

* ``beginner`` plays like someone learning the game: the greedy policy's scores softened by a
  high temperature (a softmax over the scores, standardized per decision), so it usually plays
  a sensible move and often a worse one, never a uniformly random game.
* ``easy``: the same at a lower temperature, fewer and smaller mistakes.
* ``normal``: the greedy policy itself, the one-move heuristic of each game.
* ``hard``: the information-set search (``mcts-learned``) with a fifth of expert's budget, the
  greedy prior and the game's better cut-off value (``learned_value``: the network, read from
  both seats, where it predicts the winner better than the hand-fitted value on the positions
  the search judges; only DRAWS-◎-TROIDAL's does so far).
* ``expert``: the same search with the learned prior (where ``learned_prior`` allows) and the
  budget that fits within a second a move on one core (per game: their rollouts differ in
  cost).

Where a game's ``search`` setting says ``rollout``, hard and expert are policy rollouts
instead (``agents/rollout.py``: greedy's few best moves, each played on by greedy for both
seats from the same sampled deals), which beat greedy where the tree search at these budgets
did not (docs/search.md); expert with more candidates, deals and depth than hard.

What differs per game (expert's budget, beginner's and easy's temperatures, whether the learned
value is worth using) is data in the game's folder, ``weights/levels.json``, beside the
weights it was measured with, each value with the measurement that set it.

Every level is deterministic from its seed (``reset``): the budgets are iterations, never
wall-clock time, so a game replays the same on any machine. Each level sees what every agent
sees (``act(game, view, legal)``), so none of them can read a hidden card; the hidden-twin
tests hold every level to that.

A game without learned weights falls back to the hand-fitted value and the greedy prior at
``hard`` and ``expert`` (``mcts``), and a level's measured rating comes from the ladder's data
file beside the weights (``weights/ladder.json``, written by ``cardtable ladder --save``); where
nothing was measured, nothing is shown.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.agents.base import Agent, ChanceAgent
from cardtable.core.contract import Game
from cardtable.core.errors import CardtableError
from cardtable.core.words import catalog

LEVELS = ("beginner", "easy", "normal", "hard", "expert")
#: the levels that search (and take ``iters``)
SEARCHING = ("hard", "expert")


@dataclass(frozen=True)
class Level:
    name: str
    title_en: str
    title_ja: str
    about_en: str
    about_ja: str


#: each level's title and how it plays, from the catalog ``data/words.toml``
DESCRIPTIONS: dict[str, Level] = {
    name: Level(name, *entry["title"], *entry["about"])
    for name, entry in catalog(__file__, "levels.DESCRIPTIONS").items()}

#: softmax temperatures over standardized greedy scores (lower: closer to greedy)
TEMPERATURE = {"beginner": 1.0, "easy": 0.35}
#: the chance of a uniformly random move where a game's policy gives no scores
MISTAKE = {"beginner": 0.4, "easy": 0.15}
#: a game's level settings, as data beside its weights (``weights/levels.json`` in its folder,
#: each value with the measurement that set it); these stand where a game has none
DEFAULTS: dict[str, Any] = {
    # search iterations of expert a move (its 99th percentile about 0.8 s of one core's CPU)
    "expert_iters": 200,
    # hard searches a fifth of expert's budget
    "hard_iters": None,
    # beginner's temperature (higher where random is so weak that 1 wins nearly every game)
    "beginner_temperature": 1.0,
    # easy's temperature (high enough that normal beats easy, low enough that easy beats
    # beginner: both by 60% or more where the game allows)
    "easy_temperature": TEMPERATURE["easy"],
    # false where the learned value is no better than a coin: the search keeps its own judge
    "learned_value": True,
    # false where the learned prior was measured to hurt the search: expert takes greedy's
    "learned_prior": True,
    # how hard and expert search: "mcts" (the tree search, ``mcts-learned``) or "rollout"
    # (greedy's few best moves judged by greedy-played continuations, ``rollout``), per game
    # where it was measured to beat greedy at its budget; the budgets are then continuations
    "search": "mcts",
    # with "rollout": each level's candidates a decision (greedy's best k) and its cut-off
    # (``depth`` times the value module's ``CUTOFF`` greedy steps)
    "hard_k": 3,
    "hard_depth": 2,
    "expert_k": 4,
    "expert_depth": 4,
    # with "rollout": by how much (in mean reward) another candidate must beat greedy's own
    # move to be played; above 0 the level keeps closer to greedy, which spaces a hard level
    # whose rollouts would otherwise play as well as expert's
    "hard_margin": 0.0,
    "expert_margin": 0.0,
}
SETTINGS_NAME = "levels.json"


@cache
def level_settings(game_id: str) -> dict[str, Any]:
    """The game's level settings: ``DEFAULTS`` overlaid with its ``weights/levels.json``."""
    from cardtable.core.registry import parts

    path = parts(game_id).weights_dir() / SETTINGS_NAME
    settings = dict(DEFAULTS)
    if path.is_file():
        try:
            data = json.loads(path.read_text("utf-8"))
        except ValueError as exc:
            raise CardtableError(f"{path}: not valid JSON: {exc}") from exc
        unknown = set(data) - set(DEFAULTS) - {"notes"}
        if unknown:
            raise CardtableError(f"{path}: unknown level settings {', '.join(sorted(unknown))}; "
                                 f"settings: {', '.join(DEFAULTS)}")
        settings.update({k: v for k, v in data.items() if k != "notes"})
    if settings["search"] not in ("mcts", "rollout"):
        raise CardtableError(f"{path}: search must be mcts or rollout, got {settings['search']!r}")
    if settings["hard_iters"] is None:
        settings["hard_iters"] = max(20, int(settings["expert_iters"]) // 5)
    return settings


def neighbour_levels(level: str) -> tuple[str, str]:
    """The level a bit harder and the one a bit easier (the ends stay where they are)."""
    i = LEVELS.index(level)
    return LEVELS[min(i + 1, len(LEVELS) - 1)], LEVELS[max(i - 1, 0)]


def level_spec(level: str, game_id: str, iters: int | None = None) -> str:
    """The agent spec a level plays in a game: what ``make_agent`` would build for it
    (``iters``: another search budget for ``hard`` and ``expert``)."""
    from importlib.util import find_spec

    from cardtable.agents.learned import has_weights

    if level == "normal":
        return "greedy"
    if level in TEMPERATURE:
        temperature = TEMPERATURE[level]
        if level in ("beginner", "easy"):
            temperature = float(level_settings(game_id)[f"{level}_temperature"])
        return f"soft-greedy:temperature={temperature:g},mistake={MISTAKE[level]:g}"
    settings = level_settings(game_id)
    # without weights (or NumPy) the searching levels use the hand-fitted value and greedy
    learned = has_weights(game_id) and find_spec("numpy") is not None
    value = "" if settings["learned_value"] else ",value=hand"
    if settings["search"] == "rollout" and level in SEARCHING:
        iters = iters or int(settings[f"{level}_iters"])
        # the rollouts were measured with the hand-fitted value at their cut-off (its own
        # default), so the levels keep it whatever ``learned_value`` says of the tree search
        margin = float(settings[f"{level}_margin"])
        return (f"rollout:iters={iters},k={settings[f'{level}_k']},"
                f"depth={settings[f'{level}_depth']}" + (f",margin={margin:g}" if margin else ""))
    if level == "hard":
        iters = iters or int(settings["hard_iters"])
        return (f"mcts-learned:iters={iters},prior=greedy{value}" if learned
                else f"mcts:iters={iters}")
    if level == "expert":
        iters = iters or int(settings["expert_iters"])
        prior = "" if settings["learned_prior"] else ",prior=greedy"
        return f"mcts-learned:iters={iters}{prior}{value}" if learned else f"mcts:iters={iters}"
    raise CardtableError(f"no level {level!r}; levels: {', '.join(LEVELS)}")


class SoftGreedyAgent(ChanceAgent):
    """The greedy policy softened: a move drawn with chance ∝ exp(z / temperature), z being
    the policy's score of the move standardized over the decision's legal moves.

    Why standardized: the games' scores have different scales (points, battle odds, sums of
    card values), and a temperature should mean the same everywhere. A game whose policy
    names its move without scoring the others plays a uniformly random move with chance
    ``mistake`` instead.
    """

    name = "soft-greedy"

    def __init__(self, temperature: float = 1.0, mistake: float = 0.3, **options: Any) -> None:
        super().__init__(**options)
        if not isinstance(temperature, int | float) or not 0 < temperature < math.inf:
            raise ValueError(f"temperature must be a positive number, got {temperature!r}")
        if not isinstance(mistake, int | float) or not 0 <= mistake <= 1:
            raise ValueError(f"mistake must be a chance between 0 and 1, got {mistake!r}")
        self.temperature = float(temperature)
        self.mistake = float(mistake)

    def spec(self) -> str:
        return f"{self.name}:temperature={self.temperature:g},mistake={self.mistake:g}"

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        from cardtable.agents.greedy import GreedyAgent, policy_scores

        assert view is not None
        if len(legal) == 1:
            return legal[0]
        rand = self._rng
        scorer = policy_scores(game.id)
        if scorer is None:
            if rand.random() < self.mistake:
                return legal[rand.randrange(len(legal))]
            return GreedyAgent().act(game, view, legal)
        return legal[soft_choice(scorer(game, view, legal), self.temperature, rand)]


def soft_choice(scores: list[float], temperature: float, rand: random.Random) -> int:
    """The index drawn from softmax(standardized scores / temperature)."""
    n = len(scores)
    finite = [s for s in scores if math.isfinite(s)]
    if not finite:
        return rand.randrange(n)
    floor = min(finite)
    xs = [s if math.isfinite(s) else (floor if s < 0 else max(finite)) for s in scores]
    mean = sum(xs) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in xs) / n)
    if spread <= 0:
        return rand.randrange(n)
    z = [(x - mean) / spread / temperature for x in xs]
    top = max(z)
    weights = [math.exp(v - top) for v in z]
    r = rand.random() * sum(weights)
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            return i
    return n - 1


class LevelAgent(Agent):
    """One of the five levels; the agent it plays is chosen per game on first use."""

    level: str = ""

    def __init__(self, iters: int | None = None, **options: Any) -> None:
        super().__init__(**options)
        if iters is not None and self.level not in SEARCHING:
            raise ValueError(f"{self.level} does not search: it takes no iters")
        if iters is not None and (not isinstance(iters, int) or isinstance(iters, bool)
                                  or iters < 1):
            raise ValueError(f"iters must be a whole number of at least 1, got {iters!r}")
        #: a smaller (or larger) search than the level's own, for tests and quick ladders
        self.iters = iters
        self._seed = 0
        self._inner: Agent | None = None
        self._inner_game: str | None = None

    def spec(self) -> str:
        return self.name + (f":iters={self.iters}" if self.iters is not None else "")

    def reset(self, seed: int) -> None:
        self._seed = seed
        if self._inner is not None:
            self._inner.reset(seed)

    def inner(self, game: Game) -> Agent:
        if self._inner is None or self._inner_game != game.id:
            from cardtable.agents.registry import make_agent

            self._inner = make_agent(level_spec(self.level, game.id, self.iters))
            self._inner.reset(self._seed)
            self._inner_game = game.id
        return self._inner

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        return self.inner(game).act(game, view, legal)


def _level_class(level: str) -> type[LevelAgent]:
    return type(f"{level.title()}Agent", (LevelAgent,), {"name": level, "level": level,
                                                          "__module__": __name__})


BeginnerAgent = _level_class("beginner")
EasyAgent = _level_class("easy")
NormalAgent = _level_class("normal")
HardAgent = _level_class("hard")
ExpertAgent = _level_class("expert")


# -- measured ratings ----------
LADDER_NAME = "ladder.json"


def ladder_path(game_id: str) -> Path:
    """The ladder's data file beside the game's weights (``cardtable ladder --save`` writes
    it): the ratings belong to the levels those weights play."""
    from cardtable.core.registry import parts

    return parts(game_id).weights_dir() / LADDER_NAME


@cache
def ladder_data(game_id: str) -> dict[str, Any] | None:
    path = ladder_path(game_id)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def measured_rating(game_id: str, agent: str) -> dict[str, Any] | None:
    """The ladder's rating of ``agent`` in the game (rating, low, high, games), or None where
    the ladder has not measured it; never a guess."""
    data = ladder_data(game_id)
    if data is None:
        return None
    entry = data.get("ratings", {}).get(agent)
    return entry if isinstance(entry, dict) and "rating" in entry else None


def describe(level: str, lang: str = "en", game_id: str | None = None) -> str:
    """A level's name and description in one language, with its measured rating in the game
    when the ladder has one."""
    lv = DESCRIPTIONS[level]
    title, about = (lv.title_ja, lv.about_ja) if lang == "ja" else (lv.title_en, lv.about_en)
    line = f"{title}：{about}" if lang == "ja" else f"{title}: {about}"
    if game_id is not None:
        rated = measured_rating(game_id, level)
        if rated is not None:
            r = f"{rated['rating']:.0f}"
            pre = ratings_preliminary(game_id)
            if lang == "ja":
                line += f"（レーティング {r}{'・暫定' if pre else ''}）"
            else:
                line += f" (rating {r}{', preliminary' if pre else ''})"
    return line


def level_list() -> list[dict[str, Any]]:
    """The levels as the lobby lists them: name, title and description in both languages."""
    return [{"name": lv.name, "title": {"en": lv.title_en, "ja": lv.title_ja},
             "about": {"en": lv.about_en, "ja": lv.about_ja}} for lv in DESCRIPTIONS.values()]


def level_ratings(game_id: str) -> dict[str, float]:
    """The measured rating of each level in the game (levels not measured are left out)."""
    out = {}
    for level in LEVELS:
        rated = measured_rating(game_id, level)
        if rated is not None:
            out[level] = round(float(rated["rating"]))
    return out


def ratings_preliminary(game_id: str) -> bool:
    """Whether the game's ratings come from a small ladder run (marked so where shown)."""
    data = ladder_data(game_id)
    return bool(data and data.get("preliminary", True))
