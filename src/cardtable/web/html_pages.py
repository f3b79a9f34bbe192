"""A page's HTML head, written once, and the pages the server sends from files.

Every page opened the same way: the doctype, its language, the character set, the viewport, a
title and the style sheets, ``table.css`` first. Five pages kept that head in their own file and
two more built it in Python; now ``head`` writes it, and each page says only its title and its
other style sheets. The five pages' bodies stand in ``pages/`` (outside ``static/``, which
the server sends as it is: a body alone is no page); ``page`` puts the head before one.

The table and its replay show one board: the header's title and status and the board with the
hand under it are one piece each (``pages/table_title.html``, ``pages/board.html``), which both
bodies include by a line ``<!--#include board.html-->`` where it stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from fastapi.responses import HTMLResponse

BODIES = Path(__file__).parent / "pages"
#: a body's line that stands for a piece of ``pages/`` shared by two pages
INCLUDE = re.compile(r"^[ \t]*<!--#include ([\w-]+\.html)-->\n", re.M)

#: the pages sent from files: each one's title and its style sheets besides ``table.css``
PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "lobby": ("cardtable · lobby", ("people.css",)),
    "table": ("cardtable", ("people.css",)),
    "replay": ("Replay · cardtable", ()),
    "leaderboard": ("cardtable · leaderboard", ("people.css",)),
    "design": ("cardtable · workbench", ("design.css",)),
}


def head(title: str, sheets: Sequence[str] = (), lang: str = "en") -> str:
    """The page's opening up to its ``<body>``: ``title`` is already escaped HTML, ``sheets``
    the style sheets of ``/static/`` it takes besides ``table.css``."""
    links = "".join(f'<link rel="stylesheet" href="/static/{name}">\n'
                    for name in ("table.css", *sheets))
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n{links}</head>\n")


def page(name: str) -> HTMLResponse:
    """The page ``name`` of ``PAGES``: its head, then its body from ``pages/`` (read at each
    request, as the file it was, so an edited page shows at the next reload)."""
    title, sheets = PAGES[name]
    return HTMLResponse(head(title, sheets) + body(name))


def body(name: str) -> str:
    """The body of the page ``name``, each include line replaced by the piece it names."""
    text = (BODIES / f"{name}.html").read_text("utf-8")
    return INCLUDE.sub(lambda m: (BODIES / m.group(1)).read_text("utf-8"), text)
