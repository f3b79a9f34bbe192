"""A request the server refuses, carrying the HTTP status its answer maps to.

A table that is not there (404), a name taken (409), a lane that is full (503): each module
raises its own kind (``TableError``, ``PlayerError``, ``Busy``) so a handler can answer it its
own way, and every kind holds its message and status the same way, here.
"""

from __future__ import annotations


class Refusal(Exception):
    """The request is refused with ``status`` (400 unless the refusal says otherwise)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
