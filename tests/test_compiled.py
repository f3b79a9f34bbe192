"""The optional compiled build plays byte-identical games, and the path is chosen as documented.

The compiled modules are Cython builds of the same ``.py`` files (``cardtable.accel``); these
tests run the same batches once on each path, in two processes, and compare every summary and
every saved record byte for byte. Without a build they are skipped, unless
CARDTABLE_REQUIRE_COMPILED=1 (CI) makes a missing build a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardtable import accel
from cardtable.accel_build import is_fresh
from cardtable.core.registry import list_games, parts

GAMES = tuple(g.id for g in list_games() if g.playable)
SRC = Path(accel.__file__).resolve().parents[1]

#: one process plays every batch (the CLI, in process: one interpreter start per path)
SCRIPT = textwrap.dedent("""
    import contextlib, json, sys
    from pathlib import Path
    from cardtable import accel
    from cardtable.cli.app import app
    out = Path(sys.argv[1])
    games = sys.argv[2:]
    for game in games:
        for name, args in (
                ("greedy", ["--games", "60", "--seed", "5", "--agents", "random", "greedy"]),
                ("mcts", ["--games", "2", "--seed", "7", "--agents", "mcts:iters=60",
                          "random"])):
            folder = out / game / name
            with open(out / game / f"{name}.json", "w") as summary, \\
                    contextlib.redirect_stdout(summary):
                try:
                    app(["simulate", game, *args, "--json", "--save-dir", str(folder)],
                        standalone_mode=False)
                except SystemExit as exc:
                    assert not exc.code, exc.code
    (out / "path.json").write_text(json.dumps(accel.status()))
