"""OpenSpiel bots that fit imperfect information, ready for ``evaluate_bots``.

OpenSpiel's ``MCTSBot`` searches clones of the state it is handed, and a clone of a cardtable
state is the whole match: the opponent's hand and every future draw. It plays, but it cheats
(``cardtable.rl.spiel`` warns, ``TrueStateSearchWarning``). What searches fairly:

* ``ISMCTSBot``: OpenSpiel's information-set MCTS (it searches matches resampled from the
  seat's view, ``resample_from_infostate``), with the ``restart_at`` and ``inform_action``
  that ``evaluate_bots`` calls and OpenSpiel's Python class lacks (it keeps no tree between
  moves, so both do nothing);
* ``AgentBot``: any cardtable agent (``random``, ``greedy``, ``mcts``, ``expert``...) as a
  bot; it sees the seat's view only, as it does everywhere else.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.agents.base import Agent
from cardtable.core.seeding import derive_seed


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``ISMCTSBot`` with its own arguments (``evaluator`` defaults to one random
    rollout), playable by ``evaluate_bots``."""

    def __init__(self, game: Any, evaluator: Any = None, uct_c: float = 2.0,
                 max_simulations: int = 100, **kwargs: Any) -> None:
        random_state = kwargs.get("random_state")
        if evaluator is None:
            evaluator = mcts.RandomRolloutEvaluator(
                1, np.random.RandomState(random_state.randint(1 << 31))
                if random_state is not None else None)
        super().__init__(game, evaluator, uct_c, max_simulations, **kwargs)

    def restart_at(self, state: Any) -> None:
        """Nothing to do: each search starts a new tree (``run_search`` resets it)."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the next search resamples from the seat's information state."""


class AgentBot(pyspiel.Bot):  # type: ignore[misc]
    """A cardtable agent playing seat ``player`` of an OpenSpiel cardtable game: it acts on
    ``state.match.view(player)`` and the legal codes, reseeded from ``seed`` each match."""

    def __init__(self, agent: Agent | str, player: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if isinstance(agent, str):
            from cardtable.agents.registry import make_agent

            agent = make_agent(agent)
        self.agent, self.player, self.seed, self.matches = agent, player, seed, 0

    def restart_at(self, state: Any) -> None:
        self.agent.reset(derive_seed(self.seed, "open_spiel-bot", self.matches))
        self.matches += 1

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: Any) -> int:
        s = state.match
        view = s.view(self.player) if self.agent.needs_view else None
        return int(self.agent.act(s.game, view, list(s.legal_actions())))
