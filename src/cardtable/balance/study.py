"""A balance study: every deck against every other, seats and decks traded, results on disk.

The schedule is fixed by the study alone. Pairing ``(i, j)`` (``i < j`` in the order the decks
were given) plays ``games`` games; game ``k`` of it puts deck ``i`` in seat 0 when ``k`` is
even, and, with two agents, gives deck ``i`` agent A in games ``k`` with ``k // 2`` even and
agent B otherwise, so every deck meets every seat and every agent equally often. Its seed is
``derive_seed(seed, "balance", i, j, k)``: a game's outcome depends on nothing but the study,
so any backend and any number of workers give the same results, and two studies that differ
only in one deck's cards (``--compare``) play the same seeds.

Results go to ``games.jsonl`` in the output folder, one line per game as it finishes, next to
``study.json`` (what was asked). A rerun of the same command reads them back and plays only the
games that are missing, so an interrupted study loses at most the games that were running.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable import __version__
from cardtable.agents import make_agent
from cardtable.balance import backends
from cardtable.core import CardtableError, Deck, derive_seed, load_game
from cardtable.core.facts import DRAWN, KINDS, SEEN
from cardtable.core.projection import seat_scores
from cardtable.sim.match import play_match

#: the key of a seat's opening hand in a result's card facts
OPENING = "opening"
STUDY_FILE = "study.json"
GAMES_FILE = "games.jsonl"

#: one finished game as stored in ``games.jsonl`` (plain JSON)
Result = dict[str, Any]
#: called in the parent as games finish: (games done, games in the study)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Study:
    """What a balance study plays; plain picklable data, sent once to every worker."""

    game_id: str
    decks: tuple[Deck, ...]
    agents: tuple[str, str]
    games: int  # per pairing
    seed: int
    options: dict[str, Any] | None = None

    @property
    def pairs(self) -> list[tuple[int, int]]:
        n = len(self.decks)
        return [(i, j) for i in range(n) for j in range(i + 1, n)]

    @property
    def total(self) -> int:
        return len(self.pairs) * self.games

    def deck_labels(self) -> list[str]:
        return [d.name for d in self.decks]

    def signature(self) -> dict[str, Any]:
        """Everything the results depend on, so a folder is never resumed with another study."""
        game = load_game(self.game_id)
        decks = []
        for d in self.decks:
            text = json.dumps({"cards": [c.name for c in d.cards], "defs": d.definitions()},
                              ensure_ascii=False, sort_keys=True, default=str)
            decks.append({"name": d.name,
                          "digest": hashlib.blake2b(text.encode(), digest_size=8).hexdigest()})
        return {"game": self.game_id, "rules_version": game.rules_version,
                "engine_version": __version__, "decks": decks, "agents": list(self.agents),
                "games_per_pairing": self.games, "seed": self.seed,
                "options": dict(self.options or {})}

    def schedule(self, index: int) -> tuple[tuple[int, int], tuple[str, str], int]:
        """Game ``index``: the deck in each seat, the agent in each seat, its seed."""
        i, j = self.pairs[index // self.games]
        k = index % self.games
        seats = (i, j) if k % 2 == 0 else (j, i)
        a, b = self.agents if (k // 2) % 2 == 0 else (self.agents[1], self.agents[0])
        agent_of = {i: a, j: b}
        return seats, (agent_of[seats[0]], agent_of[seats[1]]), derive_seed(
            self.seed, "balance", i, j, k)

    def play(self, indices: Iterable[int]) -> list[Result]:
        """Games ``indices``, played here: what every backend runs, in whatever process (a
        method, so the backends need nothing of this module and it can import them)."""
        return play_many(self, indices)


def make_study(game_id: str, decks: Sequence[str] | None, agents: Sequence[str], games: int,
               seed: int, options: dict[str, Any] | None = None) -> Study:
    """Check every argument before a game runs, so a mistake fails at once and clearly."""
    game = load_game(game_id)
    names = list(decks) if decks else game.deck_names()
    if len(names) < 2:
        raise CardtableError(f"a balance study needs at least two decks, got {len(names)}")
    loaded = tuple(game.load_deck(n) for n in names)
    seen: dict[str, str] = {}
    for given, deck in zip(names, loaded, strict=True):
        if deck.name in seen:
            raise CardtableError(f"decks '{seen[deck.name]}' and '{given}' are both named "
                                 f"'{deck.name}'; a study needs distinct deck names")
        seen[deck.name] = given
    if games < 1:
        raise CardtableError(f"--games must be at least 1, got {games}")
    if not 1 <= len(agents) <= 2:
        raise CardtableError(f"give one or two agents, got {len(agents)}")
    for spec in agents:
        make_agent(spec)
    pair = (agents[0], agents[-1])
    study = Study(game.id, loaded, pair, games, int(seed), dict(options) if options else None)
    for i, j in study.pairs:  # deck sizes and options, checked once per pairing
        game.new_game(0, (loaded[i], loaded[j]), study.options)
    return study


def play_game(study: Study, index: int, legal_filter: Any = None) -> Result:
    """Play game ``index`` and reduce it to its outcome and its card facts; ``legal_filter``
    as ``play_match`` takes it, given the seats' deck indices first (restricted play)."""
    from cardtable.sim.simulate import _failure

    game = load_game(study.game_id)
    seats, specs, seed = study.schedule(index)
    try:
        agents = [make_agent(s) for s in specs]
        narrow = None if legal_filter is None else legal_filter(game, seats)
        state = play_match(game, agents, seed, [study.decks[d] for d in seats], study.options,
                           legal_filter=narrow)
        facts = game.card_facts(state.log)
        first = game.first_player(state.log)
    except Exception as exc:
        raise _failure(index, seed, list(specs), exc) from exc
    cards: list[dict[str, set[str]]] = [{k: set() for k in KINDS} for _ in seats]
    # the order each seat's cards came to hand (drawn or seen): which copies come early is
    # the shuffle's doing, before anything happens, so it can carry a card's effect
    # (balance/effects.py); a game whose seats hold their decks whole keeps none
    order: list[list[str]] = [[] for _ in seats]
    for fact in facts:
        cards[fact.seat][fact.kind].add(fact.card)
        if fact.kind in (DRAWN, SEEN):
            order[fact.seat].append(fact.card)
    # the opening hand: cards drawn or seen before the game's first turn (17lands' OH); a game
    # without such an event has no opening hand and the key is left out
    end = next((k for k, e in enumerate(state.log)
                if e.get("type") == game.opening_end_event), None)
    if end is not None:
        for c in cards:
            c[OPENING] = set()
        for fact in game.card_facts(state.log[:end]):
            if fact.kind in (DRAWN, SEEN):
                cards[fact.seat][OPENING].add(fact.card)
    winner = state.winner()
    return {
        "index": index, "seed": seed, "decks": list(seats), "agents": list(specs),
        "winner": -1 if winner is None else winner, "turns": state.turn,
        "steps": len(state.history), "reason": state.end_reason(), "first": first,
        "cards": [{k: sorted(v) for k, v in c.items()} for c in cards],
        "order": order if game.draws_are_shuffled else None,
        "score": seat_scores(game.project(state.view(0), "en")),
    }


