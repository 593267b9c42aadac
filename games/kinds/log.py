"""The default log facet: the move log in words, from the engine's public events."""

from __future__ import annotations

from games.kinds.facet import Facet


class Log(Facet):
    """What happened, in words: ``describe`` tells one public event, ``entries`` the moves."""

    #: How many recent moves the play page's log shows.
    length = 40

    def describe(self, event: dict, names: list[str]) -> str | None:
        """A log line for ``event`` (a public engine event) in the reader's language, with
        ``names`` the players' names in seat order, or None to leave the event out (default:
        every event is left out)."""
        return None

    def entries(self, moves, names: list[str]) -> list[dict]:
        """The move log in words, in the order of ``moves`` (Move rows): [{"ply", "seat",
        "lines": [{"text", "event"}]}], each line with the public engine event it tells (for
        the link to its rule); "ply" is the move's version, under the name the API gives it."""
        entries = []
        for move in moves:
            lines = [
                {"text": text, "event": event}
                for event in move.events
                if (text := self.describe(event, names))
            ]
            entries.append({"ply": move.version, "seat": move.seat, "lines": lines})
        return entries
