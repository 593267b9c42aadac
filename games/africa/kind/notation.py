"""Africa's move notation as players type it (mail replies): the keywords and how many words
follow each are the engine's (``games.africa.engine.legal.ARITY``), as are the canonical
strings."""

import re

from games.kinds import notation


class Notation(notation.Notation):
    """Africa's notation: "anywhere" (a move that ends the turn) and "end" end the turn."""

    #: A line that looks like a mistyped action: a word or two and a cell or player ("uncovr E4").
    mistyped = re.compile(r"^\S+(\s+\S+)?\s+([a-m]\d{1,2}|p\d)(\s+\S+)?[.]?$", re.IGNORECASE)
    turn_ending = ("anywhere", "end")
