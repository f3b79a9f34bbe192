"""Dreadnought's events as sentences, its questions and its how-to-play, in both languages.

Every speed comparison, burn, attack, block, reaction chain step and HP break is spelled out
with its numbers, and a unit is always named with its owner ("their Volca gets +40 BP until
the end of the turn"). Built from events and a view only.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardtable.core.voice import Voice, count
from cardtable.core.words import catalog, worded, words

JSON = dict[str, Any]
Line = tuple[str, str]
GRADES = ("C", "B", "A", "A+", "S")

#: key -> (English, Japanese)
TEXT: dict[str, tuple[str, str]] = words(__file__, "sentences.TEXT")

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
}

HOW_TO_PLAY: dict[str, JSON] = catalog(__file__, "sentences.HOW_TO_PLAY")


tx = partial(worded, TEXT)


def card_name(view: JSON, c: int, lang: str) -> str:
    if c < 0:
        return tx("closed", lang)
    card = view["cards"][c]
    return str(card["name"] if lang == "ja" else card.get("name_en") or card["name"])


def area_name(a: int, lang: str) -> str:
    return tx("left" if a == 0 else "right", lang)


def question(view: JSON, lang: str) -> str:
    ask = view.get("ask")
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


def rules(view: JSON, lang: str) -> list[str]:
    en, ja = RULES.get(view.get("phase", ""), ([], []))
    return list(ja if lang == "ja" else en)


class _Words:
    """One call's helpers: the reader, card names, and which unit each uid is."""

    def __init__(self, view: JSON, voice: Voice) -> None:
        self.view = view
        self.v = voice
        self.lang = voice.lang
        self.idx = {c["name"]: i for i, c in enumerate(view.get("cards", []))}
        #: uid -> (owner, card name or "" for a closed dummy)
        self.units: dict[int, tuple[int, str]] = {}
        for u in view.get("units", []):
            uid, seat, _area, card, _chk, dummy, _bp = u[:7]
            self.units[uid] = (seat, "" if dummy or card < 0 else view["cards"][card]["name"])

    def name(self, n: str | None) -> str:
        if not n:
            return tx("closed", self.lang)
        return card_name(self.view, self.idx[n], self.lang) if n in self.idx else n

    def unit(self, uid: Any, card: str | None = None) -> str:
        """``your Volca`` / ``their dummy`` / ``a unit`` when nothing names it."""
        owner, name = self.units.get(uid, (-1, "")) if isinstance(uid, int) else (-1, "")
        name = name or (card or "")
        what = self.name(name) if name else (tx("dummy", self.lang) if owner >= 0
                                              else tx("unit", self.lang))
        return (self.v.whose(owner) + what) if owner >= 0 else what

    def caster(self, seat: int, k: int) -> str:
        side = self.view["you"] if seat == self.view.get("player") else self.view["opponent"]
        casters = side.get("casters", [])
        return card_name(self.view, casters[k], self.lang) if k < len(casters) else "?"

    def item(self, item: list[Any]) -> str:
        who = self.v.who(item[1])
        if item[0] == "atk":
            return tx("item_attack", self.lang, who=who, n=len(item[2]),
                      units=count(len(item[2]), "unit"),
                      area=area_name(item[4], self.lang))
        card = item[2]
        name = card_name(self.view, card, self.lang) if isinstance(card, int) else \
            self.name(card)
        return f"{who}: {name}"


