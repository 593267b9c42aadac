"""The default board facet: the board partial's context, the cells changed since a visit,
the board picture of HTML mails and the start board of the home page."""

from __future__ import annotations

import re
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from games.kinds.facet import Facet


def board_seats(seats) -> list[dict[str, str]]:
    """``seats`` (Seat rows, in seat order) as ``Board.context`` takes them: [{"name": the
    player's name, "colour": the seat's colour key}]."""
    return [{"name": s.name, "colour": s.colour} for s in seats]


class Board(Facet):
    """The board partial ("games/<game>/board.html", an SVG with the class ``game-board``)
    and what draws it."""

    #: Static stylesheets the board partial needs: the pages that show the board load them,
    #: and the board picture of HTML mails puts them inside the SVG it draws
    #: (notifications.boardimage). "css/board.css" holds the styles any board may use.
    stylesheets: tuple[str, ...] = ("css/board.css",)
    #: {target kind: words} of the kinds of highlighted target the board draws (each with its
    #: own outline, pattern and colour), for the board's legend; {} when the kind has none.
    target_kinds: dict[str, Any] = {}

    def __init__(self, kind):
        super().__init__(kind)
        self._start: dict[str, str] = {}  # {language: the start board's HTML}

    @property
    def template(self) -> str:
        """The board partial, which mails include too."""
        return self.kind.template("board")

    def context(self, observation: dict, seats: list[dict], **kwargs) -> dict:
        """The board partial's context for ``observation`` and ``seats`` ([{"name",
        "colour"}] in seat order); a kind may take keyword arguments of its own (the links
        of the player to move, a selected cell, ``highlight``)."""
        raise NotImplementedError

    def changed_cells(self, events: list[dict]) -> set[str]:
        """The board cells that the public ``events`` (of the moves since a player's last
        visit) changed, to be marked on the board (default: none)."""
        return set()

    def mark_changed(self, board_context: dict, cells: set[str]) -> dict:
        """The board partial's context ``board_context`` with ``cells`` (from
        ``changed_cells``) drawn as changed since the viewer's last visit (default: as is)."""
        return board_context

    @property
    def mail_template(self) -> str:
        """The partial the board picture of HTML mails is drawn from: an SVG element with a
        viewBox, given ``mail_context``'s context as "board" (default: the board partial).
        Its elements that a position changes carry the attribute ``data-piece``: the picture
        draws the rest once a game and language, and only those for each mail."""
        return self.template

    def mail_context(self, observation: dict, seats: list[dict], viewer: int | None) -> dict:
        """The context of ``mail_template`` for the player of seat ``viewer`` (0-based; None
        for a watcher), from their ``observation`` and ``seats`` [{"name", "colour"}]
        (default: the board as the page shows it, without highlights)."""
        return self.context(observation, seats, highlight=set())

    def start(self) -> str:
        """The board of a new game (two seats, or the fewest the game seats; seed 1; the
        default options) as the page draws it, as HTML (an inline SVG), with every id
        prefixed by "start-<name>-" so that the boards of several kinds can share a page (the
        home page's pictures). Cached per language."""
        language = translation.get_language() or ""
        if language not in self._start:
            self._start[language] = self._draw_start()
        return self._start[language]

    def _draw_start(self) -> str:
        kind = self.kind
        players = max(2, kind.min_players)
        state = kind.engine.initial_state(players, 1, kind.default_options())
        observation = kind.engine.observation(state, None)
        seats = [
            {"name": str(number + 1), "colour": kind.colour_key(number)}
            for number in range(players)
        ]
        html = render_to_string(self.template, {"board": self.context(observation, seats)})
        prefix = f"start-{kind.name}-"
        for element_id in set(re.findall(r'\bid="([^"]+)"', html)):
            html = re.sub(
                rf"""(\bid="|#|aria-(?:labelledby|describedby)="){re.escape(element_id)}"""
                r"""(?=["')\s])""",
                rf"\g<1>{prefix}{element_id}",
                html,
            )
        return html
