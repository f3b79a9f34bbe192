"""Turn the engine's deliberate errors into a red message and exit code 2, never a traceback.

``CardtableError`` always carries a sentence a player can act on, so the CLI shows just that.
Anything else is a bug and is allowed to surface as one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.text import Text

from cardtable.cli.i18n import LANGS, t
from cardtable.core.errors import CardtableError

USAGE_EXIT = 2


def error_console() -> Console:
    """A console on stderr, made per call so test runners that swap the streams are honoured."""
    return Console(stderr=True, highlight=False)


def fail(message: str, lang: str = "en", code: int = USAGE_EXIT) -> typer.Exit:
    """Print ``message`` as an error; the caller raises the returned ``typer.Exit``."""
    error_console().print(Text(t("error", lang, message=message), style="red"), soft_wrap=True)
    return typer.Exit(code)


@contextmanager
def user_errors(lang: str = "en", code: int = USAGE_EXIT) -> Iterator[None]:
    """Report a ``CardtableError`` raised inside the block and exit with ``code``."""
    try:
        yield
    except CardtableError as exc:
        raise fail(str(exc), lang, code) from None


def check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise fail(t("bad_lang", "en", lang=lang))
