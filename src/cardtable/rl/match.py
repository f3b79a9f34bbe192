"""What the three adapters share: one match of a game, its seeds, its arrays."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np

from cardtable.core import Deck, Game, State, load_game
from cardtable.core.errors import CardtableError
from cardtable.core.obsbuf import compiled
from cardtable.core.seeding import derive_seed

#: the arrays' types, made once (NumPy converts a scalar type on every call that names one)
FLOAT32, INT8 = np.dtype(np.float32), np.dtype(np.int8)


def resolve_decks(game: Game, decks: Any) -> tuple[Deck, ...] | None:
    """``decks`` as the game's decks: None (the defaults), or two names, paths or ``Deck``s."""
    if decks is None:
        return None
    if isinstance(decks, str) or not isinstance(decks, Sequence) or len(decks) != 2:
        raise CardtableError("decks: give two deck names, paths or Deck objects, or None")
    return tuple(d if isinstance(d, Deck) else game.load_deck(str(d)) for d in decks)


def _fill(out: bytearray, legal: list[int]) -> None:
    """A 1 in ``out`` at each legal code (a C loop when compiled)."""
    for code in legal:
        out[code] = 1


def _fill_int8(out: np.ndarray, legal: list[int]) -> None:
    """``_fill`` for an ``int8`` NumPy array: only called compiled, where it is a C loop (the
    pure path fills a ``bytearray``, whose items Python sets faster than NumPy's)."""
    for code in legal:
        out[code] = 1


#: the compiled build fills a zeroed NumPy array in place; the pure path a ``bytearray``
_IN_PLACE = compiled(_fill_int8)


class Match:
    """A game with fixed decks and options, and a sequence of seeded matches.

    ``reset(seed)`` starts again from ``seed``; ``reset(None)`` takes the next match of the
    current sequence, so episodes differ while a seeded run stays reproducible.
    """

    def __init__(self, game_id: str, decks: Any = None,
                 options: dict[str, Any] | None = None) -> None:
        self.game: Game = load_game(game_id)
        self.decks = resolve_decks(self.game, decks)
        self.options = self.game.resolve_options(options) if options else None
        self.num_actions = self.game.num_actions
        self.size = self.game.observation_size
        self._masks: dict[int, tuple[list[int], np.ndarray]] = {}
        self._no_mask = bytes(self.num_actions)
        #: a zeroed float32 buffer of the observation's size: copy it, then ``observe_into``
        self.zero = array("f", bytes(4 * self.size))
        self.base_seed = 0
        self.episode = 0
        self.state: State = self.new(0)
        # the first call finds the game's fast path (Game.observe_into); hold that one
        self.game.observe_into(self.state, 0, self.zero[:])
        #: the game's ``observe_into``, looked up once
        self.observe_into = self.game.observe_into
        #: a compiled writer stores into a NumPy array as fast as into an ``array('f')``, so
        #: the observation is a zeroed array it fills; a pure one sets items, which NumPy
        #: takes several times slower than ``array('f')``
        self.into_numpy = compiled(self.observe_into)

    def new(self, seed: int) -> State:
        return self.game.new_game(seed, decks=self.decks, options=self.options)

    def reset(self, seed: int | None) -> State:
        if seed is not None:
            self.base_seed, self.episode = int(seed), 0
        else:
            self.episode += 1
        self.state = self.new(derive_seed(self.base_seed, "rl", self.episode))
        return self.state

    def observation(self, player: int) -> np.ndarray:
        """The seat's observation as a new float32 array (the env never writes to it again):
        ``Game.observe_into`` fills a zeroed NumPy array (a compiled writer), or a copy of a
        zeroed ``array('f')`` that NumPy then wraps without copying (a pure one)."""
        if self.into_numpy:
            out = np.zeros(self.size, FLOAT32)
            self.observe_into(self.state, player, out)
            return out
        buf = self.zero[:]
        self.observe_into(self.state, player, buf)
        return np.frombuffer(buf, FLOAT32)

    def mask(self, player: int) -> np.ndarray:
        """The seat's legal codes as a new ``int8`` array of ``num_actions`` (zeros when the
        seat does not decide)."""
        s = self.state
        if s.current_player() != player:  # another seat's turn, or the end (TERMINAL)
            return np.zeros(self.num_actions, INT8)
        legal = s.legal_actions()
        if len(legal) <= 32:  # a short list is written faster than it is looked up
            if _IN_PLACE:
                mask = np.zeros(self.num_actions, INT8)
                _fill_int8(mask, legal)
                return mask
            out = bytearray(self._no_mask)
            _fill(out, legal)
            return np.frombuffer(out, INT8)
        # games hand out one shared list per shape of position (a team step's hundreds of
        # line-ups, a placement pattern), so the mask of a long list is made once and copied
        hit = self._masks.get(id(legal))
        if hit is None or hit[0] is not legal:
            if len(self._masks) >= 512:
                self._masks.clear()
            out = bytearray(self._no_mask)
            _fill(out, legal)
            hit = self._masks[id(legal)] = (legal, np.frombuffer(bytes(out), INT8))
        return hit[1].copy()

    def text(self, player: int | None) -> str:
        """The terminal table for ``player`` (None: the seat deciding, or seat 0 at the end)."""
        s = self.state
        if player is None:
            player = max(s.current_player(), 0)
        view = s.view(player)
        try:
            from cardtable.table.board import board_lines

            text = "\n".join(board_lines(self.game.project(view, "en"), player, "en")) + "\n"
        except Exception as exc:  # the table is a courtesy; the episode must go on
            text = f"({type(exc).__name__} drawing the table)\n"
        if s.is_terminal():
            text += f"result: {s.result()}\n"
        return text
