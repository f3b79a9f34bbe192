"""Effect wordings beyond the vocabulary, each registered as code under its exact text.

A card that uses one of these phrases (after its trigger and target, with or without the final
する) gets the code registered under it; a new card reusing the phrase needs nothing new. What
a triggered wording does is its act, under the same text in ``acts.py`` (this table is read
while card files are parsed, below the zones the acts move cards between). Static wordings
only change costs and are read by ``stats.cost``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Wording:
    text: str
    en: str
    #: lasting (static / オープン中) rather than triggered
    static: bool = False
    #: triggered only: acts on a character (chosen, or the card itself / its holder)
    needs_target: bool = False
    #: static only: cost change for the owner's cards of ``cost_kind`` in hand
    cost: int = 0
    cost_kind: str = ""


#: wording text -> its wording (what a triggered one does: ``acts.ACTS``)
WORDINGS: dict[str, Wording] = {w.text: w for w in (
    Wording("山札の上から1枚をボルテージゾーンに置く",
            "put the top card of your deck into your voltage zone"),
    Wording("臨戦状態にする", "make it ready", needs_target=True),
    Wording("無防備状態にする", "make it exhausted", needs_target=True),
    Wording("持ち主の手札に戻す", "return it to its owner's hand", needs_target=True),
    Wording("自分の手札のキャラクターカードのコストを-1する", "your character cards cost 1 less",
            static=True, cost=-1, cost_kind="character"),
    Wording("自分の手札の装備カードのコストを-1する", "your equipment cards cost 1 less",
            static=True, cost=-1, cost_kind="equipment"),
    Wording("自分の手札のサポートカードのコストを-1する", "your support cards cost 1 less",
            static=True, cost=-1, cost_kind="support"),
)}


def wording_key(phrase: str) -> str | None:
    """The registered wording ``phrase`` spells, with or without the final する."""
    for key in (phrase, phrase + "する", phrase[:-2] if phrase.endswith("する") else ""):
        if key in WORDINGS:
            return key
    return None
