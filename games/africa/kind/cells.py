"""The Africa board's cells: their layout (hex centres, start-city labels, the size of the
picture), their words (titles and marker labels in the reader's language) and their SVG
markup, cached per language where they never change; ``board.Board`` puts them together
with the position."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games.africa.engine.data import board as africa_board
from games.africa.kind.terms import (
    HIDDEN,
    MARKER_LABELS,
    MARKER_NAMES,
    SEAT_COLOURS,
    START_CITY_NAMES,
)
from games.kinds.hexmap import DIRECTIONS, HEX_SIZE, hex_centre, hex_points

#: Room left round the board and its city labels, in SVG user units.
MARGIN = 6
CITY_FONT_SIZE = 11
#: The widest a marker's label may be inside its hex, and the width of one of its letters, in
#: user units; a longer label is squeezed to fit.
LABEL_ROOM = 34
LABEL_LETTER = 3.6


def terrain(r: int) -> str:
    """The land tint of row ``r`` (a CSS class suffix): desert in the north and far south,
    forest about the equator, savanna between; only decoration."""
    if r <= -3 or r >= 7:
        return "desert"
    if 0 <= r <= 2:
        return "forest"
    return "savanna"


def seat_styles(seats: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Per seat: {number (1-based), name, colour (translated name), fill, ink, shape, text_dy}.

    ``seats`` is [{"name": display name, "colour": a key of SEAT_COLOURS}] in seat order;
    raises KeyError for an unknown colour key. The colour follows the seat's key, the shape
    (the second cue) its number.
    """
    palette = {colour.key: colour for colour in SEAT_COLOURS}
    styles = []
    for seat, info in enumerate(seats):
        colour = palette[info["colour"]]
        colour_name, fill, ink = colour.name, colour.fill, colour.ink
        cue = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        shape, text_dy = cue.shape, cue.text_dy
        styles.append(
            {
                "number": seat + 1,
                "name": info["name"],
                "colour": colour_name,
                "fill": fill,
                "ink": ink,
                "shape": shape,
                "text_dy": text_dy,
            }
        )
    return styles


def _city_label(cell: str, x: float, y: float, name: str) -> dict[str, Any]:
    """Where a start city's name goes: beside the cell, on the side facing the sea."""
    grid = africa_board()
    q, r = grid.positions[cell]
    taken = set(grid.positions.values())
    dx = dy = 0.0
    for dq, dr in DIRECTIONS:
        if (q + dq, r + dr) not in taken:
            ux, uy = hex_centre(dq, dr, 1)
            dx, dy = dx + ux, dy + uy
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    lx, ly = x + dx * HEX_SIZE * 1.1, y + dy * HEX_SIZE * 1.1
    width = len(name) * CITY_FONT_SIZE * 0.62
    if dx > 0.35:
        anchor, left = "start", lx
    elif dx < -0.35:
        anchor, left = "end", lx - width
    else:
        anchor, left = "middle", lx - width / 2
    if dy > 0.35:
        ly += CITY_FONT_SIZE * 0.8
    elif dy > -0.35:
        ly += CITY_FONT_SIZE * 0.35
    return {
        "name": name,
        "x": lx,
        "y": ly,
        "anchor": anchor,
        "box": (left, ly - CITY_FONT_SIZE, left + width, ly + CITY_FONT_SIZE * 0.3),
    }


@lru_cache(maxsize=8)
def cell_words(language: str) -> dict[str, Any]:
    """The board's words in ``language``, translated once: the sentences of a cell's title
    (keys "start_city", "never_uncovered", "base_camp", "researcher", "empty", "cell"),
    "names" {marker code: name} and "labels" {marker code: board label}."""
    return {
        "start_city": _("%(city)s (start city)"),
        "never_uncovered": _("%(marker)s (never uncovered)"),
        "base_camp": _("base camp"),
        "researcher": _("researcher of %(name)s (P%(number)s)"),
        "empty": _("empty"),
        "cell": _("%(cell)s: %(contents)s"),
        "names": {code: str(name) for code, name in MARKER_NAMES.items()},
        "labels": {code: str(label) for code, label in MARKER_LABELS.items()},
    }


