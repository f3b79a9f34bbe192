"""The cores run inside search loops and worker processes: they must not pull in the CLI stack."""

from __future__ import annotations

import subprocess
import sys

CORE_MODULES = (
    "cardtable",
    "cardtable.core",
    "cardtable.games.draws_troidal",
    "cardtable.agents",
    "cardtable.agents.greedy_draws_troidal",
    "cardtable.sim.match",
    "cardtable.sim.simulate",
    "cardtable.sim.bench",
)


def test_cores_and_workers_import_neither_rich_nor_typer() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {CORE_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'typer')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_game_package_imports_nothing_from_the_layers_in_front_of_it() -> None:
    code = (
        "import sys, cardtable.games.draws_troidal as g\n"
        "g.GAME.new_game(1)\n"
        "print(sorted(m for m in sys.modules\n"
        "             if m.startswith(('cardtable.cli', 'cardtable.agents', 'cardtable.sim'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
