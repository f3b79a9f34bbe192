"""What the three adapters share: one match of a game, its seeds, its arrays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cardtable.core import Deck, Game, State, load_game
from cardtable.core.errors import CardtableError
from cardtable.core.seeding import derive_seed


def resolve_decks(game: Game, decks: Any) -> tuple[Deck, ...] | None:
    """``decks`` as the game's decks: None (the defaults), or two names, paths or ``Deck``s."""
    if decks is None:
        return None
    if isinstance(decks, str) or not isinstance(decks, Sequence) or len(decks) != 2:
        raise CardtableError("decks: give two deck names, paths or Deck objects, or None")
    return tuple(d if isinstance(d, Deck) else game.load_deck(str(d)) for d in decks)


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
        self.base_seed = 0
        self.episode = 0
        self.state: State = self.new(0)

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
        return np.asarray(self.game.observe(self.state, player), dtype=np.float32)

    def mask(self, player: int) -> np.ndarray:
        s = self.state
        if s.is_terminal() or s.current_player() != player:
            return np.zeros(self.num_actions, dtype=np.int8)
        legal = s.legal_actions()
        # games hand out one shared list per shape of position (a team step's hundreds of
        # line-ups, a placement pattern), so the mask of a list is made once and copied
        hit = self._masks.get(id(legal))
        if hit is None or hit[0] is not legal:
            if len(self._masks) >= 512:
                self._masks.clear()
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask[legal] = 1
            hit = self._masks[id(legal)] = (legal, mask)
        return hit[1].copy()

    def text(self, player: int | None) -> str:
        """The terminal table for ``player`` (None: the seat deciding, or seat 0 at the end)."""
        s = self.state
        if player is None:
            player = max(s.current_player(), 0)
        view = s.view(player)
        try:
            from cardtable.cli.table_board import board_lines

            text = "\n".join(board_lines(self.game.project(view, "en"), player, "en")) + "\n"
        except Exception as exc:  # the table is a courtesy; the episode must go on
            text = f"({type(exc).__name__} drawing the table)\n"
        if s.is_terminal():
            text += f"result: {s.result()}\n"
        return text
