"""The default notation facet: the move notation as players type it (mail replies, the
lines of a batch), read with the engine's own table of keywords."""

from __future__ import annotations

import re

from games.kinds.facet import Facet


class Notation(Facet):
    """The move notation: ``keywords`` (the engine's ``arity``: {keyword: how many words
    follow it}), ``read_action`` for a typed line, ``mistyped`` for a line that looks like a
    mistyped action, and ``ends_turn`` for the actions that end the player's turn."""

    #: Lines of a mail reply that look like a mistyped action (a reply stops at other prose);
    #: by default none.
    mistyped = re.compile(r"(?!)")
    #: The keywords of the actions that end the player's turn at once (default: none).
    turn_ending: tuple[str, ...] = ()

    @property
    def keywords(self) -> dict[str, int]:
        """{keyword: how many words follow it}: the engine's ``arity``, the one table that
        the engine's parser reads too."""
        return self.kind.engine.arity

    def read_action(self, line: str) -> str | None:
        """The action a typed line holds (lower case, single blanks), or None when its first
        word is no keyword of the notation."""
        words = line.lower().split()
        if not words or words[0] not in self.keywords:
            return None
        return " ".join(words)

    def ends_turn(self, action: str) -> bool:
        """Whether ``action`` ends the player's turn at once: its keyword is one of
        ``turn_ending``."""
        words = action.split()
        return bool(words) and words[0] in self.turn_ending
