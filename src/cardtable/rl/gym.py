"""The Gymnasium adapter: one seat of a game against a built-in agent.

The opponent is any agent spec the command line takes (``random``, ``greedy``, the levels
``beginner`` to ``expert``, ``mcts:iters=200``), an ``Agent``, or any policy: an object with
``act(game, view, legal)``, a callable of the same, or a callable ``(observation, mask)`` of
the opponent seat's own arrays. It plays through the same contract and sees only its own view. The
observation is the seat's encoded view (``Game.observe_into``); the legal codes are in
``info["action_mask"]`` (an ``int8`` array), as Gymnasium has no masked spaces. An illegal
code ends the episode as a loss (reward -1, ``info["illegal_action"]``), so a policy that
ignores the mask still gets a well-formed episode; ``illegal_action="raise"`` raises the
engine's ``IllegalActionError`` instead.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable.agents.base import Agent
from cardtable.agents.registry import make_agent
from cardtable.core.errors import IllegalActionError
from cardtable.core.seeding import derive_seed
from cardtable.rl.games import game_ids
from cardtable.rl.match import Match


class PolicyAgent(Agent):
    """Any policy as the opponent: a callable ``policy(game, view, legal) -> code``, or an
    object with such an ``act`` (and, if it has one, a ``reset(seed)``)."""

    name = "policy"
    #: whether the policy takes the seat's arrays (observation, mask) instead of the view
    wants_arrays = False

    def __init__(self, policy: Any) -> None:
        super().__init__()
        self.policy = policy
        act = getattr(policy, "act", None)
        self._call = act if callable(act) and not isinstance(policy, Agent) else policy

    def spec(self) -> str:
        return f"policy:{getattr(self.policy, '__name__', type(self.policy).__name__)}"

    def reset(self, seed: int) -> None:
        reset = getattr(self.policy, "reset", None)
        if callable(reset):
            reset(seed)

    def act(self, game: Any, view: dict[str, Any] | None, legal: list[int]) -> int:
        return int(self._call(game, view, legal))


class ArrayPolicyAgent(PolicyAgent):
    """A policy of the arrays a learner sees: ``policy(observation, mask) -> code``, the
    opponent seat's float32 observation and int8 mask (a trained network, a frozen copy of
    the learner for self-play)."""

    needs_view = False
    wants_arrays = True

    def act_on(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self._call(observation, mask))

    def act(self, game: Any, view: dict[str, Any] | None, legal: list[int]) -> int:
        raise TypeError("an array policy is asked through act_on(observation, mask)")


def _positional(fn: Any) -> int | None:
    """How many positional arguments ``fn`` takes (None: unknown, or any number)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return None
    return sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               and p.default is p.empty)


def as_agent(opponent: Any) -> Agent:
    """The opponent as an agent: a spec (``"expert"``, ``"mcts:iters=200"``), an ``Agent``
    (its ``reset`` is called each episode), an object with ``act(game, view, legal)``, a
    callable ``(game, view, legal) -> code``, or a callable ``(observation, mask) -> code``
    of the seat's arrays (told apart by how many arguments it takes)."""
    if isinstance(opponent, str):
        return make_agent(opponent)
    if isinstance(opponent, Agent):
        return opponent
    act = getattr(opponent, "act", None)
    fn = act if callable(act) else opponent
    if callable(fn):
        return ArrayPolicyAgent(opponent) if _positional(fn) == 2 else PolicyAgent(opponent)
    raise TypeError(f"opponent must be an agent spec, an Agent, a policy object or a "
                    f"callable, not {opponent!r}")


def opponent_moves(match: Match, other: int, agent: Agent) -> None:
    """The opponent's decisions, until the other seat decides or the match ends."""
    s, game = match.state, match.game
    if getattr(agent, "wants_arrays", False):
        while s.current_player() == other:
            s.apply(agent.act_on(match.observation(other), match.mask(other)))  # type: ignore[attr-defined]
        return
    while s.current_player() == other:
        view = s.view(other) if agent.needs_view else None
        s.apply(agent.act(game, view, list(s.legal_actions())))


class CardtableGym(gymnasium.Env):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game_id: str, opponent: Any = "random", seat: int = 0, decks: Any = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 illegal_action: str = "lose") -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', "
                             f"not {render_mode!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        self.match = Match(game_id, decks, options)
        self.game_id, self.seat, self.render_mode = game_id, seat, render_mode
        self.illegal_action = illegal_action
        self.opponent = as_agent(opponent)
        self.opponent_spec = opponent if isinstance(opponent, str) else self.opponent.spec()
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.match.size,), np.float32)
        self.action_space = spaces.Discrete(self.match.num_actions)
        self._ended_by: str | None = None

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.match.mask(self.seat)}
        s = self.match.state
        if s.is_terminal():
            info["result"] = s.result()
        if self._ended_by:
            info["illegal_action"] = True
        return info

    def _opponent_moves(self) -> None:
        opponent_moves(self.match, 1 - self.seat, self.opponent)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new match (from ``seed``, else the next of the sequence), played on by the
        opponent until this seat decides. ``options`` is unused."""
        super().reset(seed=seed)
        m = self.match
        m.reset(seed)
        self._ended_by = None
        self.opponent.reset(derive_seed(m.base_seed, "rl-opponent", m.episode))
        self._opponent_moves()
        return m.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        m = self.match
        s = m.state
        if self._ended_by or s.is_terminal():
            raise RuntimeError("the episode is over; call reset()")
        try:
            s.apply(action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._ended_by = "illegal"
            return m.observation(self.seat), -1.0, True, False, self._info()
        self._opponent_moves()
        done = s.is_terminal()
        reward = float(s.returns()[self.seat]) if done else 0.0
        return m.observation(self.seat), reward, done, False, self._info()

    def render(self) -> str | None:
        """The terminal table as this seat sees it: returned with ``render_mode="ansi"``,
        printed with ``"human"``."""
        if self.render_mode is None:
            return None
        text = self.match.text(self.seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text


def register() -> list[str]:
    """Register ``cardtable/<id>-v0`` with Gymnasium, so ``gymnasium.make`` finds each game
    (``gymnasium.make("cardtable.rl.gym:cardtable/culdcept-v0", opponent="greedy")`` imports
    this module and makes the env in one step)."""
    names = []
    for game_id in game_ids():
        name = f"cardtable/{game_id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point="cardtable.rl.gym:CardtableGym",
                               kwargs={"game_id": game_id})
        names.append(name)
    return names


register()