def describe_cell(
    cell: str, info: dict[str, Any], city: str | None, seat: dict | None, words: dict[str, Any]
) -> str:
    """The cell's title in words, e.g. "E4: elephant, researcher of Alice (P1)"; ``words``
    are the board's words in the reader's language (``cell_words``)."""
    parts = []
    if city:
        parts.append(words["start_city"] % {"city": city})
    marker = info.get("marker")
    if marker == HIDDEN:
        parts.append(words["names"][HIDDEN])
    elif marker and info.get("face_down"):
        parts.append(words["never_uncovered"] % {"marker": words["names"][marker]})
    elif marker:
        parts.append(words["names"][marker])
    if info.get("camp"):
        parts.append(words["base_camp"])
    if seat:
        parts.append(words["researcher"] % {"name": seat["name"], "number": seat["number"]})
    if not parts:
        parts.append(words["empty"])
    return words["cell"] % {"cell": cell, "contents": ", ".join(parts)}


@lru_cache(maxsize=8)
def layout(language: str) -> tuple[dict[str, tuple[float, float]], list[dict], float, float]:
    """The board's fixed geometry in ``language`` (city names set the margins): the cell
    centres {cell: (x, y)}, the city labels [{name, x, y, anchor}], and the width and height,
    all in user units. Computed once per language."""
    grid = africa_board()
    centres = {cell: hex_centre(*grid.positions[cell]) for cell in grid.cells}
    cities = [
        _city_label(cell, *centres[cell], str(START_CITY_NAMES[cell])) for cell in grid.start_cities
    ]
    half_width = HEX_SIZE * math.sqrt(3) / 2
    left = min([x - half_width for x, _y in centres.values()] + [c["box"][0] for c in cities])
    top = min([y - HEX_SIZE for _x, y in centres.values()] + [c["box"][1] for c in cities])
    right = max([x + half_width for x, _y in centres.values()] + [c["box"][2] for c in cities])
    bottom = max([y + HEX_SIZE for _x, y in centres.values()] + [c["box"][3] for c in cities])
    shift_x, shift_y = MARGIN - left, MARGIN - top
    width, height = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    for city in cities:
        city["x"], city["y"] = round(city["x"] + shift_x, 1), round(city["y"] + shift_y, 1)
        del city["box"]
    shifted = {cell: (x + shift_x, y + shift_y) for cell, (x, y) in centres.items()}
    return shifted, cities, width, height


@lru_cache(maxsize=8)
def static_cells(language: str) -> tuple[tuple[str, str, float, float, str, str | None], ...]:
    """What never changes of each cell in ``language``, in board order: (id, hex points,
    x, y (the centre, rounded to 0.1), terrain, start city name or None)."""
    grid = africa_board()
    centres, _cities, _width, _height = layout(language)
    cells = []
    for cell in grid.cells:
        x, y = centres[cell]
        city = str(START_CITY_NAMES[cell]) if cell in grid.start_cities else None
        cells.append(
            (
                cell,
                hex_points(x, y),
                round(x, 1),
                round(y, 1),
                terrain(grid.positions[cell][1]),
                city,
            )
        )
    return tuple(cells)


RING_POINTS = hex_points(0, 0, HEX_SIZE - 3.5)


def cells_svg(cells: list[dict[str, Any]]):
    """``cells`` (``Board.context``'s "cells") drawn: safe SVG markup, escaped cell by
    cell in ``_cell_svg``."""
    return mark_safe("".join(_cell_svg(cell) for cell in cells))


