"""The Source of the Nile move notation as players type it (mail replies): the verbs and how
many words follow each are the engine's (``games.nile.engine.legal.ARITY``, from its
grammar); ``engine.canonical`` accepts any case, blanks and aliases."""

import re

from games.kinds import notation


class Notation(notation.Notation):
    """The Nile's notation: a typed line is read in the engine's canonical spelling ("sail
    Cape Town", "buy 30 rations" are aliases); "end" closes outfitting or publishing, "stop"
    the movement and with it the turn (turn summary); a move goes on until the movement
    points are spent."""

    #: A line that looks like a mistyped action: a word and a hex id or a number.
    mistyped = re.compile(r"^\S+(\s+\S+)?\s+(\d\d-\d\d|\d{1,3})[.]?$", re.IGNORECASE)
    turn_ending = ("end", "stop")

    def read_action(self, line):
        """The action a typed line holds, in the engine's canonical spelling where the engine
        reads it (as typed, lower case, where it does not: the reply's checks then name the
        mistake), or None when its first word is no keyword."""
        text = super().read_action(line)
        if text is None:
            return None
        try:
            return self.kind.engine.canonical({}, text)
        except Exception:  # noqa: BLE001 - a mistyped line is left to the reply's checks
            return text
