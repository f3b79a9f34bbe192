"""The PettingZoo adapter: an ``AECEnv`` whose agents take turns as the game asks them.

The game decides who moves (a simultaneous step asks each seat in turn, with the other's
answer hidden in the state), so ``agent_selection`` follows ``State.current_player()`` rather
than a fixed cycle. The observation is the classic-environment dict: the seat's encoded view
(``Game.observe_into``) and an ``int8`` mask of the legal codes, all zeros for the seat that is not
deciding. Rewards come once, at the end: +1 and -1, or 0 each for a draw.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.core.contract import TERMINAL
from cardtable.rl.match import Match

AGENTS = ("player_0", "player_1")
SEATS = {agent: seat for seat, agent in enumerate(AGENTS)}


class _AgentIter:
    """The agents in turn, as PettingZoo's ``AECIterable`` gives them: each turn the agent
    selected, until no agent is left or ``max_iter`` turns have passed."""

    __slots__ = ("env", "left")

    def __init__(self, env: CardtableAEC, max_iter: int) -> None:
        self.env = env
        self.left = max_iter

    def __iter__(self) -> _AgentIter:
        return self

    def __next__(self) -> str:
        if not self.env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return self.env.agent_selection  # type: ignore[no-any-return]


class CardtableAEC(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "cardtable_v0",
                                          "is_parallelizable": False}

    def __init__(self, game_id: str, decks: Any = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', "
                             f"not {render_mode!r}")
        self.match = Match(game_id, decks, options)
        self.game_id = game_id
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"cardtable_{game_id.replace('-', '_')}_v0")
        self.possible_agents = list(AGENTS)
        n, size = self.match.num_actions, self.match.size
        obs = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        # one space object per agent, the same each call (the API test checks identity)
        self.observation_spaces = {a: obs for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self._reset_dicts()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _reset_dicts(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[max(self.match.state.current_player(), 0)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: from ``seed`` when given, else the next of the current sequence.
        ``options`` is accepted for the API and unused: a game's options are fixed when the
        environment is made."""
        self.match.reset(seed)
        self._reset_dicts()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Fresh arrays each call (``Game.observe_into`` into a zeroed buffer, the mask from
        the legal codes), so an observation a learner keeps is never changed by a later step."""
        p = SEATS[agent]
        match = self.match
        return {"observation": match.observation(p), "action_mask": match.mask(p)}

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIter:
        """PettingZoo's ``agent_iter``: the agent to act, until the episode ends or
        ``max_iter`` turns have passed (its iterator, with less to do per turn)."""
        return _AgentIter(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, with the dictionaries read once (it runs every decision)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.match.state
        state.apply(action)  # an illegal code is an IllegalActionError; nothing changes
        # (PettingZoo's step zeroes the agent's cumulative reward first: here every reward is
        # zero until the step that ends the match, so it already is)
        seat = state.current_player()
        if seat != TERMINAL:
            # rewards are all zero until the end, so there is nothing to accumulate
            self.agent_selection = AGENTS[seat]
            return
        for a, r in zip(AGENTS, state.returns(), strict=True):
            self.rewards[a] = float(r)
            self.terminations[a] = True
        result = state.result()
        for a in AGENTS:
            self.infos[a] = {"result": result}
        self.agent_selection = AGENTS[1 - SEATS[agent]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The terminal table as the deciding seat sees it: returned with
        ``render_mode="ansi"``, printed with ``"human"``."""
        if self.render_mode is None:
            return None
        s = self.match.state
        text = self.match.text(None if s.is_terminal() else s.current_player())
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass
