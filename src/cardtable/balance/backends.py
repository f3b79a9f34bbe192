"""Where a study's games run: in this process, on worker processes, or on a Ray cluster.

Every backend plays the same games with the same seeds (``Study.schedule``) and hands finished
chunks to ``sink`` as they come, in whatever order; the report sorts them by game index, so it
never depends on the backend or the number of workers. Ray is imported only here, only when
asked for, and a missing Ray is a clear error naming the extra to install.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from cardtable.core import CardtableError, load_game
from cardtable.sim.simulate import SimulationError, _abandon, _main_not_rerun

if TYPE_CHECKING:  # the study imports this module: a backend runs ``Study.play``
    from cardtable.balance.study import Result, Study

Sink = Callable[[list["Result"]], None]

#: most games in one chunk: small, so an interrupt loses little and the bar moves smoothly
MAX_CHUNK = 50
#: most games between two writes when one process plays them all (no shipping cost to save)
MAX_SERIAL_CHUNK = 10
CHUNKS_PER_WORKER = 8


def chunks(indices: Sequence[int], workers: int) -> list[list[int]]:
    most = MAX_SERIAL_CHUNK if workers <= 1 else MAX_CHUNK
    size = max(1, min(most, math.ceil(len(indices) / (workers * CHUNKS_PER_WORKER))))
    return [list(indices[s:s + size]) for s in range(0, len(indices), size)]


# -- worker processes ----------
_STUDY: Study | None = None


def _init_worker(study: Study) -> None:
    global _STUDY
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers on Ctrl-C
    _STUDY = study
    load_game(study.game_id)


def _run_chunk(indices: list[int]) -> list[Result]:
    assert _STUDY is not None, "worker not initialised"
    return _STUDY.play(indices)


def run_local(study: Study, todo: Sequence[int], sink: Sink, workers: int) -> None:
    """One process plays in order; more spawn a pool (spawned: see ``sim.simulate``)."""
    parts = chunks(todo, workers)
    if workers <= 1 or len(parts) == 1:
        for part in parts:
            sink(study.play(part))
        return
    pool = ProcessPoolExecutor(max_workers=min(workers, len(parts)),
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=_init_worker, initargs=(study,))
    try:
        with _main_not_rerun():
            futures: list[Future[list[Result]]] = [pool.submit(_run_chunk, p) for p in parts]
        for future in as_completed(futures):
            sink(future.result())
    except BrokenProcessPool as exc:
        _abandon(pool)
        raise SimulationError(f"a worker process died unexpectedly ({exc}); "
                              "try --workers 1 to see the error") from exc
    except BaseException:
        _abandon(pool)
        raise
    pool.shutdown(wait=True)


# -- Ray ----------
def _ray_chunk(study: Study, indices: list[int]) -> list[Result]:
    return study.play(indices)


def start_ray(address: str, workers: int) -> tuple[Any, bool]:
    """The ``ray`` module, connected; True if this call started the local Ray it uses.

    ``local`` starts a Ray on this machine with ``workers`` CPUs (the machine's count when 1 is
    given), no dashboard and quiet workers; any other address joins that cluster, whose
    workers must have cardtable installed.
    """
    try:
        import ray
    except ImportError as exc:
        raise CardtableError("--ray needs Ray: pip install 'cardtable[balance]'") from exc
    if ray.is_initialized():
        return ray, False
    if address == "local":
        cpus = workers if workers > 1 else (os.cpu_count() or 1)
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    else:
        try:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise CardtableError(f"cannot join the Ray cluster at {address}: {exc}") from exc
    return ray, True


def run_ray(study: Study, todo: Sequence[int], sink: Sink, address: str, workers: int) -> None:
    ray, started = start_ray(address, workers)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(num_cpus=1)(_ray_chunk)
        ref = ray.put(study)
        pending = [remote.remote(ref, part) for part in chunks(todo, cpus)]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for obj in ready:
                    try:
                        sink(ray.get(obj))
                    except ray.exceptions.RayTaskError as exc:
                        cause = exc.as_instanceof_cause()
                        if isinstance(cause, SimulationError):
                            raise SimulationError(cause.message, cause.detail) from None
                        raise SimulationError(f"a Ray task failed: {exc}") from None
        except BaseException:
            for obj in pending:
                ray.cancel(obj, force=True)
            raise
    finally:
        if started:
            ray.shutdown()