def _one(ev: JSON, w: _Words) -> list[Line]:
    v, lang = w.v, w.lang
    kind = ev.get("type")
    seat = ev.get("seat", -1)
    hp = tx("from_hp", lang) if "from_hp" in ev else ""

    def t(key: str, verb: str = "", **kw: Any) -> str:
        return tx(key, lang, **{**v.persons(seat, verb, capital=key in _CAPITAL), **kw})

    if kind == "turn":
        return [("head", t("turn", turn=ev["turn"]))]
    if kind == "casters":
        hp_list = ev["hp"] if isinstance(ev["hp"], list) else [ev["hp"]]
        return [("", t("casters", names=v.names().join(w.name(n) for n in ev["casters"]),
                       hp=v.sep().join(str(h) for h in hp_list)))]
    if kind == "mulligan":
        if not ev["count"]:
            return [("", t("keep", "keep"))]
        return [("", t("mulligan", "mulligan", count=ev["count"],
                       cards=count(ev["count"], "card")))]
    if kind == "speed-open":
        return [("", t("speed_open", card=w.name(ev["card"]), sp=GRADES[ev["sp"]], hp=hp))]
    if kind == "speed-compare":
        a, b = (GRADES[x] for x in ev["sp"])
        faster = ev["faster"]
        subject = v.who(faster) + ("" if v.ja else (" are" if v.mine(faster) else " is"))
        return [("strong", t("speed_compare", a=a, b=b, faster=subject,
                             s="" if v.mine(faster) else "s"))]
    if kind == "speed-burn":
        return [("note", t("speed_burn", sp=GRADES[ev["sp"]],
                           cards=", ".join(w.name(n) for n in ev["cards"])))]
    if kind == "gear-change":
        card = w.name(ev["card"]) if ev.get("card") else tx("hand_card", lang)
        return [("", t("gear_change", "change", old=w.name(ev["old"]), card=card))]
    if kind == "gear-open":
        return [("", t("gear_open", card=w.name(ev["card"]), sp=GRADES[ev["sp"]]))]
    if kind == "order":
        a, b = (GRADES[x] for x in ev["sp"])
        first = ev["first"]
        subject = v.does(first, "go") if not v.ja else v.who(first)
        return [("strong", t("order", a=a, b=b, first=subject))]
    if kind == "draw":
        card = w.name(ev["cards"][0]) if "cards" in ev else tx("a_card", lang)
        return [("", t("draw", "draw", card=card, hp=hp))]
    if kind == "burst":
        return [("dim", t("burst", "put", hp=hp))]
    if kind == "cannot-take":
        return [("bad", t("cannot_take", "must take"))]
    if kind == "god-draw":
        return [("", t("god_draw", "take", card=w.name(ev.get("card"))))]
    if kind == "cast":
        w.units[ev["uid"]] = (seat, ev["card"])
        return [("", t("cast", "cast", card=w.name(ev["card"]),
                       area=area_name(ev["area"], lang)))]
    if kind == "dummy":
        w.units.setdefault(ev["uid"], (seat, ""))
        card = f" ({w.name(ev['card'])})" if "card" in ev else ""
        return [("", t("dummy_cast", "cast", card=card, area=area_name(ev["area"], lang)))]
    if kind == "unit-gone":
        how = {"destroyed": "how_destroyed", "discarded": "how_discarded", "end": "how_end",
               "bounced": "how_bounced"}[ev["why"]]
        if ev.get("dummy"):
            unit = v.whose(seat) + tx("dummy", lang)
        else:
            unit = v.whose(seat) + w.name(ev.get("card")) if ev.get("card") else \
                w.unit(ev.get("uid"))
        return [("bad" if v.mine(seat) else "", t("unit_gone", unit=unit, how=tx(how, lang)))]
    if kind == "move":
        by = t("by", card=w.name(ev["card"])) if "card" in ev else ""
        return [("", t("move", unit=w.unit(ev.get("uid")), area=area_name(ev["area"], lang),
                       by=by))]
    if kind == "ability":
        return [("", t("ability", "use", card=w.name(ev["card"])))]
    if kind == "code":
        return [("", t("code", "play", card=w.name(ev["card"]), mode="①②"[ev["mode"]]))]
    if kind == "awaken":
        return [("", t("awaken", "awaken", card=w.name(ev["card"]), unit=w.unit(ev.get("uid")),
                       amount=ev["amount"]))]
    if kind == "enhance":
        card = f": {w.name(ev['card'])}" if "card" in ev else ""
        return [("", t("enhance", "enhance", unit=w.unit(ev.get("uid")), card=card))]
    if kind == "chain-add":
        return [("note", t("chain_add", depth=ev["depth"], item=_chain_item(w, ev["item"])))]
    if kind == "chain-resolve":
        return [("note", t("chain_resolve", depth=ev["depth"],
                           item=_chain_item(w, ev["item"])))]
    if kind == "chain-end":
        return [("dim", t("chain_end"))]
    if kind == "cancel":
        return [("", t("cancel", card=w.name(ev["card"]), by=w.name(ev["by"])))]
    if kind == "fizzle":
        return [("dim", t("fizzle", card=w.name(ev.get("card"))))]
    if kind == "attack":
        target = ev.get("target_seat", 1 - seat if isinstance(seat, int) else -1)
        units = v.sep().join(w.unit(u) for u in ev["uids"])
        return [("strong", t("attack", "attack", whose_target=v.whose(target),
                             area=area_name(ev["area"], lang), units=units,
                             bp="+".join(str(b) for b in ev["bp"])))]
    if kind == "attack-damage":
        target = ev.get("target_seat", -1)
        return [("", t("attack_damage", damage=ev["damage"], whose_target=v.whose(target),
                       area=area_name(ev["area"], lang)))]
    if kind == "attack-fizzle":
        return [("dim", t("attack_fizzle"))]
    if kind == "block":
        if "uid" not in ev:
            caster = w.caster(seat, ev.get("caster", 0) % 2) if "caster" in ev else ""
            return [("", t("block_caster", caster=caster, damage=ev["damage"],
                           breaks=ev["breaks"]))]
        result = tx("destroyed" if ev["destroyed"] else "survives", lang)
        return [("", t("block_unit", unit=w.unit(ev["uid"], ev.get("card")), bp=ev["bp"],
                       damage=ev["damage"], result=result))]
    if kind == "attack-bonus":
        return [("bad" if v.mine(seat) else "strong", t("attack_bonus"))]
    if kind == "hp-break":
        caster = w.caster(seat, ev["caster"] % 2)
        return [("bad" if v.mine(seat) else "good" if v.seat is not None else "strong",
                 t("hp_break", caster=caster, count=ev["count"], left=ev["left"]))]
    if kind == "damage":
        result = tx("destroyed" if ev["destroyed"] else "survives", lang)
        return [("", t("damage", card=w.name(ev["card"]), amount=ev["amount"], bp=ev["bp"],
                       unit=w.unit(ev.get("uid")), result=result))]
    if kind == "bp":
        by = t("by", card=w.name(ev["card"])) if ev.get("card") else ""
        return [("", t("bp", unit=w.unit(ev.get("uid")), amount=ev["amount"],
                       dur=tx(f"dur_{ev['duration']}", lang), by=by))]
    if kind == "enchant":
        card = f": {w.name(ev['card'])}" if "card" in ev else ""
        return [("", t("enchant", unit=w.unit(ev.get("uid")), card=card))]
    if kind == "enchant-open":
        return [("", t("enchant_open", unit=w.unit(ev.get("uid")), card=w.name(ev["card"]),
                       amount=ev["amount"]))]
    if kind == "trigger":
        when = f"when_{ev['when']}"
        return [("", t("trigger", card=w.name(ev["card"]),
                       when=tx(when, lang) if when in TEXT else ev["when"]))]
    if kind in ("check", "normal"):
        return [("dim", t(kind, card=w.name(ev.get("card")), what=_what(w, ev)))]
    if kind == "pass":
        return [("dim", t("pass", "pass"))]
    if kind == "action-end":
        return [("", t("action_end"))]
    if kind == "discard":
        return [("", t("discard", "discard", card=w.name(ev["card"])))]
    if kind == "search":
        return [("", t("search", "take", card=w.name(ev["card"])))]
    if kind == "pay":
        what = [w.caster(seat, k % 2) for k in ev["casters"]]
        if ev["bursts"]:
            what.append(tx("bursts_n", lang, n=ev["bursts"], bursts=count(ev["bursts"], "burst")))
        return [("dim", t("pay", "pay", what=v.sep().join(what)))]
    if kind == "game-over":
        reason_key = f"reason_{ev['reason']}"
        reason = tx(reason_key, lang) if reason_key in TEXT else ev["reason"]
        winner = ev["winner"]
        if winner < 0:
            return [("strong", t("over_draw", reason=reason))]
        return [("strong", t("over_win", reason=reason, whom=v.whom(winner),
                             who=v.who(winner), s="" if v.mine(winner) else "s"))]
    return []


