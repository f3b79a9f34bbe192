"""Players who are strangers to each other: a display name held by a key, and ratings per game.

A name is claimed once, and answered with a random key that only the browser which claimed it
keeps (as a seat's token is kept): the server stores only the key's SHA-256, so a copy of the
database plays as nobody. Whoever shows the key plays under the name; nobody else can.

Ratings are openskill's (the Plackett-Luce model, a maintained Bayesian rating with a mean and
an uncertainty per player), one per game, updated once per rated game: a game between two named
players that its host marked rated. The leaderboard shows ``mu - 3 sigma`` scaled as
``1000 + 40 (mu - 3 sigma)``: a new player starts at 1000 and climbs as their games make the
rating surer and higher.
"""

from __future__ import annotations

import re
import secrets
import time
import unicodedata

from cardtable.web.refusal import Refusal
from cardtable.web.store import Rating, Store, secret_hash

#: a display name: letters (any script), digits, spaces and . _ - ・, 2-24 characters
NAME = re.compile(r"[\w][\w .\-・]{0,22}[\w.]", re.UNICODE)
#: names one address may claim in a day
NAMES_PER_ADDRESS = 10
DAY = 86400.0


class PlayerError(Refusal, ValueError):
    """A name or key the lobby refuses; ``status`` is the HTTP status it maps to."""


def clean_name(name: str) -> str:
    """The name as stored (NFC, spaces folded), or PlayerError saying what is wrong."""
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not NAME.fullmatch(name):
        raise PlayerError("a name is 2 to 24 letters, digits, spaces or . _ - ・, "
                          "starting with a letter or digit")
    return name


class Players:
    def __init__(self, store: Store) -> None:
        self.store = store

    def claim(self, name: str, owner: str, now: float | None = None) -> tuple[str, str]:
        """Claim ``name`` from ``owner``'s address: the name as stored and its new key."""
        name = clean_name(name)
        now = time.time() if now is None else now
        if owner and self.store.players_from(owner, now - DAY) >= NAMES_PER_ADDRESS:
            raise PlayerError(f"this address has claimed {NAMES_PER_ADDRESS} names today; "
                              "use one of them", 429)
        key = secrets.token_urlsafe(24)
        if not self.store.add_player(name, secret_hash(key), owner):
            raise PlayerError(f"the name {name!r} is taken; choose another", 409)
        return name, key

    def name_of(self, key: str | None) -> str | None:
        """The name a key holds; None for no key; PlayerError for a key nobody holds."""
        if not key:
            return None
        name = self.store.player(secret_hash(key))
        if name is None:
            raise PlayerError("this player key is not known here: claim a name again", 403)
        return name


def shown(rating: Rating) -> int:
    return round(1000 + 40 * (rating.mu - 3 * rating.sigma))


def rate(store: Store, table_id: str, game: str, names: list[str], winner: int | None) -> bool:
    """Update both players' ratings after a rated game (``winner`` None: a draw), once."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    old = [store.rating(game, n) or Rating(n, model.mu, model.sigma) for n in names]
    teams = [[model.rating(mu=r.mu, sigma=r.sigma, name=r.name)] for r in old]
    ranks = [0.0, 0.0] if winner is None else [0.0 if s == winner else 1.0 for s in (0, 1)]
    new = model.rate(teams, ranks=ranks)
    out = [Rating(r.name, t[0].mu, t[0].sigma, r.games + 1, r.wins + (s == winner))
           for s, (r, t) in enumerate(zip(old, new, strict=True))]
    return store.rate(table_id, game, out)
