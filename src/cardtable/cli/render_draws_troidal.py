"""Draw a DRAWS-◎-TROIDAL table and explain its events, from view and event dicts only.

Everything here reads what ``state.view(seat)`` and ``state.events(seat)`` give the human, so
nothing hidden from that seat can reach the screen: the opponent's newly set cards arrive as a
power, their hand as a count. Card statistics come from the view's public card table.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.cli.i18n import outcome_key, reason_text, t

JSON = dict[str, Any]
LANE_NAMES = "ABCDE"
ATTR_JA = {"water": "水", "fire": "火", "metal": "金", "wood": "木", "earth": "土",
           "light": "陽", "dark": "陰", "none": "無"}


# -- card text ----------
def card_table(view: JSON) -> dict[str, JSON]:
    return {c["name"]: c for c in view.get("cards", [])}


def _card(cards: dict[str, JSON], name: str) -> JSON:
    return cards.get(name) or {"name": name, "name_en": "", "attribute": "none", "power": None,
                               "risk": 0, "guard": 0}


def card_name(card: JSON, lang: str) -> str:
    if lang == "ja" or not card.get("name_en"):
        return str(card["name"])
    return f"{card['name']} {card['name_en']}"


def attr_text(attribute: str, lang: str) -> str:
    return ATTR_JA.get(attribute, attribute) if lang == "ja" else attribute


def power_text(power: int | None, lang: str) -> str:
    return t("dt_no_power", lang) if power is None else t("dt_power", lang, power=power)


def _short(card: JSON, lang: str) -> str:
    """``name (attribute, power N)``: what a battle line needs to be understood."""
    return t("dt_card_short", lang, name=card_name(card, lang),
             attr=attr_text(card["attribute"], lang), power=power_text(card["power"], lang))


def _owned(text: str, mine: bool, lang: str) -> str:
    return t("own_card" if mine else "opp_card", lang, name=text)


# -- the board ----------
def _lane_cell(lane: JSON, cards: dict[str, JSON], limit: int, own: bool, lang: str) -> Text:
    if lane.get("empty"):
        return Text(t("dt_empty", lang), style="dim")
    if lane.get("hidden"):
        return Text(f"{t('dt_face_down', lang)}\n{power_text(lane.get('power'), lang)}",
                    style="magenta")
    card = _card(cards, lane["card"])
    power = "-" if card["power"] is None else card["power"]
    out = Text(card_name(card, lang), style="bold")
    out.append("\n" + t("dt_stats", lang, attr=attr_text(card["attribute"], lang), power=power,
                        risk=card["risk"]))
    out.append("\n" + t("dt_guard_wins", lang, guard=lane.get("guard", 0),
                        max_guard=card["guard"], wins=lane.get("wins", 0), limit=limit))
    if own and lane.get("fresh"):
        out.append("\n" + t("dt_fresh", lang), style="cyan")
    return out


def _field(view: JSON, cards: dict[str, JSON], lang: str) -> Table:
    limit = view.get("options", {}).get("win_limit", 5)
    table = Table(show_lines=True, expand=True)
    table.add_column(t("dt_col_lane", lang), justify="center", no_wrap=True)
    table.add_column(t("dt_col_opp", lang), ratio=1)
    table.add_column("", justify="center", no_wrap=True, width=2)
    table.add_column(t("dt_col_you", lang), ratio=1)
    mine, theirs = view["you"]["field"], view["opponent"]["field"]
    for i, lane in enumerate(LANE_NAMES):
        table.add_row(Text(lane, style="bold"), _lane_cell(theirs[i], cards, limit, False, lang),
                      "⇄", _lane_cell(mine[i], cards, limit, True, lang))
    return table


def _card_list(title: str, names: list[str], cards: dict[str, JSON], lang: str) -> Table:
    table = Table(title=title, title_justify="left", expand=False)
    table.add_column("#", justify="right")
    for key in ("dt_col_card", "dt_col_attr", "dt_col_power", "dt_col_risk", "dt_col_guard"):
        table.add_column(t(key, lang))
    for i, name in enumerate(names, start=1):
        card = _card(cards, name)
        power = t("dt_no_power", lang) if card["power"] is None else str(card["power"])
        table.add_row(str(i), card_name(card, lang), attr_text(card["attribute"], lang), power,
                      str(card["risk"]), str(card["guard"]))
    return table


def _who(seat: int, me: int, lang: str) -> str:
    if seat < 0:
        return t("dt_initiative_none", lang)
    return t("you" if seat == me else "opponent", lang)


def board(view: JSON, lang: str) -> RenderableType:
    """The whole table as the human sees it: opponent's side, the lanes, then their own."""
    me = view["player"]
    you, opp = view["you"], view["opponent"]
    cards = card_table(view)
    phase = view["phase"]
    life = view["life"]
    head = Text(t("dt_initiative", lang, who=_who(view["initiative"], me, lang)))
    parts: list[RenderableType] = [head]
    parts.append(Text(t("dt_side", lang, who=t("opponent", lang), life=life[1 - me],
                        deck=opp["deck_count"], hand=opp["hand_count"],
                        trash=len(opp["trash"])), style="red"))
    if opp.get("revealed_count"):
        parts.append(Text(t("dt_opp_revealed", lang, count=opp["revealed_count"]), style="dim"))
    if opp.get("asked") and opp.get("answered"):
        parts.append(Text(t("dt_opp_answered", lang), style="dim"))
    parts.append(_field(view, cards, lang))
    parts.append(Text(t("dt_side", lang, who=t("you", lang), life=life[me],
                        deck=you["deck_count"], hand=len(you["hand"]),
                        trash=len(you["trash"])), style="green"))
    if phase.startswith("opening"):
        limit = view.get("options", {}).get("opening_redos", 1)
        parts.append(Text(t("dt_redos", lang, used=you.get("redos", 0), limit=limit),
                          style="dim"))
    if you.get("revealed"):
        parts.append(_card_list(t("dt_revealed", lang), you["revealed"], cards, lang))
    if you.get("hand"):
        parts.append(_card_list(t("dt_hand", lang), you["hand"], cards, lang))
    title = t("dt_title", lang, turn=view["turn"], phase=t(f"dt_phase_{phase}", lang))
    return Panel(Group(*parts), title=title, title_align="left")


