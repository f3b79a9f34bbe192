"""(to be written)"""

from __future__ import annotations

import typer


def register(app: typer.Typer, cards_app: typer.Typer) -> None:
    """Add this module's command(s) to the app."""
