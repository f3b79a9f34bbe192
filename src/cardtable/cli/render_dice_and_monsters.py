"""Draw a Cardguard Dice and Monsters table and tell its battle, from view and event dicts only.

Only what ``state.view(seat)`` and ``state.events(seat)`` give reaches the screen: the
opponent's deck while it is being built, their team before both have answered and the name of
their face-down command stay hidden. The two 2×2 fields are drawn as the seed draws them, the
opponent's side upside down above one's own (their 【2】 faces my 【1】).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.core import CardtableError, Game, load_game

JSON = dict[str, Any]

MSG: dict[str, tuple[str, str]] = {
    "title": ("Cardguard Dice and Monsters: {phase}",
              "カードガルド・ダイス・アンド・モンスターズ: {phase}"),
    "deck-building": ("deck building", "デッキ構築"),
    "team": ("choose your team", "チーム選択"),
    "over": ("game over", "ゲーム終了"),
    "q_build": ("Take a card for your deck (8 cards: at least 3 units and 1 command; up to 3 ★ "
                "units go to the leap deck).",
                "デッキに入れるカードを選んでください（8枚: ユニット3枚以上・"
                "コマンド1枚以上。★ユニットはリープデッキへ3枚まで）。"),
    "q_team": ("Set 3 units and 1 command on your four squares (hidden until both are set).",
               "ユニット3体とコマンド1枚を4つのマスにセットしてください（両者がセットするまで非公開）。"),
    "your_deck": ("Your deck", "あなたのデッキ"), "opp_deck": ("Opponent's deck", "相手のデッキ"),
    "leap": ("leap deck", "リープデッキ"), "pool": ("Pool", "カードプール"),
    "opp_building": ("The opponent's deck is hidden until both decks are done.",
                     "相手のデッキは両者の構築が終わるまで非公開です。"),
    "opp_answered": ("The opponent has set their team (face down).",
                     "相手はチームを裏向きにセットしました。"),
    "col_card": ("card", "カード"), "col_kind": ("kind", "種類"), "col_attr": ("attr", "属性"),
    "col_hp": ("HP", "HP"), "col_speed": ("speed", "速度"),
    "col_actions": ("actions 1-6", "行動表"),
    "unit": ("unit", "ユニット"), "command": ("command", "コマンド"), "star": ("★ leap", "★リープ"),
    "opp_side": ("Opponent", "相手"), "my_side": ("You", "あなた"),
    "face_down": ("command (face down)", "コマンド（裏向き）"),
    "empty": ("·", "・"),
    "cmd_staying": ("on the field", "場に残留"),
    "game_start": ("Decks: you {mine}; opponent {theirs}.",
                   "デッキ: あなた {mine}、相手 {theirs}"),
    "pick": ("You take {card}.", "{card} をデッキに入れました。"),
    "built_own": ("Your deck is done.", "あなたのデッキが完成しました。"),
    "built_opp": ("The opponent's deck is done.", "相手のデッキが完成しました。"),
    "decks": ("Both decks are revealed. Opponent: {main} / leap: {leap}",
              "両者のデッキが公開されました。相手: {main} ／ リープ: {leap}"),
    "team_set_own": ("You set your team face down.",
                     "あなたはチームを裏向きにセットしました。"),
    "team_set_opp": ("The opponent sets their team face down.",
                     "相手はチームを裏向きにセットしました。"),
    "team_line": ("{who}: {units}; command face down on [{sq}]{cmd}",
             "{who}: {units}、コマンドは【{sq}】に裏向き{cmd}"),
    "order": ("Action order: {units}", "行動順: {units}"),
    "order_again": ("Action order decided again: {units}", "行動順の再決定: {units}"),
    "round": ("Round {round}", "ラウンド {round}"),
    "roll_die": ("Round roll: {value}", "ラウンドロール: {value}"),
    "roll_final": ("Every unit acts on {value}.",
                   "全ユニットが出目 {value} の行動をとります。"),
    "die": ("  {who} rolls {purpose}: {value}", "  {who}のダイス（{purpose}）: {value}"),
    "die_round-roll": ("for the round", "ラウンドロール"),
    "die_order": ("to settle the action order (speed tie)", "行動順の決定（速度が同じ）"),
    "die_sleep": ("to wake up (4 or more wakes it)", "目覚め判定（4以上で起きる）"),
    "die_wake": ("to wake up after being hit (4 or more wakes it)",
                 "ダメージによる目覚め判定（4以上で起きる）"),
    "die_stun": ("against its stun (3 or less: the action fails)",
                 "スタン判定（3以下で行動失敗）"),
    "die_amount": ("for the amount", "量の決定"),
    "die_retort": ("against its target's retort trait", "反撃特性の判定"),
    "die_chain": ("for a chained action (its trait)", "連撃（特性）の行動"),
    "die_counter": ("for Command Counter (4 or less cancels)",
                    "コマンドカウンター判定（4以下で無効）"),
    "nobody": ("The table", "場"),
    "roll_changed": ("{by} changes the round roll to {value}.",
                     "{by} がラウンドロールを{value}に変えました。"),
    "round_summary": ("Round {round}: you dealt {dealt} damage and took {taken}; knocked out: "
                      "{theirs} of theirs, {mine} of yours.",
                      "ラウンド{round}: 与えたダメージ {dealt}、受けたダメージ {taken}。"
                      "戦闘不能: 相手 {theirs}体、あなた {mine}体。"),
    "hint_read": ("Type c N to read a card in full (its whole action table).",
                  "c 番号 でカードの全文（行動表）を表示します。"),
    "command_fire": ("{who} command fires: {card}", "{who}のコマンド発動: {card}"),
    "command_answer": ("{who} command fires in answer: {card}",
                       "{who}のコマンドが応じて発動: {card}"),
    "command_stay": ("{who} {card} (on the field) strikes again",
                     "{who}の{card}（場に残留）が再び発動"),
    "countered": ("{card} is cancelled and destroyed.",
                  "{card} は無効にされ破壊されました。"),
    "turn": ("{unit} (HP {hp}) takes its turn", "{unit}（HP {hp}）のターン"),
    "act": ("  [{face}] {name} → {targets}", "  【{face}】{name} {target}→ {targets}"),
    "act_none": ("  [{face}] {name}: nothing happens", "  【{face}】{name}: 何も起きない"),
    "act_used": ("  [{face}] {name}: already used (once per game)",
                 "  【{face}】{name}は使用済み（1回制限）"),
    "act_stun": ("  [{face}] {name}: fails, stunned", "  【{face}】{name}は【スタン】で失敗"),
    "act_back": ("  [{face}] {name}: melee from the back row is not carried out",
                 "  【{face}】{name}: 後衛からの近接攻撃は実行されない"),
    "act_none_target": ("  [{face}] {name}: no target, not carried out",
                        "  【{face}】{name}: 対象がいないため実行されない"),
    "asleep": ("  {unit} is asleep and does not act.", "  {unit} は【睡眠】中で行動できない。"),
    "damage": ("    {unit} takes {amount} {kind} damage → HP {hp}",
               "    {unit} に{kind}ダメージ{amount}点 → HP {hp}"),
    "heal": ("    {unit} heals {amount} → HP {hp}",
             "    {unit} のHPが{amount}回復 → HP {hp}"),
    "status_on": ("    {unit} is now {status}", "    {unit} が【{status}】状態に"),
    "status_off": ("    {unit} recovers from {status}", "    {unit} の【{status}】が回復"),
    "down": ("    {unit} is knocked out.", "    {unit} は戦闘不能になった。"),
    "revive": ("    {unit} revives with HP {hp}.", "    {unit} がHP{hp}で復活した。"),
    "advance": ("    {who} {unit} advances [{src}] → [{dst}]",
                "    {who}の{unit}が前衛へ移動【{src}】→【{dst}】"),
    "leap_line": ("    FATAL LEAP! {who} {out} → {into} (HP {hp}): the condition on its card "
                  "was met",
             "    フェイタルリープ！ {who}の{out} → {into}（HP {hp}）"),
    "max_hp": ("    {unit}: maximum HP {max}, HP {hp}", "    {unit}: 最大HP {max}、HP {hp}"),
    "features_lost": ("Every unit loses its features until the end of round {until}.",
                      "全ユニットは{until}ラウンド目の終わりまで特徴を失う。"),
    "traits_off": ("    {unit}: traits switched off for the game",
                   "    {unit}: 特性はゲーム中無効"),
    "end_win": ("You win ({reason}).", "あなたの勝ち（{reason}）。"),
    "end_lose": ("The opponent wins ({reason}).", "相手の勝ち（{reason}）。"),
    "end_draw": ("A draw ({reason}).", "引き分け（{reason}）。"),
    "end_numbers": ("Units left: you {mu}, opponent {ou}. HP taken from the other side: you {mt} "
                    "(of {oi}), opponent {ot} (of {mi}).",
                    "残りユニット: あなた {mu}、相手 {ou}。"
                    "相手から削ったHP: あなた {mt}（{oi}中）、相手 {ot}（{mi}中）。"),
    "r_wipeout": ("a side has no unit left", "ユニット全滅"),
    "r_units": ("more units after the last round", "最終ラウンド後の残りユニット数"),
    "r_hp-taken": ("more HP taken from the opponent", "相手から削ったHPの合計"),
    "r_tie": ("units and HP taken are equal", "ユニット数も削ったHPも同じ"),
    "you": ("your", "あなた"), "them": ("opponent's", "相手"),
    "kind_physical": ("physical", "物理"), "kind_magic": ("magic", "魔力"),
    "kind_physical+magic": ("physical+magic", "物理・魔力"), "kind_plain": ("plain", ""),
}


def m(key: str, lang: str, **kw: Any) -> str:
    en, ja = MSG[key]
    text = ja if lang == "ja" else en
    return text.format(**kw) if kw else text


def _cards(view: JSON) -> dict[str, JSON]:
    return {c["name"]: c for c in view.get("cards", [])}


def _short(name: str, cards: dict[str, JSON], lang: str) -> str:
    card = cards.get(name, {})
    en = card.get("name_en", "")
    return name if lang == "ja" or not en else f"{name} ({en})"


@cache
def _game() -> Game:
    return load_game("dice-and-monsters")


def card_lines(card: JSON, lang: str) -> list[str]:
    """The card's whole text as the game renders it (``[face] …`` lines for actions)."""
    try:
        return _game().card_lines(card, lang)
    except CardtableError:
        return [str(card.get("name", "?"))]


