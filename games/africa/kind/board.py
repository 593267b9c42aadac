"""The Africa board as a server-rendered SVG: the numbers and words its partials need.

The play page, the replay and the mail picture build the board's context with
``get_kind("africa").board.context(observation, seats, ...)`` from the engine's observation
(never from the engine's state, so a face-down marker can only ever be "hidden"), and
include the partials::

    board = kind.board.context(
        engine.observation(state, viewer),
        [{"name": "Alice", "colour": "blue"}, {"name": "Bob", "colour": "orange"}],
        links={"E4": {"href": "/games/abc/?cell=E4", "label": "Uncover E4",
                      "hx_post": "/games/abc/act/", "hx_vals": '{"action": "uncover E4"}'}},
        selected="D4",
    )

    {% include "games/africa/board.html" with board=board %}
    {% include "games/africa/legend.html" with board=board %}

The legend draws its icons with the board's ``<symbol>``s, so it belongs on a page that shows
the board; the page links the board's stylesheets (``Board.stylesheets``). A linked cell swaps
``#game`` (outerHTML) through htmx and works as a plain link without JavaScript.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.africa.engine.data import marker_mix
from games.africa.engine.legal import BOARD
from games.africa.kind.cells import (
    LABEL_LETTER,
    LABEL_ROOM,
    RING_POINTS,
    cell_words,
    cells_svg,
    describe_cell,
    layout,
    seat_styles,
    static_cells,
)
from games.africa.kind.terms import HIDDEN, MARKER_LABELS, MARKER_NAMES
from games.kinds import board
from games.kinds.hexmap import HEX_SIZE
from games.kinds.mailtext import board_order


class Board(board.Board):
    """Africa's board: a hex map with face-down discovery markers, start cities, researchers
    and base camps; its own styles in games/africa/board.css."""

    stylesheets = ("games/africa/board.css", "css/board.css")
    #: {target kind: words} for the legend, in the order it lists them.
    target_kinds = {
        "start": gettext_lazy("A start city you may choose"),
        "step": gettext_lazy("Move there; your turn goes on"),
        "jump": gettext_lazy("Travel there; this ends your turn (asks first)"),
        "uncover": gettext_lazy("Uncover the marker there"),
        "place": gettext_lazy("Put the uncovered marker there"),
        "marker": gettext_lazy("A marker you may move elsewhere"),
        "choose": gettext_lazy("Several things to do there: choose"),
    }

    def mail_focus(self, observation: dict, board_context: dict, viewer: int) -> str | None:
        """The close-up of the mail's picture: FOCUS_HEXES hex sizes across about the
        viewer's researcher (None before it is placed)."""
        here = next(
            (
                c
                for c in board_context["cells"]
                if observation["cells"][c["id"]].get("researcher") == viewer
            ),
            None,
        )
        if here is None:
            return None
        width, height = board_context["width"], board_context["height"]
        across = board.FOCUS_HEXES * HEX_SIZE
        return board.focus_around(here["x"], here["y"], width, height, across)

    def context(
        self,
        observation: dict[str, Any],
        seats: list[dict[str, str]],
        *,
        links: dict[str, dict[str, str | None]] | None = None,
        selected: str | None = None,
        highlight: set[str] | None = None,
    ) -> dict[str, Any]:
        """Everything ``games/africa/board.html`` and ``legend.html`` draw, as plain data.

        ``observation``: the engine's ``observation(state, viewer)``; its ``cells`` give each
        cell's marker (a code, "hidden" or None), ``face_down``, ``researcher`` (seat or None)
        and ``camp``.
        ``seats``: [{"name": display name, "colour": a SEAT_COLOURS key}] indexed by seat.
        ``links``: {cell id: {"href", "label", "hx_post" (or None), "hx_vals" (JSON text or
        None)}}; a linked cell is drawn as an SVG ``<a>``. ``selected``: a cell drawn as selected.
        ``highlight``: cells drawn as possible targets; None means the linked cells.

        Returns {"view_box": "0 0 w h", "width", "height" (user units), "hex_size", "ring_points"
        (an inset hex about (0, 0) for outlines drawn inside a cell), "title", "description",
        "cells": [...], "cells_svg" (the cells drawn, safe SVG markup, see ``cells.cells_svg``),
        "cities": [{name, x, y, anchor}], "seats": [seat styles], "markers": [{code, name,
        label}]}. A cell is {id, points, x, y (centre), terrain, marker (code,
        "hidden" or None), face_down, revealed (a code shown only because the game is over), label,
        label_length (the width to squeeze a long label into, else None), value (1 or 2 for gold
        and jewels, else None), city (name or None), researcher (a seat style or None), camp, link,
        selected, highlighted, title}. Coordinates are user units, rounded to 0.1.
        Raises KeyError for a cell, marker code or colour key the tables do not know.
        """
        links = links or {}
        highlight = set(links) if highlight is None else set(highlight)
        styles = seat_styles(seats)
        values = marker_mix().value
        language = get_language()
        _centres, city_labels, width, height = layout(language)
        cities = [dict(city) for city in city_labels]
        words = cell_words(language)
        observed = observation["cells"]

        cells = []
        for cell, points, x, y, terrain_name, city in static_cells(language):
            info = observed[cell]
            marker = info.get("marker")
            face_down = bool(info.get("face_down"))
            seat = info.get("researcher")
            researcher = styles[seat] if seat is not None else None
            shown = marker not in (None, HIDDEN)
            label = words["labels"][marker] if shown else None
            cells.append(
                {
                    "id": cell,
                    "points": points,
                    "x": x,
                    "y": y,
                    "terrain": terrain_name,
                    "marker": marker,
                    "face_down": face_down,
                    "revealed": shown and face_down,
                    "label": label,
                    "label_length": LABEL_ROOM
                    if label and len(label) * LABEL_LETTER > LABEL_ROOM
                    else None,
                    "value": values.get(marker) if shown else None,
                    "city": city,
                    "researcher": researcher,
                    "camp": bool(info.get("camp")),
                    "link": links.get(cell),
                    "selected": cell == selected,
                    "highlighted": cell in highlight,
                    "title": describe_cell(cell, info, city, researcher, words),
                }
            )

        face_down_count = sum(1 for c in cells if c["marker"] == HIDDEN)
        return {
            "view_box": f"0 0 {width:.1f} {height:.1f}",
            "width": round(width, 1),
            "height": round(height, 1),
            "hex_size": HEX_SIZE,
            "ring_points": RING_POINTS,
            "title": _("The board of Africa"),
            "description": _(
                "A map of Africa in %(cells)s hexagonal spaces with %(cities)s start cities. "
                "Face-down discovery markers: %(face_down)s. Monuments found: %(found)s of "
                "%(to_end)s."
            )
            % {
                "cells": len(cells),
                "cities": len(cities),
                "face_down": face_down_count,
                "found": observation.get("monuments_found", 0),
                "to_end": observation.get("monuments_to_end", 11),
            },
            "cells": cells,
            "cells_svg": cells_svg(cells),
            "cities": cities,
            "seats": styles,
            "markers": [
                {"code": code, "name": MARKER_NAMES[code], "label": MARKER_LABELS[code]}
                for code in marker_mix().counts
            ],
        }

    def text_context(self, observation: dict, seats: list[dict], viewer: int | None) -> dict:
        """The text mode's board (see ``games.kinds.board.Board.text_context``), each cell in
        the words of its title on the graphic board ("E4: face-down marker, researcher of
        Alice (P1)"): {"summary" (the board's description), "around" (the cells of the
        viewer's researcher and its neighbours, [] for a watcher or before it is placed),
        "researchers" (the cells of the researchers, in seat order), "rows": [{"row",
        "cells"}] every cell, row by row}."""
        drawn = self.context(observation, seats, highlight=set())
        titles = {cell["id"]: cell["title"] for cell in drawn["cells"]}
        where = {
            info["researcher"]: cell
            for cell, info in observation["cells"].items()
            if info.get("researcher") is not None
        }
        mine = where.get(viewer) if viewer is not None else None
        around = [mine, *sorted(BOARD.neighbors(mine), key=board_order)] if mine else []
        rows: dict[int, list[str]] = {}
        for cell in sorted(titles, key=board_order):
            rows.setdefault(int(cell[1:]), []).append(titles[cell])
        return {
            "summary": drawn["description"],
            "around": [titles[cell] for cell in around],
            "researchers": [titles[where[seat]] for seat in sorted(where)],
            "rows": [{"row": row, "cells": cells} for row, cells in rows.items()],
        }

    def changed_cells(self, events: list[dict]) -> set[str]:
        """The cells that Africa's public ``events`` name (a researcher's or marker's origin
        and destination, an uncovered marker's or a base camp's cell)."""
        cells = set()
        for event in events:
            for key in ("cell", "from", "to"):
                if isinstance(event.get(key), str):
                    cells.add(event[key])
        return cells

    def mark_changed(self, board_context: dict, cells: set[str]) -> dict:
        """``board_context`` ({"board": ...}) with its ``cells`` flagged "changed" (drawn with
        the since-your-last-visit outline). Changes the context given and returns it."""
        if cells:
            board = board_context["board"]
            for cell in board["cells"]:
                cell["changed"] = cell["id"] in cells
            board["cells_svg"] = cells_svg(board["cells"])
            board_context["changed_any"] = True
        return board_context
