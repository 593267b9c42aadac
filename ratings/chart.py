"""A rating history as the numbers of a server-rendered SVG line chart.

Readable without colour: every game is a marker (filled for a win, hollow otherwise), the
first, last, highest and lowest ratings are written beside their markers, and each marker has
a title in words; the page also gives the same figures as a table.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

WIDTH, HEIGHT = 480, 220
#: Room for the axis labels (left, bottom) and the marker labels (top, right), in user units.
LEFT, RIGHT, TOP, BOTTOM = 52, 34, 22, 30
#: The most recent changes drawn; the table lists them all.
MAX_POINTS = 60


def rating_chart(changes: list) -> dict[str, Any] | None:
    """The chart of ``changes`` (RatingChange rows, oldest first), or None without any.

    Returns {"view_box", "width", "height", "points": [{x, y, value (rating after, rounded to
    0.1), number (the game's rank in the history, from 1), win, label (value text or None),
    title}], "line" (SVG polyline points), "ticks": [{y, value}], "left", "right", "bottom",
    "top", "first_number", "last_number"}; coordinates in user units, rounded to 0.1.
    """
    if not changes:
        return None
    total = len(changes)
    shown = changes[-MAX_POINTS:]
    first_number = total - len(shown) + 1
    values = [change.ordinal_before for change in shown[:1]] + [c.ordinal_after for c in shown]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x_of(index: int) -> float:
        return round(LEFT + span_x * index / max(len(shown), 1), 1)

    def y_of(value: float) -> float:
        return round(TOP + span_y * (high - value) / (high - low), 1)

    labelled = {0, len(values) - 1, values.index(max(values)), values.index(min(values))}
    points = []
    for index, value in enumerate(values):
        change = shown[index - 1] if index else None
        number = first_number + index - 1
        text = f"{value:.1f}"
        if change is None:
            title = _("Before game %(number)s: %(rating)s") % {"number": number + 1, "rating": text}
        else:
            title = _("After game %(number)s (place %(place)s): %(rating)s") % {
                "number": number,
                "place": change.place,
                "rating": text,
            }
        points.append(
            {
                "x": x_of(index),
                "y": y_of(value),
                "value": round(value, 1),
                "number": number,
                "win": change is not None and change.place == 1,
                "label": text if index in labelled else None,
                "title": title,
            }
        )
    ticks = [{"y": y_of(v), "value": f"{v:.1f}"} for v in (high, (high + low) / 2, low)]
    return {
        "view_box": f"0 0 {WIDTH} {HEIGHT}",
        "width": WIDTH,
        "height": HEIGHT,
        "points": points,
        "line": " ".join(f"{p['x']},{p['y']}" for p in points),
        "ticks": ticks,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "first_number": first_number,
        "last_number": total,
    }
