"""Hex geometry shared by the games played on a map of hexagons: pointy-top hexes addressed
by axial coordinates (q, r), drawn in SVG user units."""

from __future__ import annotations

import math

#: Distance from a hex's centre to a corner, in SVG user units.
HEX_SIZE = 30
#: Axial neighbour directions (E, NE, NW, W, SW, SE), as (dq, dr).
DIRECTIONS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def hex_centre(q: int, r: int, size: float = HEX_SIZE) -> tuple[float, float]:
    """The centre (x, y) in user units of the pointy-top hex at axial (q, r), before shifting."""
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def hex_points(x: float, y: float, size: float = HEX_SIZE) -> str:
    """The six corners of the pointy-top hex centred on (x, y), as an SVG ``points`` string."""
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 90)
        corners.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(corners)
