"""Draw a サラスヴァティTCG table and explain its events, from view and event dicts only.

Everything here reads what ``state.view(seat)`` and ``state.events(seat)`` give the human: the
opponent's hand is a count and their face-down books are backs. Each character shows its
current attack/defense and whether it is ready (臨戦) or exhausted (無防備); every battle is
explained with both numbers and the counterattack.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.core import CardtableError, Game, load_game

JSON = dict[str, Any]
ROW = 5
#: where a card's text lines start in ``Game.card_lines`` (name, sort, cost and stats first)
TEXT_START = 3
#: below this width the hand table leaves the effect text to ``c N``
WIDE_TABLE = 120

#: key -> (English, Japanese)
TEXT: dict[str, tuple[str, str]] = {
    "title": ("Turn {turn} · {phase} · {who}", "ターン{turn}・{phase}・{who}のターン"),
    "you": ("You", "あなた"),
    "opp": ("Opponent", "相手"),
    "side": ("{who}: hand {hand} · deck {deck} · graveyard {grave} · voltage {free}/{total}",
             "{who}: 手札{hand}・山札{deck}・墓地{grave}・ボルテージ{free}/{total}"),
    "books": ("Forbidden books: {books}", "禁書: {books}"),
    "face_down": ("[face down]", "［裏向き］"),
    "destroyed": ("destroyed", "破壊"),
    "open": ("open", "表"),
    "front": ("front", "前列"),
    "back": ("back", "後列"),
    "ready": ("ready", "臨戦"),
    "exhausted": ("exhausted", "無防備"),
    "sick": ("summoned this turn", "召喚酔い"),
    "hand": ("Your hand", "あなたの手札"),
    "col_card": ("card", "カード"),
    "col_stats": ("cost:atk/def", "コスト:攻/防"),
    "col_kind": ("kind", "種別"),
    "col_text": ("text", "効果"),
    "phase_charge": ("charge", "チャージフェイズ"),
    "phase_imagine": ("imagine", "イマジンフェイズ"),
    "phase_move": ("move", "ムーブフェイズ"),
    "phase_battle": ("battle", "バトルフェイズ"),
    "phase_over": ("game over", "ゲーム終了"),
    "q_charge": ("Charge a card into the voltage zone?",
                 "手札を1枚ボルテージゾーンに置きますか？"),
    "q_imagine": ("Summon, equip or use a card (untapped voltage pays the cost)?",
                  "カードを使いますか？（縦向きのボルテージでコストを払います）"),
    "q_move": ("Move a ready character to the other row (it becomes exhausted)?",
               "臨戦状態のキャラクターの列を移動しますか？（無防備になります）"),
    "q_battle": ("Attack with a ready character?", "臨戦状態のキャラクターで攻撃しますか？"),
    "q_choose": ("{card}: {text} — choose a character.",
                 "{card}：{text}　キャラクターを選んでください。"),
    "q_keep": ("{card}: only one equipment can stay — which?",
               "{card}：残せる装備は1つだけです。どちらを残しますか？"),
    "ev_turn": ("Turn {turn}: {who}", "ターン{turn}：{who}"),
    "ev_first": ("First player: {who}.", "{who}が先攻です。"),
    "ev_draw_own": ("You draw {cards}.", "{cards} をドローしました。"),
    "ev_draw_opp": ("The opponent draws {count}.", "相手が{count}枚ドローしました。"),
    "ev_charge": ("{who}: charge {card}.", "{who}は {card} をチャージ。"),
    "ev_summon": ("{who}: summon {card} to {place}.", "{who}は {card} を{place}に召喚。"),
    "ev_evolve": ("{who}: evolve {bases} into {card} at {place}.",
                  "{who}は {bases} を {card} に進化（{place}）。"),
    "ev_equip": ("{who}: equip {card} on {on}.", "{who}は {on} に {card} を装備。"),
    "ev_use": ("{who}: use {card}.", "{who}は {card} を使用。"),
    "ev_move": ("{who}: move {card} from {src} to {dst}.",
                "{who}は {card} を{src}から{dst}へ移動。"),
    "ev_effect": ("  {card}: {text}", "  {card}：{text}"),
    "ev_skip": ("  {card}: {text} (no effect: {why})", "  {card}：{text}（不発：{why}）"),
    "skip_condition": ("its condition does not hold", "条件を満たしていない"),
    "skip_no-target": ("there is no character to choose", "選べるキャラクターがいない"),
    "skip_gone": ("its target has left the battle zone", "対象がバトルゾーンを離れた"),
    "until_turn": ("until the end of this turn", "ターン終了まで"),
    "until_next-turn": ("until the start of its owner's next turn", "次の自分のターンの初めまで"),
    "until_battle": ("until the battle ends", "バトル終了まで"),
    "until_permanent": ("while it stays", "場にいる間"),
    "mod": ("{atk}{dfn} {until}", "{atk}{dfn}（{until}）"),
    "printed": ("printed {atk}/{dfn}", "元の値 {atk}/{dfn}"),
    "kind_character": ("character", "キャラクター"), "kind_support": ("support", "サポート"),
    "kind_equipment": ("equipment", "装備"), "kind_book": ("book", "禁書"),
    "attr_sf": ("SF", "SF"), "attr_fantasy": ("fantasy", "ファンタジー"),
    "attr_action": ("action", "アクション"), "attr_drama": ("drama", "ドラマ"),
    "hint_read": ("c N reads a card in full, l shows voltage and graveyards, r the rules.",
                  "c 番号 でカードの全文、l でボルテージと墓地、r でルールを表示します。"),
    "ev_attack_char": ("{who}: {card} attacks {target}.", "{who}の {card} が {target} を攻撃。"),
    "ev_attack_book": ("{who}: {card} attacks forbidden book {book}.",
                       "{who}の {card} が禁書{book}を攻撃。"),
    "ev_battle": ("  Attack {atk} vs defense {dfn}: {result}.",
                  "  攻撃力{atk} 対 防御力{dfn}：{result}"),
    "ev_counter": ("  Counterattack {atk} vs defense {dfn}: {result}.",
                   "  反撃 攻撃力{atk} 対 防御力{dfn}：{result}"),
    "ev_no_counter": ("  No counterattack (the defender was exhausted or had negative attack).",
                      "  反撃なし（防御側が無防備、または攻撃力がマイナス）"),
    "destroys": ("destroyed", "破壊"),
    "survives": ("survives", "耐えた"),
    "ev_won": ("  {card} wins the battle.", "  {card} がバトルに勝利。"),
    "ev_book_open": ("  {whose}book {book} turns face up: {card}.",
                     "  {whose}禁書{book}が表になった：{card}"),
    "ev_book_destroyed": ("  {whose}book {book} ({card}) is destroyed.",
                          "  {whose}禁書{book}（{card}）が破壊された。"),
    "ev_destroyed": ("  {whose}{card} is destroyed{why}.",
                     "  {whose}{card} が破壊された{why}。"),
    "why_negative-defense": (" (defense below 0)", "（防御力がマイナス）"),
    "ev_equip_gone": ("  {whose}equipment {card} is destroyed.",
                      "  {whose}装備 {card} が破壊された。"),
    "ev_returned": ("  {whose}{card} returns to the hand.", "  {whose}{card} が手札に戻った。"),
    "ev_ramp": ("  {who}: the top card of the deck goes to the voltage zone.",
                "  {who}は山札の上から1枚をボルテージゾーンへ。"),
    "ev_deck_out": ("{who}: cannot draw, the deck is empty.",
                    "{who}は山札が尽きてドローできない。"),
    "ev_end_win": ("Game over: you win ({reason}).", "ゲーム終了：あなたの勝ち（{reason}）"),
    "ev_end_lose": ("Game over: the opponent wins ({reason}).",
                    "ゲーム終了：相手の勝ち（{reason}）"),
    "ev_end_draw": ("Game over: a draw ({reason}).", "ゲーム終了：引き分け（{reason}）"),
    "reason_books": ("all three forbidden books destroyed", "禁書3冊がすべて破壊"),
    "reason_deck-out": ("a deck ran out", "山札切れ"),
    "whose_you": ("Your ", "あなたの"),
    "whose_opp": ("Opponent's ", "相手の"),
}


def tx(key: str, lang: str, **kw: Any) -> str:
    en, ja = TEXT[key]
    return (ja if lang == "ja" else en).format(**kw)


def place_name(place: int, lang: str) -> str:
    if lang == "ja":
        return f"{'前' if place < ROW else '後'}{place % ROW + 1}"
    return f"{'F' if place < ROW else 'B'}{place % ROW + 1}"


def cards_of(view: JSON) -> dict[str, JSON]:
    return {c["name"]: c for c in view.get("cards", [])}


def name(cards: dict[str, JSON], n: str, lang: str) -> str:
    c = cards.get(n)
    if lang == "ja" or not c or c.get("name_en", n) == n:
        return n
    return f"{n} ({c['name_en']})"


@cache
def _game() -> Game:
    return load_game("sarasvati")


def card_lines(card: JSON, lang: str) -> list[str]:
    try:
        return _game().card_lines(card, lang)
    except (CardtableError, KeyError, TypeError, ValueError):
        return [str(card.get("name", "?"))]


def effect_text(cards: dict[str, JSON], card: str, text: str, lang: str) -> str:
    """One effect line of ``card`` (as an event or a choice quotes it) in ``lang``."""
    c = cards.get(card)
    if lang == "ja" or c is None:
        return text
    lines = card_lines(c, lang)
    for i, raw in enumerate(c.get("text", [])):
        if text and text in raw and TEXT_START + i < len(lines):
            return lines[TEXT_START + i].removeprefix("‣ ")
    return text


def sort_text(c: JSON, lang: str) -> str:
    kind, attr = str(c.get("kind", "")), str(c.get("attribute", ""))
    k = tx(f"kind_{kind}", lang) if f"kind_{kind}" in TEXT else kind
    a = tx(f"attr_{attr}", lang) if f"attr_{attr}" in TEXT else attr
    return f"{k}/{a}"


def _who(seat: int, me: int, lang: str) -> str:
    return tx("you" if seat == me else "opp", lang)


def _whose(seat: int, me: int, lang: str) -> str:
    return tx("whose_you" if seat == me else "whose_opp", lang)


def _mods(f: JSON, mods: list[list[Any]], lang: str) -> list[str]:
    """The stat changes in force on this character, each with when it ends."""
    out = []
    for uid, atk, dfn, until, _seat in mods:
        if uid != f.get("uid"):
            continue
        a = f"{'攻' if lang == 'ja' else 'atk '}{atk:+d} " if atk else ""
        d = f"{'防' if lang == 'ja' else 'def '}{dfn:+d}" if dfn else ""
        when = tx(f"until_{until}", lang) if f"until_{until}" in TEXT else str(until)
        out.append(tx("mod", lang, atk=a, dfn=d, until=when).strip())
    return out


def _cell(f: JSON | None, cards: dict[str, JSON], lang: str,
          mods: list[list[Any]] | None = None) -> Text:
    if f is None:
        return Text("·", style="dim")
    out = Text(name(cards, f["card"], lang), style="bold")
    mark = "◯ " + tx("ready", lang) if f["ready"] else "⤵ " + tx("exhausted", lang)
    out.append(f"\n{f['attack']}/{f['defense']}  ")
    out.append(mark, style="green" if f["ready"] else "yellow")
    printed = cards.get(f["card"], {})
    if printed.get("stats") and (printed.get("attack"), printed.get("defense")) != (
            f["attack"], f["defense"]):
        out.append("\n" + tx("printed", lang, atk=printed.get("attack"),
                               dfn=printed.get("defense")), style="dim")
    for line in _mods(f, mods or [], lang):
        out.append("\n" + line, style="cyan")
    if f.get("sick"):
        out.append("\n" + tx("sick", lang), style="cyan")
    if f.get("equip"):
        out.append(f"\n+ {name(cards, f['equip'], lang)}", style="magenta")
    if f.get("under"):
        out.append("\n⊃ " + ", ".join(f["under"]), style="dim")
    return out


def _rows(field: list[JSON | None], cards: dict[str, JSON], lang: str,
          order: tuple[int, int], mods: list[list[Any]] | None = None) -> Table:
    table = Table(show_lines=True, expand=True, show_header=False)
    table.add_column("", no_wrap=True, width=6)
    for _ in range(ROW):
        table.add_column("", ratio=1)
    for start in order:
        label = tx("front" if start == 0 else "back", lang)
        table.add_row(Text(label, style="bold"),
                      *[_cell(field[start + i], cards, lang, mods) for i in range(ROW)])
    return table


def _books(books: list[JSON], cards: dict[str, JSON], lang: str) -> str:
    parts = []
    for i, b in enumerate(books, start=1):
        st = b["state"]
        if st == "destroyed":
            parts.append(f"{i}:✗{tx('destroyed', lang)}")
        elif "card" in b:
            mark = tx("open", lang) if st == "open" else tx("face_down", lang)
            parts.append(f"{i}:{name(cards, b['card'], lang)} {mark}")
        else:
            parts.append(f"{i}:{tx('face_down', lang)}")
    return tx("books", lang, books="  ".join(parts))


def _side(view: JSON, seat_key: str, me_text: str, lang: str) -> str:
    side = view[seat_key]
    hand = len(side["hand"]) if "hand" in side else side["hand_count"]
    total = len(side["voltage"])
    return tx("side", lang, who=me_text, hand=hand, deck=side["deck_count"],
              grave=len(side["grave"]), free=total - side["tapped"], total=total)


def _hand(view: JSON, cards: dict[str, JSON], lang: str, wide: bool = True) -> Table:
    table = Table(title=tx("hand", lang), title_justify="left")
    table.add_column("#", justify="right")
    for key in ("col_card", "col_stats", "col_kind", *(("col_text",) if wide else ())):
        table.add_column(tx(key, lang))
    for i, n in enumerate(view["you"]["hand"], start=1):
        c = cards.get(n, {})
        kind = c.get("kind", "")
        if kind in ("support", "book"):
            st = str(c.get("cost", ""))
        elif kind == "equipment" and not c.get("stats"):
            st = f"{c.get('cost')}:-/-"
        else:
            st = f"{c.get('cost')}:{c.get('attack')}/{c.get('defense')}"
        text = " ".join(line.removeprefix("‣ ") for line in card_lines(c, lang)[TEXT_START:])
        table.add_row(str(i), name(cards, n, lang), st, sort_text(c, lang),
                      *((text,) if wide else ()))
    return table


def _width() -> int:
    from rich.console import Console

    return Console().width


def board(view: JSON, lang: str) -> RenderableType:
    """The whole table as the human sees it: the opponent's side above, their own below."""
    me = view["player"]
    cards = cards_of(view)
    opp, you = view["opponent"], view["you"]
    parts: list[RenderableType] = [
        Text(_side(view, "opponent", tx("opp", lang), lang), style="red"),
        Text(_books(opp["books"], cards, lang), style="red"),
        _rows(opp["field"], cards, lang, (ROW, 0), view.get("mods")),
        Rule(),
        _rows(you["field"], cards, lang, (0, ROW), view.get("mods")),
        Text(_books(you["books"], cards, lang), style="green"),
        Text(_side(view, "you", tx("you", lang), lang), style="green"),
    ]
    if you["hand"]:
        parts.append(_hand(view, cards, lang, wide=_width() >= WIDE_TABLE))
    parts.append(Text(tx("hint_read", lang), style="dim"))
    title = tx("title", lang, turn=view["turn"], phase=tx(f"phase_{view['phase']}", lang),
               who=_who(view["active"], me, lang))
    return Panel(Group(*parts), title=title, title_align="left")