def action_text(cards: dict[str, JSON], unit: str, face: int, lang: str, name: str) -> str:
    """What a unit's action on ``face`` does, in ``lang`` (Japanese: its printed name)."""
    if lang == "ja":
        return f"「{name}」"
    card = cards.get(unit)
    if card is not None:
        for line in card_lines(card, lang):
            if line.startswith(f"[{face}] "):
                return line[len(f"[{face}] "):]
    return f"action {face}"


#: the seed's words a table shows, in English (statuses, attributes)
#: a status as the state a unit is in ("is now poisoned")
STATE_EN = {"毒": "poisoned", "スタン": "stunned", "睡眠": "asleep", "魔力封印": "magic-sealed",
            "弱体化": "weakened"}
GLOSSARY = {"毒": "poison", "スタン": "stun", "睡眠": "sleep", "魔力封印": "magic seal",
            "弱体化": "weakness", "聖": "holy", "闇": "dark", "混沌": "chaos", "無": "none"}


def status_name(word: str, lang: str) -> str:
    return word if lang == "ja" else GLOSSARY.get(word, word)


attribute_name = status_name


def _facts(card: JSON, lang: str) -> list[str]:
    """kind, attribute, HP and speed, read from the card's printed stat line."""
    if card.get("kind") != "unit":
        return [m("command", lang), "", "", ""]
    stats: dict[str, str] = {}
    for line in str(card.get("text", "")).splitlines():
        if line.startswith("【属性:"):
            for part in line.strip("【】").split("】【"):
                key, _, value = part.partition(":")
                stats[key] = value
        elif line.startswith("【特徴:"):
            stats["特徴"] = line[4:-1]
    star = "★" in stats.get("特徴", "")
    return [m("star" if star else "unit", lang), attribute_name(stats.get("属性", ""), lang),
            stats.get("HP", ""), stats.get("速度", "")]