def play_many(study: Study, indices: Iterable[int]) -> list[Result]:
    return [play_game(study, i) for i in indices]


# -- the results on disk ----------
class Store:
    """``study.json`` and ``games.jsonl`` in one folder; a rerun resumes from them."""

    def __init__(self, folder: Path, study: Study, fresh: bool = False) -> None:
        self.folder = folder
        self.study = study
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CardtableError(f"cannot create {folder}: {exc}") from exc
        self.games_path = folder / GAMES_FILE
        self._lock = _lock(folder)
        try:
            self._open(fresh)
        except BaseException:
            self.close()
            raise

    def _open(self, fresh: bool) -> None:
        folder, study = self.folder, self.study
        study_path = folder / STUDY_FILE
        wanted = study.signature()
        if fresh:
            self.games_path.unlink(missing_ok=True)
        elif study_path.is_file():
            try:
                had = json.loads(study_path.read_text("utf-8"))
            except (OSError, ValueError) as exc:
                raise CardtableError(f"{study_path} is unreadable ({exc}); "
                                     "remove it or choose another --out") from exc
            if had != wanted:
                differ = sorted(k for k in set(had) | set(wanted) if had.get(k) != wanted.get(k))
                raise CardtableError(
                    f"{folder} holds another study (it differs in: {', '.join(differ)}); "
                    "choose another --out, or add --fresh to start this one over there")
        elif self.games_path.exists():
            raise CardtableError(f"{self.games_path} exists without {STUDY_FILE}; "
                                 "choose another --out, or add --fresh")
        _write_atomic(study_path, json.dumps(wanted, ensure_ascii=False, indent=1) + "\n")
        self.done: dict[int, Result] = self._read()

    def _read(self) -> dict[int, Result]:
        """Every whole line; a torn last line (the run was killed mid-write) is dropped."""
        if not self.games_path.is_file():
            return {}
        done: dict[int, Result] = {}
        lines = self.games_path.read_text("utf-8").splitlines()
        torn = False
        for line in lines:
            try:
                result = json.loads(line)
                index = int(result["index"])
            except (ValueError, KeyError, TypeError):
                torn = True
                continue
            if 0 <= index < self.study.total:
                done[index] = result
        if torn:  # rewrite without the torn line, so appends start on a line of their own
            _write_atomic(self.games_path, "".join(
                json.dumps(done[i], ensure_ascii=False) + "\n" for i in sorted(done)))
        return done

    def close(self) -> None:
        """Let another run use the folder."""
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def missing(self, limit: Limit = None) -> list[int]:
        """The games not played yet; with ``limit``, only the first ``limit`` of each pairing
        (the looks of a sequential study, ``balance/sequential.py``), or the first
        ``limit[p]`` of pairing ``p``."""
        return [i for i in range(self.study.total) if i not in self.done
                and within(self.study, limit, i)]

    def add(self, results: Sequence[Result]) -> None:
        with self.games_path.open("a", encoding="utf-8") as f:
            for r in results:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
            f.flush()  # on disk as far as the process goes: a kill or Ctrl-C loses nothing
        for r in results:
            self.done[r["index"]] = r

    def results(self) -> list[Result]:
        return [self.done[i] for i in sorted(self.done)]


