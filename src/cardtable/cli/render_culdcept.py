"""Draw a カルドセプト table and explain its events, from view and event dicts only.

Both rows of six lands face each other, area by area (slot n of each row is area n): each land
shows its starting land, element, level and toll, and its controlling creature with ST/HP,
damage and lasting spell. The opponent's level cards are backs (only the level shows), their
hand is a count. Each battle is told step by step: the bonuses, the battle cards revealed, the
order, each attack with its damage, the result and the toll paid.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

JSON = dict[str, Any]
ELEMENT_EN = {"火": "fire", "水": "water", "地": "earth", "風": "wind", "無": "neutral"}
ELEMENT_STYLE = {"火": "red", "水": "blue", "地": "yellow", "風": "green", "無": "white"}
LAND_EN = {"火山": "Volcano", "草原": "Plains", "湖": "Lake", "森林": "Forest", "都市": "City",
           "廃虚": "Ruins"}

#: key -> (English, Japanese)
TEXT: dict[str, tuple[str, str]] = {
    "title": ("Turn {turn} · {phase} · {who}", "ターン{turn}・{phase}・{who}の手番"),
    "you": ("You", "あなた"),
    "opp": ("Opponent", "相手"),
    "side": ("{who}: {points} toll points · hand {hand} · deck {deck} · discard {discard}",
             "{who}: 通行料{points}ポイント・手札{hand}・デッキ{deck}・捨札{discard}"),
    "die": ("Die: {die} → destination: land {dest}", "ダイス: {die} → 移動先: 土地{dest}"),
    "no_die": ("Die: not rolled yet", "ダイス: まだ振っていない"),
    "land": ("land {n}", "土地{n}"),
    "level": ("Lv{level} toll {toll}", "Lv{level} 通行料{toll}"),
    "empty": ("(no creature)", "（クリーチャーなし）"),
    "levels_own": ("level cards: {cards}", "レベルカード: {cards}"),
    "hand": ("Your hand", "あなたの手札"),
    "col_card": ("card", "カード"),
    "col_stats": ("kind · element · numbers", "種類・属性・数値"),
    "col_text": ("text", "効果"),
    "phase_spell": ("spell phase", "スペルフェイズ"),
    "phase_invade": ("invade or pay", "侵略／通行料"),
    "phase_battle-card": ("battle cards", "戦闘カード"),
    "phase_battle-card-defender": ("battle cards (defender)", "戦闘カード（防御側）"),
    "phase_choose-level": ("level card to pay", "レベルカードの支払い"),
    "phase_territory": ("territory phase", "領地フェイズ"),
    "phase_discard": ("discard to the hand limit", "手札調整"),
    "phase_over": ("game over", "ゲーム終了"),
    "q_spell": ("Cast a spell before the die?", "ダイスの前にスペルを使いますか？"),
    "q_invade": ("An opposing creature guards land {dest}: invade, or pay the toll of {toll}?",
                 "対向土地{dest}に相手のクリーチャーがいます。侵略しますか、通行料{toll}枚を"
                 "支払いますか？"),
    "q_battle-card": ("Place a battle card face down (a bluff goes back to hand)?",
                      "戦闘カードを裏向きに出しますか？（ブラフは手札に戻ります）"),
    "q_battle-card-defender": ("{card} invades your land {dest}: place a battle card face down?",
                               "{card} があなたの土地{dest}に侵略してきました。戦闘カードを"
                               "裏向きに出しますか？"),
    "q_choose-level": ("Which level card of land {slot} goes?",
                       "土地{slot}のどのレベルカードを出しますか？"),
    "q_territory": ("One territory command on land {dest}?",
                    "土地{dest}に領地コマンドを1つ行いますか？"),
    "q_discard": ("Too many cards: discard one.", "手札が多すぎます。1枚捨ててください。"),
    "ev_turn": ("Turn {turn}: {who}", "ターン{turn}：{who}"),
    "ev_first": ("First player: {who}.", "{who}が先攻です。"),
    "ev_lands": ("{who}: starting lands {lands}.", "{who}の開始土地: {lands}"),
    "ev_draw_own": ("You draw {cards}.", "{cards} を引きました。"),
    "ev_draw_opp": ("The opponent draws {count}.", "相手が{count}枚引きました。"),
    "ev_draw_skip": ("{who}: the deck is empty, no draw.", "{who}のデッキが空なので引きません。"),
    "ev_spell": ("{who}: cast {card}{where}.", "{who}は {card} を使用{where}。"),
    "ev_spell_ends": ("  {card} leaves play ({why}).", "  {card} が場を離れた（{why}）。"),
    "why_replaced": ("replaced", "上書き"),
    "why_target-lost": ("its target is gone", "対象を失った"),
    "ev_cost": ("  {who}: {count} card(s) from the deck paid for {card}.",
                "  {who}は {card} のコストとしてデッキから{count}枚捨てた。"),
    "ev_damage": ("  {amount} damage to {whose}creature on land {slot} ({total} in all).",
                  "  {whose}土地{slot}のクリーチャーに{amount}ダメージ（合計{total}）。"),
    "ev_die": ("{who}: the die shows {value}, destination land {value}.",
               "{who}のダイスは{value}：移動先は土地{value}。"),
    "ev_toll": ("  {who}: a toll of {amount} card(s) paid {source} → {to}: {points} point(s).",
                "  {who}が通行料{amount}枚を支払った{source} → {to}は{points}ポイント。"),
    "src_deck": ("from the deck", "（デッキから）"),
    "src_level": ("(a level card of land {slot}: {cards})",
                  "（土地{slot}のレベルカード: {cards}）"),
    "ev_toll_unpaid": ("  {who}: a toll of {amount} cannot be paid (deck {deck}).",
                       "  {who}は通行料{amount}枚を支払えない（デッキ{deck}枚）。"),
    "ev_invade": ("{who}: {card} invades from {source} → battle on land {slot}.",
                  "{who}: {card} が{source}から侵略 → 土地{slot}で戦闘。"),
    "from_land": ("the destination land", "移動先の土地"),
    "from_hand": ("hand", "手札"),
    "ev_bc_placed": ("  {who}: a battle card placed face down{card}.",
                     "  {who}が戦闘カードを裏向きに出した{card}。"),
    "ev_bc_none": ("  {who}: no battle card.", "  {who}は戦闘カードを出さない。"),
    "ev_battle_start": ("  ① Start: {inv} ST{ist}/HP{ihp} vs {dfn} ST{dst}/HP{dhp} on {field} "
                        "land Lv{level}.{bonus}",
                        "  ①開始: {inv} ST{ist}/HP{ihp} 対 {dfn} ST{dst}/HP{dhp}（戦場: {field}・"
                        "Lv{level}）。{bonus}"),
    "terrain_bonus": (" Terrain bonus: defender HP +{n}.", "地形効果: 防御側HP+{n}。"),
    "support_bonus": (" Support bonus: invader ST +10.", "支援効果: 侵略側ST+10。"),
    "ev_reveal_used": ("  ② {whose}battle card {card} is revealed and used.",
                       "  ②{whose}戦闘カード {card} を公開、使用。"),
    "ev_reveal_back": ("  ② {whose}battle card {card} is revealed and goes back to hand ({why}).",
                       "  ②{whose}戦闘カード {card} を公開、手札に戻る（{why}）。"),
    "why_not-a-battle-card": ("not a battle card: a bluff", "戦闘カードではない：ブラフ"),
    "why_condition": ("its condition is not met", "条件を満たさない"),
    "why_cost": ("the deck cannot pay its cost", "コストが払えない"),
    "ev_order": ("  ③ {inv} ST{ist}/HP{ihp}{idmg} vs {dfn} ST{dst}/HP{dhp}{ddmg}: {first} "
                 "strikes first.",
                 "  ③{inv} ST{ist}/HP{ihp}{idmg} 対 {dfn} ST{dst}/HP{dhp}{ddmg}：{first}が先攻。"),
    "dmg": (" (damage {n})", "（ダメージ{n}）"),
    "invader": ("the invader", "侵略側"),
    "defender": ("the defender", "防御側"),
    "ev_attack": ("  ④ {card} attacks: {damage} damage, {left} HP left.",
                  "  ④{card}の攻撃：{damage}ダメージ、残りHP{left}。"),
    "ev_attack_null": ("  ④ {card} attacks: nullified, no damage.",
                       "  ④{card}の攻撃：無効化されてダメージなし。"),
    "ev_attack_cannot": ("  ④ {card} cannot attack (ST 0 or less).",
                         "  ④{card}は攻撃できない（ST0以下）。"),
    "ev_battle_end": ("  ⑦ {winner} wins the battle.", "  ⑦{winner}の勝利。"),
    "ev_destroyed": ("  {whose}{card} is destroyed.", "  {whose}{card} が破壊された。"),
    "ev_returned": ("  {whose}{card} returns to the hand.", "  {whose}{card} が手札に戻った。"),
    "ev_stays": ("  {card} stays as the new guard of land {slot}.",
                 "  {card} が土地{slot}の新たな支配クリーチャーになった。"),
    "ev_goes_back": ("  {card} goes back to {whose}hand.", "  {card} は{whose}手札に戻った。"),
    "ev_level_up": ("{who}: land {slot} levels up to Lv{level}{card}.",
                    "{who}: 土地{slot}がLv{level}にレベルアップ{card}。"),
    "ev_level_down": ("{who}: land {slot} levels down to Lv{level}{card}.",
                      "{who}: 土地{slot}がLv{level}にレベルダウン{card}。"),
    "ev_terrain": ("{who}: land {slot} becomes {card}.",
                   "{who}: 土地{slot}の地形を {card} に変更。"),
    "ev_summon": ("{who}: {card} guards land {slot}.", "{who}: {card} を土地{slot}に配置。"),
    "ev_exchange": ("{who}: {card} replaces {old} on land {slot}.",
                    "{who}: 土地{slot}の {old} を {card} と交換。"),
    "ev_move": ("{who}: {card} moves from land {src} to land {dst}.",
                "{who}: {card} が土地{src}から土地{dst}へ移動。"),
    "ev_discard": ("{who}: discard {card}.", "{who}は {card} を捨てた。"),
    "ev_end_win": ("Game over: you win ({reason}).", "ゲーム終了：あなたの勝ち（{reason}）"),
    "ev_end_lose": ("Game over: the opponent wins ({reason}).",
                    "ゲーム終了：相手の勝ち（{reason}）"),
    "ev_end_draw": ("Game over: a draw ({reason}).", "ゲーム終了：引き分け（{reason}）"),
    "reason_points": ("10 toll points", "通行料10ポイント"),
    "reason_toll-unpaid": ("a toll could not be paid", "通行料が支払えない"),
    "reason_turn-limit": ("turn limit: more toll points", "ターン上限：通行料ポイントで判定"),
    "whose_you": ("your ", "あなたの"),
    "whose_opp": ("the opponent's ", "相手の"),
}


def tx(key: str, lang: str, **kw: Any) -> str:
    en, ja = TEXT[key]
    return (ja if lang == "ja" else en).format(**kw)


def cards_of(view: JSON) -> dict[str, JSON]:
    return {c["name"]: c for c in view.get("cards", [])}


def name(cards: dict[str, JSON], n: str, lang: str) -> str:
    c = cards.get(n)
    if lang == "ja" or not c or c.get("name_en", n) == n:
        return n
    return f"{n} ({c['name_en']})"


def _element(e: str, lang: str) -> str:
    return e if lang == "ja" else ELEMENT_EN.get(e, e)


def _who(seat: int, me: int, lang: str) -> str:
    return tx("you" if seat == me else "opp", lang)


def _whose(seat: int, me: int, lang: str) -> str:
    return tx("whose_you" if seat == me else "whose_opp", lang)


def _cell(slot: JSON, cards: dict[str, JSON], lang: str, here: bool) -> Text:
    land = slot["land"] if lang == "ja" else LAND_EN.get(slot["land"], slot["land"])
    out = Text(f"{land} ", style="bold" if here else "")
    out.append(f"[{_element(slot['element'], lang)}]", style=ELEMENT_STYLE.get(slot["element"]))
    out.append("\n" + tx("level", lang, level=slot["level"], toll=slot["toll"]))
    for key in ("land_cards",):
        if slot[key]:
            out.append("\n▲ " + name(cards, slot[key][-1], lang), style="dim")
    if slot["land_spell"]:
        out.append("\n✦ " + name(cards, slot["land_spell"][0], lang), style="magenta")
    if slot["creature"]:
        c = cards.get(slot["creature"], {})
        out.append("\n" + name(cards, slot["creature"], lang), style="bold cyan")
        dmg = f" −{slot['damage']}" if slot["damage"] else ""
        out.append(f"\nST{c.get('st')}/HP{c.get('hp')}{dmg}")
        if slot["creature_spell"]:
            out.append("\n✦ " + name(cards, slot["creature_spell"][0], lang), style="magenta")
    else:
        out.append("\n" + tx("empty", lang), style="dim")
    if slot.get("level_cards"):
        out.append("\n" + tx("levels_own", lang, cards=", ".join(
            name(cards, n, lang) for n in slot["level_cards"])), style="dim")
    return out


def _row(side: JSON, cards: dict[str, JSON], lang: str, dest: int, mark: bool) -> Table:
    table = Table(show_lines=True, expand=True, show_header=True)
    for i in range(6):
        head = tx("land", lang, n=i + 1) + (" ◀" if mark and i == dest else "")
        table.add_column(head, ratio=1)
    table.add_row(*[_cell(s, cards, lang, mark and i == dest)
                    for i, s in enumerate(side["slots"])])
    return table


def _side(side: JSON, who: str, lang: str) -> str:
    hand = len(side["hand"]) if "hand" in side else side["hand_count"]
    return tx("side", lang, who=who, points=side["points"], hand=hand, deck=side["deck_count"],
              discard=len(side["discard"]))


def card_line(c: JSON, lang: str) -> str:
    """A card's kind, element and numbers as its stat line prints them (or in English)."""
    kind_ja = {"creature": "クリーチャー", "item": "アイテム", "instant": "スペル（即効）",
               "lasting": "スペル（継続）", "land": "土地"}
    kind_en = {"creature": "creature", "item": "item", "instant": "instant spell",
               "lasting": "lasting spell", "land": "land"}
    kind = c.get("kind", "")
    parts = [kind_ja.get(kind, kind) if lang == "ja" else kind_en.get(kind, kind),
             _element(c.get("element", ""), lang)]
    if kind == "creature":
        parts.append(f"ST{c['st']}/HP{c['hp']}")
    if kind != "land":
        parts.append(f"コスト{c['cost']}" if lang == "ja" else f"cost {c['cost']}")
    if c.get("condition"):
        parts.append(f"条件:{c['condition']}" if lang == "ja" else
                     "needs " + "+".join(ELEMENT_EN.get(e, e) for e in c["condition"]))
    return " · ".join(parts)


