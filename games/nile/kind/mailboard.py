"""The close-up of the Source of the Nile's mail picture: which hexes lie near the reader's
explorer (``window``, ``within``), for ``board.Board.mail_context``."""

from __future__ import annotations

import math
from typing import Any

from games.kinds.hexmap import HEX_SIZE
from games.nile.engine.data import HEXES

#: How far around each of the reader's explorers the mail's picture shows the map, in hexes.
MAIL_RADIUS = 2
#: The mail picture's width in its own user units (notifications.boardimage scales it to the
#: picture's width), and that of the overview of the whole map under the close-up.
MAIL_WIDTH = 1000
OVERVIEW_WIDTH = 360
#: Space between the close-up and the overview, in the picture's units.
GAP = 12


def distance(a: str, b: str) -> int:
    """Steps between the hexes ``a`` and ``b`` (axial coordinates)."""
    dq = HEXES[a]["q"] - HEXES[b]["q"]
    dr = HEXES[a]["r"] - HEXES[b]["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def window(
    around: list[str], centres, width: float, height: float, margin: float
) -> tuple[float, ...]:
    """The rectangle (x, y, w, h) in map units that holds every hex within MAIL_RADIUS of the
    hexes ``around`` (with ``margin`` round them, in map units), widened to the map's
    proportions and moved inside the map where it can."""
    near = [hid for hid in HEXES if any(distance(hid, e) <= MAIL_RADIUS for e in around)]
    half = HEX_SIZE * math.sqrt(3) / 2
    left = min(centres[h][0] for h in near) - half - margin
    right = max(centres[h][0] for h in near) + half + margin
    top = min(centres[h][1] for h in near) - HEX_SIZE - margin
    bottom = max(centres[h][1] for h in near) + HEX_SIZE + margin
    w, h = right - left, bottom - top
    w = max(w, h * 1.15)  # nearly square: a phone's width first (FOCUS_ASPECT of games.kinds.board)
    x = min(max(0.0, (left + right - w) / 2), max(0.0, width - w))
    y = min(max(0.0, top), max(0.0, height - h))
    return round(x, 1), round(y, 1), round(w, 1), round(h, 1)


def on_map(player: dict[str, Any]) -> str | None:
    """The hex of ``player``'s explorer, or None when it is not on the map (in Europe, none)."""
    explorer = player.get("explorer")
    if not explorer or not explorer.get("hex") or explorer["status"] == "europe":
        return None
    return explorer["hex"]


def within(items: list[dict], x: float, y: float, w: float, h: float) -> list[dict]:
    """The ``items`` (with "x" and "y") that lie in the rectangle (x, y, w, h) or within two
    hex sizes of it: the hexes and labels that show in a close-up of that rectangle."""
    slack = HEX_SIZE * 2
    return [
        item
        for item in items
        if x - slack <= item["x"] <= x + w + slack and y - slack <= item["y"] <= y + h + slack
    ]
