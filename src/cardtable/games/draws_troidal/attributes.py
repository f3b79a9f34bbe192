"""The eight attributes and which beats which.

Five elements overcome each other in a ring, water > fire > metal > wood > earth > water.
Light and dark destroy each other. Light or dark against anything else, and none against
anything, gives no edge: power decides.
"""

from __future__ import annotations

WATER, FIRE, METAL, WOOD, EARTH, LIGHT, DARK, NONE = range(8)

KANJI = ("水", "火", "金", "木", "土", "陽", "陰", "無")
ENGLISH = ("water", "fire", "metal", "wood", "earth", "light", "dark", "none")

#: every spelling a card file may use, mapped to the attribute
SPELLINGS: dict[str, int] = {}
for _i, (_k, _e) in enumerate(zip(KANJI, ENGLISH, strict=True)):
    SPELLINGS[_k] = _i
    SPELLINGS[_k + "属性"] = _i
    SPELLINGS[_e] = _i


def edge(a: int, b: int) -> int:
    """+1 if attribute ``a`` overcomes ``b``, -1 if ``b`` overcomes ``a``, 0 if neither."""
    if a < 5 and b < 5:
        if b == (a + 1) % 5:
            return 1
        if a == (b + 1) % 5:
            return -1
    return 0


def mutual_destruction(a: int, b: int) -> bool:
    """Light against dark: both cards lose, whatever their power."""
    return (a == LIGHT and b == DARK) or (a == DARK and b == LIGHT)