def _card_table(title: str, names: list[str], cards: dict[str, JSON], lang: str) -> Table:
    """One short row per card; ``c N`` at the table reads a card's whole action table."""
    table = Table(title=title, title_justify="left", expand=False, show_lines=False,
                  box=box.SIMPLE, pad_edge=False)
    for key in ("col_card", "col_kind", "col_attr", "col_hp", "col_speed"):
        table.add_column(m(key, lang), overflow="fold")
    for name in names:
        card = cards.get(name, {"name": name, "kind": "?", "text": ""})
        table.add_row(_short(name, cards, lang), *_facts(card, lang))
    return table


def _cell(cell: JSON | None, cards: dict[str, JSON], lang: str) -> Text:
    if cell is None:
        return Text(m("empty", lang), style="dim")
    if "unit" in cell:
        out = Text(_name(cell["unit"], cards, lang), style="bold")
        out.append(f"\nHP {cell['hp']}/{cell['max']}")
        if cell.get("status"):
            shown = [f"【{s}】" if lang == "ja" else status_name(s, lang)
                     for s in cell["status"]]
            out.append(" " + ("" if lang == "ja" else ", ").join(shown), style="magenta")
        return out
    if "card" in cell:
        state = m("cmd_" + str(cell["command"]), lang) if "cmd_" + str(cell["command"]) in MSG \
            else str(cell["command"])
        return Text(f"{cell['card']}\n({state})", style="cyan")
    return Text(m("face_down", lang), style="cyan")


