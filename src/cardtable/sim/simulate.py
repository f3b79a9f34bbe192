"""Batches of games between two agents, on one core or many, with a reproducible summary.

Reproducibility is the point: game ``i`` gets seed ``derive_seed(seed, "game", i)`` and fresh
agents, so its outcome never depends on which process ran it or what ran before; results are
merged in game-index order, so the summary is the same for any worker count. Timing and the
worker count stay out of the summary for the same reason (the CLI measures and prints them).

Seats alternate (even games: agent A in seat 0) so a first-seat advantage cancels out of the
head-to-head rate instead of biasing it, and the per-seat split makes that advantage visible.
Each agent keeps its own deck whichever seat it sits in, unless ``swap_decks`` is asked for: then
the agents also trade decks every second pair of games (games 2, 3, 6, 7, ...), so every agent
meets every seat with every deck equally often, and a stronger deck cannot pass for a stronger
agent.

Workers are spawned, not forked: a parent that already runs threads (a progress bar's refresh
thread) can deadlock a forked child, and spawning behaves the same on every platform. Spawned
workers are also kept from re-running the parent's main script (see ``_main_not_rerun``). A failing
game is reported as a ``SimulationError`` naming the game, its seed and the failing frame; a
worker that dies outright breaks the pool, which is reported the same way instead of hanging.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import CardtableError, Deck, derive_seed, load_game, make_record
from cardtable.core.record import GameRecord, replay, start_state
from cardtable.core.scenario import read_text, state_from_text
from cardtable.sim.match import play_match
from cardtable.sim.stats import rate, rounded, wilson

#: called in the parent as results arrive: (games finished, games in total)
#: called as games finish: (games done, games in the batch, how many of the done games were
#: played now rather than read back by ``--resume``; an estimate of the time left needs those)
Progress = Callable[[int, int, int], None]

#: most games handed to a worker at once; small enough for a smooth progress bar
MAX_CHUNK = 250
#: chunks per worker to aim for, so a slow chunk does not leave the other workers idle
CHUNKS_PER_WORKER = 8


class SimulationError(CardtableError):
    """A game of the batch failed (usually an agent bug); the message names which and where."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        #: the full traceback text from the process that ran the game
        self.detail = detail

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:  # keep ``detail`` across the process boundary
        return (type(self), (self.message, self.detail))


@dataclass(frozen=True)
class Outcome:
    """One finished game, reduced to what the summary needs."""

    index: int
    a_seat: int  # the seat agent A sat in
    a_deck: int  # which deck of the pair agent A played (0: its own, 1: B's)
    winner: int  # 0: agent A, 1: agent B, -1: draw
    turns: int
    steps: int
    reason: str
    #: read back from a stopped batch's record (``--resume``), not played now
    read_back: bool = False


@dataclass(frozen=True)
class BatchConfig:
    """Everything a worker needs; plain picklable data sent once per worker."""

    game_id: str
    specs: tuple[str, str]  # agent A, agent B
    decks: tuple[Deck, Deck]  # agent A's deck, agent B's deck
    seed: int
    options: dict[str, Any] | None
    save_dir: str | None
    swap_decks: bool = False
    #: (file name, text) of a scenario every game starts from, reseeded per game
    scenario: tuple[str, str] | None = None
    #: read back the games whose records are already in ``save_dir`` instead of playing them
    resume: bool = False


def seat_order(index: int) -> tuple[int, int]:
    """Which agent (0 = A, 1 = B) sits in seats 0 and 1 for game ``index``."""
    return (0, 1) if index % 2 == 0 else (1, 0)


def deck_order(index: int, swap: bool) -> tuple[int, int]:
    """Which deck of the pair (0 = A's, 1 = B's) agents A and B play in game ``index``."""
    return (1, 0) if swap and index // 2 % 2 == 1 else (0, 1)


def record_name(index: int) -> str:
    return f"game-{index:06d}.json"


