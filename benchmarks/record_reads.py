"""Count a game package's reads by position against reads by field name (issue 37).

    python benchmarks/record_reads.py src/cardtable/games/dreadnought

A read by position is a subscript by an integer constant (``u[3]``, ``ask[-1]``) or by one of
the field-number names (``u[CARD]``); a read by name is an attribute read of one of the
records' field names (``u.card``), which also counts the few attributes of cards and effects
that share a name (``card.kind``, ``e.target``): compare two trees, not the figures alone.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

FIELD_NUMBERS = {"UID", "SEAT", "AREA", "CARD", "CHK", "CHECKED", "DUMMY"}
FIELD_NAMES = {"uid", "seat", "area", "card", "checked", "dummy", "amount", "duration",
               "owner", "is_open", "target_seat", "damage", "kind", "line", "src", "target",
               "mode", "uids"}


def count(folder: Path) -> tuple[int, int]:
    """(reads by position, reads by name) over the ``.py`` files of ``folder``."""
    by_position = by_name = 0
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
                index = node.slice.operand if isinstance(node.slice, ast.UnaryOp) \
                    else node.slice
                if (isinstance(index, ast.Constant) and type(index.value) is int) or \
                        (isinstance(index, ast.Name) and index.id in FIELD_NUMBERS):
                    by_position += 1
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) \
                    and node.attr in FIELD_NAMES:
                by_name += 1
    return by_position, by_name


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        position, name = count(Path(arg))
        print(f"{arg}: {position} reads by position, {name} by field name")