def question(view: JSON, lang: str) -> str:
    """What the pending decision is about, in a sentence."""
    phase = view["phase"]
    swaps = view.get("options", {}).get("max_swaps", 2)
    key = f"dt_q_{phase}"
    try:
        return t(key, lang, swaps=swaps)
    except KeyError:
        return t("your_move", lang)


# -- events ----------
def _battle(ev: JSON, cards: dict[str, JSON], me: int, lang: str) -> list[RenderableType]:
    them = 1 - me
    defs = [_card(cards, n) for n in ev["cards"]]
    lost = ev["lost"]
    names = [_owned(card_name(defs[p], lang), p == me, lang) for p in (0, 1)]
    lines = [Text(t("bt_head", lang, lane=ev["lane"], mine=_owned(_short(defs[me], lang), True,
                                                                  lang),
                    theirs=_owned(_short(defs[them], lang), False, lang)), style="bold")]
    reason = ev["reason"]
    winner = next((p for p in (0, 1) if not lost[p]), None)
    loser = next((p for p in (0, 1) if lost[p]), None)
    if reason == "powerless":
        if all(lost):
            why = t("bt_powerless_both", lang)
        else:
            why = t("bt_powerless_one", lang, card=names[loser if loser is not None else 0])
    elif reason == "attribute" and winner is not None and loser is not None:
        why = t("bt_attribute", lang, win_attr=attr_text(defs[winner]["attribute"], lang),
                lose_attr=attr_text(defs[loser]["attribute"], lang), card=names[winner])
    elif reason == "tie":
        why = t("bt_tie", lang, power=defs[0]["power"])
    elif reason == "power" and winner is not None and loser is not None:
        why = t("bt_power", lang, high=defs[winner]["power"], low=defs[loser]["power"],
                card=names[winner])
    else:
        why = t("bt_light-dark", lang) if reason == "light-dark" else reason
    lines.append(Text("  " + why))
    for p in (me, them):
        if not lost[p]:
            continue
        if ev["guarded"][p]:
            lines.append(Text(t("bt_guard", lang, card=names[p]), style="cyan"))
        else:
            key = "bt_trash_own" if p == me else "bt_trash_opp"
            lines.append(Text(t(key, lang, card=names[p], damage=ev["damage"][p]),
                              style="red" if p == me else "green"))
    lines.append(Text(t("bt_life", lang, mine=ev["life"][me], theirs=ev["life"][them])))
    return lines


def _names(names: list[str], cards: dict[str, JSON], lang: str) -> str:
    return t("list_sep", lang).join(card_name(_card(cards, n), lang) for n in names)


def _set(ev: JSON, cards: dict[str, JSON], me: int, lang: str) -> str:
    own = ev["player"] == me
    lanes = [LANE_NAMES[i] for i in ev.get("lanes", [])]
    if not lanes:
        return t("ev_set_none_own" if own else "ev_set_none_opp", lang)
    if own and "cards" in ev:
        text = t("list_sep", lang).join(f"{lane} {card_name(_card(cards, n), lang)}"
                         for lane, n in zip(lanes, ev["cards"], strict=False))
        return t("ev_set_own", lang, cards=text)
    text = t("list_sep", lang).join(f"{lane} {power_text(p, lang)}"
                     for lane, p in zip(lanes, ev.get("powers", []), strict=False))
    return t("ev_set_opp", lang, cards=text)


def _open(ev: JSON, cards: dict[str, JSON], me: int, lang: str) -> list[RenderableType]:
    lines: list[RenderableType] = [Text(t("ev_open", lang), style="bold")]
    theirs = [f"{LANE_NAMES[lane]} {_short(_card(cards, name), lang)}"
              for lane, player, name, *_ in ev.get("cards", []) if player != me]
    if theirs:
        lines.append(Text(t("ev_open_opp", lang, cards=t("list_sep_long", lang).join(theirs))))
    return lines