def play_one(config: BatchConfig, index: int) -> Outcome:
    """Play game ``index`` of the batch; any failure becomes a ``SimulationError``."""
    game = load_game(config.game_id)
    order = seat_order(index)
    decks = deck_order(index, config.swap_decks)
    specs = [config.specs[a] for a in order]
    seed = derive_seed(config.seed, "game", index)
    if config.resume and config.save_dir is not None:
        path = Path(config.save_dir) / record_name(index)
        if path.exists():
            return _read_back(config, index, path, order, decks, specs, seed)
    try:
        agents = [make_agent(spec) for spec in specs]  # fresh: no memory between games
        start = None
        if config.scenario is not None:
            start = state_from_text(game, config.scenario[1], config.scenario[0], seed=seed)
        # a batch without records reads only the outcome, never the events: play it quiet
        state = play_match(game, agents, seed, [config.decks[decks[a]] for a in order],
                           config.options, start=None if start is None else start.clone(),
                           quiet=config.save_dir is None)
        if config.save_dir is not None:
            make_record(state, players=specs, start=start).save(
                Path(config.save_dir) / record_name(index))
    except Exception as exc:
        raise _failure(index, seed, specs, exc) from exc
    seat = state.winner()
    return Outcome(
        index=index,
        a_seat=order.index(0),
        a_deck=decks[0],
        winner=-1 if seat is None else order[seat],
        turns=state.turn,
        steps=len(state.history),
        reason=state.end_reason(),
    )


def _read_back(config: BatchConfig, index: int, path: Path, order: tuple[int, int],
               decks: tuple[int, int], specs: list[str], seed: int) -> Outcome:
    """Game ``index`` from the record a stopped batch left, once it is shown to be that game.

    A long batch (hours of search) stopped by Ctrl-C or a lost session goes on where it
    stopped; the record must name the same game, seed, agents and decks, and its actions
    must replay to its result, or the batch stops rather than count a stranger's game.
    """
    try:
        record = GameRecord.load(path)
    except CardtableError as exc:
        raise SimulationError(f"--resume: {path} is not a readable record: {exc}") from exc
    want = {"game": config.game_id, "seed": seed, "players": specs,
            "decks": [config.decks[decks[a]].name for a in order]}
    have = {"game": record.game, "seed": record.seed, "players": list(record.players),
            "decks": [d.get("name") for d in record.decks]}
    if want != have:
        wrong = ", ".join(f"{k} {have[k]!r} (this batch: {want[k]!r})"
                          for k in want if want[k] != have[k])
        raise SimulationError(f"--resume: {path} is not game {index} of this batch: {wrong}")
    report = replay(record)
    if not report.ok:
        raise SimulationError(f"--resume: {path} does not replay: {report.message}")
    state = start_state(record)
    for action in record.actions:
        state.apply(action)
    seat = state.winner()
    return Outcome(index=index, a_seat=order.index(0), a_deck=decks[0],
                   winner=-1 if seat is None else order[seat], turns=state.turn,
                   steps=len(state.history), reason=state.end_reason(), read_back=True)


def _failure(index: int, seed: int, specs: list[str], exc: BaseException) -> SimulationError:
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" at {Path(last.filename).name}:{last.lineno} in {last.name}"
    message = (f"game {index} (seed {seed}, {specs[0]} vs {specs[1]}) failed{where}: "
               f"{type(exc).__name__}: {exc}")
    return SimulationError(message, "".join(traceback.format_exception(exc)))


# -- worker side ----------
_WORKER_CONFIG: BatchConfig | None = None


def _init_worker(config: BatchConfig) -> None:
    global _WORKER_CONFIG
    # Ctrl-C is the parent's to handle (it stops the workers itself), so the terminal shows one
    # clean message instead of a KeyboardInterrupt traceback from every worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_CONFIG = config
    load_game(config.game_id)  # import the game once, not inside the first chunk


def _run_chunk(start: int, stop: int) -> list[Outcome]:
    assert _WORKER_CONFIG is not None, "worker not initialised"
    return [play_one(_WORKER_CONFIG, i) for i in range(start, stop)]