def _sq(a: int, b: int, lang: str) -> str:
    return f"【{a}】【{b}】" if lang == "ja" else f"[{a}][{b}]"


def fields(board: list[list[JSON | None]], me: int, cards: dict[str, JSON], lang: str) -> Table:
    """Both 2×2 fields as the seed's diagram: opponent 【4】【3】/【2】【1】, then mine."""
    them = 1 - me
    table = Table(show_lines=True, expand=False, show_header=False)
    table.add_column("", no_wrap=True)
    table.add_column("", min_width=18)
    table.add_column("", min_width=18)
    opp, mine = board[them], board[me]
    side_o, side_m = m("opp_side", lang), m("my_side", lang)
    table.add_row(Text(f"{side_o} {_sq(4, 3, lang)}", style="red"), _cell(opp[3], cards, lang),
                  _cell(opp[2], cards, lang))
    table.add_row(Text(f"{side_o} {_sq(2, 1, lang)}", style="red"), _cell(opp[1], cards, lang),
                  _cell(opp[0], cards, lang))
    table.add_row(Text(f"{side_m} {_sq(1, 2, lang)}", style="green"),
                  _cell(mine[0], cards, lang), _cell(mine[1], cards, lang))
    table.add_row(Text(f"{side_m} {_sq(3, 4, lang)}", style="green"),
                  _cell(mine[2], cards, lang), _cell(mine[3], cards, lang))
    return table


def board(view: JSON, lang: str) -> RenderableType:
    cards = _cards(view)
    me = view["player"]
    you, opp = view["you"], view["opponent"]
    parts: list[RenderableType] = []
    phase = view["phase"]
    sep = "、" if lang == "ja" else ", "
    if phase == "deck-building":
        mine = sep.join(_short(n, cards, lang) for n in you["deck"]) or "-"
        leap = sep.join(_short(n, cards, lang) for n in you["leap"]) or "-"
        parts.append(Text(f"{m('your_deck', lang)} ({len(you['deck'])}/8): {mine}  "
                          f"({m('leap', lang)}: {leap})"))
        if not opp.get("deck"):
            parts.append(Text(m("opp_building", lang), style="dim"))
    else:
        parts.append(_card_table(m("your_deck", lang), you["deck"] + you["leap"], cards, lang))
        if "deck" in opp:
            parts.append(_card_table(m("opp_deck", lang), opp["deck"] + opp["leap"], cards, lang))
        if opp.get("answered"):
            parts.append(Text(m("opp_answered", lang), style="dim"))
    if view.get("field"):
        parts.append(fields(view["field"], me, cards, lang))
    parts.append(Text(m("hint_read", lang), style="dim"))
    return Panel(Group(*parts), title=m("title", lang, phase=m(phase, lang)), title_align="left")