#: sentences that open with a possessive
_CAPITAL = frozenset({"speed_open", "gear_open"})


def _what(w: _Words, ev: JSON) -> str:
    if "uid" in ev:
        return w.unit(ev["uid"])
    if "caster" in ev:
        seat, k = divmod(ev["caster"], 2)
        return tx("caster_n", w.lang, whose=w.v.whose(seat), name=w.caster(seat, k))
    if "burst" in ev:
        return tx("bursts_of", w.lang, whose=w.v.whose(ev["burst"]))
    return "-"


def _chain_item(w: _Words, item: list[Any]) -> str:
    if item[0] == "atk":
        return w.item(item)
    name = item[2]
    return w.item([item[0], item[1], w.idx.get(name, -1) if name else -1, *item[3:]])


def lines(events: list[JSON], view: JSON, voice: Voice) -> list[Line]:
    """Each event as zero or more (tone, sentence) lines, from the voice's side."""
    w = _Words(view, voice)
    return [line for ev in events for line in _one(ev, w)]


#: the first step of a menu that asks what, then which card or unit, then where
STEPS: dict[str, tuple[str, str]] = words(__file__, "sentences.STEPS")

#: what a label says after its first step, per kind and language: (pattern, groups to keep)
_LABEL = {
    ("cast", "en"): r"^cast (?P<what>.+) into the (?P<area>\w+) area$",
    ("cast", "ja"): r"^キャスト: (?P<what>.+)を(?P<area>.)エリアへ$",
    ("dummy", "en"): r"^dummy: (?P<what>.+) closed into the (?P<area>\w+) area",
    ("dummy", "ja"): r"^ダミー: (?P<what>.+) を(?P<area>.)エリアへ",
    ("attack", "en"): r"^attack with (?P<what>.+) -> enemy (?P<area>\w+) area (?P<dmg>\(.+\))$",
    ("attack", "ja"): r"^アタック: (?P<what>.+) → 敵軍(?P<area>.)エリア(?P<dmg>（.+）)$",
    ("code", "en"): r"^(?P<what>.+?\(log \d+\)): (?P<rest>.+)$",
    ("code", "ja"): r"^(?P<what>.+?（ログ\d+）): (?P<rest>.+)$",
    ("sub-effect", "en"): r"^(?P<what>\w+: .+?) → (?P<rest>.+)$",
    ("sub-effect", "ja"): r"^(?P<what>.+?: .+?) → (?P<rest>.+)$",
    ("gear-change", "en"): r"^gear change: place (?P<what>.+) closed$",
    ("gear-change", "ja"): r"^ギアチェンジ: (?P<what>.+) をクローズで置く$",
    ("discard-unit", "en"): r"^discard (?P<what>.+)$",
    ("discard-unit", "ja"): r"^(?P<what>.+) を捨札に$",
    ("move", "en"): r"^move (?P<what>.+) to the other area$",
    ("move", "ja"): r"^(?P<what>.+) を反対のエリアへ移動$",
    ("cast-speed-card", "en"): r"^cast the speed card .+ into the (?P<area>\w+) area$",
    ("cast-speed-card", "ja"): r"^スピードカード .+ を(?P<area>.)エリアへキャスト$",
}


