"""What both front ends share: a game's event sentences, its question and its how-to-play,
and the board as text (``board.py``).

Below the terminal and the browser and above the games: neither rich nor FastAPI is imported
here, and neither front end imports the other. Each game words its own events in
``games/<id>/sentences.py``; this package finds that module through the registry and falls
back to plain, neutral wording for a game that has none, so a new game is readable in both
front ends the day it is registered. (``board.py``, imported only by what draws a board as
text, the terminal and the research adapters' ``ansi`` render, measures display widths with
``rich.cells``, a base dependency, and prints nothing.)
"""

from cardtable.table.sentences import (
    Line,
    how_to_play,
    log_lines,
    phase_rules,
    question,
    round_summary,
    toned_lines,
)

__all__ = ["Line", "how_to_play", "log_lines", "phase_rules", "question", "round_summary",
           "toned_lines"]