def question(view: JSON, lang: str) -> str:
    ch = view.get("choice")
    cards = cards_of(view)
    if ch is not None:
        if ch["kind"] == "keep":
            return tx("q_keep", lang, card=name(cards, ch["card"], lang))
        return tx("q_choose", lang, card=name(cards, ch["card"], lang),
                  text=effect_text(cards, ch["card"], ch["text"], lang))
    key = f"q_{view['phase']}"
    return tx(key, lang) if key in TEXT else ""


def _battle(ev: JSON, cards: dict[str, JSON], me: int, lang: str) -> list[RenderableType]:
    killed, kills = ev["destroyed"]
    lines: list[RenderableType] = [Text(tx(
        "ev_battle", lang, atk=ev["attack"], dfn=ev["defense"],
        result=tx("destroys" if kills else "survives", lang)))]
    if ev["counter"]:
        lines.append(Text(tx("ev_counter", lang, atk=ev["counter_attack"],
                             dfn=ev["attacker_defense"],
                             result=tx("destroys" if killed else "survives", lang))))
    else:
        lines.append(Text(tx("ev_no_counter", lang), style="dim"))
    return lines


def _targets(ev: JSON, view: JSON, cards: dict[str, JSON], me: int, lang: str) -> str:
    """`` → your X [F1], the opponent's Y [B2]``: who an effect acted on."""
    named = []
    for seat, place in ev.get("targets", []):
        side = view.get("you" if seat == me else "opponent", {}).get("field", [])
        f = side[place] if 0 <= place < len(side) else None
        who = _whose(seat, me, lang)
        what = name(cards, f["card"], lang) if f else ""
        named.append(f"{who}{what} [{place_name(place, lang)}]".strip())
    return (" → " + ", ".join(named)) if named else ""


