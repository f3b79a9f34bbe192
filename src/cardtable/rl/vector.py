"""The vectorized env: N matches of one game stepped in one call, into preallocated arrays.

A per-decision env pays its protocol (a dict, fresh arrays, the mask) at every decision, and
on this engine that alone is a third of a decision's cost (docs/research.md). Here one call
steps every match: each observation is written by the game's own ``observe_into`` straight
into its row of one (N, size) float32 array (a memoryview of the row), and each mask
into its row of one (N, actions) int8 array, both made once. Matches that end are dealt again
in the same step (Gymnasium's ``SAME_STEP`` autoreset), so every row is always a decision of
its seat. Each match is its own seeded sequence: ``reset(seed=s)`` deals match k of env i
from ``s + i`` (or ``seed[i]`` from a list) as the Gymnasium env would, and a run repeats
exactly. Only the seat's own view reaches its row: the writer is the encoding, and the
hidden-twin test holds the rows to it.

Two forms:

* ``CardtableVectorEnv``: one seat per match (``seat`` 0, 1 or ``"alternate"``) against an
  opponent (an agent spec, an ``Agent``, or any callable ``(game, view, legal) -> code``),
  which plays inside ``step``; rewards are that seat's, at the end;
* ``SelfPlayVectorEnv``: both seats learn. Observations (N, 2, size) and masks (N, 2, actions)
  for both seats, ``info["to_move"]`` the seat whose code ``step`` applies, rewards (N, 2).
"""

from __future__ import annotations

import copy as copying
from array import array
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from cardtable.agents.base import Agent
from cardtable.core.errors import IllegalActionError
from cardtable.core.seeding import derive_seed
from cardtable.rl.gym import as_agent, opponent_moves
from cardtable.rl.match import Match


class _Batch(VectorEnv):  # type: ignore[misc]
    """What both forms share: the matches, the two arrays, the writer of a row."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP,  # noqa: RUF012
                                "render_modes": []}

    #: rows per match: one seat, or both
    rows_per_match = 1

    def __init__(self, game_id: str, num_envs: int, decks: Any, options: dict[str, Any] | None,
                 illegal_action: str, copy: bool, events: bool = False, first: int = 0,
                 buffers: tuple[Any, Any] | None = None) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        self.game_id, self.num_envs = game_id, num_envs
        self.illegal_action, self.copy = illegal_action, copy
        #: whether the matches keep their event logs (nothing here reads them: the rows are
        #: written from the state, and a quiet match plays and observes the same, which
        #: tests/test_rl_vector.py checks; without the logs a step allocates far less)
        self.events = events
        #: decisions of the matches that ended (for the benchmarks' counts)
        self.decisions = 0
        #: matches that ended
        self.ended = 0
        self.matches = [Match(game_id, decks, options) for _ in range(num_envs)]
        #: the index of env 0 in a batch split over workers (its seeds and seats follow it)
        self.first = first
        for i, m in enumerate(self.matches):  # env i's sequence: base seed i until reset(seed)
            m.base_seed, m.episode = first + i, -1
        first = self.matches[0]
        self.game = first.game
        self.size, self.num_actions = size, n = first.size, first.num_actions
        rows = num_envs * self.rows_per_match
        if buffers is None:
            self._obs: Any = array("f", bytes(4 * rows * size))
            self._masks: Any = bytearray(rows * n)
        else:  # a worker's share of shared memory: memoryviews of formats 'f' and 'B', zeroed
            self._obs, self._masks = buffers
        shape = (num_envs, 2) if self.rows_per_match == 2 else (num_envs,)
        #: the arrays every step writes (NumPy views of the buffers above, no copy)
        self.observations = np.frombuffer(self._obs, np.float32).reshape(*shape, size)
        self.action_masks = np.frombuffer(self._masks, np.int8).reshape(*shape, n)
        self._scratch = array("f", bytes(4 * size))
        #: each row as a float32 memoryview a game's own writer fills in place (pure or
        #: compiled, a writer takes any float32 buffer); a game without one copies its
        #: ``observe`` in through the scratch array, which takes a list
        self._rows = None
        if self.game._fast_writer() is not None:
            whole = memoryview(self._obs)
            self._rows = [whole[r * size:(r + 1) * size] for r in range(rows)]
        self._zero = first.zero
        self._no_mask = bytes(n)
        self._long: dict[int, tuple[list[int], bytes]] = {}
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(n)
        self.observation_space = spaces.Box(-np.inf, np.inf, self.observations.shape, np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, n))

    def _write(self, row: int, match: Match, seat: int) -> None:
        """Seat ``seat``'s observation and mask of ``match`` into row ``row`` of the arrays."""
        s, n = match.state, self.num_actions
        rows = self._rows
        if rows is not None:
            out = rows[row]
            out[:] = self._zero
            match.observe_into(s, seat, out)
        else:
            buf, size = self._scratch, self.size
            buf[:] = self._zero
            match.observe_into(s, seat, buf)
            self._obs[row * size:(row + 1) * size] = buf
        masks, at = self._masks, row * n
        if s.current_player() != seat:
            masks[at:at + n] = self._no_mask
            return
        legal = s.legal_actions()
        if len(legal) <= 32:  # a short list is written faster than it is looked up
            masks[at:at + n] = self._no_mask
            for code in legal:
                masks[at + code] = 1
            return
        # games hand out one shared list per shape of position: its mask is made once
        hit = self._long.get(id(legal))
        if hit is None or hit[0] is not legal:
            if len(self._long) >= 512:
                self._long.clear()
            made = bytearray(self._no_mask)
            for code in legal:
                made[code] = 1
            hit = self._long[id(legal)] = (legal, bytes(made))
        masks[at:at + n] = hit[1]

    def _reset(self, m: Match, seed: int | None) -> None:
        """``m``'s next match (or its match from ``seed``), quiet unless ``events``."""
        m.reset(seed)
        if not self.events:
            m.state.quiet()

    def _seed_all(self, seed: int | list[int] | None) -> None:
        if seed is None:
            for m in self.matches:
                self._reset(m, None)
            return
        seeds = [int(seed) + i for i in range(self.num_envs)] if isinstance(seed, int) \
            else [int(x) for x in seed]
        if len(seeds) != self.num_envs:
            raise ValueError(f"reset: {len(seeds)} seeds for {self.num_envs} envs")
        for m, one in zip(self.matches, seeds, strict=True):
            self._reset(m, one)

    def _out(self, *arrays: np.ndarray) -> tuple[np.ndarray, ...]:
        return tuple(a.copy() for a in arrays) if self.copy else arrays

    def played(self) -> int:
        """Decisions applied so far: the ended matches' and those of the matches in play."""
        return self.decisions + sum(len(m.state.history) for m in self.matches)

    def results(self) -> list[str | None]:
        """Each match's result (None while it runs): for a look at the matches, not a hot
        path."""
        return [m.state.result() if m.state.is_terminal() else None for m in self.matches]


