"""The Source of the Nile map as a server-rendered SVG: the numbers and words its template
(``games/nile/board.html``) needs, from the engine's observation only.

276 pointy-top hexes at the map's axial coordinates: a hex with terrain is drawn in its
terrain's colour and pattern (both, so colour is never the only cue), a blank hex as
parchment; rivers are lines from the hex centre towards where they flow (an arrowhead at the
mouth), tribes a disc with their size, the mappers' seat numbers in the hex's corner, the
publisher underlined, explorers as their seat's shape. Ports and the Cape Colony are named.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.kinds import board
from games.kinds.hexmap import HEX_SIZE, hex_centre, hex_points
from games.nile.engine.data import CAPE_COLONY, HEXES, NEIGHBORS, PORT_OF_HEX, PORTS
from games.nile.kind.mailboard import GAP, MAIL_WIDTH, OVERVIEW_WIDTH, on_map, window, within
from games.nile.kind.terms import SEAT_COLOURS, TERRAIN_NAMES, port_name

MARGIN = 8
#: The band along the map's top and left edges that holds the column and row numbers of the
#: hex ids ("18-07": column 18, row 7), in user units.
RULER = 24
#: The estimated width of one character of a port's name (font-size 18, bold), in user units:
#: enough to tell whether two names side by side would overlap.
LABEL_CHAR_WIDTH = 11.5
#: The least space between two port names side by side, in user units.
LABEL_GAP = 6
#: The fill of each terrain (the template's classes use the same colours).
TERRAIN_FILL = {
    "veldt": "#dfe3a0",
    "desert": "#f2d99a",
    "lake": "#9cc8e4",
    "swamp": "#a9cdb6",
    "mountains": "#c9a98a",
    "jungle": "#8fc27f",
    "jungle_swamp": "#8fc2a0",
    "jungle_mountain": "#a8b47f",
    "blank": "#f4ead0",
}


@cache
def _layout() -> tuple[dict[str, tuple[float, float]], float, float]:
    """{hex: (x, y)} shifted so the map starts at the margin, and the width and height."""
    raw = {hid: hex_centre(h["q"], h["r"]) for hid, h in HEXES.items()}
    half = HEX_SIZE * math.sqrt(3) / 2
    left = min(x for x, _y in raw.values()) - half
    top = min(y for _x, y in raw.values()) - HEX_SIZE
    right = max(x for x, _y in raw.values()) + half
    bottom = max(y for _x, y in raw.values()) + HEX_SIZE
    dx, dy = MARGIN + RULER - left, MARGIN + RULER - top
    centres = {hid: (round(x + dx, 1), round(y + dy, 1)) for hid, (x, y) in raw.items()}
    return centres, right - left + 2 * MARGIN + RULER, bottom - top + 2 * MARGIN + RULER


@cache
def _rulers() -> dict[str, list[dict[str, Any]]]:
    """The numbers along the map's edges that locate a hex id "CC-RR": {"columns": [{"text"
    ("18"), "x", "y"}] across the top, over the column's hexes in odd rows (even rows sit half
    a hex to the left), "rows": [{"text" ("07"), "x", "y"}] down the left edge}; user units."""
    centres, _width, _height = _layout()
    half = HEX_SIZE * math.sqrt(3) / 2
    columns: dict[str, list[float]] = {}
    rows: dict[str, float] = {}
    for hid, (x, y) in centres.items():
        column, row = hid.split("-")
        columns.setdefault(column, []).append(x if int(row) % 2 else x + half)
        rows[row] = y
    return {
        "columns": [
            {"text": column, "x": round(min(xs), 1), "y": MARGIN + RULER / 2 + 6}
            for column, xs in sorted(columns.items())
        ],
        "rows": [
            {"text": row, "x": MARGIN + RULER / 2, "y": round(y + 6, 1)}
            for row, y in sorted(rows.items())
        ],
    }


def _port_labels(centres) -> list[dict[str, Any]]:
    """The ports' names, over their hex; of two names that would overlap (Brass and Douala are
    neighbours), each moves aside by half the overlap and a gap of LABEL_GAP.
    [{"name", "x", "y", "half" (half the estimated width)}], user units, west to east."""
    placed: list[dict[str, Any]] = []
    for pid, hx in sorted(PORTS.items(), key=lambda item: centres[item[1]]):
        x, y = centres[hx]
        name = str(port_name(pid))
        label = {
            "name": name,
            "x": x,
            "y": round(y - 12, 1),
            "half": len(name) * LABEL_CHAR_WIDTH / 2,
        }
        for other in placed:
            if _overlap(label, other):
                need = other["half"] + label["half"] + LABEL_GAP - abs(label["x"] - other["x"])
                other["x"] = round(other["x"] - need / 2, 1)
                label["x"] = round(label["x"] + need / 2, 1)
        placed.append(label)
    return placed


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether the port labels ``a`` and ``b`` (centred on x, 18 units high) would overlap."""
    return abs(a["y"] - b["y"]) < 20 and abs(a["x"] - b["x"]) < a["half"] + b["half"]


