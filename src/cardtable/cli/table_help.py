"""Help at the table, for every game from its view alone: cards to read, public piles, rules.

* The cards a player may read are the names the view mentions anywhere outside its card table
  (hand, field, trash, open cards of the opponent): a view only names what its player may see,
  so nothing hidden can be listed. Their text comes from ``Game.card_lines``.
* Public piles are the lists of card names on either side of the view (``you`` / ``opponent``).
* The rules summary of the phase comes from the game's renderer (``rules(view, lang)``) when it
  has one, else from the phase name.
"""

from __future__ import annotations

from typing import Any

from cardtable.cli.i18n import MESSAGES, t
from cardtable.table.board import w

JSON = dict[str, Any]
#: view keys that are the card database or deck lists, not cards on the table
_NOT_ON_TABLE = ("cards", "decklists", "options", "pools")


def card_index(view: JSON) -> dict[str, JSON]:
    return {str(c["name"]): c for c in view.get("cards", []) if isinstance(c, dict)
            and "name" in c}


def _names_in(value: Any, known: dict[str, JSON], out: list[str]) -> None:
    if isinstance(value, str):
        if value in known and value not in out:
            out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _names_in(v, known, out)
    elif isinstance(value, list):
        for v in value:
            _names_in(v, known, out)


def visible_cards(view: JSON) -> list[str]:
    """Every card name the view shows on the table, in the order the view mentions them."""
    known = card_index(view)
    out: list[str] = []
    for key, value in view.items():
        if key not in _NOT_ON_TABLE:
            _names_in(value, known, out)
    pools = view.get("pools")
    if isinstance(pools, list) and 0 <= view.get("player", -1) < len(pools):
        _names_in(pools[view["player"]], known, out)  # one's own pool while building a deck
    return out


def table_cards(table: JSON, known: dict[str, JSON]) -> list[str]:
    """The face-up cards of a projected table, in board order, by the names ``known`` holds;
    for a game whose view refers to its cards by number (Dreadnought), where ``visible_cards``
    finds no names."""
    out: list[str] = []
    for zone in table.get("zones", []):
        for card in zone.get("cards", []):
            key = str(card.get("key") or card.get("name", "")) if isinstance(card, dict) else ""
            if card and card.get("face_up", True) and key in known and key not in out:
                out.append(key)
    return out


def card_name(card: JSON, lang: str) -> str:
    """One language at a time: the English name in English (``c N`` shows both)."""
    name, en = str(card.get("name", "?")), str(card.get("name_en", "") or "")
    return name if lang == "ja" or not en else en


def pile_label(key: str, lang: str) -> str:
    msg = f"pile_{key}"
    return t(msg, lang) if msg in MESSAGES else key.replace("_", " ")


def public_piles(view: JSON, lang: str) -> list[str]:
    """``who · pile: card, card`` for every list of card names on either side of the view."""
    known = card_index(view)
    lines: list[str] = []
    for side, who in (("you", t("you", lang)), ("opponent", t("opponent", lang))):
        data = view.get(side)
        if not isinstance(data, dict):
            continue
        for key, value in data.items():
            if key in ("hand", "revealed") and side == "you":
                continue  # one's own hand is on the board already
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                continue  # a pile is a list of card names (a field of places is drawn already)
            names: list[str] = []
            _names_in(value, known, names)
            if names or (value == [] and key in ("trash", "graveyard", "voltage")):
                shown = t("list_sep", lang).join(card_name(known[n], lang) for n in names)
                label = pile_label(key, lang)
                lines.append(f"{who[:1].upper()}{who[1:]} · {label[:1].upper()}{label[1:]} "
                             f"({len(value)}): {shown or '-'}")
    return lines


def table_piles(table: JSON, seat: int, lang: str) -> list[str]:
    """``Who · pile (n): card, card`` for the face-up piles of a projected table (a discard
    pile), for a game whose view refers to its cards by number."""
    lines: list[str] = []
    for zone in table.get("zones", []):
        owner = zone.get("owner")
        if zone.get("slots") or owner is None or zone.get("kind") == "hand":
            continue
        cards = [c for c in zone.get("cards", []) if c]
        if not cards and zone.get("count") is not None:
            continue  # a deck: its count is on the board
        who = t("you" if owner == seat else "opponent", lang)
        up = [str(c.get("name", "")) for c in cards if c.get("face_up", True)]
        shown = t("list_sep", lang).join(up) or (w("down", lang) if cards else "-")
        lines.append(f"{who[:1].upper()}{who[1:]} · {zone['label']} ({len(cards)}): {shown}")
    return lines
