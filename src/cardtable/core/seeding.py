"""Derive independent seeds from a master seed and a path of keys.

Simulations hand game ``i`` the seed ``derive_seed(master, "game", i)`` so that the result of a
game never depends on which worker process or machine ran it. Python's ``hash`` is salted per
process, so a cryptographic digest is used instead.
"""

from __future__ import annotations

import hashlib


def derive_seed(master: int, *keys: object) -> int:
    """A 63-bit seed that depends only on ``master`` and ``keys``."""
    text = repr((int(master), *keys)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
