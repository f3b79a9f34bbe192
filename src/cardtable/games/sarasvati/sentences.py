"""サラスヴァティTCG's events as sentences, its questions and its how-to-play, in both languages.

Every battle is told with both numbers and the counterattack; every character and forbidden
book is named with its owner ("your Transfer Student [F1]", "their book 2"). Built from events
and a view only.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.view_cards import card_name, cards_of, printed_lines
from cardtable.core.voice import Voice, count
from cardtable.core.words import catalog, worded, worded_lines, words

JSON = dict[str, Any]
Line = tuple[str, str]
ROW = 5
#: where a card's text lines start in ``Game.card_lines`` (name, sort, cost and stats first)
TEXT_START = 3

#: the phases of a turn that hold a decision, in turn order (one with none passes by itself)
PHASES = ("charge", "imagine", "move", "battle")

#: key -> (English, Japanese)
TEXT: dict[str, tuple[str, str]] = words(__file__, "sentences.TEXT")

RULES: dict[str, tuple[str, str]] = words(__file__, "sentences.RULES")

HOW_TO_PLAY: dict[str, JSON] = catalog(__file__, "sentences.HOW_TO_PLAY")


tx = partial(worded, TEXT)


def place_name(place: int, lang: str) -> str:
    if lang == "ja":
        return f"{'前' if place < ROW else '後'}{place % ROW + 1}"
    return f"{'F' if place < ROW else 'B'}{place % ROW + 1}"


def card_lines(card: JSON, lang: str) -> list[str]:
    return printed_lines("sarasvati", card, lang, (KeyError, TypeError, ValueError))


def effect_text(cards: dict[str, JSON], card: str, text: str, lang: str) -> str:
    """One effect line of ``card`` (as an event or a choice quotes it) in ``lang``."""
    c = cards.get(card)
    if lang == "ja" or c is None:
        return text
    lines_ = card_lines(c, lang)
    for i, raw in enumerate(c.get("text", [])):
        if text and text in raw and TEXT_START + i < len(lines_):
            return lines_[TEXT_START + i].removeprefix("‣ ")
    return text


def phase_name(phase: str, lang: str) -> str:
    key = f"phase_{phase}"
    return tx(key, lang) if key in TEXT else phase


def question(view: JSON, lang: str) -> str:
    ch = view.get("choice")
    cards = cards_of(view)
    if ch is not None:
        if ch["kind"] == "keep":
            return tx("q_keep", lang, card=card_name(cards, ch["card"], lang))
        return tx("q_choose", lang, card=card_name(cards, ch["card"], lang),
                  text=effect_text(cards, ch["card"], ch["text"], lang))
    key = f"q_{view['phase']}"
    return tx(key, lang) if key in TEXT else ""


def rules(view: JSON, lang: str) -> list[str]:
    key = "choice" if view.get("choice") is not None else view.get("phase", "")
    return worded_lines(RULES, key, lang)


def _targets(ev: JSON, view: JSON, cards: dict[str, JSON], v: Voice) -> str:
    """`` → your X [F1], their Y [B2]``: who an effect acted on."""
    named = []
    me = view.get("player")
    for seat, place in ev.get("targets", []):
        side = view.get("you" if seat == me else "opponent", {}).get("field", [])
        f = side[place] if 0 <= place < len(side) else None
        what = card_name(cards, f["card"], v.lang) if f else ""
        named.append(f"{v.whose(seat)}{what} [{place_name(place, v.lang)}]".strip())
    return (" → " + ", ".join(named)) if named else ""


def _one(ev: JSON, view: JSON, cards: dict[str, JSON], v: Voice) -> list[Line]:
    kind = ev.get("type")
    seat = ev.get("player", -1)
    lang = v.lang

    def t(key: str, verb: str = "", **kw: Any) -> str:
        return tx(key, lang, **{**v.persons(seat, verb), **kw})

    def n(x: str) -> str:
        return card_name(cards, x, lang)

    def book(owner: int, index: int) -> str:
        return tx("book", lang, whose=v.whose(owner), n=index + 1)

    if kind == "turn":
        return [("head", t("turn", turn=ev["turn"]))]
    if kind == "first-player":
        return [("", t("first", es="" if v.mine(seat) else "es"))]
    if kind == "draw":
        if "cards" in ev and v.mine(seat):
            return [("", t("draw_own", cards=", ".join(n(c) for c in ev["cards"])))]
        return [("dim", t("draw_other", "draw", count=ev["count"],
                          cards=count(ev["count"], "card")))]
    if kind == "charge":
        return [("", t("charge", "charge", card=n(ev["card"])))]
    if kind == "summon":
        return [("", t("summon", "summon", card=n(ev["card"]),
                       place=place_name(ev["place"], lang)))]
    if kind == "evolve":
        return [("", t("evolve", "evolve", card=n(ev["card"]),
                       bases=", ".join(n(b) for b in ev["bases"]),
                       place=place_name(ev["place"], lang)))]
    if kind == "equip":
        return [("", t("equip", "equip", card=n(ev["card"]), on=n(ev["on"])))]
    if kind == "use":
        return [("", t("use", "use", card=n(ev["card"])))]
    if kind == "move":
        return [("", t("move", "move", card=n(ev["card"]), src=place_name(ev["from"], lang),
                       dst=place_name(ev["to"], lang)))]
    if kind == "effect":
        return [("note", t("effect", card=n(ev["card"]),
                           text=effect_text(cards, ev["card"], ev["text"], lang))
                 + _targets(ev, view, cards, v))]
    if kind == "effect-skipped":
        why = f"skip_{ev['why']}"
        return [("dim", t("skip", card=n(ev["card"]),
                          text=effect_text(cards, ev["card"], ev["text"], lang),
                          why=tx(why, lang) if why in TEXT else ev["why"]))]
    if kind == "attack":
        if "book" in ev:
            return [("strong", t("attack_book", card=n(ev["card"]),
                                 book=book(1 - seat, ev["book"])))]
        return [("strong", t("attack_char", card=n(ev["card"]),
                             target=v.whose(1 - seat) + n(ev["target_card"])))]
    if kind == "battle":
        killed, kills = ev["destroyed"]
        out: list[Line] = [("", t("battle", atk=ev["attack"], dfn=ev["defense"],
                                  result=tx("destroys" if kills else "survives", lang)))]
        if ev["counter"]:
            out.append(("", t("counter", atk=ev["counter_attack"], dfn=ev["attacker_defense"],
                              result=tx("destroys" if killed else "survives", lang))))
        else:
            out.append(("dim", t("no_counter")))
        return out
    if kind == "battle-won":
        return [("", t("won", card=v.whose(seat) + n(ev["card"])))]
    if kind == "book-opened":
        # the book's text, so a lasting effect that starts now is never a surprise
        c = cards.get(ev["card"])
        text = card_lines(c, lang)[TEXT_START:] if c else []
        return [("note", t("book_open", book=book(seat, ev["book"]), card=n(ev["card"]))),
                *(("note", "    " + line.removeprefix("‣ ")) for line in text)]
    if kind == "book-destroyed":
        return [("bad" if v.mine(seat) else "good" if v.seat is not None else "strong",
                 t("book_destroyed", book=book(seat, ev["book"]), card=n(ev["card"])))]
    if kind == "destroyed":
        why = f"why_{ev.get('why')}"
        return [("", t("destroyed", card=n(ev["card"]),
                       why=tx(why, lang) if why in TEXT else ""))]
    if kind == "equipment-destroyed":
        return [("", t("equip_gone", card=n(ev["card"])))]
    if kind == "returned":
        return [("", t("returned", card=n(ev["card"])))]
    if kind == "ramp":
        return [("", t("ramp", "put"))]
    if kind == "deck-out":
        return [("bad", t("deck_out", "must draw"))]
    if kind == "game-end":
        key = f"reason_{ev.get('reason')}"
        reason = tx(key, lang) if key in TEXT else str(ev.get("reason"))
        winner = ev.get("winner")
        if ev.get("draw") or winner is None or winner < 0:
            return [("strong", t("end_draw", reason=reason))]
        return [("strong", t("end_win", reason=reason, whom=v.whom(winner), who=v.who(winner),
                             s="" if v.mine(winner) else "s"))]
    return []  # bookkeeping events (shuffles, books laid out, turn ends) need no line


def lines(events: list[JSON], view: JSON, voice: Voice) -> list[Line]:
    """Each event as zero or more (tone, sentence) lines, from the voice's side."""
    cards = cards_of(view)
    return [line for ev in events for line in _one(ev, view, cards, voice)]
