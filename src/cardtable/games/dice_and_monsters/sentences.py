"""Cardguard Dice and Monsters' events as sentences, its questions and its how-to-play.

The battle is told unit by unit: who acts on which die face, what it does to whom, each
die rolled and why; a command that fires and changes nothing says why. Every unit is named
with its owner and square ("your Goblin [1]", "their Slime [3]"). Built from events and a view
only.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.view_cards import card_name, cards_of, printed_lines
from cardtable.core.voice import Voice, deck_title
from cardtable.core.words import catalog, words

JSON = dict[str, Any]
Line = tuple[str, str]

MSG: dict[str, tuple[str, str]] = words(__file__, "sentences.MSG")

RULES: dict[str, tuple[str, str]] = words(__file__, "sentences.RULES")

HOW_TO_PLAY: dict[str, JSON] = catalog(__file__, "sentences.HOW_TO_PLAY")

#: a status as the state a unit is in ("is now poisoned"), and the words of the seed
STATE_EN = {"毒": "poisoned", "スタン": "stunned", "睡眠": "asleep", "魔力封印": "magic-sealed",
            "弱体化": "weakened"}
GLOSSARY = {"毒": "poison", "スタン": "stun", "睡眠": "sleep", "魔力封印": "magic seal",
            "弱体化": "weakness", "聖": "holy", "闇": "dark", "混沌": "chaos", "無": "none"}
#: events that show a command did something
_COMMAND_EFFECTS = frozenset({"revive", "traits-off", "roll-changed", "features-lost", "damage",
                              "heal", "countered", "command"})
#: the trait that makes a unit ignore commands, as the seed words it
_IMMUNE = "コマンドカードの効果を受けない"


def m(key: str, lang: str, **kw: Any) -> str:
    en, ja = MSG[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def status_name(word: str, lang: str) -> str:
    return word if lang == "ja" else GLOSSARY.get(word, word)


def card_lines(card: JSON, lang: str) -> list[str]:
    return printed_lines("dice-and-monsters", card, lang)


def action_text(cards: dict[str, JSON], unit: str, face: int, lang: str, printed: str) -> str:
    """What a unit's action on ``face`` does, in ``lang`` (Japanese: its printed name)."""
    if lang == "ja":
        return f"「{printed}」"
    card = cards.get(unit)
    if card is not None:
        for line in card_lines(card, lang):
            if line.startswith(f"[{face}] "):
                return line[len(f"[{face}] "):]
    return m("action", lang, face=face)


def phase_name(phase: str, lang: str) -> str:
    return m(phase, lang) if phase in MSG else phase


def question(view: JSON, lang: str) -> str:
    if view.get("phase") == "over":
        return ""
    return m("q_build" if view["phase"] == "deck-building" else "q_team", lang)


class _Words:
    def __init__(self, view: JSON, voice: Voice) -> None:
        self.v = voice
        self.lang = voice.lang
        self.cards = cards_of(view)

    def t(self, key: str, seat: Any = None, verb: str = "", **kw: Any) -> str:
        if seat is not None:
            kw = {**self.v.persons(seat, verb), **kw}
        return m(key, self.lang, **kw)

    def name(self, n: str) -> str:
        return card_name(self.cards, n, self.lang)

    def unit(self, ref: list[Any]) -> str:
        """``your Goblin [1]`` / ``相手の【1】ゴブリン``."""
        if self.v.ja:
            return f"{self.v.whose(ref[0])}【{ref[1]}】{ref[2]}"
        return f"{self.v.whose(ref[0])}{self.name(ref[2])} [{ref[1]}]"

    def names(self, names: list[str]) -> str:
        return self.v.names().join(self.name(n) for n in names) or "-"