""")


needs_build = pytest.mark.skipif(
    not is_fresh() and os.environ.get(accel.REQUIRE_ENV, "") in ("", "0"),
    reason="no fresh compiled build (make compiled); CARDTABLE_REQUIRE_COMPILED=1 makes this "
           "a failure")


def _env(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in (accel.PURE_ENV, accel.REQUIRE_ENV, "PYTHONPATH")}
    env["PYTHONPATH"] = str(SRC)
    if pure:
        env[accel.PURE_ENV] = "1"
    else:
        env[accel.REQUIRE_ENV] = "1"
    return env


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and p.name != "path.json"}


@needs_build
def test_compiled_and_pure_play_byte_identical_games(tmp_path: Path) -> None:
    runs = {}
    for name, pure in (("pure", True), ("compiled", False)):
        out = tmp_path / name
        for game in GAMES:
            (out / game).mkdir(parents=True)
        runs[name] = subprocess.Popen([sys.executable, "-c", SCRIPT, str(out), *GAMES],
                                      env=_env(pure), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
    for name, proc in runs.items():
        _, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, f"{name}: {err[-2000:]}"
    pure_status = json.loads((tmp_path / "pure" / "path.json").read_text())
    compiled_status = json.loads((tmp_path / "compiled" / "path.json").read_text())
    assert not pure_status["compiled"]
    assert compiled_status["compiled"] and not compiled_status["stale_modules"]
    # every game's rules ran compiled, not only the core
    for game in GAMES:
        played = {name for slot in ("rules", "view", "policy")
                  if (name := parts(game).module_name(slot)) is not None}
        assert played <= set(compiled_status["compiled_modules"]), game
    pure, compiled = _files(tmp_path / "pure"), _files(tmp_path / "compiled")
    assert pure.keys() == compiled.keys()
    assert len([k for k in pure if "/greedy/game-" in k]) == 60 * len(GAMES)
    different = [k for k in pure if pure[k] != compiled[k]]
    assert not different, different


def _status_in_child(env: dict[str, str]) -> dict:
    script = ("import json, cardtable.core.rng\n"
              "from cardtable import accel; print(json.dumps(accel.status()))")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


@needs_build
def test_cardtable_pure_keeps_every_module_on_its_source() -> None:
    status = _status_in_child(_env(pure=True))
    assert status == {"compiled": False, "compiled_modules": [], "stale_modules": []}


@needs_build
def test_the_build_loads_when_fresh() -> None:
    status = _status_in_child(_env(pure=False))
    assert status["compiled"] and "cardtable.core.rng" in status["compiled_modules"]


def test_a_stale_build_falls_back_to_the_source(tmp_path: Path, monkeypatch) -> None:
    """A module whose .py changed since the build runs from the .py, with a warning (a stale
    binary must never shadow an edited rule)."""
    (tmp_path / "cardtable.core.rng.so").write_bytes(b"not a module")
    manifest = {"suffix": "x", "modules": {
        "cardtable.core.rng": {"file": "cardtable.core.rng.so", "sha256": "0" * 64}}}
    finder = accel._CompiledFinder(manifest)
    monkeypatch.setattr(accel, "COMPILED_DIR", tmp_path)
    monkeypatch.delenv(accel.REQUIRE_ENV, raising=False)
    import cardtable.core
    with pytest.warns(RuntimeWarning, match="older than its source"):
        spec = finder.find_spec("cardtable.core.rng", cardtable.core.__path__)
    assert spec is None and finder.stale == ["cardtable.core.rng"]
    monkeypatch.setenv(accel.REQUIRE_ENV, "1")
    with pytest.raises(accel.StaleBuildError):
        finder.find_spec("cardtable.core.rng", cardtable.core.__path__)


def test_a_module_is_stale_when_a_pxd_it_cimports_changes(tmp_path: Path, monkeypatch) -> None:
    """A .pxd's cimports from the package (of a module's names, or of a package's modules)
    put those .pxd files' struct layouts and signatures into the module: editing one of them,
    or the .py beside it, must change the module's recorded hash, also through a cycle of
    cimports."""
    folder = tmp_path / "games" / "g"
    folder.mkdir(parents=True)
    (folder / "a.py").write_text("x = 1\n")
    (folder / "a.pxd").write_text("from cardtable.games.g.b cimport T\n")
    (folder / "b.py").write_text("y = 1\n")
    (folder / "b.pxd").write_text("from cardtable.games.g cimport a, c\ncdef class T:\n    pass\n")
    (folder / "c.pxd").write_text("cdef int f(int x)\n")
    (folder / "plain.py").write_text("z = 1\n")
    monkeypatch.setattr(accel, "PACKAGE_DIR", tmp_path)
    before = accel.source_hash(folder / "a.py")
    (folder / "c.pxd").write_text("cdef long f(long x)\n")  # reached through b.pxd
    after_c = accel.source_hash(folder / "a.py")
    (folder / "b.pxd").write_text("from cardtable.games.g cimport a, c\n"
                                  "cdef class T:\n    cdef int n\n")
    after_b = accel.source_hash(folder / "a.py")
    # b's .py too: edited, b's build is stale and b runs without the C types a was built on
    (folder / "b.py").write_text("y = 2\n")
    after_b_py = accel.source_hash(folder / "a.py")
    assert len({before, after_c, after_b, after_b_py}) == 4
    # a module without a .pxd hashes its .py alone, as before
    import hashlib

    plain = folder / "plain.py"
    assert accel.source_hash(plain) == hashlib.sha256(plain.read_bytes()).hexdigest()


@needs_build
def test_dice_modules_that_cimport_the_battle_can_be_imported_first() -> None:
    """damage, targeting, commands, leap and order take the battle's extension types when
    they load, and the battle takes their functions: importing one of them first must work
    (the package loads the battle first)."""
    package = "cardtable.games.dice_and_monsters"
    script = "; ".join(f"import {package}.{m}" for m in ("damage", "targeting")) + \
        "; from cardtable import accel; assert accel.status()['compiled']"
    for first in ("damage", "targeting", "commands", "leap", "order"):
        code = f"import {package}.{first}; " + script
        run = subprocess.run([sys.executable, "-c", code], env=_env(False),
                             capture_output=True, text=True)
        assert run.returncode == 0, f"{first}: {run.stderr[-1500:]}"


def test_bench_says_which_path_ran() -> None:
    from cardtable.sim.bench import bench
    result = bench("draws-troidal", 0.05, clone_samples=1)
    assert result["compiled"] is accel.status()["compiled"]
    assert isinstance(result["compiled_modules"], list)


def test_a_machine_without_a_compiler_keeps_the_pure_path(monkeypatch, capsys) -> None:
    """`make compiled` (and so `make test`) on a machine with only Python: one line, success,
    and no build is touched."""
    import shutil

    from cardtable import accel_build
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert accel_build.cannot_build()  # no C compiler (or no Cython at all)
    before = accel.read_manifest()
    accel_build.main(["--if-possible"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "the pure path runs" in out
    assert accel.read_manifest() == before
    with pytest.raises(SystemExit, match="cannot build"):
        accel_build.main([])


def test_requiring_the_compiled_path_without_a_build_is_an_error(tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.setattr(accel, "MANIFEST", tmp_path / "manifest.json")
    monkeypatch.setattr(accel, "_finder", None)
    monkeypatch.delenv(accel.PURE_ENV, raising=False)
    monkeypatch.setenv(accel.REQUIRE_ENV, "1")
    with pytest.raises(accel.StaleBuildError, match="no compiled build"):
        accel.install()
    monkeypatch.delenv(accel.REQUIRE_ENV)
    accel.install()  # without the requirement: the pure path, silently
    assert accel._finder is None


def test_a_failed_build_keeps_what_it_can_reuse(tmp_path: Path, monkeypatch) -> None:
    """A build that fails (a .pxd Cython refuses) leaves no manifest, so the pure path runs;
    the next build still reuses every module whose source did not change."""
    import Cython.Build

    from cardtable import accel_build
    folder = tmp_path / "_compiled"
    folder.mkdir()
    manifest = folder / "manifest.json"
    monkeypatch.setattr(accel_build, "COMPILED_DIR", folder)
    monkeypatch.setattr(accel_build, "MANIFEST", manifest)
    monkeypatch.setattr(accel_build, "PREVIOUS", folder / "manifest.previous.json")
    kept, edited = "cardtable.core.seeding", "cardtable.core.rng"
    suffix = __import__("importlib.machinery").machinery.EXTENSION_SUFFIXES[0]
    (folder / f"{kept}{suffix}").write_bytes(b"built before")
    (folder / f"{edited}{suffix}").write_bytes(b"built before")
    manifest.write_text(json.dumps({
        "suffix": suffix, "directives": accel_build.DIRECTIVES,
        "cflags": list(accel_build.CFLAGS), "modules": {
            kept: {"file": f"{kept}{suffix}",
                   "sha256": accel.source_hash(accel_build.module_source(kept))},
            edited: {"file": f"{edited}{suffix}", "sha256": "0" * 64}}}))

    def refuse(*args, **kwargs):
        raise RuntimeError("Cython refused a .pxd")

    monkeypatch.setattr(Cython.Build, "cythonize", refuse)
    with pytest.raises(RuntimeError, match="refused"):
        accel_build.build((kept, edited), jobs=1, quiet=True)
    assert not manifest.exists()  # nothing vouches for a half-made build
    accel_build.build((kept,), jobs=1, quiet=True)  # compiles nothing: reuses the module
    assert accel.read_manifest(manifest)["modules"][kept]["file"] == f"{kept}{suffix}"
    assert not (folder / "manifest.previous.json").exists()