def _text(c: JSON, lang: str) -> str:
    """The card's sentences as printed (Japanese) or as the card renders them in English."""
    return " ".join(c.get("text" if lang == "ja" else "text_en", c.get("text", [])))


def _hand(view: JSON, cards: dict[str, JSON], lang: str) -> Table:
    table = Table(title=tx("hand", lang), title_justify="left")
    table.add_column("#", justify="right")
    for key in ("col_card", "col_stats", "col_text"):
        table.add_column(tx(key, lang))
    for i, n in enumerate(dict.fromkeys(view["you"]["hand"]), start=1):
        c = cards.get(n, {})
        count = view["you"]["hand"].count(n)
        table.add_row(str(i), name(cards, n, lang) + (f" ×{count}" if count > 1 else ""),
                      card_line(c, lang), _text(c, lang))
    return table


def board(view: JSON, lang: str) -> RenderableType:
    """The table as the human sees it: the opponent's row above, their own below."""
    me = view["player"]
    cards = cards_of(view)
    opp, you = view["opponent"], view["you"]
    dest = view["dest"]
    active_is_me = view["active"] == me
    die = tx("die", lang, die=view["die"], dest=dest + 1) if view["die"] else tx("no_die", lang)
    parts: list[RenderableType] = [
        Text(_side(opp, tx("opp", lang), lang), style="red"),
        _row(opp, cards, lang, dest, not active_is_me and dest >= 0),
        Text(die, style="bold"),
        _row(you, cards, lang, dest, active_is_me and dest >= 0),
        Text(_side(you, tx("you", lang), lang), style="green"),
    ]
    if you["hand"]:
        parts.append(_hand(view, cards, lang))
    title = tx("title", lang, turn=view["turn"], phase=tx(f"phase_{view['phase']}", lang),
               who=_who(view["active"], me, lang))
    return Panel(Group(*parts), title=title, title_align="left")


