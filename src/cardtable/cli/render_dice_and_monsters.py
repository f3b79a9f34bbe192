"""Draw a Cardguard Dice and Monsters table and tell its battle, from view and event dicts only.

Only what ``state.view(seat)`` and ``state.events(seat)`` give reaches the screen: the
opponent's deck while it is being built, their team before both have answered and the name of
their face-down command stay hidden. The two 2×2 fields are drawn as the seed draws them, the
opponent's side upside down above one's own (their 【2】 faces my 【1】).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

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
    "team_line": ("{who}: {units}; command face down on 【{sq}】{cmd}",
             "{who}: {units}、コマンドは【{sq}】に裏向き{cmd}"),
    "order": ("Action order: {units}", "行動順: {units}"),
    "order_again": ("Action order decided again: {units}", "行動順の再決定: {units}"),
    "round": ("Round {round}", "ラウンド {round}"),
    "roll_die": ("Round roll: {value}", "ラウンドロール: {value}"),
    "roll_final": ("Every unit acts on {value}.",
                   "全ユニットが出目 {value} の行動をとります。"),
    "die": ("  die ({purpose}): {value}", "  ダイス（{purpose}）: {value}"),
    "roll_changed": ("{by} changes the round roll to {value}.",
                     "{by} がラウンドロールを{value}に変えました。"),
    "command_fire": ("{who} command fires: {card}", "{who}のコマンド発動: {card}"),
    "command_answer": ("{who} command fires in answer: {card}",
                       "{who}のコマンドが応じて発動: {card}"),
    "command_stay": ("{who} {card} (on the field) strikes again",
                     "{who}の{card}（場に残留）が再び発動"),
    "countered": ("{card} is cancelled and destroyed.",
                  "{card} は無効にされ破壊されました。"),
    "turn": ("{unit} (HP {hp}) takes its turn", "{unit}（HP {hp}）のターン"),
    "act": ("  【{face}】「{name}」 {target}→ {targets}",
            "  【{face}】「{name}」 {target}→ {targets}"),
    "act_none": ("  【{face}】「{name}」: nothing happens",
                 "  【{face}】「{name}」: 何も起きない"),
    "act_used": ("  【{face}】「{name}」 was already used (once per game)",
                 "  【{face}】「{name}」は使用済み（1回制限）"),
    "act_stun": ("  【{face}】「{name}」 fails: stunned",
                 "  【{face}】「{name}」は【スタン】で失敗"),
    "act_back": ("  【{face}】「{name}」: melee from the back row is not carried out",
                 "  【{face}】「{name}」: 後衛からの近接攻撃は実行されない"),
    "act_none_target": ("  【{face}】「{name}」: no target, not carried out",
                        "  【{face}】「{name}」: 対象がいないため実行されない"),
    "asleep": ("  {unit} is asleep.", "  {unit} は【睡眠】中で行動できない。"),
    "damage": ("    {unit} takes {amount} {kind} damage → HP {hp}",
               "    {unit} に{kind}ダメージ{amount}点 → HP {hp}"),
    "heal": ("    {unit} heals {amount} → HP {hp}",
             "    {unit} のHPが{amount}回復 → HP {hp}"),
    "status_on": ("    {unit} is now 【{status}】", "    {unit} が【{status}】状態に"),
    "status_off": ("    {unit} recovers from 【{status}】",
                   "    {unit} の【{status}】が回復"),
    "down": ("    {unit} is knocked out.", "    {unit} は戦闘不能になった。"),
    "revive": ("    {unit} revives with HP {hp}.", "    {unit} がHP{hp}で復活した。"),
    "advance": ("    {who} {unit} advances 【{src}】→【{dst}】",
                "    {who}の{unit}が前衛へ移動【{src}】→【{dst}】"),
    "leap_line": ("    FATAL LEAP! {who} {out} → {into} (HP {hp})",
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


def _parse(text: str) -> JSON:
    """The few facts a table shows, read from a card's own text (no game import needed)."""
    facts: JSON = {"actions": []}
    for line in text.splitlines():
        if line.startswith("【属性:"):
            for part in line.strip("【】").split("】【"):
                key, _, value = part.partition(":")
                facts[key] = value
        elif line[:1] == "【" and line[2:3] == "】":
            name = line.split("「", 1)[1].split("」", 1)[0] if "「" in line else ""
            facts["actions"].append(f"{line[1]}{name}")
        elif line.startswith("【特徴:"):
            facts["features"] = line[4:-1]
        elif line.startswith("【特性】"):
            facts["actions"].append(line[4:].split("……", 1)[0])
        elif not line.startswith(("■", "【")):
            facts["actions"].append(line)  # a command's text
    return facts


