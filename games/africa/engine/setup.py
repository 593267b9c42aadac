"""Africa's game set-up (rulebook "Game Setup", "Special Variant for 2 Players"; ruling 1) and
the options that change it."""

from __future__ import annotations

import random
from typing import Any

from games.africa.engine.legal import BOARD, MIX
from games.engines.base import State

OPTIONS = {"variant": ("standard", "simple"), "tie_rounding": ("down", "up")}
CAMPS_IN_HAND = 2


def initial_state(num_players: int, seed: int, options: dict[str, Any] | None) -> State:
    """The state before the start cities are chosen (rulebook "Game Setup").

    ``options``: "variant" ("standard" | "simple"), "tie_rounding" ("down" | "up"),
    "layout" ({cell: marker code}: the face-down markers of those cells; the other cells
    get the rest of the mix, shuffled with ``random.Random(seed)``). With 2 players the
    supply has 8 camps and the 9th monument ends the game (rulebook "Special Variant for
    2 Players"). Raises ValueError for a player count out of 2..5, an unknown option or
    value, or a layout that does not fit the board and the mix.
    """
    if not isinstance(num_players, int) or not 2 <= num_players <= 5:
        raise ValueError(f"Africa is for 2 to 5 players, not {num_players!r}")
    options = dict(options or {})
    layout = options.pop("layout", None) or {}
    for key, value in options.items():
        if key not in OPTIONS:
            raise ValueError(f"unknown option {key!r} for Africa")
        if value not in OPTIONS[key]:
            raise ValueError(f"option {key!r} must be one of {OPTIONS[key]}, not {value!r}")
    two = num_players == 2
    return {
        "num_players": num_players,
        "variant": options.get("variant", "standard"),
        "tie_rounding": options.get("tie_rounding", "down"),
        "hidden": deal(layout, seed),
        "shown": {},
        "camps": [],
        "researchers": [None] * num_players,
        "players": [
            {"score": 0, "goods": {}, "gold": 0, "jewels": 0, "camps": CAMPS_IN_HAND}
            for _seat in range(num_players)
        ],
        "supply": 8 if two else 10,
        "monuments_found": 0,
        "monuments_to_end": 9 if two else 11,
        "phase": "setup",
        "current": 0,
        "slot": 0,
        "moved": False,
        "pending": None,
        "final": None,
        "events": [],
    }


def deal(layout: dict[str, str], seed: int) -> dict[str, str]:
    """The face-down markers {cell: code}: ``layout`` plus the rest of the mix, seeded.

    Raises ValueError for a layout naming an unknown cell, a start city, an unknown marker
    code or more markers of a code than the mix has.
    """
    if not isinstance(layout, dict):
        raise ValueError("option 'layout' must map cell ids to marker codes")
    left = dict(MIX.counts)
    for cell, code in layout.items():
        if cell not in BOARD.adjacent:
            raise ValueError(f"layout: {cell!r} is not a cell of the board")
        if cell in BOARD.start_cities:
            raise ValueError(f"layout: {cell} is a start city and has no marker")
        if code not in left:
            raise ValueError(f"layout: {code!r} is not a marker code")
        if left[code] == 0:
            raise ValueError(f"layout: more {code} markers than the mix has")
        left[code] -= 1
    rest = [code for code, count in left.items() for _n in range(count)]
    random.Random(seed).shuffle(rest)
    free = [cell for cell in BOARD.marker_cells if cell not in layout]
    hidden = dict(zip(free, rest, strict=True))
    hidden.update(layout)
    return {cell: hidden[cell] for cell in BOARD.marker_cells}
