"""カルドセプト's events as sentences, its questions and its how-to-play, in both languages.

Each seat has its own row of six lands, so a land is always named with its owner: "your land
3", "their land 3" (a spectator reads "Player 2's land 3"). Every battle is told step by step:
the bonuses, the battle cards, the order, each attack with its damage, the result, the toll.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.view_cards import card_name, cards_of
from cardtable.core.voice import Voice, article, count
from cardtable.core.words import catalog, worded, words

JSON = dict[str, Any]
Line = tuple[str, str]
ELEMENT_EN = {"火": "fire", "水": "water", "地": "earth", "風": "wind", "無": "neutral"}
LAND_EN = {"火山": "Volcano", "草原": "Plains", "湖": "Lake", "森林": "Forest", "都市": "City",
           "廃虚": "Ruins"}

#: key -> (English, Japanese); {who}/{who_does} the subject, {land} a land with its owner
TEXT: dict[str, tuple[str, str]] = words(__file__, "sentences.TEXT")

#: the rules of each phase in a few lines (key ``r`` at the table), English and Japanese
RULES: dict[str, tuple[str, str]] = words(__file__, "sentences.RULES")

HOW_TO_PLAY: dict[str, JSON] = catalog(__file__, "sentences.HOW_TO_PLAY")


tx = partial(worded, TEXT)


def element(e: str, lang: str) -> str:
    return e if lang == "ja" else ELEMENT_EN.get(e, e)


def land_name(land: str, lang: str) -> str:
    return land if lang == "ja" else LAND_EN.get(land, land)


def land(voice: Voice, owner: int, slot: int) -> str:
    """``your land 3`` / ``their land 3`` / ``Player 2's land 3``."""
    return tx("land", voice.lang, whose=voice.whose(owner), n=slot + 1)


def question(view: JSON, lang: str) -> str:
    phase = view["phase"]
    cards = cards_of(view)
    me = view["player"]
    v = Voice(me, lang)
    dest = view["dest"]
    if phase == "invade":
        return tx("q_invade", lang, land=land(v, 1 - me, dest),
                  toll=view["opponent"]["slots"][dest]["toll"])
    if phase == "battle-card-defender":
        b = view["battle"] or {}
        return tx("q_battle-card-defender", lang, land=land(v, me, dest),
                  card=card_name(cards, b.get("invader") or "?", lang))
    if phase == "choose-level":
        pending = view["pending"]
        return tx("q_choose-level", lang, land=land(v, pending[1], pending[2]))
    if phase == "territory":
        return tx("q_territory", lang, land=land(v, me, dest))
    key = f"q_{phase}"
    return tx(key, lang) if key in TEXT else ""