def question(view: JSON, lang: str) -> str:
    phase = view["phase"]
    cards = cards_of(view)
    dest = view["dest"] + 1
    if phase == "invade":
        return tx("q_invade", lang, dest=dest,
                  toll=view["opponent"]["slots"][view["dest"]]["toll"])
    if phase == "battle-card-defender":
        b = view["battle"] or {}
        return tx("q_battle-card-defender", lang, dest=dest,
                  card=name(cards, b.get("invader") or "?", lang))
    if phase == "choose-level":
        return tx("q_choose-level", lang, slot=view["pending"][2] + 1)
    if phase == "territory":
        return tx("q_territory", lang, dest=dest)
    key = f"q_{phase}"
    return tx(key, lang) if key in TEXT else ""


def _stats(s: JSON) -> dict[str, Any]:
    return {"st": s["st"], "hp": s["hp"], "damage": s["damage"]}


def _one(ev: JSON, cards: dict[str, JSON], me: int, lang: str) -> list[RenderableType]:
    kind = ev.get("type")
    seat = ev.get("player", -1)
    who = _who(seat, me, lang)
    whose = _whose(seat, me, lang)

    def n(x: str) -> str:
        return name(cards, x, lang)

    if kind == "turn":
        return [Rule(tx("ev_turn", lang, turn=ev["turn"], who=who))]
    if kind == "first-player":
        return [Text(tx("ev_first", lang, who=who))]
    if kind == "lands":
        lands = ev["lands"] if lang == "ja" else [LAND_EN.get(x, x) for x in ev["lands"]]
        return [Text(tx("ev_lands", lang, who=who, lands=" ".join(lands)), style="dim")]
    if kind == "draw":
        if "cards" in ev:
            return [Text(tx("ev_draw_own", lang, cards=", ".join(n(c) for c in ev["cards"])))]
        return [Text(tx("ev_draw_opp", lang, count=ev["count"]), style="dim")]
    if kind == "draw-skipped":
        return [Text(tx("ev_draw_skip", lang, who=who), style="yellow")]
    if kind == "spell":
        where = ""
        if "slot" in ev:
            side = ev["side"] if seat == me else ("opponent" if ev["side"] == "own" else "own")
            owner = tx("whose_you" if side == "own" else "whose_opp", lang)
            where = (f"（{owner}土地{ev['slot'] + 1}）" if lang == "ja"
                     else f" on {owner}land {ev['slot'] + 1}")
        return [Text(tx("ev_spell", lang, who=who, card=n(ev["card"]), where=where),
                     style="magenta")]
    if kind == "spell-ends":
        return [Text(tx("ev_spell_ends", lang, card=n(ev["card"]),
                        why=tx(f"why_{ev['why']}", lang)), style="dim")]
    if kind == "cost":
        return [Text(tx("ev_cost", lang, who=who, count=ev["count"], card=n(ev["card"])),
                     style="dim")]
    if kind == "damage":
        return [Text(tx("ev_damage", lang, amount=ev["amount"], whose=whose,
                        slot=ev["slot"] + 1, total=ev["total"]))]
    if kind == "die":
        return [Text(tx("ev_die", lang, who=who, value=ev["value"]), style="bold")]
    if kind == "toll":
        source = tx("src_deck", lang) if ev["from"] == "deck" else tx(
            "src_level", lang, slot=ev["slot"] + 1, cards=", ".join(n(c) for c in ev["cards"]))
        return [Text(tx("ev_toll", lang, who=who, amount=ev["amount"], source=source,
                        to=_who(ev["to"], me, lang), points=ev["points"]), style="yellow")]
    if kind == "toll-unpaid":
        return [Text(tx("ev_toll_unpaid", lang, who=who, amount=ev["amount"], deck=ev["deck"]),
                     style="red")]
    if kind == "invade":
        source = tx("from_land" if ev["from"] == "land" else "from_hand", lang)
        return [Text(tx("ev_invade", lang, who=who, card=n(ev["card"]), source=source,
                        slot=ev["slot"] + 1), style="bold")]
    if kind == "battle-card-placed":
        shown = f": {n(ev['card'])}" if "card" in ev and lang != "ja" else (
            f"（{n(ev['card'])}）" if "card" in ev else "")
        return [Text(tx("ev_bc_placed", lang, who=who, card=shown))]
    if kind == "battle-card-none":
        return [Text(tx("ev_bc_none", lang, who=who), style="dim")]
    if kind == "battle-start":
        i, d = ev["invader_stats"], ev["defender_stats"]
        bonus = ""
        if ev["terrain_bonus"]:
            bonus += tx("terrain_bonus", lang, n=ev["terrain_bonus"])
        if ev["support_bonus"]:
            bonus += tx("support_bonus", lang)
        return [Text(tx("ev_battle_start", lang, inv=n(ev["invader"]), ist=i["st"],
                        ihp=i["hp"], dfn=n(ev["defender"]), dst=d["st"], dhp=d["hp"],
                        field=_element(ev["field"], lang), level=ev["level"], bonus=bonus))]
    if kind == "battle-card-revealed":
        if ev["used"]:
            return [Text(tx("ev_reveal_used", lang, whose=whose, card=n(ev["card"])))]
        return [Text(tx("ev_reveal_back", lang, whose=whose, card=n(ev["card"]),
                        why=tx(f"why_{ev['why']}", lang)), style="dim")]
    if kind == "battle-order":
        i, d = ev["invader_stats"], ev["defender_stats"]
        first = tx("invader" if ev["first"] == seat else "defender", lang)
        return [Text(tx("ev_order", lang, inv=n(ev["invader"]), ist=i["st"], ihp=i["hp"],
                        idmg=tx("dmg", lang, n=i["damage"]) if i["damage"] else "",
                        dfn=n(ev["defender"]), dst=d["st"], dhp=d["hp"],
                        ddmg=tx("dmg", lang, n=d["damage"]) if d["damage"] else "",
                        first=first))]
    if kind == "attack":
        if ev["cannot"]:
            return [Text(tx("ev_attack_cannot", lang, card=n(ev["card"])))]
        if ev["nullified"]:
            return [Text(tx("ev_attack_null", lang, card=n(ev["card"])))]
        return [Text(tx("ev_attack", lang, card=n(ev["card"]), damage=ev["damage"],
                        left=ev["hp_left"]))]
    if kind == "battle-end":
        side = tx("invader" if ev["winner"] == seat else "defender", lang)
        return [Text(tx("ev_battle_end", lang, winner=f"{_who(ev['winner'], me, lang)} "
                        f"({side})"), style="bold")]
    if kind == "destroyed":
        return [Text(tx("ev_destroyed", lang, whose=whose, card=n(ev["card"])), style="red")]
    if kind == "returned":
        return [Text(tx("ev_returned", lang, whose=whose, card=n(ev["card"])))]
    if kind == "invader-stays":
        return [Text(tx("ev_stays", lang, card=n(ev["card"]), slot=ev["slot"] + 1))]
    if kind == "invader-returns":
        return [Text(tx("ev_goes_back", lang, card=n(ev["card"]), whose=whose))]
    if kind in ("level-up", "level-down"):
        card = ""
        if "card" in ev:
            card = f"（{n(ev['card'])}）" if lang == "ja" else f" ({n(ev['card'])})"
        key = "ev_level_up" if kind == "level-up" else "ev_level_down"
        return [Text(tx(key, lang, who=who, slot=ev["slot"] + 1, level=ev["level"], card=card))]
    if kind == "terrain":
        return [Text(tx("ev_terrain", lang, who=who, slot=ev["slot"] + 1, card=n(ev["card"])))]
    if kind == "summon":
        return [Text(tx("ev_summon", lang, who=who, slot=ev["slot"] + 1, card=n(ev["card"])))]
    if kind == "exchange":
        return [Text(tx("ev_exchange", lang, who=who, slot=ev["slot"] + 1, card=n(ev["card"]),
                        old=n(ev["returned"])))]
    if kind == "move":
        return [Text(tx("ev_move", lang, who=who, card=n(ev["card"]), src=ev["from"] + 1,
                        dst=ev["to"] + 1))]
    if kind == "discard":
        return [Text(tx("ev_discard", lang, who=who, card=n(ev["card"])), style="dim")]
    if kind == "game-end":
        key = "ev_end_draw" if ev.get("draw") else (
            "ev_end_win" if ev.get("winner") == me else "ev_end_lose")
        reason = f"reason_{ev.get('reason')}"
        text = tx(reason, lang) if reason in TEXT else str(ev.get("reason"))
        return [Text(tx(key, lang, reason=text), style="bold")]
    return []  # bookkeeping (shuffles, the game start) needs no line