# -- parent side ----------
def chunk_ranges(games: int, workers: int) -> list[tuple[int, int]]:
    """Split ``range(games)`` into contiguous chunks, several per worker."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _resolve_decks(game_id: str, decks: Sequence[str | Deck | None] | None) -> tuple[Deck, Deck]:
    game = load_game(game_id)
    wanted = list(decks) if decks is not None else [None, None]
    if len(wanted) != 2:
        raise CardtableError(f"give two decks (agent A's, agent B's), not {len(wanted)}")
    resolved: list[Deck] = []
    defaults: tuple[Deck, Deck] | None = None
    for i, d in enumerate(wanted):
        if isinstance(d, Deck):
            resolved.append(d)
        elif d is not None:
            resolved.append(game.load_deck(d))
        else:
            defaults = defaults or game.default_decks()
            resolved.append(defaults[i])
    return resolved[0], resolved[1]


def prepare(
    game_id: str,
    games: int,
    seed: int,
    agents: Sequence[str],
    workers: int = 1,
    decks: Sequence[str | Deck | None] | None = None,
    options: dict[str, Any] | None = None,
    save_dir: str | Path | None = None,
    swap_decks: bool = False,
    scenario: str | Path | None = None,
    resume: bool = False,
) -> BatchConfig:
    """Check every argument in the parent, so mistakes fail fast with a clear message."""
    if games < 1:
        raise CardtableError(f"--games must be at least 1, got {games}")
    if workers < 1:
        raise CardtableError(f"--workers must be at least 1, got {workers}")
    if len(agents) != 2:
        raise CardtableError(f"give exactly two agents (A and B), got {len(agents)}")
    game = load_game(game_id)
    for spec in agents:
        make_agent(spec)
    deck_pair = _resolve_decks(game_id, decks)
    scene = None
    if scenario is not None:
        if decks is not None or options or swap_decks:
            raise CardtableError("a scenario sets decks and options itself: leave out --deck, "
                                 "--opponent-deck, --option and --swap-decks")
        scene = (os.fspath(scenario), read_text(Path(scenario)))
        state_from_text(game, scene[1], scene[0], seed=derive_seed(seed, "game", 0))
    else:
        game.new_game(derive_seed(seed, "game", 0), deck_pair, options)  # options, deck sizes
    if resume and save_dir is None:
        raise CardtableError("--resume reads the records of --save-dir: give --save-dir too")
    if save_dir is not None:
        try:
            Path(save_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CardtableError(f"cannot create {save_dir}: {exc}") from exc
    return BatchConfig(game.id, (agents[0], agents[1]), deck_pair, int(seed),
                       dict(options) if options else None,
                       None if save_dir is None else os.fspath(save_dir), swap_decks, scene,
                       resume)


@contextmanager
def _main_not_rerun() -> Iterator[None]:
    """While workers start, hide where ``__main__`` came from so they do not re-run it.

    A spawned child normally re-executes the parent's main script to find objects pickled by
    reference to it. Workers never need it (everything they run lives in ``cardtable``), and
    re-running it costs a worker the CLI's rich and typer imports, and would run a user's
    whole script again if it lacks an ``if __name__ == "__main__"`` guard.
    """
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved = {k: main.__dict__[k] for k in ("__file__", "__spec__") if k in main.__dict__}
    main.__dict__.pop("__file__", None)
    main.__spec__ = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


def _abandon(pool: ProcessPoolExecutor) -> None:
    """Drop queued chunks and stop the running ones instead of waiting for them to finish.

    ``shutdown(cancel_futures=True)`` alone leaves chunks already handed to workers running,
    and the interpreter waits for them at exit: seconds to minutes with a slow agent. There is
    no public way to stop them, so the workers are terminated through the executor's process
    table; their results would be thrown away anyway.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown clears it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a batch, carrying the games that had finished (and their summary).

    Each game's result depends only on its index, so the finished games are a fair sample to
    summarise; with ``save_dir`` their records are already on disk.
    """

    def __init__(self, outcomes: list[Outcome]) -> None:
        super().__init__("interrupted")
        self.outcomes = outcomes
        self.summary: dict[str, Any] | None = None


def run_batch(
    config: BatchConfig, games: int, workers: int = 1, progress: Progress | None = None
) -> list[Outcome]:
    """Play games ``0 .. games-1``; outcomes come back in index order whatever the workers.

    Ctrl-C raises ``Interrupted`` with the games finished so far.
    """
    if workers <= 1 or games == 1:
        outcomes: list[Outcome] = []
        played = 0
        try:
            for i in range(games):
                outcome = play_one(config, i)
                outcomes.append(outcome)
                played += not outcome.read_back
                if progress is not None:
                    progress(i + 1, games, played)
        except KeyboardInterrupt:
            raise Interrupted(outcomes) from None
        return outcomes
    chunks = chunk_ranges(games, workers)
    parts: list[list[Outcome] | None] = [None] * len(chunks)
    done = played = 0
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        max_workers=min(workers, len(chunks)), mp_context=context,
        initializer=_init_worker, initargs=(config,),
    )
    try:
        with _main_not_rerun():  # a spawning executor starts its workers inside submit()
            futures: dict[Future[list[Outcome]], int] = {
                pool.submit(_run_chunk, start, stop): k for k, (start, stop) in enumerate(chunks)
            }
        for future in as_completed(futures):
            part = future.result()
            parts[futures[future]] = part
            done += len(part)
            played += sum(not o.read_back for o in part)
            if progress is not None:
                progress(done, games, played)
    except BrokenProcessPool as exc:
        _abandon(pool)
        raise SimulationError(
            f"a worker process died unexpectedly ({exc}); try --workers 1 to see the error"
        ) from exc
    except KeyboardInterrupt:  # keep what finished, stop the rest at once
        _abandon(pool)
        raise Interrupted([o for part in parts if part is not None for o in part]) from None
    except BaseException:  # a failed game: the batch is lost, stop at once
        _abandon(pool)
        raise
    pool.shutdown(wait=True)
    return [o for part in parts if part is not None for o in part]


def summarize(config: BatchConfig, outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The JSON summary: only quantities that depend on the games, never on how they ran."""
    n = len(outcomes)
    wins = [sum(o.winner == a for o in outcomes) for a in (0, 1)]
    draws = n - wins[0] - wins[1]
    low, high = wilson(wins[0], n)

    def split(agent: int, seat: int) -> dict[str, Any]:
        sat = [o for o in outcomes if (o.a_seat == seat) == (agent == 0)]
        won = sum(o.winner == agent for o in sat)
        return {"games": len(sat), "wins": won, "win_rate": rounded(rate(won, len(sat)))}

    first_seat_wins = sum(o.winner >= 0 and (o.winner == 0) == (o.a_seat == 0)
                          for o in outcomes)
    summary: dict[str, Any] = {
        "game": config.game_id,
        "games": n,
        "agents": list(config.specs),
        "decks": [d.name for d in config.decks],
        "options": dict(config.options or {}),
        "seed": config.seed,
        "wins": wins,
        "draws": draws,
        "win_rate": rounded(rate(wins[0], n)),
        "ci95": [rounded(low), rounded(high)],
        "mean_turns": rounded(sum(o.turns for o in outcomes) / n if n else 0.0),
        "mean_steps": rounded(sum(o.steps for o in outcomes) / n if n else 0.0),
        "seats": {
            "a_first": split(0, 0),
            "a_second": split(0, 1),
            "b_first": split(1, 0),
            "b_second": split(1, 1),
            "first_seat_wins": first_seat_wins,
            "first_seat_win_rate": rounded(rate(first_seat_wins, n)),
        },
        "end_reasons": dict(sorted(Counter(o.reason for o in outcomes).items())),
    }
    if config.scenario is not None:
        summary["scenario"] = config.scenario[0]
        summary["decks"] = ["scenario", "scenario"]
    if config.swap_decks:
        summary["swap_decks"] = True
        summary["a_by_deck"] = []
        for d, deck in enumerate(config.decks):
            played = [o for o in outcomes if o.a_deck == d]
            won = sum(o.winner == 0 for o in played)
            summary["a_by_deck"].append({"deck": deck.name, "games": len(played), "wins": won,
                                         "win_rate": rounded(rate(won, len(played)))})
    return summary


def simulate(
    game_id: str,
    games: int,
    seed: int,
    agents: Sequence[str],
    workers: int = 1,
    decks: Sequence[str | Deck | None] | None = None,
    options: dict[str, Any] | None = None,
    save_dir: str | Path | None = None,
    progress: Progress | None = None,
    swap_decks: bool = False,
    scenario: str | Path | None = None,
    resume: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games of agent A against agent B and return the summary dict.

    ``decks`` is (A's deck, B's deck), each a name, a path, a ``Deck`` or None for the game's
    default for that side; ``swap_decks`` has the agents trade them every second pair of games.
    ``scenario`` (a scenario file) is the position every game starts from, game ``i`` with the
    seed ``derive_seed(seed, "game", i)`` in place of the file's, so the chance still to come
    varies; the per-seat rows then say how often each seat wins from there.
    Raises ``CardtableError`` for bad arguments before any game runs.
    """
    config = prepare(game_id, games, seed, agents, workers, decks, options, save_dir, swap_decks,
                     scenario, resume)
    try:
        outcomes = run_batch(config, games, workers, progress)
    except Interrupted as stop:
        if stop.outcomes:
            stop.summary = summarize(config, stop.outcomes)
        raise
    return summarize(config, outcomes)