def _one(ev: JSON, cards: dict[str, JSON], v: Voice, goal: int, fight: list[str]) -> list[Line]:
    kind = ev.get("type")
    seat = ev.get("player", -1)
    lang = v.lang

    def t(key: str, verb: str = "", **kw: Any) -> str:
        return tx(key, lang, **{**v.persons(seat, verb), **kw})

    def n(x: str) -> str:
        return card_name(cards, x, lang)

    def here(owner: int, slot: int) -> str:
        return land(v, owner, slot)

    if kind == "turn":
        return [("head", t("turn", turn=ev["turn"]))]
    if kind == "first-player":
        return [("", t("first", es="" if v.mine(seat) else "es"))]
    if kind == "lands":
        lands = " ".join(land_name(x, lang) for x in ev["lands"])
        return [("dim", t("lands", whose=v.Whose(seat), lands=lands))]
    if kind == "draw":
        if "cards" in ev and v.mine(seat):
            return [("", t("draw_own", cards=", ".join(n(c) for c in ev["cards"])))]
        return [("dim", t("draw_other", "draw", count=ev["count"],
                          cards=count(ev["count"], "card")))]
    if kind == "draw-skipped":
        return [("bad", t("draw_skip", whose=v.Whose(seat)))]
    if kind == "spell":
        where = ""
        if "slot" in ev:
            owner = seat if ev["side"] == "own" else 1 - seat
            where = t("spell_on", land=here(owner, ev["slot"]))
        return [("note", t("spell", "cast", card=n(ev["card"]), where=where))]
    if kind == "spell-ends":
        return [("dim", t("spell_ends", card=n(ev["card"]), why=tx(f"why_{ev['why']}", lang)))]
    if kind == "cost":
        return [("dim", t("cost", "discard", count=ev["count"], card=n(ev["card"]),
                          cards=count(ev["count"], "card")))]
    if kind == "damage":
        return [("", t("damage", amount=ev["amount"], land=here(seat, ev["slot"]),
                       total=ev["total"], by=n(ev.get("by", "")) or "-"))]
    if kind == "die":
        slot = ev["value"] - 1
        return [("strong", t("die", "roll", value=ev["value"], land=here(seat, slot),
                             other=here(1 - seat, slot)))]
    if kind == "toll":
        source = t("src_deck") if ev["from"] == "deck" else t(
            "src_level", land=here(seat, ev["slot"]),
            cards=", ".join(n(c) for c in ev.get("cards", [])) or "?")
        points = ev["points"] if v.ja else f"{ev['points']} point" + "s" * (ev["points"] != 1)
        return [("bad" if v.mine(seat) else "good" if v.seat is not None else "",
                 t("toll", "pay", amount=ev["amount"], source=source, to=v.whom(ev["to"]),
                   points=points, have="have" if v.mine(ev["to"]) else "has"))]
    if kind == "toll-unpaid":
        return [("bad", t("toll_unpaid", "cannot pay", amount=ev["amount"], deck=ev["deck"]))]
    if kind == "invade":
        source = t("from_land" if ev["from"] == "land" else "from_hand")
        return [("strong", t("invade", card=n(ev["card"]), source=source,
                             land=here(1 - seat, ev["slot"]),
                             whose=v.whose(seat) if v.ja else v.Whose(seat)))]
    if kind == "battle-card-placed":
        shown = ""
        if "card" in ev:
            shown = f"（{n(ev['card'])}）" if v.ja else f": {n(ev['card'])}"
        return [("", t("bc_placed", "place", card=shown))]
    if kind == "battle-card-none":
        return [("dim", t("bc_none", "place"))]
    if kind == "battle-start":
        i, d = ev["invader_stats"], ev["defender_stats"]
        bonus = ""
        if ev["terrain_bonus"]:
            bonus += t("terrain_bonus", n=ev["terrain_bonus"])
        if ev["support_bonus"]:
            bonus += t("support_bonus")
        fight[:] = [n(ev["invader"]), n(ev["defender"])]
        return [("", t("battle_start", inv=v.whose(seat) + n(ev["invader"]), ist=i["st"],
                       ihp=i["hp"], dfn=v.whose(1 - seat) + n(ev["defender"]), dst=d["st"],
                       dhp=d["hp"], field=element(ev["field"], lang), level=ev["level"],
                       a_field=f"{article(element(ev['field'], lang))} "
                               f"{element(ev['field'], lang)}",
                       bonus=bonus))]
    if kind == "battle-card-revealed":
        if ev["used"]:
            return [("", t("reveal_used", card=n(ev["card"])))]
        return [("dim", t("reveal_back", card=n(ev["card"]),
                          why=tx(f"why_{ev['why']}", lang)))]
    if kind == "battle-order":
        i, d = ev["invader_stats"], ev["defender_stats"]
        first = n(ev["invader"] if ev["first"] == seat else ev["defender"])
        return [("", t("order", inv=n(ev["invader"]), ist=i["st"], ihp=i["hp"],
                       idmg=t("dmg", n=i["damage"]) if i["damage"] else "",
                       dfn=n(ev["defender"]), dst=d["st"], dhp=d["hp"],
                       ddmg=t("dmg", n=d["damage"]) if d["damage"] else "", first=first))]
    if kind == "attack":
        if ev["cannot"]:
            return [("", t("attack_cannot", card=n(ev["card"])))]
        if ev["nullified"]:
            return [("", t("attack_null", card=n(ev["card"])))]
        return [("", t("attack", card=n(ev["card"]), damage=ev["damage"],
                       left=ev["hp_left"]))]
    if kind == "battle-end":
        winner = ev["winner"]
        # events worded from inside a battle have not seen its start: the winner by seat
        name_of = (fight[0] if winner == seat else fight[1]) if fight else ""
        tone = "good" if v.mine(winner) else ("bad" if v.seat is not None else "strong")
        return [(tone, t("battle_end", card=(v.whose(winner) + name_of) if name_of
                         else v.who(winner)))]
    if kind == "destroyed":
        if ev.get("slot", -1) < 0:
            return [("bad" if v.mine(seat) else "", t("destroyed_hand", card=n(ev["card"])))]
        return [("bad" if v.mine(seat) else "", t("destroyed", card=n(ev["card"]),
                                                  land=here(seat, ev["slot"])))]
    if kind == "returned":
        return [("", t("returned", card=n(ev["card"]), land=here(seat, ev["slot"])))]
    if kind == "invader-stays":
        return [("", t("stays", card=n(ev["card"]), land=here(seat, ev["slot"])))]
    if kind == "invader-returns":
        return [("", t("goes_back", card=n(ev["card"])))]
    if kind in ("level-up", "level-down"):
        card = t("with_card", card=n(ev["card"])) if "card" in ev else ""
        if kind == "level-down" and "card" in ev:
            card = t("card_to_hand" if ev.get("to") == "hand" else "card_to_discard",
                     card=n(ev["card"]))
        key = "level_up" if kind == "level-up" else "level_down"
        return [("", t(key, land=here(seat, ev["slot"]), level=ev["level"], card=card))]
    if kind == "terrain":
        return [("", t("terrain", land=here(seat, ev["slot"]), card=n(ev["card"])))]
    if kind == "summon":
        return [("", t("summon", "place", land=here(seat, ev["slot"]), card=n(ev["card"])))]
    if kind == "exchange":
        return [("", t("exchange", "exchange", land=here(seat, ev["slot"]), card=n(ev["card"]),
                       old=n(ev["returned"])))]
    if kind == "move":
        return [("", t("move", card=n(ev["card"]), src=here(seat, ev["from"]),
                       dst=here(seat, ev["to"]), whose=v.whose(seat) if v.ja
                       else v.Whose(seat)))]
    if kind == "discard":
        return [("dim", t("discard", "discard", card=n(ev["card"])))]
    if kind == "game-end":
        key = f"reason_{ev.get('reason')}"
        reason = tx(key, lang, n=goal) if key in TEXT else str(ev.get("reason"))
        winner = ev.get("winner", -1)
        if ev.get("draw") or winner is None or winner < 0:
            return [("strong", t("end_draw", reason=reason))]
        return [("strong", t("end_win", reason=reason, whom=v.whom(winner), who=v.who(winner),
                             s="" if v.mine(winner) else "s"))]
    return []  # bookkeeping (shuffles, the game start) needs no line


