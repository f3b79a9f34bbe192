"""The cores run inside search loops and worker processes: they must not pull in the CLI stack."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.core import list_games
from cardtable.core.registry import parts

GAME_MODULES = tuple(g.module for g in list_games() if g.module)
POLICIES = tuple(name for g in list_games() if (name := parts(g.id).module_name("policy")))
CORE_MODULES = (
    "cardtable",
    "cardtable.core",
    *GAME_MODULES,
    "cardtable.agents",
    *POLICIES,
    "cardtable.agents.mcts",
    "cardtable.sim.match",
    "cardtable.sim.simulate",
    "cardtable.sim.bench",
    "cardtable.balance.study",
    "cardtable.balance.backends",
    "cardtable.balance.metrics",
    "cardtable.balance.lineups",
    "cardtable.core.projection",
    *(name for g in list_games() if (name := parts(g.id).module_name("projection"))),
    "cardtable.table",
    "cardtable.table.choices",
    *(name for g in list_games() if (name := parts(g.id).module_name("sentences"))),
)


def test_cores_and_workers_import_neither_rich_nor_typer() -> None:
    """Nor the optional extras: Ray and matplotlib load only when a study asks for them, and
    the printing extra (reportlab, Pillow) only when a deck is printed."""
    code = (
        "import importlib, sys\n"
        f"for name in {CORE_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] in ('rich', 'typer', 'ray', 'matplotlib', 'fastapi',"
        " 'uvicorn', 'websockets', 'starlette', 'reportlab', 'PIL')"
        " or m.startswith(('cardtable.web', 'cardtable.printing'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("module", GAME_MODULES)
def test_game_package_imports_nothing_from_the_layers_in_front_of_it(module: str) -> None:
    code = (
        f"import sys, importlib\ng = importlib.import_module({module!r})\n"
        "s = g.GAME.new_game(1)\n"
        # bounded: always taking the last action need not end a game (it once looped)
        "for _ in range(2000):\n"
        "    if s.is_terminal():\n"
        "        break\n"
        "    s.apply(s.legal_actions()[-1])\n"
        "g.GAME.sample_state(s.view(0), 1)\n"
        "print(sorted(m for m in sys.modules\n"
        "             if m.startswith(('cardtable.cli', 'cardtable.agents', 'cardtable.sim'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
