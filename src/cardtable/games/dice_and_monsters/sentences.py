"""Cardguard Dice and Monsters' events as sentences, its questions and its how-to-play.

The battle is told unit by unit: who acts on which die face, what it does to whom, each
die rolled and why; a command that fires and changes nothing says why. Every unit is named
with its owner and square ("your Goblin [1]", "their Slime [3]"). Built from events and a view
only.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardtable.core import CardtableError, Game, load_game
from cardtable.core.voice import Voice, deck_title

JSON = dict[str, Any]
Line = tuple[str, str]

MSG: dict[str, tuple[str, str]] = {
    "deck-building": ("deck building", "デッキ構築"),
    "team": ("choose your team", "チーム選択"),
    "over": ("game over", "ゲーム終了"),
    "q_build": ("Take a card for your deck (8 cards: 3+ units, 1+ command; ★ units go to the "
                "leap deck, up to 3).",
                "デッキに入れるカードを選んでください（8枚: ユニット3枚以上・"
                "コマンド1枚以上。★ユニットはリープデッキへ3枚まで）。"),
    "q_team": ("Set 3 units and 1 command on your four squares (hidden until both are set).",
               "ユニット3体とコマンド1枚を4つのマスにセットしてください（両者がセットするまで非公開）。"),
    "game_start": ("Decks: {mine} against {theirs}; each side builds 8 cards from it.",
                   "デッキ: {mine} 対 {theirs}（各8枚を構築）"),
    "pick": ("You take {card}.", "{card} をデッキに入れました。"),
    "built": ("{whose}deck is done.", "{whose}デッキが完成しました。"),
    "decks": ("{whose}deck is revealed: {main}; leap deck: {leap}.",
              "{whose}デッキ公開: {main} ／ リープ: {leap}"),
    "team_set": ("{who_does} a team face down.", "{who}はチームを裏向きにセットしました。"),
    "team_line": ("{whose}team: {units}; command face down on [{sq}]{cmd}",
                  "{whose}チーム: {units}、コマンドは【{sq}】に裏向き{cmd}"),
    "order": ("Action order: {units}", "行動順: {units}"),
    "order_again": ("Action order decided again: {units}", "行動順の再決定: {units}"),
    "round": ("Round {round}", "ラウンド {round}"),
    "roll_die": ("Round roll: {value}", "ラウンドロール: {value}"),
    "roll_final": ("Every unit acts on {value}.", "全ユニットが出目 {value} の行動をとります。"),
    "die": ("  {who} {rolls} {purpose}: {value}", "  {who}のダイス（{purpose}）: {value}"),
    "die_round-roll": ("for the round", "ラウンドロール"),
    "die_order": ("for the action order (speed tie)", "同速の行動順決め"),
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
    "round_summary": ("Round {round}: {a} dealt {dealt} damage and took {taken}; knocked out: "
                      "{theirs} of {b_whose}units, {mine} of {a_whose}units.",
                      "ラウンド{round}: {a}が与えたダメージ {dealt}、受けたダメージ {taken}。"
                      "戦闘不能: {b} {theirs}体、{a} {mine}体。"),
    "command_fire": ("{whose}command fires: {card}", "{whose}コマンド発動: {card}"),
    "command_answer": ("{whose}command fires in answer: {card}",
                       "{whose}コマンドが応じて発動: {card}"),
    "command_stay": ("{whose}{card} (on the field) strikes again",
                     "{whose}{card}（場に残留）が再び発動"),
    "cmd_no_effect": ("    {card} has no effect: {why}.", "    {card} は効果なし: {why}。"),
    "why_immune": ("{units} is not affected by command cards",
                   "{units} はコマンドカードの効果を受けない"),
    "why_nothing": ("nothing it could act on", "対象となるものがない"),
    "countered": ("{card} is cancelled and destroyed.", "{card} は無効にされ破壊されました。"),
    "turn": ("{unit} (HP {hp}) takes its turn", "{unit}（HP {hp}）のターン"),
    "act": ("  [{face}] {name} → {targets}", "  【{face}】{name} {target}→ {targets}"),
    "act_self": ("  [{face}] {name}", "  【{face}】{name}"),
    "act_none": ("  [{face}] {name}: nothing happens", "  【{face}】{name}: 何も起きない"),
    "act_used": ("  [{face}] {name}: already used (once per game)",
                 "  【{face}】{name}は使用済み（1回制限）"),
    "act_stun": ("  [{face}] {name}: fails, stunned", "  【{face}】{name}は【スタン】で失敗"),
    "act_back": ("  [{face}] {name}: melee from the back row is not carried out",
                 "  【{face}】{name}: 後衛からの近接攻撃は実行されない"),
    "act_none_target": ("  [{face}] {name}: no target, not carried out",
                        "  【{face}】{name}: 対象がいないため実行されない"),
    "action": ("action {face}", "行動{face}"),
    "asleep": ("  {unit} is asleep and does not act.", "  {unit} は【睡眠】中で行動できない。"),
    "damage": ("    {unit} takes {amount} {kind}damage → HP {hp}",
               "    {unit} に{kind}ダメージ{amount}点 → HP {hp}"),
    "heal": ("    {unit} heals {amount} → HP {hp}", "    {unit} のHPが{amount}回復 → HP {hp}"),
    "status_on": ("    {unit} is now {status}", "    {unit} が【{status}】状態に"),
    "status_off": ("    {unit} recovers from {status}", "    {unit} の【{status}】が回復"),
    "down": ("    {unit} is knocked out.", "    {unit} は戦闘不能になった。"),
    "revive": ("    {unit} revives with HP {hp}.", "    {unit} がHP{hp}で復活した。"),
    "advance": ("    {whose}{unit} advances [{src}] → [{dst}]",
                "    {whose}{unit}が前衛へ移動【{src}】→【{dst}】"),
    "leap_line": ("    Fatal leap: {whose}{out} leaps out, {into} leaps in (HP {hp}); its "
                  "card's condition was met.",
                  "    フェイタルリープ！ {whose}{out} → {into}（HP {hp}）"),
    "max_hp": ("    {unit}: maximum HP {max}, HP {hp}", "    {unit}: 最大HP {max}、HP {hp}"),
    "features_lost": ("Every unit loses its features until the end of round {until}.",
                      "全ユニットは{until}ラウンド目の終わりまで特徴を失う。"),
    "traits_off": ("    {unit}: traits switched off for the game",
                   "    {unit}: 特性はゲーム中無効"),
    "end_win": ("Game over: {whom} win{s} ({reason}).", "ゲーム終了：{who}の勝ち（{reason}）。"),
    "end_draw": ("Game over: a draw ({reason}).", "ゲーム終了：引き分け（{reason}）。"),
    "end_numbers": ("Units left: {a} {au}, {b} {bu}. HP taken from the other side: {a} {at} "
                    "(of {bi}), {b} {bt} (of {ai}).",
                    "残りユニット: {a} {au}、{b} {bu}。"
                    "相手から削ったHP: {a} {at}（{bi}中）、{b} {bt}（{ai}中）。"),
    "r_wipeout": ("a side has no unit left", "ユニット全滅"),
    "r_units": ("more units after the last round", "最終ラウンド後の残りユニット数"),
    "r_hp-taken": ("more HP taken from the opponent", "相手から削ったHPの合計"),
    "r_tie": ("units and HP taken are equal", "ユニット数も削ったHPも同じ"),
    "kind_physical": ("physical ", "物理"), "kind_magic": ("magic ", "魔力"),
    "kind_physical+magic": ("physical+magic ", "物理・魔力"), "kind_plain": ("", ""),
}

RULES: dict[str, tuple[str, str]] = {
    "deck-building": (
        "Deck building: take 8 cards from your pool, at least 3 units and 1 command; ★ units go "
        "to the leap deck (up to 3). Both decks are revealed when both are done.",
        "デッキ構築: プールから8枚（ユニット3枚以上・コマンド1枚以上）を選びます。★ユニットは"
        "リープデッキへ（3枚まで）。両者の構築後にデッキは公開されます。"),
    "team": (
        "Team: set 3 units and 1 command on your squares [1]-[4] (front [1][2], back [3][4]), "
        "hidden until both have set.\nThen 4 rounds: one shared die (the round roll) picks the "
        "line of every unit's action table; units act fastest first.\nA command fires on its "
        "own condition. Units left win, else more units, else more HP taken.",
        "チーム: ユニット3体とコマンド1枚を【1】〜【4】（前衛【1】【2】、後衛【3】【4】）に"
        "セットします。両者がそろうまで非公開です。\nその後4ラウンド: 毎ラウンド共通のダイス"
        "（ラウンドロール）1個の目で全ユニットの行動表の行が決まり、速い順に行動します。\n"
        "コマンドは条件を満たすと発動します。ユニットが残った側の勝ち、次に残りユニット数、"
        "次に削ったHPで決まります。"),
}

HOW_TO_PLAY: dict[str, JSON] = {
    "en": {
        "win": "Knock out every enemy unit; after the last round, more units left wins, then "
               "more HP taken.",
        "turn": ["1. Build 8 cards from your pool: 3+ units, 1+ command (★ units: leap deck).",
                 "2. Set 3 units and 1 command face down on squares [1]-[4].",
                 "3. Each round one die is rolled; every unit does that line of its table.",
                 "4. Units act fastest first; commands fire on their own condition.",
                 "5. Four rounds in all (a side with no units left loses at once)."],
        "zones": [["Squares [1]-[4]", "front [1][2], back [3][4]; the opponent's face yours"],
                  ["Deck", "the 8 cards you built"],
                  ["Leap deck", "★ units that leap in when their condition is met"]],
    },
    "ja": {
        "win": "相手のユニットを全滅させる。最終ラウンド後は残りユニット数、次に削ったHPで勝敗。",
        "turn": ["1. プールから8枚を構築（ユニット3枚以上・コマンド1枚以上、★はリープ）。",
                 "2. ユニット3体とコマンド1枚を【1】〜【4】に裏向きでセット。",
                 "3. 毎ラウンドダイス1個、全ユニットがその目の行動をとる。",
                 "4. 速いユニットから行動。コマンドは条件を満たすと発動。",
                 "5. 全4ラウンド（ユニットが全滅した側はその時点で負け）。"],
        "zones": [["【1】〜【4】", "前衛【1】【2】、後衛【3】【4】。相手と向かい合う"],
                  ["デッキ", "構築した8枚"],
                  ["リープデッキ", "条件を満たすと入れ替わる★ユニット"]],
    },
}

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


def cards_of(view: JSON) -> dict[str, JSON]:
    return {c["name"]: c for c in view.get("cards", [])}


def name(n: str, cards: dict[str, JSON], lang: str) -> str:
    """One language at a time: the English name in English, the printed name in Japanese."""
    en = cards.get(n, {}).get("name_en", "")
    return n if lang == "ja" or not en else str(en)


@cache
def _game() -> Game:
    return load_game("dice-and-monsters")


def card_lines(card: JSON, lang: str) -> list[str]:
    try:
        return _game().card_lines(card, lang)
    except CardtableError:
        return [str(card.get("name", "?"))]


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


def rules(view: JSON, lang: str) -> list[str]:
    en, ja = RULES.get(view.get("phase", ""), ("", ""))
    text = ja if lang == "ja" else en
    return text.split("\n") if text else []


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
        return name(n, self.cards, self.lang)

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