def lines(events: list[JSON], view: JSON, voice: Voice) -> list[Line]:
    """Each event as zero or more (tone, sentence) lines, from the voice's side."""
    cards = cards_of(view)
    goal = int(view.get("options", {}).get("points_to_win", 10))
    out: list[Line] = []
    fight: list[str] = []  # the invader and the defender of the battle being told
    for ev in events:
        out.extend(_one(ev, cards, voice, goal, fight))
    return out


#: the first step of a menu that asks a command, then which card (English, Japanese)
STEPS: dict[str, tuple[str, str]] = words(__file__, "sentences.STEPS")


def menu_path(desc: JSON, label: str, view: JSON, lang: str) -> tuple[str, ...] | None:
    """A territory command, an invasion from hand, a battle card or a targeted spell as two
    steps: what and where, then which card (or which target), so no menu lists "Level up
    your land 3 with ..." once per card in hand."""
    kind = desc.get("kind")
    ja = lang == "ja"
    card = str(desc.get("card" if ja else "card_en") or desc.get("card", ""))
    me = int(view.get("player", 0))
    voice = Voice(me, lang)

    def step(key: str, **kw: Any) -> str:
        e, j = STEPS[key]
        return (j if ja else e).format(**kw)

    cost = next((part for part in _costs(label)), None)
    with_cost = step("cost", card=card, n=cost) if cost is not None else card
    if kind in ("level-up", "level-down", "terrain"):
        return step(kind, land=land(voice, me, int(desc["land"]) - 1)), card
    if kind == "summon":
        return step(kind, land=land(voice, me, int(desc["land"]) - 1)), with_cost
    if kind == "exchange":
        old = str(desc.get("returned" if ja else "returned_en") or desc.get("returned", ""))
        return step(kind, old=old), with_cost
    if kind == "invade" and desc.get("from") == "hand":
        return step("invade-hand", land=land(voice, 1 - me, int(desc["land"]) - 1)), with_cost
    if kind == "battle-card":
        return step(kind), card
    if kind in ("cast", "cast-move"):
        first = step("cast", card=card)
        if kind == "cast-move" and ": " in label:
            return first, label.split(": ", 1)[1]
        if ja and " を " in label and label.endswith(" に使う"):
            return first, label.split(" を ", 1)[1].removesuffix(" に使う")
        if not ja and " on " in label:
            return first, label.split(" on ", 1)[1]
    return None


def _costs(label: str) -> list[int]:
    import re

    return [int(n) for n in re.findall(r"(?:cost |コスト)(\d+)", label)]
