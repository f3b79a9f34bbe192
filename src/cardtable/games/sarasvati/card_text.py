"""A card's text in English or Japanese, rendered from the compiled effect vocabulary.

Each effect line renders from its ``Effect`` (trigger, condition, target, duration, operations)
and registered wordings carry their English, so a card pasted in Japanese reads in English with
no translation written for it. Japanese shows the lines as printed.

Lines: ``[name, kind · attribute · sub-attributes, cost and stats, one per text line, flavour]``;
each text line is ``‣ …`` in the order of the card's ``text``, so a table can find the rendering
of one effect line by its position.
"""

from __future__ import annotations

from cardtable.core.card_english import printed_lines, with_overrides
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.effects import Effect, compile_line, evolution_base, is_relocatable
from cardtable.games.sarasvati.wordings import WORDINGS

KIND_JA = {"character": "キャラクター", "support": "サポート", "equipment": "装備", "book": "禁書"}
ATTRIBUTE_JA = {"sf": "SF", "fantasy": "ファンタジー", "action": "アクション", "drama": "ドラマ"}
ATTRIBUTE_EN = {"sf": "SF", "fantasy": "fantasy", "action": "action", "drama": "drama"}
#: the sub-attributes of the shipped cards; one not listed shows as written
SUB_EN = {"忍者": "ninja", "機械": "machine", "電脳": "cyber", "マスコット": "mascot",
          "剣": "sword", "格闘": "martial arts", "盾": "shield", "学園": "school", "頭脳": "brains",
          "竜": "dragon", "精霊": "spirit", "魔法": "magic", "武器": "weapon", "呪い": "curse"}
#: line indices before the text lines
TEXT_START = 3

_TRIGGER = {fx.SUMMON: "When summoned", fx.ATTACK: "When it attacks", fx.OPEN: "When opened",
            fx.WHILE_OPEN: "While open", fx.WIN: "When it wins a battle",
            fx.EQUIP: "When equipped"}
_TRIGGER_EQUIPMENT = {fx.ATTACK: "When the equipped character attacks",
                      fx.WIN: "When the equipped character wins a battle"}
_SUBJECT = {fx.SELF: "this card", fx.CHOOSE_OWN: "the chosen character",
            fx.CHOOSE_OPP: "the chosen character", fx.CHOOSE_ANY: "the chosen character",
            fx.ALL: "every character in the battle zone", fx.ALL_OWN: "each of your characters",
            fx.ALL_OPP: "each of the opponent's characters", fx.PLAYER: "you"}
_CHOOSE = {fx.CHOOSE_OWN: "choose one of your characters", fx.CHOOSE_OPP:
           "choose one of the opponent's characters", fx.CHOOSE_ANY: "choose a character"}
_DURATION = {fx.TURN: " until the end of this turn",
             fx.NEXT_TURN: " until the start of your next turn",
             fx.BATTLE: " until the battle ends", fx.PERMANENT: "", fx.CONTINUOUS: ""}


def _english_name(name: str) -> str:
    """A shipped card's English name (an evolution names its base card in Japanese)."""
    from cardtable.games.sarasvati.pool import shipped_pool

    card = shipped_pool().get(name)
    return card.name_en if card is not None and card.name_en else name


def sub_name(sub: str, lang: str) -> str:
    return sub if lang == "ja" else SUB_EN.get(sub, sub)


def _duration_note(e: Effect) -> str:
    if e.duration == fx.PERMANENT and any(k in ("atk", "def") for k, _ in e.ops):
        return " while it stays in the battle zone"
    return _DURATION.get(e.duration, "")


def effect_en(e: Effect, kind: str) -> str:
    """One compiled effect in English."""
    subject = _SUBJECT.get(e.scope, e.scope)
    if e.scope == fx.SELF and kind == "equipment":
        subject = "the equipped character"
    lead: list[str] = []
    trigger = (_TRIGGER_EQUIPMENT.get(e.trigger) if kind == "equipment" else None) \
        or _TRIGGER.get(e.trigger)
    if trigger:
        lead.append(trigger)
    if e.condition is not None:
        who, n, way = e.condition
        whose = "you have" if who == "自分" else "the opponent has"
        lead.append(f"if {whose} {n} or {'more' if way == '以上' else 'fewer'} cards in hand")
    clauses: list[str] = []
    if e.scope in _CHOOSE:
        clauses.append(_CHOOSE[e.scope])
    stats = [f"{'attack' if k == 'atk' else 'defense'} {int(v):+d}" for k, v in e.ops
             if k in ("atk", "def")]
    if stats:
        clauses.append(f"{subject} gets {' and '.join(stats)}{_duration_note(e)}")
    for k, v in e.ops:
        if k == "draw":
            clauses.append(f"draw {v} card{'s' if int(v) != 1 else ''}")
        elif k == "destroy":
            clauses.append(f"destroy {subject}")
        elif k == "code":
            wording = WORDINGS[str(v)]
            text = wording.en
            if wording.needs_target and e.scope not in _CHOOSE:
                text = text.replace(" it", f" {subject}")
            clauses.append(text + (_DURATION.get(e.duration, "") if wording.static else ""))
    body = ", then ".join(clauses) if clauses else "nothing"
    sentence = (", ".join(lead) + ": " + body) if lead else body
    return sentence[:1].upper() + sentence[1:] + "."


def line_text(raw: str, kind: str, lang: str) -> str:
    """One printed text line of a card in ``lang``."""
    if lang == "ja":
        return raw.strip().lstrip("‣▸・･•").strip()
    bases = evolution_base(raw)
    if bases is not None:
        return "Evolves from " + " + ".join(sub_name(b.strip("【】"), lang) if b.startswith("【")
                                            else _english_name(b) for b in bases) + (
            " (any character of that sub-attribute)" if any(b.startswith("【") for b in bases)
            else "") + "."
    if is_relocatable(raw):
        return "Can be re-equipped onto another of your characters."
    effect = compile_line(raw, kind)
    if isinstance(effect, str):  # not an effect the vocabulary reads: show it as printed
        return raw.strip()
    return effect_en(effect, kind)


def card_lines(card: Card, lang: str) -> list[str]:
    ja = lang == "ja"
    if ja:
        kind = KIND_JA.get(card.kind, card.kind)
        attr = ATTRIBUTE_JA.get(card.attribute, card.attribute)
        subs = "、".join(card.subs)
        sort = f"{kind}／{attr}" + (f"、{subs}" if subs else "")
        stats = f"コスト{card.cost}" + (f"・攻撃力{card.attack}・防御力{card.defense}"
                                      if card.stats else "")
    else:
        attr = ATTRIBUTE_EN.get(card.attribute, card.attribute)
        subs = ", ".join(sub_name(s, lang) for s in card.subs)
        sort = f"{card.kind} · {attr}" + (f" · {subs}" if subs else "")
        stats = f"cost {card.cost}" + (f" · attack {card.attack} · defense {card.defense}"
                                       if card.stats else "")
    text = [line_text(raw, card.kind, lang) for raw in card.text]
    if not ja:  # a designer's own English lines replace the rendered ones
        text = with_overrides(text, card.text_en)
    return printed_lines(card, lang, [sort, stats, *(f"‣ {line}" for line in text)])