def seat_styles(seats: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Per seat: {number (1-based), name, colour (its name), fill, ink, shape, text_dy}; the
    colour follows the seat's colour key, the shape its number."""
    palette = {colour.key: colour for colour in SEAT_COLOURS}
    styles = []
    for number, info in enumerate(seats):
        colour = palette.get(info["colour"], SEAT_COLOURS[number % len(SEAT_COLOURS)])
        cue = SEAT_COLOURS[number % len(SEAT_COLOURS)]
        styles.append(
            {
                "number": number + 1,
                "name": info["name"],
                "initial": (info["name"][:1] or "?").upper(),
                "colour": colour.name,
                "fill": colour.fill,
                "ink": colour.ink,
                "shape": cue.shape,
                "text_dy": cue.text_dy,
            }
        )
    return styles


def _river_lines(hid: str, river: dict, centres) -> list[dict]:
    """Segments from the hex centre to the middle of each side the river flows out of."""
    x, y = centres[hid]
    lines = []
    for target in river["out"]:
        if target in centres:
            tx, ty = centres[target]
            end = ((x + tx) / 2, (y + ty) / 2)
        else:  # to the sea: towards the nearest sea side, drawn as a short stub
            end = (x, y + HEX_SIZE * 0.7)
        lines.append({"x2": round(end[0], 1), "y2": round(end[1], 1), "sea": target == "sea"})
    for target in river["open"]:
        if target in centres:
            tx, ty = centres[target]
            lines.append({"x2": round((x + tx) / 2, 1), "y2": round((y + ty) / 2, 1), "open": True})
    return lines


def _title(hid: str, info: dict, styles: list[dict], explorers: list[dict]) -> str:
    parts = [str(TERRAIN_NAMES.get(info["terrain"], info["terrain"]))]
    if hid in PORT_OF_HEX:
        parts.append(_("port of %(port)s") % {"port": port_name(PORT_OF_HEX[hid])})
    if hid in CAPE_COLONY:
        parts.append(_("Cape Colony"))
    if info["river"]:
        parts.append(_("river"))
    if info["source"]:
        parts.append(_("river source"))
    if info["mountain_ft"]:
        parts.append(_("mountain %(ft)s ft") % {"ft": info["mountain_ft"]})
    if info["cataract_ft"]:
        parts.append(_("cataract %(ft)s ft") % {"ft": info["cataract_ft"]})
    if info["oasis"]:
        parts.append(_("oasis"))
    tribe = info["tribe"]
    if tribe:
        parts.append(
            _("tribe of %(size)s, attitude %(attitude)s")
            % {"size": tribe["size"], "attitude": tribe["attitude"]}
        )
    if info["mapped_by"]:
        who = ", ".join(styles[s]["name"] for s in info["mapped_by"] if s < len(styles))
        parts.append(_("mapped by %(who)s") % {"who": who})
    if info["published_by"] is not None and info["published_by"] < len(styles):
        parts.append(_("published by %(who)s") % {"who": styles[info["published_by"]]["name"]})
    for explorer in explorers:
        parts.append(_("explorer of %(name)s") % {"name": explorer["name"]})
    return f"{hid}: " + ", ".join(parts)


class Board(board.Board):
    """The Nile's board: the map of Africa as far as it is discovered, its rivers, tribes,
    ports and explorers; in mails, a close-up of the reader's surroundings above the whole
    map in small."""

    #: {target kind: words} of the map's clickable hexes, for the legend, in its order: a move
    #: into a mapped hex, and one into a blank hex, which maps it and may get the party lost
    #: (turn summary, Move a Hex). Neither ends the turn by itself.
    target_kinds = {
        "move": gettext_lazy("Move into this mapped hex"),
        "explore": gettext_lazy("Explore this blank hex: it is mapped, and you may get lost"),
    }

    def context(
        self,
        observation: dict[str, Any],
        seats: list[dict[str, str]],
        *,
        links: dict[str, dict] | None = None,
        selected: str | None = None,
        highlight: set[str] | None = None,
    ) -> dict[str, Any]:
        """Everything the map template draws. ``links``: {hex: {"href", "label", "hx_post",
        "hx_vals"}} of hexes the player may click (legal moves); ``highlight`` is ignored (a
        linked hex is highlighted). Returns {"view_box", "title",
        "description", "hexes": [{id, x, y, points, terrain, parts (pattern ids), river_lines,
        tribe, mappers, publisher, explorers, port, link, selected, title}], "labels", "rulers"
        (see ``_rulers``), "seats"}.
        """
        links = links or {}
        styles = seat_styles(seats)
        centres, width, height = _layout()
        at: dict[str, list[dict]] = {}
        for number, player in enumerate(observation["players"]):
            explorer = player.get("explorer")
            if explorer and explorer.get("hex") and explorer["status"] != "europe":
                if number < len(styles):
                    at.setdefault(explorer["hex"], []).append(styles[number])
        hexes = []
        for hid in sorted(HEXES):
            info = observation["hexes"][hid]
            x, y = centres[hid]
            terrain = info["terrain"]
            explorers = at.get(hid, [])
            hexes.append(
                {
                    "id": hid,
                    "x": x,
                    "y": y,
                    "points": hex_points(x, y),
                    "terrain": terrain or "blank",
                    "fill": TERRAIN_FILL[terrain or "blank"],
                    "parts": terrain.replace("mountains", "mountain").split("_") if terrain else [],
                    "river_lines": _river_lines(hid, info["river"], centres)
                    if info["river"]
                    else [],
                    "source": info["source"],
                    "tribe": info["tribe"],
                    "oasis": info["oasis"],
                    "mountain": info["mountain_ft"],
                    "cataract": info["cataract_ft"],
                    "mappers": [styles[s] for s in info["mapped_by"] if s < len(styles)],
                    "publisher": styles[info["published_by"]]
                    if info["published_by"] is not None and info["published_by"] < len(styles)
                    else None,
                    "explorers": explorers,
                    "port": hid in PORT_OF_HEX,
                    "port_x": round(x - 3, 1),
                    "port_y": round(y + 8, 1),
                    "cape": hid in CAPE_COLONY,
                    **board.place_links(links, hid),
                    "selected": hid == selected,
                    "title": _title(hid, info, styles, explorers),
                }
            )
        labels = _port_labels(centres)
        cape = sorted(CAPE_COLONY)
        cx = sum(centres[h][0] for h in cape) / len(cape)
        cy = max(centres[h][1] for h in cape) + HEX_SIZE * 1.3
        labels.append({"name": _("Cape Colony"), "x": round(cx, 1), "y": round(cy, 1)})
        mapped = sum(1 for h in observation["hexes"].values() if h["terrain"])
        source = observation.get("nile_source")
        return {
            "view_box": f"0 0 {width:.1f} {height:.1f}",
            "title": _("The map of Africa"),
            "description": _(
                "A map of Africa in %(hexes)s hexagons; %(mapped)s have terrain, the rest are "
                "blank. %(source)s"
            )
            % {
                "hexes": len(hexes),
                "mapped": mapped,
                "source": _("The Source of the Nile is found in %(hex)s.") % {"hex": source["hex"]}
                if source
                else _("The Source of the Nile is not found yet."),
            },
            "hexes": hexes,
            "labels": labels,
            "rulers": _rulers(),
            "seats": styles,
            "terrains": [
                {
                    "code": code,
                    "name": name,
                    "parts": code.replace("mountains", "mountain").split("_"),
                    "fill": TERRAIN_FILL[code],
                }
                for code, name in TERRAIN_NAMES.items()
                if code
            ],
            "nile_source": source["hex"] if source else None,
        }

    @property
    def mail_template(self) -> str:
        """The mail picture's own partial, "games/nile/mail_board.html"."""
        return self.kind.template("mail_board")

    def mail_context(
        self, observation: dict[str, Any], seats: list[dict[str, str]], viewer: int | None
    ) -> dict[str, Any]:
        """The context of the mail's board picture (``games/nile/mail_board.html``) for the
        player of seat ``viewer``: the map as the page draws it (``context``) with a
        "close_up" of the hexes within ``mailboard.MAIL_RADIUS`` of the viewer's explorer,
        their ids written in them, across the picture, and under it an "overview" of the
        whole map in small (terrain colours, the explorers, the close-up's frame) beside the
        seats' key. Without an explorer of the viewer on the map (in Europe, a watcher) there
        is no close-up: "close_up" and "overview" are None and the whole map is drawn, as on
        the page.

        Returns ``context``'s keys and {"close_up": {"board" (``context``'s keys for the
        close-up: its hexes with "id_y", "hex_ids"), "width", "height"}, "overview": {"x", "y",
        "width", "height", "scale", "hexes" [{points, fill}], "explorers" [{x, y, fill, mine,
        shape, ink, number, size (half the token's width), text_dy}] (as on the map),
        "frame" {x, y, width, height}}, "view_box" (the whole picture's), "mail_focus" (the
        close-up's: the mail's first picture, made for a phone) and "mail_whole" (the
        overview's: the picture of the whole map below it)}; lengths in the picture's user
        units (MAIL_WIDTH across)."""
        board = self.context(observation, seats)
        players = observation["players"]
        here = on_map(players[viewer]) if viewer is not None else None
        if here is None:
            return {**board, "close_up": None, "overview": None, "mail_focus": None}
        centres, width, height = _layout()
        x, y, w, h = window([here], centres, width, height, MARGIN)
        close_up = {
            **board,
            "view_box": f"{x} {y} {w} {h}",
            "hexes": [
                {**hexagon, "id_y": round(hexagon["y"] + 23, 1)}
                for hexagon in within(board["hexes"], x, y, w, h)
            ],
            "labels": within(board["labels"], x, y, w, h),
            "hex_ids": True,
        }
        close_height = round(MAIL_WIDTH * h / w, 1)
        scale = OVERVIEW_WIDTH / width
        explorers = []
        for number, (player, style) in enumerate(zip(players, board["seats"], strict=False)):
            if (hid := on_map(player)) is not None:
                x_at, y_at = centres[hid]
                size = 22 if number == viewer else 16
                explorers.append(
                    {
                        "x": x_at,
                        "y": y_at,
                        "fill": style["fill"],
                        "mine": number == viewer,
                        "shape": style["shape"],
                        "ink": style["ink"],
                        "number": style["number"],
                        "size": size,
                        "text_dy": round(style["text_dy"] * size / 10, 1),
                    }
                )
        overview = {
            "x": 0,
            "y": round(close_height + GAP, 1),
            "width": OVERVIEW_WIDTH,
            "height": round(height * scale, 1),
            "scale": round(scale, 4),
            "hexes": [
                {"points": hexagon["points"], "fill": hexagon["fill"]} for hexagon in board["hexes"]
            ],
            "explorers": explorers,
            "frame": {"x": x, "y": y, "width": w, "height": h},
        }
        return {
            **board,
            "close_up": {"board": close_up, "width": MAIL_WIDTH, "height": close_height},
            "overview": overview,
            "view_box": f"0 0 {MAIL_WIDTH} {round(overview['y'] + overview['height'], 1)}",
            "mail_focus": f"0 0 {MAIL_WIDTH} {close_height}",
            "mail_whole": f"0 {overview['y']} {OVERVIEW_WIDTH} {overview['height']}",
        }

    def text_context(self, observation: dict, seats: list[dict], viewer: int | None) -> dict:
        """The text mode's board (see ``games.kinds.board.Board.text_context``), each hex in
        the words of its title on the graphic map ("09-23: swamp, river, explorer of Alice"):
        {"summary" (the map's description), "explorers": [{"name", "mine" (the viewer's),
        "here" (its hex, None when it is not on the map), "around" (the neighbouring hexes)}]
        in seat order, "known": every hex with terrain, in id order}."""
        drawn = self.context(observation, seats, highlight=set())
        titles = {item["id"]: item["title"] for item in drawn["hexes"]}
        explorers = []
        for number, player in enumerate(observation["players"]):
            here = on_map(player)
            explorers.append(
                {
                    "name": seats[number]["name"] if number < len(seats) else "",
                    "mine": number == viewer,
                    "here": titles[here] if here else None,
                    "around": [titles[hid] for hid in NEIGHBORS[here]] if here else [],
                }
            )
        known = [
            titles[hid] for hid, info in sorted(observation["hexes"].items()) if info["terrain"]
        ]
        return {"summary": drawn["description"], "explorers": explorers, "known": known}

    def changed_cells(self, events: list[dict]) -> set[str]:
        """The hexes that the Nile's public ``events`` name (a hex mapped or moved into, a tribe
        met, a bonus found: each event's "hex")."""
        return {event["hex"] for event in events if isinstance(event.get("hex"), str)}

    def mark_changed(self, board_context: dict, cells: set[str]) -> dict:
        """``board_context`` ({"board": ...}) with its hexes in ``cells`` flagged "changed"
        (drawn with the since-your-last-visit outline and dot). Changes the context given and
        returns it."""
        if cells:
            for hexagon in board_context["board"]["hexes"]:
                if hexagon["id"] in cells:
                    hexagon.update(changed=True, dot_x=hexagon["x"] + 16, dot_y=hexagon["y"] - 8)
            board_context["changed_any"] = True
        return board_context
