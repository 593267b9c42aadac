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


def place_links(links: dict[str, dict], place: str) -> dict[str, dict | None]:
    """The board partial's links of ``place`` from ``links`` (the page's {place: link}):
    {"link": its move target or None, "why_not": its link that asks why it is no target
    (``Page.why_not_target``) or None}."""
    link = links.get(place)
    asks = link is not None and link.get("why_not", False)
    return {"link": None if asks else link, "why_not": link if asks else None}


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

    def text_context(self, observation: dict, seats: list[dict], viewer: int | None) -> dict:
        """The context of the text mode's board ("games/<game>/text_board.html", given as
        ``text_board``): the board of ``observation`` as lists of words a screen reader reads
        well, for the player of seat ``viewer`` (0-based; None for a watcher) with ``seats``
        [{"name", "colour"}]. Only ``observation`` may tell what is shown, so that hidden
        things stay hidden. Default: {"lines": the lines of the mails' text board}; a kind
        gives its own regions with its own partial."""
        return {"lines": self.kind.mail.board_text(observation).splitlines()}

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
        (default: the board as the page shows it, without highlights), with "mail_focus":
        the view box of the close-up the mail shows first (``mail_focus``; None: none)."""
        board = self.context(observation, seats, highlight=set())
        focus = self.mail_focus(observation, board, viewer) if viewer is not None else None
        return {**board, "mail_focus": focus}

    def mail_focus(self, observation: dict, board: dict, viewer: int) -> str | None:
        """The view box ("x y w h", in the units of ``board``, the mail's board context) of
        the close-up a mail's picture shows first, made for a phone's width: the area where
        seat ``viewer`` plays its turn (see ``focus_around``). None (default): the mail shows
        the whole board only."""
        return None

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


#: The close-up of a mail's picture (``Board.mail_focus``), in a board's units per hex size
#: across: 8 hex sizes make a hex about 40 pixels wide on a phone's 328-pixel mail column.
FOCUS_HEXES = 8.5
#: The close-up's width over its height: nearly square, to fill a phone's width and not its
#: whole screen.
FOCUS_ASPECT = 1.15


def focus_around(x: float, y: float, width: float, height: float, across: float) -> str:
    """The view box "x y w h" of a close-up ``across`` units wide (FOCUS_ASPECT times as wide
    as high) centred on (x, y) and moved inside a board of ``width`` by ``height`` units
    where it can; rounded to 0.1."""
    w = min(across, width)
    h = min(across / FOCUS_ASPECT, height)
    left = min(max(0.0, x - w / 2), width - w)
    top = min(max(0.0, y - h / 2), height - h)
    return f"{left:.1f} {top:.1f} {w:.1f} {h:.1f}"