def _end(ev: JSON, me: int, lang: str) -> str:
    life = ev.get("life", [0, 0])
    key = outcome_key("ev_end", bool(ev.get("draw")), ev.get("winner") == me)
    return t(key, lang, reason=reason_text(str(ev.get("reason", "")), lang), mine=life[me],
             theirs=life[1 - me])


def _one(ev: JSON, cards: dict[str, JSON], me: int, lang: str,
         limit: int) -> list[RenderableType]:
    kind = ev.get("type")
    own = ev.get("player") == me
    if kind == "battle":
        return _battle(ev, cards, me, lang)
    if kind == "set":
        return [Text(_set(ev, cards, me, lang))]
    if kind == "open":
        return _open(ev, cards, me, lang)
    if kind == "turn":
        who = _who(ev.get("initiative", -1), me, lang)
        return [Rule(t("ev_turn", lang, turn=ev["turn"], who=who))]
    if kind == "draw":
        if own and "cards" in ev:
            return [Text(t("ev_draw_own", lang, count=ev["count"],
                           cards=_names(ev["cards"], cards, lang)))]
        return [Text(t("ev_draw_opp", lang, count=ev["count"]))]
    if kind == "shuffle":
        swaps = t("ev_then", lang).join(f"{s[0]}↔{s[1]}" for s in ev.get("swaps", []))
        return [Text(t("ev_shuffle_own" if own else "ev_shuffle_opp", lang, swaps=swaps))]
    if kind == "opening-five":
        if own and "cards" in ev:
            return [Text(t("ev_five_own", lang, cards=_names(ev["cards"], cards, lang)))]
        return [Text(t("ev_five_opp", lang))]
    if kind == "opening-redo":
        players = ev.get("players", [])
        if not players:
            return [Text(t("ev_redo_none", lang))]
        return [Text(t("ev_redo_own" if p == me else "ev_redo_opp", lang)) for p in players]
    if kind == "initiative":
        return [Text(t("ev_initiative", lang, who=_who(ev["player"], me, lang)))]
    if kind == "win-limit":
        card = _owned(card_name(_card(cards, ev["card"]), lang), own, lang)
        return [Text(t("ev_win_limit", lang, card=card, lane=ev["lane"], limit=limit))]
    if kind == "deck-out":
        return [Text(t("ev_deck_out_own" if own else "ev_deck_out_opp", lang), style="red")]
    if kind == "game-end":
        return [Text(_end(ev, me, lang), style="bold")]
    if kind == "game-start":
        decks = ev.get("decks") or ["?", "?"]  # deck names are private unless decklists open
        return [Text(t("ev_game_start", lang, mine=decks[me], theirs=decks[1 - me]))]
    if kind == "deck":  # a seat learning its own deck's name (private decklists): nothing to say
        return []
    return [Text(str(ev), style="dim")]


def events(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    """Each event as one or more lines, from ``seat``'s side of the table."""
    cards = card_table(view)
    limit = view.get("options", {}).get("win_limit", 5)
    out: list[RenderableType] = []
    for ev in evs:
        out.extend(_one(ev, cards, seat, lang, limit))
    return out


# -- a compact table for small screens ----------
def _lane_short(lane: JSON, cards: dict[str, JSON], lang: str) -> str:
    if lane.get("empty"):
        return t("dt_empty", lang)
    if lane.get("hidden"):
        return f"{t('dt_face_down', lang)} {power_text(lane.get('power'), lang)}"
    card = _card(cards, lane["card"])
    name = card["name"] if lang == "ja" or not card.get("name_en") else card["name_en"]
    power = "-" if card["power"] is None else card["power"]
    return (f"{name} {attr_text(card['attribute'], lang)} P{power} "
            f"G{lane.get('guard', 0)} W{lane.get('wins', 0)}")


def compact(view: JSON, lang: str) -> list[str]:
    """A few lines for a 24-row screen: turn, life, and each lane on one line."""
    me = view["player"]
    life = view["life"]
    you, opp = view["you"], view["opponent"]
    cards = card_table(view)
    lines = [t("dt_title", lang, turn=view["turn"], phase=t(f"dt_phase_{view['phase']}", lang))
             + " · " + t("dt_initiative", lang, who=_who(view["initiative"], me, lang)),
             t("dt_side", lang, who=t("opponent", lang), life=life[1 - me],
               deck=opp["deck_count"], hand=opp["hand_count"], trash=len(opp["trash"])),
             t("dt_side", lang, who=t("you", lang), life=life[me], deck=you["deck_count"],
               hand=len(you["hand"]), trash=len(you["trash"]))]
    for i, lane in enumerate(LANE_NAMES):
        lines.append(f"{lane}  {_lane_short(opp['field'][i], cards, lang)[:34]:<34} ⇄ "
                     f"{_lane_short(you['field'][i], cards, lang)[:34]}")
    return lines