def _one(ev: JSON, cards: dict[str, JSON], me: int, lang: str,
         view: JSON | None = None) -> list[RenderableType]:
    kind = ev.get("type")
    who = _who(ev.get("player", -1), me, lang) if "player" in ev else ""
    whose = _whose(ev.get("player", -1), me, lang) if "player" in ev else ""

    def n(x: str) -> str:
        return name(cards, x, lang)

    if kind == "turn":
        return [Rule(tx("ev_turn", lang, turn=ev["turn"], who=who))]
    if kind == "first-player":
        return [Text(tx("ev_first", lang, who=who))]
    if kind == "draw":
        if "cards" in ev:
            return [Text(tx("ev_draw_own", lang, cards=", ".join(n(c) for c in ev["cards"])))]
        return [Text(tx("ev_draw_opp", lang, count=ev["count"]), style="dim")]
    if kind == "charge":
        return [Text(tx("ev_charge", lang, who=who, card=n(ev["card"])))]
    if kind == "summon":
        return [Text(tx("ev_summon", lang, who=who, card=n(ev["card"]),
                        place=place_name(ev["place"], lang)))]
    if kind == "evolve":
        return [Text(tx("ev_evolve", lang, who=who, card=n(ev["card"]),
                        bases=", ".join(n(b) for b in ev["bases"]),
                        place=place_name(ev["place"], lang)))]
    if kind == "equip":
        return [Text(tx("ev_equip", lang, who=who, card=n(ev["card"]), on=n(ev["on"])))]
    if kind == "use":
        return [Text(tx("ev_use", lang, who=who, card=n(ev["card"])))]
    if kind == "move":
        return [Text(tx("ev_move", lang, who=who, card=n(ev["card"]),
                        src=place_name(ev["from"], lang), dst=place_name(ev["to"], lang)))]
    if kind == "effect":
        return [Text(tx("ev_effect", lang, card=n(ev["card"]),
                        text=effect_text(cards, ev["card"], ev["text"], lang))
                     + _targets(ev, view or {}, cards, me, lang), style="cyan")]
    if kind == "effect-skipped":
        why = f"skip_{ev['why']}"
        return [Text(tx("ev_skip", lang, card=n(ev["card"]),
                        text=effect_text(cards, ev["card"], ev["text"], lang),
                        why=tx(why, lang) if why in TEXT else ev["why"]), style="dim")]
    if kind == "attack":
        if "book" in ev:
            return [Text(tx("ev_attack_book", lang, who=who, card=n(ev["card"]),
                            book=ev["book"] + 1), style="bold")]
        return [Text(tx("ev_attack_char", lang, who=who, card=n(ev["card"]),
                        target=n(ev["target_card"])), style="bold")]
    if kind == "battle":
        return _battle(ev, cards, me, lang)
    if kind == "battle-won":
        return [Text(tx("ev_won", lang, card=n(ev["card"])))]
    if kind == "book-opened":
        return [Text(tx("ev_book_open", lang, whose=whose, book=ev["book"] + 1,
                        card=n(ev["card"])), style="magenta")]
    if kind == "book-destroyed":
        return [Text(tx("ev_book_destroyed", lang, whose=whose, book=ev["book"] + 1,
                        card=n(ev["card"])), style="red")]
    if kind == "destroyed":
        why = TEXT.get(f"why_{ev.get('why')}")
        return [Text(tx("ev_destroyed", lang, whose=whose, card=n(ev["card"]),
                        why=(why[1] if lang == "ja" else why[0]) if why else ""))]
    if kind == "equipment-destroyed":
        return [Text(tx("ev_equip_gone", lang, whose=whose, card=n(ev["card"])))]
    if kind == "returned":
        return [Text(tx("ev_returned", lang, whose=whose, card=n(ev["card"])))]
    if kind == "ramp":
        return [Text(tx("ev_ramp", lang, who=who))]
    if kind == "deck-out":
        return [Text(tx("ev_deck_out", lang, who=who), style="red")]
    if kind == "game-end":
        key = "ev_end_draw" if ev.get("draw") else (
            "ev_end_win" if ev.get("winner") == me else "ev_end_lose")
        reason = f"reason_{ev.get('reason')}"
        text = tx(reason, lang) if reason in TEXT else str(ev.get("reason"))
        return [Text(tx(key, lang, reason=text), style="bold")]
    return []  # bookkeeping events (shuffles, books laid out, turn ends) need no line


