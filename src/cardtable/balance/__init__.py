"""The balance lab: round-robin studies of decks, per-card metrics and reports.

``study`` plays the games (worker processes or Ray) and keeps every result on disk so an
interrupted study resumes; ``metrics`` turns the results into ``report.json``; ``report`` draws
the plots and the HTML page (matplotlib, imported only there); ``compare`` sets two reports side
by side; ``lineups`` solves Dice and Monsters' line-up game. Cards are read only through the
contract's card facts (``Game.card_facts``), so every game is studied by the same code.
"""