def _lock(folder: Path) -> Any:
    """An exclusive lock on the folder, so two runs never append to one ``games.jsonl``."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, as before
        return None
    handle = (folder / ".lock").open("w")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise CardtableError(f"another cardtable balance is writing to {folder}; wait for it "
                             "or choose another --out") from None
    return handle


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


#: how many games of each pairing a run plays: all (None), the first N of each, or the first
#: ``limit[p]`` of pairing ``p``
Limit = int | Sequence[int] | None


def within(study: Study, limit: Limit, index: int) -> bool:
    """Whether game ``index`` is among the games ``limit`` asks for."""
    if limit is None:
        return True
    cap = limit if isinstance(limit, int) else limit[index // study.games]
    return index % study.games < cap


def run_study(study: Study, folder: Path, workers: int = 1, ray_address: str | None = None,
              progress: Progress | None = None, fresh: bool = False,
              limit: Limit = None) -> list[Result]:
    """Play every game the folder does not hold yet; all results, in game order.

    ``ray_address``: None runs on ``workers`` local processes; ``"local"`` starts a local Ray
    with ``workers`` CPUs; anything else joins that Ray cluster. ``limit``: play (and return)
    only the first ``limit`` games of each pairing, so a sequential study grows one folder
    look by look and every look's games are the games a fixed study of that size plays.
    """
    if workers < 1:
        raise CardtableError(f"--workers must be at least 1, got {workers}")
    store = Store(folder, study, fresh)
    try:
        todo = store.missing(limit)
        total = sum(1 for i in range(study.total) if within(study, limit, i))
        if progress is not None:
            progress(total - len(todo), total)
        if todo:
            done = [total - len(todo)]

            def sink(results: list[Result]) -> None:
                store.add(results)
                done[0] += len(results)
                if progress is not None:
                    progress(done[0], total)

            if ray_address is not None:
                backends.run_ray(study, todo, sink, ray_address, workers)
            else:
                backends.run_local(study, todo, sink, workers)
        results = store.results()
        if limit is not None:
            results = [r for r in results if within(study, limit, r["index"])]
        return results
    finally:
        store.close()
