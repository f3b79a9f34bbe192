"""Draw a Dreadnought table and explain its events, from view and event dicts only.

Both sides show their casters with HP left and checked marks, both battle areas with each
unit's size, BP and state, bursts (normal/checked), the speed card, pile sizes, and the human's
hand. Every speed comparison, burn, attack, block, reaction chain step and HP break is spelled
out with its numbers. ``auto_pass`` is the front end's "auto-pass until something happens to
me": it answers pass for the human in speed, fast and reaction windows while nothing on the
chain is aimed at them; it lives here, never in the game state, so the opponent cannot tell.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

JSON = dict[str, Any]
GRADES = ("C", "B", "A", "A+", "S")
SIZES = {1: "S", 2: "M", 3: "L"}

#: key -> (English, Japanese)
TEXT: dict[str, tuple[str, str]] = {
    "title": ("Turn {turn} · {phase} · first: {who}", "ターン{turn}・{phase}・先攻: {who}"),
    "you": ("You", "あなた"),
    "opp": ("Opponent", "相手"),
    "side": ("{who}: hand {hand} · deck {deck} · discard {discard} · bursts {normal} normal "
             "/ {checked} checked · speed card {speed}",
             "{who}: 手札{hand}・山札{deck}・捨札{discard}・バースト ノーマル{normal}/チェック"
             "{checked}・スピードカード {speed}"),
    "caster": ("{name} HP {hp}{checked}", "{name} HP{hp}{checked}"),
    "checked": (" (checked)", "（チェック）"),
    "closed": ("[closed]", "［クローズ］"),
    "none": ("none", "なし"),
    "area": ("{side} area", "{side}エリア"),
    "left": ("left", "左"),
    "right": ("right", "右"),
    "dummy": ("dummy", "ダミー"),
    "hand": ("Your hand", "あなたの手札"),
    "col_card": ("card", "カード"),
    "col_stats": ("stats", "ステータス"),
    "col_text": ("text", "テキスト"),
    "chain": ("Chain (bottom first): {items}", "チェーン（下から）: {items}"),
    "phase_mulligan": ("mulligan", "マリガン"),
    "phase_speed": ("speed phase", "スピードフェイズ"),
    "phase_draw": ("draw phase", "ドローフェイズ"),
    "phase_cast": ("cast phase", "キャストフェイズ"),
    "phase_fast": ("fast phase", "ファストフェイズ"),
    "phase_action": ("action phase", "アクションフェイズ"),
    "phase_end": ("end phase", "エンドフェイズ"),
    "phase_over": ("game over", "ゲーム終了"),
    "q_mull": ("Mulligan: discard cards to draw as many (once), or finish.",
               "マリガン：捨てた枚数だけ引き直します（1回のみ）。"),
    "q_win_0": ("Speed actions: gear change, [Speed] plays, god draw, or pass.",
                "スピード行動：ギアチェンジ、《スピード》、ゴッドドロー、またはパス。"),
    "q_win_1": ("Cast actions: cast units or a dummy, discard or move units, [Cast] plays.",
                "キャスト行動：ユニット・ダミーのキャスト、捨札、スロット移動、《キャスト》。"),
    "q_win_2": ("Fast actions: [Fast] plays, or pass.", "ファスト行動：《ファスト》、またはパス。"),
    "q_win_3": ("Your action: attack, [Ac], or pass (two passes in a row end the phase).",
                "アクション：アタック、「Ac」、またはパス（2人続けてパスで終了）。"),
    "q_win_4": ("Reaction: [Re], awakening, or pass (two passes close the chain).",
                "リアクション：「Re」、覚醒、またはパス（2人続けてパスでチェーン解決）。"),
    "q_block": ("Block {damage} damage: with a unit of that area or its caster.",
                "{damage}ダメージのブロック：そのエリアのユニットかキャスターで受けます。"),
    "q_target": ("Choose a target.", "対象を選んでください。"),
    "q_pay": ("Pay {n} log: check a normal caster or burst.",
              "ログ{n}を支払う：ノーマルのキャスターかバーストをチェック。"),
    "q_discard": ("Hand limit 7: discard a card.", "手札上限7枚：1枚捨ててください。"),
    "q_search": ("Take a card from your discard pile.", "捨札から1枚を手札に。"),
    "q_hp": ("Your deck is empty: take an HP card from which caster?",
             "山札がありません：どちらのキャスターのHPから取りますか？"),
    "auto_passed": ("(auto-pass)", "（自動パス）"),
    "ev_turn": ("— Turn {turn} —", "— ターン{turn} —"),
    "ev_casters": ("Casters revealed: {names}; HP {hp}.", "キャスター公開: {names}、HP {hp}。"),
    "ev_mulligan": ("{who} mulligan {count} card(s).", "{who}は{count}枚マリガン。"),
    "ev_speed_open": ("{who} open the speed card {card} (SP {sp}){hp}.",
                      "{who}のスピードカード {card}（SP {sp}）{hp}"),
    "from_hp": (" from an HP card: the deck is empty", "（山札切れのためHPから）"),
    "ev_speed_compare": ("Speed: {a} against {b}: {who} faster, speed actions first.",
                         "SP比較: {a} 対 {b}：{who}が速く、先にスピード行動。"),
    "ev_speed_burn": ("Speed burn: both SP {sp} ({cards}): both to the discard pile, open again.",
                      "スピードバーン: 両者SP {sp}（{cards}）を捨札にして再オープン。"),
    "ev_gear_change": ("{who} change gear: {old} to the discard pile, {card} placed closed.",
                       "{who}はギアチェンジ: {old}を捨札に、{card}をクローズで配置。"),
    "ev_gear_open": ("{who} gear card opens: {card} (SP {sp}).",
                     "{who}のギアチェンジカード公開: {card}（SP {sp}）"),
    "ev_order": ("Order: SP {a} against {b}: {who} first.", "先攻決定: {a} 対 {b}：{who}が先攻。"),
    "ev_draw": ("{who} draw {card}{hp}.", "{who}は{card}をドロー{hp}。"),
    "ev_burst": ("{who} put a card into the burst area{hp}.", "{who}はバーストを1枚追加{hp}。"),
    "ev_god_draw": ("{who} god draw {card}.", "{who}はゴッドドロー: {card}"),
    "ev_cast": ("{who} cast {card} into the {area} area.",
                "{who}は{card}を{area}エリアにキャスト。"),
    "ev_dummy": ("{who} cast a dummy{card} into the {area} area (S, BP 50).",
                 "{who}はダミー{card}を{area}エリアにキャスト（S・BP50）。"),
    "ev_unit_gone": ("{whose}{card} {how}.", "{whose}{card}が{how}。"),
    "how_destroyed": ("is destroyed", "破壊された"),
    "how_discarded": ("is discarded", "捨札になった"),
    "how_end": ("is discarded at the end phase", "エンドフェイズに捨札になった"),
    "how_bounced": ("returns to its owner's hand", "手札に戻った"),
    "ev_move": ("{whose}unit {card}moves to the {area} area.",
                "{whose}ユニット{card}が{area}エリアへ移動。"),
    "ev_ability": ("{who} use {card}'s ability.", "{who}は{card}のアビリティを使用。"),
    "ev_code": ("{who} play {card} (mode {mode}).", "{who}は{card}をプレイ（{mode}）。"),
    "ev_awaken": ("{who} awaken: +{amount} BP with {card}.", "{who}は{card}で覚醒: BP+{amount}。"),
    "ev_enhance": ("{who} enhance a unit with a closed card{card}.",
                   "{who}はユニットを強化（クローズ{card}）。"),
    "ev_chain_add": ("  Chain link {depth}: {item}.", "  チェーン{depth}: {item}"),
    "ev_chain_resolve": ("  Resolving link {depth} (last in, first out): {item}.",
                         "  チェーン{depth}を解決（後入れ先出し）: {item}"),
    "ev_chain_end": ("  The chain is resolved.", "  チェーン解決終了。"),
    "ev_cancel": ("  {card} is cancelled by {by}.", "  {card}は{by}で打ち消された。"),
    "ev_fizzle": ("  {card} has no effect.", "  {card}は不発。"),
    "ev_attack": ("{who} attack the {area} area with {units} (BP {bp}).",
                  "{who}は{units}（BP {bp}）で{area}エリアにアタック。"),
    "ev_attack_damage": ("  Attack damage {damage} to the {area} area.",
                         "  {area}エリアに{damage}のアタックダメージ。"),
    "ev_attack_fizzle": ("  The attack deals no damage.", "  アタックは不発。"),
    "ev_block_caster": ("  {whose}caster blocks {damage} damage: {breaks} HP break (1 per 50).",
                        "  {whose}キャスターが{damage}ダメージをブロック: "
                        "HP{breaks}枚ブレイク（50ごとに1枚）。"),
    "ev_block_unit": ("  {whose}{card} (BP {bp}) blocks {damage} damage: {result}.",
                      "  {whose}{card}（BP{bp}）が{damage}ダメージをブロック: {result}。"),
    "destroyed": ("destroyed (BP at or below the damage)", "破壊（BPがダメージ以下）"),
    "survives": ("survives (BP above the damage)", "生存（BPがダメージより大きい）"),
    "ev_attack_bonus": ("  Attack bonus: the area has no unit left, its caster breaks 1 HP.",
                        "  アタックボーナス: エリアのユニットがいなくなり、"
                        "キャスターのHPが1枚ブレイク。"),
    "ev_hp_break": ("  {whose}{caster} breaks {count} HP ({left} left); the cards go to the "
                    "burst area, checked.",
                    "  {whose}{caster}のHPが{count}枚ブレイク（残り{left}）。"
                    "バーストにチェック状態で置く。"),
    "ev_damage": ("  {card}: {amount} damage to a unit of BP {bp}: {result}.",
                  "  {card}: BP{bp}のユニットに{amount}ダメージ: {result}。"),
    "ev_bp": ("  A unit gets {amount:+d} BP ({dur}).", "  ユニットのBP{amount:+d}（{dur}）。"),
    "dur_turn": ("until end of turn", "ターン終了時まで"),
    "dur_chain": ("until the chain ends", "チェーン終了時まで"),
    "ev_enchant": ("  {whose}unit is enchanted{card}.", "  {whose}ユニットにエンチャント{card}。"),
    "ev_enchant_open": ("  An enchantment opens: {card} (+{amount} BP).",
                        "  エンチャント公開: {card}（BP+{amount}）"),
    "ev_trigger": ("  {card}'s trigger ({when}).", "  {card}のトリガー（{when}）。"),
    "ev_pass": ("{who} pass.", "{who}はパス。"),
    "ev_action_end": ("Two passes in a row: the action phase ends.",
                      "2人続けてパス: アクションフェイズ終了。"),
    "ev_discard": ("{who} discard {card}.", "{who}は{card}を捨てた。"),
    "ev_search": ("{who} take {card} from the discard pile.", "{who}は捨札から{card}を手札に。"),
    "ev_pay": ("  {who} pay log: {what}.", "  {who}はログを支払う: {what}"),
    "ev_over_win": ("You win ({reason}).", "あなたの勝ち（{reason}）。"),
    "ev_over_lose": ("You lose ({reason}).", "あなたの負け（{reason}）。"),
    "ev_over_draw": ("Draw ({reason}).", "引き分け（{reason}）。"),
}


#: the rules of each phase in a few lines, (English, Japanese)
RULES: dict[str, tuple[list[str], list[str]]] = {
    "mulligan": (["Discard any number of cards once and draw as many.",
                  "Then the casters are revealed and take their HP cards from the deck."],
                 ["任意の枚数を1回だけ捨て、同じ枚数を引き直します。",
                  "その後キャスターを公開し、山札からHPカードを置きます。"]),
    "speed": (["Both open a speed card; equal grades burn. The faster side acts first.",
               "One gear change a turn: the speed card out, a hand card in, closed."],
              ["両者スピードカードを公開。同じSPはバーン。速い側から行動。",
               "ギアチェンジは1ターン1回：スピードカードを捨て、手札1枚をクローズで置く。"]),
    "draw": (["First player draws 1 and bursts 1; second draws 2 and bursts 1."],
             ["先攻は1ドロー1バースト、後攻は2ドロー1バースト。"]),
    "cast": (["Cast units (two units, three sizes an area), dummies, discard or move units.",
              "Log cost: check a normal caster or burst for each point."],
             ["ユニット（1エリア2体・3サイズまで）やダミーのキャスト、捨札、移動。",
              "ログコスト：ノーマルのキャスターかバーストを1枚チェックするごとに1。"]),
    "fast": (["Fast plays, first player then second."],
             ["先攻、後攻の順にファストのプレイ。"]),
    "action": (["Attack, Ac or pass in turn; two passes in a row end the phase.",
                "Each declaration opens a reaction chain, resolved last in, first out.",
                "The defender must block; a caster breaks 1 HP per 50 damage."],
               ["アタック、Ac、パスを交互に。2人続けてパスで終了。",
                "宣言ごとにリアクションのチェーン。後から積んだものから解決。",
                "守備側は必ずブロック。キャスターは50ダメージごとにHP1枚ブレイク。"]),
    "end": (["Speed cards, enchantments and dummies are discarded; hands down to 7;",
             "everything becomes normal."],
            ["スピードカード・エンチャント・ダミーを捨札に。手札7枚まで。",
             "すべてノーマル状態に。"]),
    "over": (["The game is over."], ["ゲーム終了。"]),
}


def rules(view: JSON, lang: str) -> list[str]:
    en, ja = RULES.get(view.get("phase", ""), ([], []))
    return list(ja if lang == "ja" else en)


def tx(key: str, lang: str, **kw: Any) -> str:
    en, ja = TEXT[key]
    return (ja if lang == "ja" else en).format(**kw)


def _name(view: JSON, c: int, lang: str) -> str:
    if c < 0:
        return tx("closed", lang)
    card = view["cards"][c]
    return card["name"] if lang == "ja" else card["name_en"]


def _who(seat: int, me: int, lang: str) -> str:
    return tx("you" if seat == me else "opp", lang)


def _whose(seat: int, me: int, lang: str) -> str:
    if lang == "ja":
        return "あなたの" if seat == me else "相手の"
    return "Your " if seat == me else "Opponent's "


def _area_name(a: int, lang: str) -> str:
    return tx("left" if a == 0 else "right", lang)


def _unit_text(view: JSON, u: list[Any], lang: str) -> str:
    uid, _seat, _area, card, chk, dummy, bp = u
    if dummy:
        inner = f" ({_name(view, card, lang)})" if card >= 0 else ""
        what = f"{tx('dummy', lang)}{inner} S"
    else:
        what = f"{_name(view, card, lang)} {SIZES.get(view['cards'][card]['size'], '?')}"
    mark = tx("checked", lang) if chk else ""
    enchants = sum(1 for e in view["enchants"] if e[0] == uid)
    ench = f" +{enchants}E" if enchants else ""
    return f"{what} BP{bp}{mark}{ench}"


def _side(view: JSON, seat: int, lang: str) -> list[RenderableType]:
    me = view["player"]
    side = view["you"] if seat == me else view["opponent"]
    style = "green" if seat == me else "red"
    hand = len(side["hand"]) if "hand" in side else side["hand_count"]
    speed = side["speed"]
    speed_text = tx("none", lang) if speed < 0 and not side["speed_closed"] else (
        tx("closed", lang) if speed < 0 else
        f"{_name(view, speed, lang)} SP {GRADES[view['cards'][speed]['sp']]}"
        + (f" {tx('closed', lang)}" if side["speed_closed"] else ""))
    bursts = side["bursts"]
    line = Text(tx("side", lang, who=_who(seat, me, lang), hand=hand, deck=side["deck"],
                   discard=len(side["discard"]), normal=bursts.count(0),
                   checked=bursts.count(1), speed=speed_text), style=style)
    grid = Table.grid(padding=(0, 3))
    grid.add_column()
    grid.add_column()
    cells = []
    for a in (0, 1):
        k = side["casters"][a]
        caster = tx("caster", lang, name=_name(view, k, lang), hp=side["hp"][a],
                    checked=tx("checked", lang) if side["checked"][a] else "")
        units = [_unit_text(view, u, lang) for u in view["units"] if u[1] == seat and u[2] == a]
        head = tx("area", lang, side=_area_name(a, lang))
        cells.append(Text("\n".join([f"[{head}] {caster}", *[f"  · {x}" for x in units]]),
                          style=style))
    grid.add_row(*cells)
    return [line, grid]


def _hand(view: JSON, lang: str) -> Table:
    from cardtable.games.dreadnought.cards import Card

    table = Table(title=tx("hand", lang), title_justify="left")
    for key in ("col_card", "col_stats", "col_text"):
        table.add_column(tx(key, lang))
    for c in dict.fromkeys(view["you"]["hand"]):
        card = Card.from_json(view["cards"][c])
        n = view["you"]["hand"].count(c)
        table.add_row(f"{n}× {card.display(lang)}", card.stat_text(lang),
                      " / ".join(card.lines(lang)))
    return table


def _item(view: JSON, item: list[Any], lang: str) -> str:
    me = view["player"]
    kind = item[0]
    who = _who(item[1], me, lang)
    if kind == "atk":
        units = len(item[2])
        return (f"{who}: アタック（{units}体）→ {_area_name(item[4], lang)}エリア" if lang == "ja"
                else f"{who}: attack with {units} unit(s) on the {_area_name(item[4], lang)} area")
    card = item[2]
    name = _name(view, card, lang) if isinstance(card, int) else (
        card if card else tx("closed", lang))
    return f"{who}: {name}"


def board(view: JSON, lang: str) -> RenderableType:
    me = view["player"]
    parts: list[RenderableType] = [*_side(view, 1 - me, lang), Rule(), *_side(view, me, lang)]
    if view["chain"]:
        parts.append(Text(tx("chain", lang, items=" | ".join(_item(view, i, lang)
                                                              for i in view["chain"])),
                          style="yellow"))
    if view["you"]["hand"]:
        parts.append(_hand(view, lang))
    title = tx("title", lang, turn=view["turn"], phase=tx(f"phase_{view['phase']}", lang),
               who=_who(view["first"], me, lang))
    return Panel(Group(*parts), title=title, title_align="left")


def question(view: JSON, lang: str) -> str:
    ask = view["ask"]
    if not ask:
        return ""
    kind = ask[0]
    if kind == "win":
        return tx(f"q_win_{ask[2]}", lang)
    if kind == "block":
        return tx("q_block", lang, damage=view["attack"][3])
    if kind == "pay":
        return tx("q_pay", lang, n=ask[2])
    return tx(f"q_{kind}", lang) if f"q_{kind}" in TEXT else ""


def auto_pass(view: JSON, legal: list[int]) -> int | None:
    """Pass for the human in a speed, fast or reaction window while nothing is aimed at them:
    no attack on their area and no enemy play on the chain targeting their cards."""
    ask = view["ask"]
    if not ask or ask[0] != "win" or ask[2] not in (0, 2, 4) or 0 not in legal:
        return None
    me = view["player"]
    mine = {u[0] for u in view["units"] if u[1] == me}
    for item in view["chain"]:
        if item[1] == me:
            continue
        if item[0] == "atk":
            return None
        target = item[-1]
        if isinstance(target, int) and (target - 1000 in mine or
                                        target in (20 + 2 * me, 21 + 2 * me)):
            return None
    return 0


def _one(ev: JSON, view: JSON, me: int, lang: str) -> list[RenderableType]:
    kind = ev.get("type")
    seat = ev.get("seat", -1)
    who = _who(seat, me, lang)
    whose = _whose(seat, me, lang)
    hp = tx("from_hp", lang) if "from_hp" in ev else ""
    idx = {c["name"]: i for i, c in enumerate(view["cards"])}

    def nm(n: str | None) -> str:
        if not n:
            return tx("closed", lang)
        return _name(view, idx[n], lang) if n in idx else n

    if kind == "turn":
        return [Rule(tx("ev_turn", lang, turn=ev["turn"]))]
    if kind == "casters":
        return [Text(tx("ev_casters", lang, names=", ".join(nm(n) for n in ev["casters"]),
                        hp=ev["hp"]))]
    if kind == "mulligan":
        return [Text(tx("ev_mulligan", lang, who=who, count=ev["count"]))]
    if kind == "speed-open":
        return [Text(tx("ev_speed_open", lang, who=who, card=nm(ev["card"]),
                        sp=GRADES[ev["sp"]], hp=hp))]
    if kind == "speed-compare":
        a, b = (GRADES[x] for x in ev["sp"])
        return [Text(tx("ev_speed_compare", lang, a=a, b=b, who=_who(ev["faster"], me, lang)),
                     style="bold")]
    if kind == "speed-burn":
        return [Text(tx("ev_speed_burn", lang, sp=GRADES[ev["sp"]],
                        cards=", ".join(nm(n) for n in ev["cards"])), style="yellow")]
    if kind == "gear-change":
        return [Text(tx("ev_gear_change", lang, who=who, old=nm(ev["old"]),
                        card=nm(ev.get("card"))))]
    if kind == "gear-open":
        return [Text(tx("ev_gear_open", lang, who=_whose(seat, me, lang), card=nm(ev["card"]),
                        sp=GRADES[ev["sp"]]))]
    if kind == "order":
        a, b = (GRADES[x] for x in ev["sp"])
        return [Text(tx("ev_order", lang, a=a, b=b, who=_who(ev["first"], me, lang)),
                     style="bold")]
    if kind == "draw":
        return [Text(tx("ev_draw", lang, who=who, card=nm(ev["cards"][0]) if "cards" in ev
                        else ("1枚" if lang == "ja" else "a card"), hp=hp))]
    if kind == "burst":
        return [Text(tx("ev_burst", lang, who=who, hp=hp), style="dim")]
    if kind == "god-draw":
        return [Text(tx("ev_god_draw", lang, who=who, card=nm(ev.get("card"))))]
    if kind == "cast":
        return [Text(tx("ev_cast", lang, who=who, card=nm(ev["card"]),
                        area=_area_name(ev["area"], lang)))]
    if kind == "dummy":
        card = f" ({nm(ev['card'])})" if "card" in ev else ""
        return [Text(tx("ev_dummy", lang, who=who, card=card,
                        area=_area_name(ev["area"], lang)))]
    if kind == "unit-gone":
        how = {"destroyed": "how_destroyed", "discarded": "how_discarded", "end": "how_end",
               "bounced": "how_bounced"}[ev["why"]]
        card = nm(ev.get("card")) if not ev.get("dummy") else tx("dummy", lang)
        return [Text(tx("ev_unit_gone", lang, whose=whose, card=card, how=tx(how, lang)))]
    if kind == "move":
        card = f"{nm(ev['card'])} " if "card" in ev else ""
        return [Text(tx("ev_move", lang, whose=whose, card=card,
                        area=_area_name(ev["area"], lang)))]
    if kind == "ability":
        return [Text(tx("ev_ability", lang, who=who, card=nm(ev["card"])))]
    if kind == "code":
        return [Text(tx("ev_code", lang, who=who, card=nm(ev["card"]), mode="①②"[ev["mode"]]))]
    if kind == "awaken":
        return [Text(tx("ev_awaken", lang, who=who, card=nm(ev["card"]), amount=ev["amount"]))]
    if kind == "enhance":
        card = f": {nm(ev['card'])}" if "card" in ev else ""
        return [Text(tx("ev_enhance", lang, who=who, card=card))]
    if kind == "chain-add":
        return [Text(tx("ev_chain_add", lang, depth=ev["depth"],
                        item=_item_ev(view, ev["item"], lang)), style="yellow")]
    if kind == "chain-resolve":
        return [Text(tx("ev_chain_resolve", lang, depth=ev["depth"],
                        item=_item_ev(view, ev["item"], lang)), style="yellow")]
    if kind == "chain-end":
        return [Text(tx("ev_chain_end", lang), style="dim")]
    if kind == "cancel":
        return [Text(tx("ev_cancel", lang, card=nm(ev["card"]), by=nm(ev["by"])))]
    if kind == "fizzle":
        return [Text(tx("ev_fizzle", lang, card=nm(ev.get("card"))), style="dim")]
    if kind == "attack":
        return [Text(tx("ev_attack", lang, who=who, area=_area_name(ev["area"], lang),
                        units=len(ev["uids"]), bp="+".join(str(b) for b in ev["bp"])),
                     style="bold")]
    if kind == "attack-damage":
        return [Text(tx("ev_attack_damage", lang, damage=ev["damage"],
                        area=_area_name(ev["area"], lang)))]
    if kind == "attack-fizzle":
        return [Text(tx("ev_attack_fizzle", lang), style="dim")]
    if kind == "block":
        if "uid" not in ev:
            return [Text(tx("ev_block_caster", lang, whose=whose, damage=ev["damage"],
                            breaks=ev["breaks"]))]
        result = tx("destroyed" if ev["destroyed"] else "survives", lang)
        card = nm(ev["card"]) if ev.get("card") else tx("dummy", lang)
        return [Text(tx("ev_block_unit", lang, whose=whose, card=card, bp=ev["bp"],
                        damage=ev["damage"], result=result))]
    if kind == "attack-bonus":
        return [Text(tx("ev_attack_bonus", lang), style="bold red")]
    if kind == "hp-break":
        side = view["you"] if seat == me else view["opponent"]
        caster = _name(view, side["casters"][ev["caster"]], lang)
        return [Text(tx("ev_hp_break", lang, whose=whose, caster=caster, count=ev["count"],
                        left=ev["left"]), style="bold red")]
    if kind == "damage":
        result = tx("destroyed" if ev["destroyed"] else "survives", lang)
        return [Text(tx("ev_damage", lang, card=nm(ev["card"]), amount=ev["amount"],
                        bp=ev["bp"], result=result))]
    if kind == "bp":
        return [Text(tx("ev_bp", lang, amount=ev["amount"],
                        dur=tx(f"dur_{ev['duration']}", lang)))]
    if kind == "enchant":
        card = f": {nm(ev['card'])}" if "card" in ev else ""
        return [Text(tx("ev_enchant", lang, whose=whose, card=card))]
    if kind == "enchant-open":
        return [Text(tx("ev_enchant_open", lang, card=nm(ev["card"]), amount=ev["amount"]))]
    if kind == "trigger":
        return [Text(tx("ev_trigger", lang, card=nm(ev["card"]), when=ev["when"]))]
    if kind == "pass":
        return [Text(tx("ev_pass", lang, who=who), style="dim")]
    if kind == "action-end":
        return [Text(tx("ev_action_end", lang))]
    if kind == "discard":
        return [Text(tx("ev_discard", lang, who=who, card=nm(ev["card"])))]
    if kind == "search":
        return [Text(tx("ev_search", lang, who=who, card=nm(ev["card"])))]
    if kind == "pay":
        what = ", ".join([*(_name(view, (view["you"] if seat == me else view["opponent"])
                                      ["casters"][k], lang) for k in ev["casters"]),
                          *([f"{ev['bursts']} burst(s)" if lang == "en"
                             else f"バースト{ev['bursts']}枚"] if ev["bursts"] else [])])
        return [Text(tx("ev_pay", lang, who=who, what=what), style="dim")]
    if kind == "game-over":
        key = "ev_over_draw" if ev["winner"] < 0 else (
            "ev_over_win" if ev["winner"] == me else "ev_over_lose")
        return [Text(tx(key, lang, reason=ev["reason"]), style="bold")]
    return []


def _item_ev(view: JSON, item: list[Any], lang: str) -> str:
    if item[0] == "atk":
        return _item(view, item, lang)
    name = item[2]
    idx = {c["name"]: i for i, c in enumerate(view["cards"])}
    return _item(view, [item[0], item[1], idx.get(name, -1) if name else -1, *item[3:]], lang)


def events(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    out: list[RenderableType] = []
    for ev in evs:
        out.extend(_one(ev, view, seat, lang))
    return out
