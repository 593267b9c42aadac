"""What the Africa rules allow in a state: empty cells, neighbour values, researcher moves and
the actions open to the player whose turn it is. Read-only helpers of ``games.engines.africa``.
"""

from __future__ import annotations

from typing import Any

from games.engines.africa_data import ANIMAL, NOMAD, board, marker_mix
from games.engines.base import State

BOARD = board()
MIX = marker_mix()
ADJ = BOARD.adjacent
KIND = MIX.kind
CAMP_USES = ("research", "resources")


def slots(state: State) -> int:
    """Action slots per turn: 2, or 1 in the simple variant (rulebook "Simple Game Variant")."""
    return 1 if state["variant"] == "simple" else 2


def non_empty_cells(state: State) -> set[str]:
    """Cells that are not empty (ruling 3): a marker, face up or down, or a base camp."""
    occupied = set(state["hidden"])
    occupied.update(state["shown"])
    occupied.update(state["camps"])
    return occupied


def value(state: State, occupied: set[str], code: str, cell: str, vacated: str | None) -> int:
    """Neighbours that count for an animal or nomad ``code`` on ``cell`` (ruling 4).

    Animal: face-up animals of the same kind around ``cell``; nomad: empty cells around it.
    ``vacated`` is the cell the marker leaves, counted as having nothing on it.
    """
    if KIND[code] == NOMAD:
        return sum(1 for n in ADJ[cell] if n == vacated or n not in occupied)
    shown = state["shown"]
    return sum(1 for n in ADJ[cell] if n != vacated and shown.get(n) == code)


def better_cells(state: State, code: str, origin: str) -> list[str]:
    """Empty cells where ``code`` from ``origin`` has more neighbours that count (rules 5, 7)."""
    occupied = non_empty_cells(state)
    before = value(state, occupied, code, origin, None)
    if KIND[code] == NOMAD:
        candidates = BOARD.cells
    else:
        shown = state["shown"]
        candidates = {n for c, m in shown.items() if m == code and c != origin for n in ADJ[c]}
    return [
        cell for cell in candidates
        if cell not in occupied and value(state, occupied, code, cell, origin) > before
    ]


def placements(state: State, pending: dict[str, Any]) -> list[str]:
    """Cells where a pending uncovered animal or nomad may go: its own, or better (ruling 5)."""
    return [pending["cell"], *better_cells(state, pending["marker"], pending["cell"])]


def swaps(state: State, code: str) -> list[str]:
    """``swap P<n> <kind>`` actions open to the current player for new goods ``code`` (6)."""
    mine = state["players"][state["current"]]["goods"].get(code, 0)
    return [
        f"swap P{seat + 1} {kind}"
        for seat, player in enumerate(state["players"]) if seat != state["current"]
        for kind, count in player["goods"].items() if kind != code and 0 < count <= mine
    ]


def blocked_cells(state: State) -> set[str]:
    """Cells no researcher may enter or cross: a face-down marker or a researcher on them."""
    blocked = set(state["hidden"])
    blocked.update(c for c in state["researchers"] if c)
    return blocked


def move_targets(state: State, origin: str) -> list[str]:
    """Cells 1 or 2 steps from ``origin`` that a researcher may reach (rulebook "Researchers
    move", ruling 2): nothing blocked on the way or at the end."""
    blocked = blocked_cells(state)
    return [
        cell for cell, via in BOARD.within_two[origin].items()
        if cell not in blocked and (not via or any(v not in blocked for v in via))
    ]


def turn_actions(state: State) -> list[str]:
    """The current player's actions when no decision is pending (ruling 2), unsorted."""
    seat = state["current"]
    here = state["researchers"][seat]
    actions = ["end"]
    if not state["moved"]:
        actions.extend(f"move {cell}" for cell in move_targets(state, here))
        if state["slot"] == 0:
            blocked = blocked_cells(state)
            actions.extend(f"anywhere {c}" for c in BOARD.cells if c not in blocked)
    hidden, shown = state["hidden"], state["shown"]
    actions.extend(f"uncover {cell}" for cell in ADJ[here] if cell in hidden)
    for origin in (here, *ADJ[here]):
        code = shown.get(origin)
        if code is not None and KIND[code] in (ANIMAL, NOMAD):
            word = KIND[code]
            actions.extend(f"{word} {origin} {c}" for c in better_cells(state, code, origin))
    if state["players"][seat]["camps"] and here not in non_empty_cells(state):
        actions.extend(f"camp {use}" for use in CAMP_USES)
    return actions