def menu_path(desc: JSON, label: str, view: JSON, lang: str) -> tuple[str, ...] | None:
    """Actions of one shape as steps: "Cast a unit" → which card → which area; "Attack" →
    with which units → at which area; "Play a code" → which card → which mode. A label this
    does not recognise stays one step."""
    import re

    kind = str(desc.get("kind", ""))
    key = "ja" if lang == "ja" else "en"
    pattern = _LABEL.get((kind, key))
    if kind == "ability":
        return tx_step(kind, lang), label
    if pattern is None:
        return None
    found = re.match(pattern, label)
    if found is None:
        return None
    parts = found.groupdict()
    first = tx_step(kind, lang)
    where = parts.get("area")
    if kind == "attack":
        return first, f"{parts['what']} {parts['dmg']}", tx_step("enemy_area", lang, area=where)
    if kind in ("cast", "dummy"):
        return first, parts["what"], tx_step("area", lang, area=where)
    if kind == "cast-speed-card":
        return first, tx_step("area", lang, area=where)
    if "rest" in parts:
        return first, parts["what"], parts["rest"]
    return first, parts["what"]


def tx_step(key: str, lang: str, **kw: Any) -> str:
    en, ja = STEPS[key]
    return (ja if lang == "ja" else en).format(**kw)
