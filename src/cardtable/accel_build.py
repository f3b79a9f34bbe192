"""Build the optional compiled modules: ``python -m cardtable.accel_build [--jobs N]``.

Cython compiles the hot ``.py`` modules, unchanged, into ``cardtable/_compiled/`` and writes a
manifest of each source's SHA-256 (see ``cardtable.accel`` for how they are loaded and when a
build counts as stale). Needs Cython (the ``compiled`` extra) and a C compiler; without them
the pure path simply stays the only one.

Which modules: those where a profile of ``cardtable bench`` and of a search spends its time
(each game's rules, and its view, which the search builds at every new node; the core's
generator and contract; the search and the greedy agents), not the card-file parsers, labels,
sentences or front ends, which run once per game or per screen. A built module keeps its
source's ``__file__`` (``cardtable.accel``), so the ``game.py`` modules, which find their card
files beside them, are built too (``new_game`` runs once per game).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from cardtable.accel import COMPILED_DIR, MANIFEST, read_manifest, source_hash

PACKAGE_DIR = Path(__file__).resolve().parent
#: the last good manifest while a build runs: never loaded, only read for what can be reused
PREVIOUS = MANIFEST.with_name("manifest.previous.json")

#: the core's modules the compiled build holds, by profile (docs/performance.md, "Compiled
#: build"); each game adds its own, listed in its record (``hot``)
CORE_MODULES: tuple[str, ...] = (
    "cardtable.core.rng",
    "cardtable.core.contract",
    "cardtable.core.events",
    "cardtable.core.match_state",
    "cardtable.core.seeding",
    "cardtable.core.record",
    "cardtable.sim.match",
    "cardtable.agents.base",
    "cardtable.agents.mcts",
    "cardtable.agents.random_agent",
    "cardtable.agents.greedy",
    "cardtable.agents.logistic",
    # the research adapters' observation writers (issue 28), typed by their .pxd files
    "cardtable.core.obsbuf",
    "cardtable.rl.match",
    "cardtable.rl.aec",
    # the vector env's step loop and the opponent's moves it calls (issue 41): per env and
    # step, Python glue that costs a fifth to a third of a compiled raw decision
    "cardtable.rl.gym",
    "cardtable.rl.vector",
)


def hot_modules() -> tuple[str, ...]:
    """Every module of the compiled build: the core's, then each registered game's (its
    record's ``hot`` list), so a new game's modules are built with no edit here."""
    from cardtable.core.registry import GAMES, parts

    return CORE_MODULES + tuple(name for game_id in GAMES
                                for name in parts(game_id).hot_modules())


#: Python semantics: an annotation is documentation, never a C type (``x: float`` must not
#: turn an int into a double, ``cards: tuple`` must accept any sequence the .py accepts)
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}
#: after Python's own flags, so they win. Without debug information and at -O2 the build takes
#: about 0.7 of the CPU time of "-O3 -g0" and 0.6 of Python's "-g -O3" (12 MB in all instead of
#: 68); -O3 played 0.97 to 1.05 times as fast, within noise (docs/performance.md). -w: the
#: warnings of generated C are Cython's business, not a reader's
CFLAGS = () if sys.platform == "win32" else ("-O2", "-g0", "-w")


def module_source(name: str) -> Path:
    """The ``.py`` file of a module of this package."""
    parts = name.split(".")
    assert parts[0] == "cardtable", name
    return PACKAGE_DIR.joinpath(*parts[1:]).with_suffix(".py")


def is_fresh(modules: tuple[str, ...] | None = None) -> bool:
    """True when the build holds exactly ``modules`` (default: ``hot_modules()``), each built
    from its current source with today's directives and flags."""
    modules = hot_modules() if modules is None else modules
    manifest = read_manifest()
    if (manifest is None or set(manifest["modules"]) != set(modules)
            or manifest.get("directives") != DIRECTIVES
            or manifest.get("cflags") != list(CFLAGS)):
        return False
    return all((COMPILED_DIR / entry["file"]).is_file()
               and source_hash(module_source(name)) == entry["sha256"]
               for name, entry in manifest["modules"].items())


def cannot_build() -> str | None:
    """Why this machine cannot build (no Cython, no C compiler), or None when it can."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install 'cardtable[compiled]')"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"there is no C compiler ({compiler})"
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return "Python's C headers are missing (Debian: python3-dev)"
    return None


def build(modules: tuple[str, ...] | None = None, jobs: int | None = None,
          quiet: bool = False) -> Path:
    """Compile ``modules`` into ``COMPILED_DIR``; returns the manifest's path.

    Only the modules whose source changed since the last build (or whose build is missing)
    are compiled again, so editing one rule module costs one module's build. The old manifest
    goes first, so an interrupted build leaves the pure path, never a mix of old and new
    modules under a manifest that vouches for them; it is set aside rather than deleted, so
    after a failed build (a ``.pxd`` Cython refuses) the next one still rebuilds only what
    changed. New files replace old ones by rename, so a process still running an old module
    keeps its copy."""
    modules = hot_modules() if modules is None else modules
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    old = read_manifest(MANIFEST) or read_manifest(PREVIOUS)
    reusable = {} if old is None or old.get("directives") != DIRECTIVES \
        or old.get("cflags") != list(CFLAGS) else old["modules"]
    if MANIFEST.is_file():
        MANIFEST.replace(PREVIOUS)
    sources = {name: module_source(name) for name in modules}
    missing = [str(path) for path in sources.values() if not path.is_file()]
    if missing:
        raise SystemExit(f"no such module source: {', '.join(missing)}")
    hashes = {name: source_hash(path) for name, path in sources.items()}
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    entries = {name: reusable[name] for name in modules
               if name in reusable and reusable[name]["sha256"] == hashes[name]
               and (COMPILED_DIR / reusable[name]["file"]).is_file()}
    todo = [name for name in modules if name not in entries]
    COMPILED_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardtable-build-") as tmp:
        if todo:
            extensions = [Extension(name, [str(sources[name])], extra_compile_args=list(CFLAGS))
                          for name in todo]
            extensions = cythonize(extensions, build_dir=str(Path(tmp) / "c"), nthreads=jobs,
                                   compiler_directives=DIRECTIVES, quiet=True,
                                   language_level=3)
            dist = Distribution({"name": "cardtable-compiled", "ext_modules": extensions})
            command = build_ext(dist)
            command.build_lib = str(Path(tmp) / "lib")
            command.build_temp = str(Path(tmp) / "obj")
            command.parallel = jobs
            command.ensure_finalized()
            command.run()
            for name in todo:
                target = f"{name}{suffix}"
                partial = COMPILED_DIR / (target + ".tmp")
                shutil.copy2(command.get_ext_fullpath(name), partial)
                partial.replace(COMPILED_DIR / target)
                entries[name] = {"file": target, "sha256": hashes[name]}
    kept = {entry["file"] for entry in entries.values()} | {".gitignore"}
    for leftover in COMPILED_DIR.iterdir():
        if leftover.name not in kept:
            leftover.unlink()
    changed = [name for name, path in sources.items() if source_hash(path) != hashes[name]]
    if changed:
        raise SystemExit(f"sources changed during the build, run it again: {changed}")
    (COMPILED_DIR / ".gitignore").write_text("*\n", encoding="utf-8")
    manifest = {"suffix": importlib.machinery.EXTENSION_SUFFIXES[0], "python": sys.version,
                "directives": DIRECTIVES, "cflags": list(CFLAGS), "modules": entries}
    partial = MANIFEST.with_suffix(".tmp")
    partial.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    partial.replace(MANIFEST)
    if not quiet:
        print(f"compiled {len(todo)} of {len(modules)} modules into {COMPILED_DIR} "
              f"in {time.perf_counter() - started:.0f} s")
    return MANIFEST


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardtable.accel_build",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", "-j", type=int, default=None,
                        help="parallel compile jobs (default: the number of cores)")
    parser.add_argument("--clean", action="store_true",
                        help="remove the compiled build instead (back to the pure path)")
    parser.add_argument("--if-stale", action="store_true",
                        help="do nothing when the build is already fresh")
    parser.add_argument("--if-possible", action="store_true",
                        help="without Cython or a C compiler, say so in one line and succeed "
                             "(the pure path stays the only one)")
    args = parser.parse_args(argv)
    if args.clean:
        shutil.rmtree(COMPILED_DIR, ignore_errors=True)
        print(f"removed {COMPILED_DIR}")
        return
    if args.if_stale and is_fresh():
        print(f"the compiled build in {COMPILED_DIR} is up to date")
        return
    reason = cannot_build()
    if reason is not None:
        if args.if_possible:
            print(f"not building the compiled modules: {reason}; the pure path runs")
            return
        raise SystemExit(f"cannot build the compiled modules: {reason}")
    build(jobs=args.jobs)


if __name__ == "__main__":
    main()
