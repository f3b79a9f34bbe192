"""The import graph of ``src/cardtable``, read from the source (nothing is imported), and its
circles: the strongly connected parts of size two or more, each a set of modules that import
one another round.

Counted: ``import a.b`` and ``from a import b`` as an edge to ``a.b`` when that is a module,
else to ``a`` (the package's ``__init__``); relative imports resolved. An implicit import of a
parent package is not an edge (every module would sit in a circle with its package).
``if TYPE_CHECKING:`` blocks never run, so they count nowhere. *Module level* is everything
that runs when the module loads (under ``try`` or ``if`` too): a circle there makes a load
order matter. Imports inside a function run on its first call; ``functions=True`` counts them
as well, because a circle hidden in a function is still a circle.

    PYTHONPATH=src python tests/import_graph.py              # module-level circles
    PYTHONPATH=src python tests/import_graph.py --functions  # counting function-level imports
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def modules(src: Path = SRC) -> dict[str, Path]:
    """Every module of the ``cardtable`` package by dotted name."""
    out = {}
    for path in sorted((src / "cardtable").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path], functions: bool) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, True)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            elif isinstance(child, ast.Import | ast.ImportFrom):
                if in_function and not functions:
                    continue
                if isinstance(child, ast.Import):
                    found.update(a.name for a in child.names)
                    continue
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in known else base)
            else:
                visit(child, in_function)

    visit(ast.parse(path.read_text("utf-8")), False)
    return {m for m in found if m in known and m != name}


def graph(functions: bool = False, src: Path = SRC) -> dict[str, set[str]]:
    known = modules(src)
    return {name: _imports(name, path, known, functions) for name, path in known.items()}


def circles(functions: bool = False, src: Path = SRC) -> list[tuple[str, ...]]:
    """The circles (Tarjan's strongly connected components of two or more), each sorted."""
    edges = graph(functions, src)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(tuple(sorted(part)))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(edges)))
    for v in sorted(edges):
        if v not in index:
            connect(v)
    return sorted(found)


if __name__ == "__main__":
    functions = "--functions" in sys.argv[1:]
    found = circles(functions)
    for part in found:
        print(f"{len(part)} modules: " + " ↔ ".join(part))
    print(f"{len(found)} circles, {sum(map(len, found))} modules in them"
          + (" (function-level imports counted)" if functions else " (module level)"))
