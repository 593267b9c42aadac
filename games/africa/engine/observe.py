"""What each viewer of an Africa game may see: the only way hidden information leaves the engine.

Africa has no private hands: every seat and a spectator see the same thing, and a face-down
marker reads "hidden" until the game is over.
"""

from __future__ import annotations

from typing import Any

from games.africa.engine.legal import BOARD, slots
from games.engines.base import State


def observation(state: State, viewer: int | None) -> dict[str, Any]:
    """What seat ``viewer`` (or a spectator, None) sees; the same for every viewer.

    Shape (the contract in the game's specification): current_player, terminal,
    monuments_found, monuments_to_end, supply_camps, cells {id: {marker, researcher, camp,
    face_down}}, players [{score, goods, gold, jewels, camps}], final; plus phase, variant,
    slot, slots, moved, pending (None or {type: "place"|"goods", seat, marker, cell}) and
    the last action's events. A face-down marker reads "hidden" until the game is over.
    """
    return _view(state, show_hidden=state["phase"] == "over")


def revealed(state: State) -> dict[str, Any]:
    """The spectator's observation with every face-down marker shown by its code."""
    return _view(state, show_hidden=True)


def _view(state: State, show_hidden: bool) -> dict[str, Any]:
    over = state["phase"] == "over"
    hidden, shown, camps = state["hidden"], state["shown"], set(state["camps"])
    where = {cell: seat for seat, cell in enumerate(state["researchers"]) if cell}
    cells = {}
    for cell in BOARD.cells:
        face_down = cell in hidden
        if face_down:
            marker = hidden[cell] if show_hidden else "hidden"
        else:
            marker = shown.get(cell)
        cells[cell] = {
            "marker": marker,
            "researcher": where.get(cell),
            "camp": cell in camps,
            "face_down": face_down,
        }
    pending = state["pending"]
    return {
        "current_player": None if over else state["current"],
        "terminal": over,
        "phase": state["phase"],
        "variant": state["variant"],
        "monuments_found": state["monuments_found"],
        "monuments_to_end": state["monuments_to_end"],
        "supply_camps": state["supply"],
        "slot": state["slot"],
        "slots": slots(state),
        "moved": state["moved"],
        "pending": None if pending is None else {**pending, "seat": state["current"]},
        "cells": cells,
        "players": [{**player, "goods": dict(player["goods"])} for player in state["players"]],
        "final": None if state["final"] is None else [dict(f) for f in state["final"]],
        "events": [dict(event) for event in state["events"]],
    }
