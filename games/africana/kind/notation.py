"""Africana's move notation as players type it (mail replies): the verbs and how many words
follow each are the engine's (``games.africana.engine.legal.ARITY``), as are the canonical
strings."""

import re

from games.kinds import notation


class Notation(notation.Notation):
    """Africana's notation: a draw and "done" (a pass or the end of a move or book action)
    end the player's action and so the turn (rulebook, End of a Turn)."""

    #: A line that looks like a mistyped action: a word and a card id ("jion A03", "dorp N07").
    mistyped = re.compile(r"^\S+\s+[abcns]\d{2}[.]?$", re.IGNORECASE)
    turn_ending = ("draw", "done")