def _cell_svg(cell: dict[str, Any]) -> str:
    """One cell of ``Board.context``'s "cells" as SVG markup (a ``<g>``, inside an ``<a>``
    when the cell is a link, inside the cell's place ``<g id="place-<cell>" data-place="">``,
    see ``games.pieces.places``): what ``board.html`` once drew cell by cell with template tags,
    built here in one pass because the board is redrawn at every move."""
    link = cell["link"]
    out = [f'<g id="place-{cell["id"]}" data-place="">']
    if link and link.get("why_not"):  # no target: a click asks why (games.kinds.page)
        out.append(
            f'<a class="cell-link why-not" href="{escape(link["href"])}" tabindex="-1" '
            f'aria-label="{escape(link["label"])}" hx-get="{escape(link["href"])}" '
            'hx-target="#game" hx-swap="outerHTML">'
        )
    elif link:
        out.append(
            f'<a class="cell-link" href="{escape(link["href"])}" '
            f'aria-label="{escape(link["label"])}"'
        )
        if link.get("hx_post"):
            out.append(f' hx-post="{escape(link["hx_post"])}"')
            if link.get("hx_vals"):
                out.append(f" hx-vals='{escape(link['hx_vals'])}'")
        else:
            out.append(f' hx-get="{escape(link["href"])}"')
        out.append(' hx-target="#game" hx-swap="outerHTML">')
    classes = f"cell terrain-{cell['terrain']}"
    if cell["city"]:
        classes += " city"
    if cell["highlighted"]:
        classes += " highlighted"
    if link and link.get("kind"):
        classes += f" target-{escape(link['kind'])}"
    if cell["selected"]:
        classes += " selected"
    if cell.get("changed"):
        classes += " changed"
    title = f"{link['label']}. {cell['title']}" if link and link.get("kind") else cell["title"]
    out.append(
        f'<g class="{classes}" data-cell="{cell["id"]}"><title>{escape(title)}</title>'
        f'<polygon class="hex" points="{cell["points"]}"/>'
        f'<g transform="translate({cell["x"]} {cell["y"]})" aria-hidden="true">'
    )
    if cell["highlighted"]:
        out.append(f'<polygon class="target" points="{RING_POINTS}" fill="url(#board-hatch)"/>')
    if cell["selected"]:
        out.append(f'<polygon class="selection" points="{RING_POINTS}"/>')
    if cell.get("changed"):
        out.append('<circle class="changed-dot" cx="13" cy="-15" r="3.2"/>')
    if link:
        out.append(f'<polygon class="focus-ring" points="{RING_POINTS}"/>')
    out.append(f'<text class="cell-id" x="0" y="-19.5">{cell["id"]}</text>')
    if cell["city"]:
        out.append(
            '<use class="city-icon" href="#board-city" x="-11" y="-12" width="22" height="22"/>'
        )
    marker = cell["marker"]
    if marker == HIDDEN:
        out.append(
            '<use class="marker-back" data-piece="" href="#m-hidden" x="-13" y="-13.5" '
            'width="26" height="26"/>'
        )
    elif marker:
        revealed = " revealed" if cell["revealed"] else ""
        out.append(
            f'<g class="marker{revealed}" data-piece="">'
            '<circle class="marker-disc" cx="0" cy="-0.5" r="13"/>'
            f'<use class="marker-icon" href="#m-{escape(marker)}" x="-10" y="-10.5" '
            'width="20" height="20"/>'
        )
        if cell["value"]:
            out.append(
                '<circle class="marker-value" cx="10" cy="-9.5" r="4.6"/>'
                f'<text class="marker-value-text" x="10" y="-7.3">{cell["value"]}</text>'
            )
        out.append("</g>")
        squeeze = (
            f' textLength="{cell["label_length"]}" lengthAdjust="spacingAndGlyphs"'
            if cell["label_length"]
            else ""
        )
        out.append(
            f'<text class="marker-label" data-piece="" x="0" y="20.5"{squeeze}>'
            f"{escape(cell['label'])}</text>"
        )
    if cell["camp"]:
        out.append(
            '<use class="camp" data-piece="" href="#board-camp" x="-22" y="0" '
            'width="14" height="14"/>'
        )
    researcher = cell["researcher"]
    if researcher:
        place = "15.5 4" if marker or cell["city"] else "1 1"
        out.append(
            f'<g data-piece="" transform="translate({place})"><use class="researcher" '
            f'href="#seat-{researcher["shape"]}" x="-10.5" y="-10.5" width="21" height="21" '
            f'fill="{researcher["fill"]}"/><text class="researcher-number" x="0" y="3.5" '
            f'dy="{researcher["text_dy"]}" fill="{researcher["ink"]}">'
            f"{researcher['number']}</text></g>"
        )
    out.append("</g></g>")
    if link:
        out.append("</a>")
    out.append("</g>")
    return "".join(out)