def question(view: JSON, lang: str) -> str:
    return m("q_build" if view["phase"] == "deck-building" else "q_team", lang)


def _unit(ref: list[Any], me: int, lang: str, cards: dict[str, JSON] | None = None) -> str:
    owner = m("you" if ref[0] == me else "them", lang)
    if lang == "ja":
        return f"{owner} 【{ref[1]}】{ref[2]}"
    return f"{owner} {_name(ref[2], cards or {}, lang)} [{ref[1]}]"


def _name(name: str, cards: dict[str, JSON], lang: str) -> str:
    """A unit's name in the log: English when it has one (the card text gives both)."""
    en = cards.get(name, {}).get("name_en", "")
    return name if lang == "ja" or not en else en


def summary(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    """One line after a paced round: damage each way and units knocked out."""
    rounds = [ev["round"] for ev in evs if ev.get("type") == "round"]
    if not rounds:
        return []
    dealt = sum(ev["amount"] for ev in evs if ev.get("type") == "damage"
                and ev["unit"][0] != seat)
    taken = sum(ev["amount"] for ev in evs if ev.get("type") == "damage"
                and ev["unit"][0] == seat)
    mine = sum(1 for ev in evs if ev.get("type") == "down" and ev["unit"][0] == seat)
    theirs = sum(1 for ev in evs if ev.get("type") == "down" and ev["unit"][0] != seat)
    return [Text(m("round_summary", lang, round=rounds[0], dealt=dealt, taken=taken,
                   mine=mine, theirs=theirs), style="bold")]


def _one(ev: JSON, view: JSON, me: int, lang: str, cards: dict[str, JSON]) -> list[RenderableType]:
    kind = ev.get("type")
    who = m("you" if ev.get("player") == me else "them", lang)

    def u(ref: list[Any]) -> str:
        return _unit(ref, me, lang, cards)

    if kind == "game-start":
        decks = ev.get("decks", ["", ""])
        return [Text(m("game_start", lang, mine=decks[me], theirs=decks[1 - me]))]
    if kind == "pick":
        return [Text(m("pick", lang, card=_short(ev["card"], cards, lang)), style="dim")]
    if kind == "deck-built":
        return [Text(m("built_own" if ev["player"] == me else "built_opp", lang))]
    if kind == "decks":
        sep = "、" if lang == "ja" else ", "
        return [Text(m("decks", lang, main=sep.join(ev["main"][1 - me]),
                       leap=sep.join(ev["leap"][1 - me]) or "-"))]
    if kind == "team-set":
        return [Text(m("team_set_own" if ev["player"] == me else "team_set_opp", lang))]
    if kind == "team":
        units = ", ".join((f"【{sq}】{name}" if lang == "ja" else f"[{sq}] {name}")
                          for sq, name in ev["units"])
        cmd = f" ({ev['command']})" if "command" in ev else ""
        return [Text(m("team_line", lang, who=who, units=units, sq=ev["command_square"],
                       cmd=cmd))]
    if kind == "order":
        names = " > ".join(u(r) for r in ev["units"])
        return [Text(m("order_again" if ev.get("again") else "order", lang, units=names))]
    if kind == "round":
        return [Rule(m("round", lang, round=ev["round"])), fields(ev["board"], me, cards, lang)]
    if kind == "die":
        if ev["for"] == "round-roll":
            return [Text(m("roll_die", lang, value=ev["value"]), style="bold yellow")]
        purpose = m("die_" + ev["for"], lang) if "die_" + ev["for"] in MSG else ev["for"]
        owner = u(ev["unit"]) if "unit" in ev else m("nobody", lang)
        return [Text(m("die", lang, who=owner, purpose=purpose, value=ev["value"]),
                     style="yellow")]
    if kind == "roll":
        return [Text(m("roll_final", lang, value=ev["value"]), style="bold")]
    if kind == "roll-changed":
        return [Text(m("roll_changed", lang, by=ev["by"], value=ev["value"]), style="yellow")]
    if kind == "command":
        key = "command_stay" if ev.get("staying") else (
            "command_answer" if ev.get("answers") else "command_fire")
        return [Text(m(key, lang, who=who, card=_short(ev["card"], cards, lang)), style="cyan")]
    if kind == "countered":
        return [Text(m("countered", lang, card=ev["card"]), style="cyan")]
    if kind == "turn":
        return [Text(m("turn", lang, unit=u(ev["unit"]), hp=ev["hp"]),
                     style="green" if ev["unit"][0] == me else "red")]
    if kind == "action":
        base = {"face": ev["face"],
                "name": action_text(cards, ev["unit"][2], ev["face"], lang, ev["name"])}
        for flag, key in (("none", "act_none"), ("used_up", "act_used"), ("stunned", "act_stun"),
                          ("back_row", "act_back"), ("no_target", "act_none_target")):
            if ev.get(flag):
                return [Text(m(key, lang, **base))]
        target = f"【{ev['target']}】" if ev.get("target") and lang == "ja" else ""
        targets = ", ".join(u(r) for r in ev.get("targets", [])) or "-"
        return [Text(m("act", lang, target=target, targets=targets, **base))]
    if kind == "damage":
        return [Text(m("damage", lang, unit=u(ev["unit"]), amount=ev["amount"],
                       kind=m("kind_" + ev["kind"], lang), hp=ev["hp"]))]
    if kind == "heal":
        return [Text(m("heal", lang, unit=u(ev["unit"]), amount=ev["amount"], hp=ev["hp"]))]
    if kind == "status":
        key = "status_on" if ev["on"] else "status_off"
        word = STATE_EN.get(ev["status"], ev["status"]) if ev["on"] and lang != "ja" else \
            status_name(ev["status"], lang)
        return [Text(m(key, lang, unit=u(ev["unit"]), status=word),
                     style="magenta")]
    if kind == "asleep":
        return [Text(m("asleep", lang, unit=u(ev["unit"])))]
    if kind == "down":
        return [Text(m("down", lang, unit=u(ev["unit"])), style="bold")]
    if kind == "revive":
        return [Text(m("revive", lang, unit=u(ev["unit"]), hp=ev["hp"]), style="cyan")]
    if kind == "advance":
        return [Text(m("advance", lang, who=who, unit=ev["unit"], src=ev["from"], dst=ev["to"]))]
    if kind == "leap":
        return [Text(m("leap_line", lang, who=who, out=ev["out"], into=ev["in"], hp=ev["hp"]),
                     style="bold magenta")]
    if kind == "max-hp":
        return [Text(m("max_hp", lang, unit=u(ev["unit"]), max=ev["max"], hp=ev["hp"]))]
    if kind == "features-lost":
        return [Text(m("features_lost", lang, until=ev["until"]))]
    if kind == "traits-off":
        return [Text(m("traits_off", lang, unit=u(ev["unit"])))]
    if kind == "game-end":
        reason = m("r_" + ev["reason"], lang) if "r_" + ev["reason"] in MSG else ev["reason"]
        key = "end_draw" if ev["draw"] else ("end_win" if ev["winner"] == me else "end_lose")
        units, taken, init = ev["units"], ev["taken"], ev["initial_hp"]
        return [Rule(), Text(m(key, lang, reason=reason), style="bold"),
                Text(m("end_numbers", lang, mu=units[me], ou=units[1 - me], mt=taken[me],
                       ot=taken[1 - me], mi=init[me], oi=init[1 - me]))]
    return [Text(str(ev), style="dim")]


def events(evs: list[JSON], view: JSON, seat: int, lang: str) -> list[RenderableType]:
    cards = _cards(view)
    out: list[RenderableType] = []
    for ev in evs:
        out.extend(_one(ev, view, seat, lang, cards))
    return out


def compact(view: JSON, lang: str) -> list[str]:
    """A few lines for a 24-row screen: the phase and your deck so far (c N reads a card)."""
    cards = _cards(view)
    you = view["you"]
    sep = "、" if lang == "ja" else ", "
    mine = sep.join(_short(n, cards, lang) for n in you.get("deck", [])) or "-"
    lines = [m("title", lang, phase=m(view["phase"], lang)),
             f"{m('your_deck', lang)} ({len(you.get('deck', []))}): {mine}"]
    if you.get("leap"):
        lines.append(f"{m('leap', lang)}: " + sep.join(_short(n, cards, lang)
                                                        for n in you["leap"]))
    return lines