def events(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    """Each event as zero or more lines, from ``seat``'s side of the table."""
    cards = cards_of(view)
    out: list[RenderableType] = []
    for ev in evs:
        out.extend(_one(ev, cards, seat, lang))
    return out


#: the rules of each phase in a few lines (key ``r`` at the table), English and Japanese
RULES: dict[str, tuple[str, str]] = {
    "spell": ("Cast at most one spell (its condition met, its cost paid from the deck); then "
              "the die names one of your six lands.",
              "スペルを1枚まで使えます（条件を満たし、コストはデッキから支払う）。そのあとダイスで"
              "自分の土地を1つ決めます。"),
    "invade": ("An opposing creature guards the opposing land: invade with your land's creature "
               "or one from hand, or pay its level in cards from your deck.",
               "対向土地に相手のクリーチャーがいます。移動先のクリーチャーか手札から侵略するか、"
               "レベルぶんのカードをデッキから通行料として支払います。"),
    "battle-card": ("Place one card face down as a battle card, or none; a bluff goes back to "
                    "hand at no cost.",
                    "戦闘カードを1枚裏向きで出せます（出さなくてもよい）。ブラフは公開時に手札に戻ります。"),
    "battle-card-defender": ("Place one card face down to defend, or none; the defender's card "
                             "applies first.",
                             "防御側として戦闘カードを1枚裏向きで出せます。防御側のカードから適用されます。"),
    "choose-level": ("Choose which of your level cards on that land goes.",
                     "その土地のレベルカードのうち、どれを出すか選びます。"),
    "territory": ("One command on your land: level up, level down, terrain change, play, "
                  "exchange or move a creature, or nothing.",
                  "領地コマンドを1つ：レベルアップ、レベルダウン、地形変更、配置、交換、移動、"
                  "または何もしない。"),
    "discard": ("Discard down to the hand limit.", "手札の上限まで捨てます。"),
}


def rules(view: JSON, lang: str) -> list[str]:
    en, ja = RULES.get(view.get("phase", ""), ("The game is over.", "ゲームは終わりました。"))
    return [ja if lang == "ja" else en]