def _one(ev: JSON, w: _Words) -> list[Line]:
    kind = ev.get("type")
    seat = ev.get("player")
    v, lang = w.v, w.lang
    me = v.seat if v.seat is not None else 0
    if kind == "game-start":
        decks = ev.get("decks") or ["", ""]
        return [("dim", w.t("game_start",
                            mine=deck_title("dice-and-monsters", decks[me], lang) or "?",
                            theirs=deck_title("dice-and-monsters", decks[1 - me], lang) or "?"))]
    if kind == "pick":
        return [("dim", w.t("pick", card=w.name(ev["card"])))]
    if kind == "deck-built":
        return [("", w.t("built", seat, whose=v.Whose(seat)))]
    if kind == "decks":
        out: list[Line] = []
        for p in (0, 1):
            if v.mine(p):
                continue
            out.append(("", w.t("decks", p, whose=v.Whose(p), main=w.names(ev["main"][p]),
                                leap=w.names(ev["leap"][p]))))
        return out
    if kind == "team-set":
        return [("", w.t("team_set", seat, "set"))]
    if kind == "team":
        units = v.names().join((f"【{sq}】{w.name(n)}" if v.ja else f"[{sq}] {w.name(n)}")
                               for sq, n in ev["units"])
        cmd = f" ({w.name(ev['command'])})" if "command" in ev else ""
        return [("", w.t("team_line", seat, whose=v.Whose(seat), units=units,
                         sq=ev["command_square"], cmd=cmd))]
    if kind == "order":
        names = " > ".join(w.unit(r) for r in ev["units"])
        return [("", w.t("order_again" if ev.get("again") else "order", units=names))]
    if kind == "round":
        return [("head", w.t("round", round=ev["round"]))]
    if kind == "die":
        if ev["for"] == "round-roll":
            return [("strong", w.t("roll_die", value=ev["value"]))]
        purpose = m("die_" + ev["for"], lang) if "die_" + ev["for"] in MSG else ev["for"]
        rolls = "rolls"
        if "unit" in ev:
            owner = w.unit(ev["unit"])
        elif "owner" in ev:
            owner, rolls = v.who(ev["owner"]), v.verb(ev["owner"], "roll")
        else:
            owner = w.t("nobody")
        return [("note", w.t("die", who=owner, rolls=rolls, purpose=purpose,
                             value=ev["value"]))]
    if kind == "roll":
        return [("strong", w.t("roll_final", value=ev["value"]))]
    if kind == "command":
        key = "command_stay" if ev.get("staying") else (
            "command_answer" if ev.get("answers") else "command_fire")
        return [("note", w.t(key, seat, whose=v.Whose(seat), card=w.name(ev["card"])))]
    if kind == "countered":
        return [("note", w.t("countered", card=w.name(ev["card"])))]
    if kind == "turn":
        tone = "good" if v.mine(ev["unit"][0]) else ("bad" if v.seat is not None else "")
        return [(tone, w.t("turn", unit=w.unit(ev["unit"]), hp=ev["hp"]))]
    if kind == "action":
        base = {"face": ev["face"],
                "name": action_text(w.cards, ev["unit"][2], ev["face"], lang, ev["name"])}
        for flag, key in (("none", "act_none"), ("used_up", "act_used"), ("stunned", "act_stun"),
                          ("back_row", "act_back"), ("no_target", "act_none_target")):
            if ev.get(flag):
                return [("", w.t(key, **base))]
        target = f"【{ev['target']}】" if ev.get("target") and v.ja else ""
        targets = v.names().join(w.unit(r) for r in ev.get("targets", []))
        if not targets:  # an action on itself (a heal, falling asleep) names no target
            return [("", w.t("act_self", **base))]
        return [("", w.t("act", target=target, targets=targets, **base))]
    if kind == "damage":
        return [("", w.t("damage", unit=w.unit(ev["unit"]), amount=ev["amount"],
                         kind=m("kind_" + ev["kind"], lang) if "kind_" + ev["kind"] in MSG
                         else "", hp=ev["hp"]))]
    if kind == "heal":
        return [("", w.t("heal", unit=w.unit(ev["unit"]), amount=ev["amount"], hp=ev["hp"]))]
    if kind == "status":
        key = "status_on" if ev["on"] else "status_off"
        word = STATE_EN.get(ev["status"], ev["status"]) if ev["on"] and not v.ja else \
            status_name(ev["status"], lang)
        return [("note", w.t(key, unit=w.unit(ev["unit"]), status=word))]
    if kind == "asleep":
        return [("", w.t("asleep", unit=w.unit(ev["unit"])))]
    if kind == "down":
        return [("bad" if v.mine(ev["unit"][0]) else "strong",
                 w.t("down", unit=w.unit(ev["unit"])))]
    if kind == "revive":
        return [("note", w.t("revive", unit=w.unit(ev["unit"]), hp=ev["hp"]))]
    if kind == "advance":
        return [("", w.t("advance", seat, unit=w.name(ev["unit"]), src=ev["from"],
                         dst=ev["to"]))]
    if kind == "leap":
        return [("strong", w.t("leap_line", seat, out=w.name(ev["out"]),
                               into=w.name(ev["in"]), hp=ev["hp"]))]
    if kind == "max-hp":
        return [("", w.t("max_hp", unit=w.unit(ev["unit"]), max=ev["max"], hp=ev["hp"]))]
    if kind == "features-lost":
        return [("", w.t("features_lost", until=ev["until"]))]
    if kind == "traits-off":
        return [("", w.t("traits_off", unit=w.unit(ev["unit"])))]
    if kind == "game-end":
        reason = m("r_" + ev["reason"], lang) if "r_" + ev["reason"] in MSG else ev["reason"]
        winner = ev.get("winner")
        if ev["draw"] or winner is None or winner < 0:
            head = w.t("end_draw", reason=reason)
        else:
            head = w.t("end_win", reason=reason, whom=v.whom(winner), who=v.who(winner),
                       s="" if v.mine(winner) else "s")
        units, taken, init = ev["units"], ev["taken"], ev["initial_hp"]
        return [("strong", head),
                ("", w.t("end_numbers", a=v.whom(me), b=v.whom(1 - me), au=units[me],
                         bu=units[1 - me], at=taken[me], bt=taken[1 - me], ai=init[me],
                         bi=init[1 - me]))]
    return []