def _card_table(title: str, names: list[str], cards: dict[str, JSON], lang: str) -> Table:
    table = Table(title=title, title_justify="left", expand=False, show_lines=False)
    for key in ("col_card", "col_kind", "col_attr", "col_hp", "col_speed", "col_actions"):
        table.add_column(m(key, lang), overflow="fold")  # Japanese text has no spaces to wrap at
    for name in names:
        card = cards.get(name, {"name": name, "kind": "?", "text": ""})
        facts = _parse(card.get("text", ""))
        kind = card.get("kind", "?")
        star = "★" in facts.get("features", "")
        label = m("star" if star else kind, lang) if kind in ("unit", "command") else kind
        table.add_row(_short(name, cards, lang), label, facts.get("属性", ""),
                      facts.get("HP", ""), facts.get("速度", ""), " ".join(facts["actions"]))
    return table


def _cell(cell: JSON | None, cards: dict[str, JSON], lang: str) -> Text:
    if cell is None:
        return Text(m("empty", lang), style="dim")
    if "unit" in cell:
        out = Text(cell["unit"], style="bold")
        out.append(f"\nHP {cell['hp']}/{cell['max']}")
        if cell.get("status"):
            out.append(" " + "".join(f"【{s}】" for s in cell["status"]), style="magenta")
        return out
    if "card" in cell:
        return Text(f"{cell['card']}\n({cell['command']})", style="cyan")
    return Text(m("face_down", lang), style="cyan")


def fields(board: list[list[JSON | None]], me: int, cards: dict[str, JSON], lang: str) -> Table:
    """Both 2×2 fields as the seed's diagram: opponent 【4】【3】/【2】【1】, then mine."""
    them = 1 - me
    table = Table(show_lines=True, expand=False, show_header=False)
    table.add_column("", no_wrap=True)
    table.add_column("", min_width=18)
    table.add_column("", min_width=18)
    opp, mine = board[them], board[me]
    side_o, side_m = m("opp_side", lang), m("my_side", lang)
    table.add_row(Text(f"{side_o} 【4】【3】", style="red"), _cell(opp[3], cards, lang),
                  _cell(opp[2], cards, lang))
    table.add_row(Text(f"{side_o} 【2】【1】", style="red"), _cell(opp[1], cards, lang),
                  _cell(opp[0], cards, lang))
    table.add_row(Text(f"{side_m} 【1】【2】", style="green"), _cell(mine[0], cards, lang),
                  _cell(mine[1], cards, lang))
    table.add_row(Text(f"{side_m} 【3】【4】", style="green"), _cell(mine[2], cards, lang),
                  _cell(mine[3], cards, lang))
    return table


def board(view: JSON, lang: str) -> RenderableType:
    cards = _cards(view)
    me = view["player"]
    you, opp = view["you"], view["opponent"]
    parts: list[RenderableType] = []
    phase = view["phase"]
    if phase == "deck-building":
        parts.append(_card_table(m("pool", lang), view["pools"][me], cards, lang))
        parts.append(Text(f"{m('your_deck', lang)}: {'、'.join(you['deck']) or '-'}  "
                          f"({m('leap', lang)}: {'、'.join(you['leap']) or '-'})"))
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
    return Panel(Group(*parts), title=m("title", lang, phase=m(phase, lang)), title_align="left")


def question(view: JSON, lang: str) -> str:
    return m("q_build" if view["phase"] == "deck-building" else "q_team", lang)


def _unit(ref: list[Any], me: int, lang: str) -> str:
    owner = m("you" if ref[0] == me else "them", lang)
    return f"{owner} 【{ref[1]}】{ref[2]}" if lang == "ja" else f"{owner} {ref[2]} [{ref[1]}]"


def _one(ev: JSON, view: JSON, me: int, lang: str, cards: dict[str, JSON]) -> list[RenderableType]:
    kind = ev.get("type")
    who = m("you" if ev.get("player") == me else "them", lang)

    def u(ref: list[Any]) -> str:
        return _unit(ref, me, lang)

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
        units = ", ".join(f"【{sq}】{name}" for sq, name in ev["units"])
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
        return [Text(m("die", lang, purpose=ev["for"], value=ev["value"]), style="yellow")]
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
        base = {"face": ev["face"], "name": ev["name"]}
        for flag, key in (("none", "act_none"), ("used_up", "act_used"), ("stunned", "act_stun"),
                          ("back_row", "act_back"), ("no_target", "act_none_target")):
            if ev.get(flag):
                return [Text(m(key, lang, **base))]
        target = f"【{ev['target']}】" if ev.get("target") else ""
        targets = ", ".join(u(r) for r in ev.get("targets", [])) or "-"
        return [Text(m("act", lang, target=target, targets=targets, **base))]
    if kind == "damage":
        return [Text(m("damage", lang, unit=u(ev["unit"]), amount=ev["amount"],
                       kind=m("kind_" + ev["kind"], lang), hp=ev["hp"]))]
    if kind == "heal":
        return [Text(m("heal", lang, unit=u(ev["unit"]), amount=ev["amount"], hp=ev["hp"]))]
    if kind == "status":
        key = "status_on" if ev["on"] else "status_off"
        return [Text(m(key, lang, unit=u(ev["unit"]), status=ev["status"]), style="magenta")]
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
