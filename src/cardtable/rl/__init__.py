"""The research door: the five games behind PettingZoo, Gymnasium (one env, or N matches
stepped in one call: ``vector_env``) and OpenSpiel (with bots that search them fairly:
``cardtable.rl.spiel_bots``).

An optional extra (``pip install 'cardtable[rl]'``): ``import cardtable`` never imports this
package, and this package imports each library only when its adapter is asked for, so
``aec_env`` needs PettingZoo but not OpenSpiel. Every adapter reads a game through the contract
alone (``new_game``, ``legal_actions``, ``apply``, ``returns``) and observes it through the
game's own encoding (defined as ``encode(view(player))`` and written by ``Game.observe_into``,
its fast path, which the tests hold to that definition), so what a seat cannot see never
reaches a policy. See docs/research.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.rl.games import game_ids

if TYPE_CHECKING:
    from cardtable.rl.aec import CardtableAEC
    from cardtable.rl.gym import CardtableGym
    from cardtable.rl.vector import CardtableVectorEnv, SelfPlayVectorEnv
    from cardtable.rl.workers import WorkerVectorEnv

__all__ = ["GAME_IDS", "aec_env", "game_ids", "gym_env", "register_open_spiel",
           "self_play_vector_env", "vector_env"]


def __getattr__(name: str) -> Any:
    if name == "GAME_IDS":  # read at use, so a game registered later is offered too
        return game_ids()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def aec_env(game_id: str, decks: Any = None, options: dict[str, Any] | None = None,
            render_mode: str | None = None) -> CardtableAEC:
    """A PettingZoo ``AECEnv`` of ``game_id`` for two agents, ``player_0`` and ``player_1``."""
    from cardtable.rl.aec import CardtableAEC

    return CardtableAEC(game_id, decks=decks, options=options, render_mode=render_mode)


def gym_env(game_id: str, opponent: str = "random", seat: int = 0, decks: Any = None,
            options: dict[str, Any] | None = None, render_mode: str | None = None,
            illegal_action: str = "lose") -> CardtableGym:
    """A Gymnasium ``Env``: one seat of ``game_id`` against a built-in agent (``random``,
    ``greedy``, ``mcts:iters=200``...), the legal-action mask in ``info["action_mask"]``.
    An illegal code ends the episode as a loss (``illegal_action="raise"``: raises)."""
    from cardtable.rl.gym import CardtableGym

    return CardtableGym(game_id, opponent=opponent, seat=seat, decks=decks, options=options,
                        render_mode=render_mode, illegal_action=illegal_action)


def vector_env(game_id: str, num_envs: int, opponent: Any = "random", seat: int | str = 0,
               decks: Any = None, options: dict[str, Any] | None = None,
               illegal_action: str = "lose", copy: bool = True,
               events: bool = False, workers: int = 0) -> CardtableVectorEnv | WorkerVectorEnv:
    """A Gymnasium ``VectorEnv`` of ``num_envs`` matches stepped in one call: one seat each
    (0, 1 or ``"alternate"``) against ``opponent`` (a spec, an ``Agent`` or a callable),
    observations (N, size) float32 and masks (N, actions) int8 (``info["action_mask"]``),
    autoreset in the same step. ``copy=False`` hands out the env's own arrays (rewritten by
    the next step); ``events=True`` keeps each match's event log (not kept by default: nothing
    in the env reads it). ``workers=K`` splits the envs over K subprocesses writing into
    shared memory (the same rows as in one process; ``close()`` ends them)."""
    if workers:
        from cardtable.rl.workers import WorkerVectorEnv

        return WorkerVectorEnv(game_id, num_envs, workers, opponent=opponent, seat=seat,
                               decks=decks, options=options, illegal_action=illegal_action,
                               copy=copy, events=events)
    from cardtable.rl.vector import CardtableVectorEnv

    return CardtableVectorEnv(game_id, num_envs, opponent=opponent, seat=seat, decks=decks,
                              options=options, illegal_action=illegal_action, copy=copy,
                              events=events)


def self_play_vector_env(game_id: str, num_envs: int, decks: Any = None,
                         options: dict[str, Any] | None = None, illegal_action: str = "lose",
                         copy: bool = True, events: bool = False,
                         workers: int = 0) -> SelfPlayVectorEnv | WorkerVectorEnv:
    """``vector_env`` with both seats learning: observations (N, 2, size), masks
    (N, 2, actions), ``info["to_move"]`` the seat each env's code is for, rewards (N, 2);
    ``workers=K`` as in ``vector_env``."""
    if workers:
        from cardtable.rl.workers import WorkerVectorEnv

        return WorkerVectorEnv(game_id, num_envs, workers, self_play=True, decks=decks,
                               options=options, illegal_action=illegal_action, copy=copy,
                               events=events)
    from cardtable.rl.vector import SelfPlayVectorEnv

    return SelfPlayVectorEnv(game_id, num_envs, decks=decks, options=options,
                             illegal_action=illegal_action, copy=copy, events=events)


def register_open_spiel() -> list[str]:
    """Register every game with OpenSpiel as ``cardtable_<id>`` (dashes as underscores), so
    ``pyspiel.load_game("cardtable_culdcept")`` works; returns the names registered."""
    from cardtable.rl.spiel import register

    return register()
