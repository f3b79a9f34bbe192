"""The progress bar the long commands (``simulate``, ``balance``) show on a terminal."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def progress_bar(err: Console, label: str) -> Progress:
    """``label``, a bar, done/total, the time taken and the time left, gone once finished."""
    return Progress(TextColumn(f"[bold]{label}[/bold]"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TimeRemainingColumn(), console=err, transient=True)