def _owner_of(ev: JSON, context: JSON, w: _Words) -> str:
    """Who changed the roll: the command's owner, or the one unit of that name whose traits
    are still on (from the round's board); the bare name when both sides could have done it."""
    by = ev["by"]
    if context.get("command") is not None and context.get("command_card") == by:
        return w.v.whose(context["command"]) + w.name(by)
    seats = {side for side, n in context.get("units", []) if n == by}
    seats -= {side for side, n in context.get("traits_off", []) if n == by}
    if len(seats) == 1:
        return w.v.whose(seats.pop()) + w.name(by)
    return w.name(by)


def _no_effect(context: JSON, w: _Words) -> Line | None:
    """Why the command that just fired changed nothing (a silent command confuses players)."""
    card = context.pop("fired", None)
    if card is None or context.pop("acted", False):
        return None
    immune = [u for u in context.get("downs", [])
              if _IMMUNE in str(w.cards.get(u[2], {}).get("text", ""))]
    if immune:
        why = w.t("why_immune", units=w.v.names().join(w.unit(u) for u in immune))
    else:
        why = w.t("why_nothing")
    return "dim", w.t("cmd_no_effect", card=w.name(card), why=why)


def lines(events: list[JSON], view: JSON, voice: Voice) -> list[Line]:
    """Each event as zero or more (tone, sentence) lines, from the voice's side."""
    w = _Words(view, voice)
    out: list[Line] = []
    context: JSON = {}
    for ev in events:
        kind = ev.get("type")
        if "fired" in context:
            if kind in _COMMAND_EFFECTS:
                context["acted"] = True
                if kind == "command":  # an answer (Command Counter) counts as its effect
                    context.pop("fired")
                    context.pop("acted")
            elif kind in ("turn", "round", "roll", "game-end", "order", "die"):
                note = _no_effect(context, w)
                if note is not None:
                    out.append(note)
        if kind == "down":
            context.setdefault("downs", []).append(ev["unit"])
        elif kind == "turn":
            context["downs"] = []
        if kind == "round":
            context["units"] = [(side, cell["unit"]) for side, row in enumerate(ev["board"])
                                for cell in row if cell and "unit" in cell]
        elif kind == "traits-off":
            context.setdefault("traits_off", []).append((ev["unit"][0], ev["unit"][2]))
        elif kind == "command":
            context["command"], context["command_card"] = ev.get("player"), ev.get("card")
            if not ev.get("staying") and not ev.get("answers"):
                context["fired"], context["acted"] = ev.get("card"), False
        elif kind == "die" and ev.get("for") == "counter" and context.get("command") is not None:
            ev = {**ev, "owner": context["command"]}
        if kind == "roll-changed":
            out.append(("note", w.t("roll_changed", by=_owner_of(ev, context, w),
                                    value=ev["value"])))
            continue
        out.extend(_one(ev, w))
    if "fired" in context and not context.get("acted"):
        note = _no_effect(context, w)
        if note is not None:
            out.append(note)
    return out


def summary(events: list[JSON], view: JSON, voice: Voice) -> list[Line]:
    """One line after a paced round: damage each way and units knocked out."""
    rounds = [ev["round"] for ev in events if ev.get("type") == "round"]
    if not rounds:
        return []
    me = voice.seat if voice.seat is not None else 0
    dealt = sum(ev["amount"] for ev in events if ev.get("type") == "damage"
                and ev["unit"][0] != me)
    taken = sum(ev["amount"] for ev in events if ev.get("type") == "damage"
                and ev["unit"][0] == me)
    mine = sum(1 for ev in events if ev.get("type") == "down" and ev["unit"][0] == me)
    theirs = sum(1 for ev in events if ev.get("type") == "down" and ev["unit"][0] != me)
    text = m("round_summary", voice.lang, round=rounds[0], dealt=dealt, taken=taken, mine=mine,
             theirs=theirs, a=voice.whom(me), b=voice.whom(1 - me), a_whose=voice.whose(me),
             b_whose=voice.whose(1 - me))
    return [("strong", text)]