class CardtableVectorEnv(_Batch):
    """N matches, one seat each against an opponent that plays inside ``step``."""

    def __init__(self, game_id: str, num_envs: int, opponent: Any = "random",
                 seat: int | str = 0, decks: Any = None, options: dict[str, Any] | None = None,
                 illegal_action: str = "lose", copy: bool = True, events: bool = False,
                 first: int = 0, buffers: tuple[Any, Any] | None = None) -> None:
        super().__init__(game_id, num_envs, decks, options, illegal_action, copy, events,
                         first, buffers)
        if seat == "alternate":
            self.seats = [(first + i) % 2 for i in range(num_envs)]
        elif seat in (0, 1):
            self.seats = [int(seat)] * num_envs
        else:
            raise ValueError(f"seat must be 0, 1 or 'alternate', not {seat!r}")
        # a spec or an Agent: one per match, so each match's play is its own seeded sequence;
        # any other callable is shared (it keeps its own state, if any)
        if isinstance(opponent, str):
            self.opponents = [as_agent(opponent) for _ in range(num_envs)]
        elif isinstance(opponent, Agent):
            self.opponents = [copying.deepcopy(opponent) for _ in range(num_envs)]
        else:
            self.opponents = [as_agent(opponent)] * num_envs
        self.opponent_spec = opponent if isinstance(opponent, str) else self.opponents[0].spec()
        #: each env's opponent's ``act`` where it reads neither the view nor the arrays (the
        #: random agent): ``step`` asks it in its own loop, with no call between
        self._blind = [None if o.needs_view or getattr(o, "wants_arrays", False) else o.act
                       for o in self.opponents]

    def _opponent_moves(self, i: int) -> None:
        opponent_moves(self.matches[i], 1 - self.seats[i], self.opponents[i])

    def _deal(self, i: int, fresh: bool = True) -> None:
        """Env i's next match (``fresh=False``: the one just reset), played on to the seat's
        first decision; a match the opponent ends alone is dealt again."""
        m = self.matches[i]
        if fresh:
            self.decisions += len(m.state.history)
            self.ended += 1
            self._reset(m, None)
        while True:
            self.opponents[i].reset(derive_seed(m.base_seed, "rl-opponent", m.episode))
            self._opponent_moves(i)
            if not m.state.is_terminal():
                return
            self._reset(m, None)

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New matches in every env: env i from ``seed + i`` (or ``seed[i]``), else each
        env's next. ``options`` is unused (a game's options are fixed at construction)."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        self._seed_all(seed)
        for i, m in enumerate(self.matches):
            self._deal(i, fresh=False)
            self._write(i, m, self.seats[i])
        obs, masks = self._out(self.observations, self.action_masks)
        return obs, {"action_mask": masks}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Each env's code for its seat, the opponent's replies, and the next decision of
        each env (of a new match where one ended: ``terminated`` marks it, the reward is
        the ended match's)."""
        codes = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
        n = self.num_envs
        if len(codes) != n:
            raise ValueError(f"step: {len(codes)} actions for {n} envs")
        rewards = [0.0] * n
        ended = [False] * n
        illegal: list[int] = []
        matches, seats, write, blind, game = self.matches, self.seats, self._write, \
            self._blind, self.game
        for i in range(n):
            m = matches[i]
            s = m.state
            seat = seats[i]
            try:
                s.apply(codes[i])
            except IllegalActionError:
                if self.illegal_action == "raise":
                    raise
                rewards[i], ended[i] = -1.0, True
                illegal.append(i)
            else:
                other = 1 - seat
                if s.current_player() == other:
                    act = blind[i]
                    if act is None:
                        self._opponent_moves(i)
                    else:  # opponent_moves' loop for an agent that reads only the codes
                        while True:
                            s.apply(act(game, None, list(s.legal_actions())))
                            if s.current_player() != other:
                                break
                if s.is_terminal():
                    rewards[i], ended[i] = float(s.returns()[seat]), True
            if ended[i]:
                self._deal(i)
            write(i, m, seat)
        obs, masks = self._out(self.observations, self.action_masks)
        info: dict[str, Any] = {"action_mask": masks}
        if illegal:
            info["illegal_action"] = np.isin(np.arange(n), illegal)
        done = np.array(ended, dtype=np.bool_)
        return (obs, np.array(rewards, dtype=np.float32), done, np.zeros(n, np.bool_), info)


class SelfPlayVectorEnv(_Batch):
    """N matches with both seats learning: both seats' rows each step, the code applied for
    the seat ``info["to_move"]`` names."""

    rows_per_match = 2

    def __init__(self, game_id: str, num_envs: int, decks: Any = None,
                 options: dict[str, Any] | None = None, illegal_action: str = "lose",
                 copy: bool = True, events: bool = False, first: int = 0,
                 buffers: tuple[Any, Any] | None = None) -> None:
        super().__init__(game_id, num_envs, decks, options, illegal_action, copy, events,
                         first, buffers)
        self.to_move = np.zeros(num_envs, np.int64)

    def _write_both(self, i: int) -> None:
        m = self.matches[i]
        self._write(2 * i, m, 0)
        self._write(2 * i + 1, m, 1)
        self.to_move[i] = m.state.current_player()

    def _info(self) -> dict[str, Any]:
        masks, to_move = self._out(self.action_masks, self.to_move)
        return {"action_mask": masks, "to_move": to_move}

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed if isinstance(seed, int) else None)
        self._seed_all(seed)
        for i in range(self.num_envs):
            self._write_both(i)
        return self._out(self.observations)[0], self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Each env's code for its seat to move; rewards (N, 2) are both seats' at the end."""
        codes = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
        n = self.num_envs
        if len(codes) != n:
            raise ValueError(f"step: {len(codes)} actions for {n} envs")
        rewards = np.zeros((n, 2), np.float32)
        ended = np.zeros(n, np.bool_)
        for i in range(n):
            m = self.matches[i]
            s = m.state
            mover = s.current_player()
            try:
                s.apply(codes[i])
            except IllegalActionError:
                if self.illegal_action == "raise":
                    raise
                rewards[i, mover], rewards[i, 1 - mover] = -1.0, 1.0
                ended[i] = True
            else:
                if s.is_terminal():
                    rewards[i] = s.returns()
                    ended[i] = True
            if ended[i]:
                self.decisions += len(s.history)
                self.ended += 1
                self._reset(m, None)
            self._write_both(i)
        obs = self._out(self.observations)[0]
        return obs, rewards, ended, np.zeros(n, np.bool_), self._info()