def events(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    """Each event as zero or more lines, from ``seat``'s side of the table."""
    cards = cards_of(view)
    out: list[RenderableType] = []
    for ev in evs:
        out.extend(_one(ev, cards, seat, lang, view))
    return out


def _short_cell(f: JSON, cards: dict[str, JSON], lang: str, place: int) -> str:
    c = cards.get(f["card"], {})
    n = f["card"] if lang == "ja" or not c.get("name_en") else c["name_en"]
    mark = "◯" if f["ready"] else "⤵"
    return f"{place_name(place, lang)} {n[:16]} {f['attack']}/{f['defense']}{mark}"


def compact(view: JSON, lang: str) -> list[str]:
    """A few lines for a 24-row screen: both sides' counts, books and characters."""
    me = view["player"]
    cards = cards_of(view)
    lines = [tx("title", lang, turn=view["turn"], phase=tx(f"phase_{view['phase']}", lang),
                who=_who(view["active"], me, lang))]
    for key, who in (("opponent", tx("opp", lang)), ("you", tx("you", lang))):
        side = view[key]
        lines.append(_side(view, key, who, lang))
        lines.append("  " + _books(side["books"], cards, lang))
        chars = [_short_cell(f, cards, lang, i) for i, f in enumerate(side["field"]) if f]
        for start in range(0, len(chars), 3):
            lines.append("  " + "  ".join(chars[start:start + 3]))
    return lines


def phases(lang: str) -> list[tuple[str, str]]:
    """The phases with a decision, in turn order; one with nothing to decide passes by itself."""
    return [(p, tx(f"phase_{p}", lang)) for p in ("charge", "imagine", "move", "battle")]
