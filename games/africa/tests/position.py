"""Build Africa positions for rule tests.

``position`` starts a real game (the ``layout`` option places the face-down markers a test will
uncover, and the researchers take start cities with real ``start`` actions), then edits the
state the way a game could have reached it: markers turned face up or taken off the board,
researchers moved, goods and nuggets handed out. The edits ignore the marker mix (a test may
show a seventh elephant); everything after that goes through ``engine.apply``.
"""

from __future__ import annotations

import copy
from typing import Any

from games.engines import get_engine

ENGINE = get_engine("africa")
START_CITIES = ["C2", "I3", "D7", "K10", "H16"]


def position(
    num_players: int = 2,
    *,
    researchers: list[str] | None = None,
    face_up: dict[str, str] | None = None,
    empty: tuple[str, ...] | list[str] = (),
    camps: tuple[str, ...] = (),
    layout: dict[str, str] | None = None,
    players: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    monuments_found: int | None = None,
    supply: int | None = None,
    seed: int = 1,
) -> dict[str, Any]:
    """A state in play, seat 0 to act at the start of its turn.

    ``researchers``: each seat's cell (a cell with a face-down marker there is cleared unless
    ``face_up`` names it); ``face_up`` {cell: code}: markers lying face up; ``empty``: cells with
    nothing on them; ``camps``: cells with a base camp; ``players``: per seat, fields of the
    player to set ("goods", "gold", "jewels", "camps", "score"); ``monuments_found`` and
    ``supply`` set those counters.
    """
    options = {**(options or {}), "layout": layout or {}}
    state = ENGINE.initial_state(num_players=num_players, seed=seed, options=options)
    for city in START_CITIES[:num_players]:
        state = ENGINE.apply(state, f"start {city}")
    state = copy.deepcopy(state)
    hidden, shown = state["hidden"], state["shown"]
    for cell, code in (face_up or {}).items():
        hidden.pop(cell, None)
        shown[cell] = code
    for cell in [*empty, *camps]:
        hidden.pop(cell, None)
        shown.pop(cell, None)
    state["camps"] = list(camps)
    if researchers is not None:
        for cell in researchers:
            if cell not in shown:
                hidden.pop(cell, None)
        state["researchers"] = list(researchers)
    for player, fields in zip(state["players"], players or [], strict=False):
        player.update(copy.deepcopy(fields))
    if monuments_found is not None:
        state["monuments_found"] = monuments_found
    if supply is not None:
        state["supply"] = supply
    state["events"] = []
    return state


def play(state: dict[str, Any], *actions: str) -> dict[str, Any]:
    """The state after applying ``actions`` one by one."""
    for action in actions:
        state = ENGINE.apply(state, action)
    return state


def score(state: dict[str, Any], seat: int = 0) -> int:
    """Seat ``seat``'s running total."""
    return ENGINE.scores(state)[seat]
