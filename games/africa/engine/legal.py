"""What the Africa rules allow in a state: empty cells, neighbor values, researcher moves and
the actions open to the player whose turn it is (``legal_actions``). Read-only helpers.
"""

from __future__ import annotations

from typing import Any

from games.africa.engine.data import ANIMAL, NOMAD, board, marker_mix
from games.engines.base import State

BOARD = board()
MIX = marker_mix()
ADJ = BOARD.adjacent
KIND = MIX.kind
CAMP_USES = ("research", "resources")
ALL_CELLS = frozenset(BOARD.cells)
NEAR = {cell: frozenset(around) for cell, around in ADJ.items()}

# Action strings, made once. Cell ids are letters and digits, which sort after the blank, so
# sorting the cells sorts the actions "<keyword> <cell>" and "<keyword> <cell> <cell>" too.
CAMP_ACTIONS = tuple(f"camp {use}" for use in sorted(CAMP_USES))
ANYWHERE = tuple((cell, f"anywhere {cell}") for cell in sorted(BOARD.cells))
# {origin: ((cell, via, "move <cell>"), ...)}, ``via`` as in ``Board.within_two``.
MOVES = {
    origin: tuple((cell, reach[cell], f"move {cell}") for cell in sorted(reach))
    for origin, reach in BOARD.within_two.items()
}
UNCOVERS = {
    cell: tuple((n, f"uncover {n}") for n in sorted(around)) for cell, around in ADJ.items()
}
# A researcher's cell and its neighbours, sorted: where the markers it may move can lie.
AROUND = {cell: tuple(sorted((cell, *around))) for cell, around in ADJ.items()}


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


# The better cells for an animal or nomad count as ``value`` does (ruling 4), with set intersections
# (``NEAR``: neighbours as sets); ``turn_actions`` shares the sets between the markers it moves.


def better_for_nomad(empty: set[str] | frozenset[str], origin: str) -> list[str]:
    """Empty cells where a nomad from ``origin`` has more empty neighbours (``origin`` counts
    as empty once it left), in ``sorted()`` order. ``empty``: every empty cell of the board."""
    before = len(NEAR[origin] & empty)
    empty_after = empty | {origin}
    return sorted([cell for cell in empty if len(NEAR[cell] & empty_after) > before])


def animal_counts(state: State, code: str, occupied: set[str]) -> tuple[set[str], dict[str, int]]:
    """The cells of the face-up animals ``code``, and for every empty cell next to one of them
    how many of them are around it: (cells, {empty cell: count})."""
    same = {cell for cell, marker in state["shown"].items() if marker == code}
    around = set().union(*[NEAR[cell] for cell in same]) - occupied
    return same, {cell: len(NEAR[cell] & same) for cell in around}


def better_for_animal(same: set[str], counts: dict[str, int], origin: str) -> list[str]:
    """Empty cells where the animal on ``origin`` has more face-up animals of its kind around,
    itself not counted, in ``sorted()`` order. ``same`` (with ``origin`` among them) and
    ``counts``: ``animal_counts``; only a cell next to another of them can be better."""
    near = NEAR[origin]
    before = len(near & same)
    # A cell next to ``origin`` loses the animal itself from its count (True counts as 1).
    return sorted([cell for cell, count in counts.items() if count - (cell in near) > before])


def better_cells(state: State, code: str, origin: str) -> list[str]:
    """Empty cells where ``code`` from ``origin`` has more neighbours that count (rules 5, 7),
    in ``sorted()`` order."""
    occupied = non_empty_cells(state)
    if KIND[code] == NOMAD:
        return better_for_nomad(ALL_CELLS - occupied, origin)
    return better_for_animal(*animal_counts(state, code, occupied), origin)


def placements(state: State, pending: dict[str, Any]) -> list[str]:
    """Cells where a pending uncovered animal or nomad may go: its own, or better (ruling 5)."""
    return [pending["cell"], *better_cells(state, pending["marker"], pending["cell"])]


def swaps(state: State, code: str) -> list[str]:
    """``swap P<n> <kind>`` actions open to the current player for new goods ``code`` (6)."""
    mine = state["players"][state["current"]]["goods"].get(code, 0)
    return [
        f"swap P{seat + 1} {kind}"
        for seat, player in enumerate(state["players"])
        if seat != state["current"]
        for kind, count in player["goods"].items()
        if kind != code and 0 < count <= mine
    ]


def blocked_cells(state: State) -> set[str]:
    """Cells no researcher may enter or cross: a face-down marker or a researcher on them."""
    blocked = set(state["hidden"])
    blocked.update(state["researchers"])
    blocked.discard(None)  # a researcher not yet on the board (set-up)
    return blocked


def _open_moves(blocked: set[str], origin: str) -> list[tuple[str, tuple[str, ...], str]]:
    """The entries (cell, via, action) of ``MOVES[origin]`` whose cell is not ``blocked`` and
    can be reached through a ``via`` cell that is not blocked (or directly)."""
    return [
        entry
        for entry in MOVES[origin]
        # "not all the ways are blocked": ``issuperset`` is the set form of all(v in blocked).
        if entry[0] not in blocked and (not entry[1] or not blocked.issuperset(entry[1]))
    ]


def move_targets(state: State, origin: str) -> list[str]:
    """Cells 1 or 2 steps from ``origin`` that a researcher may reach (rulebook "Researchers
    move", ruling 2): nothing blocked on the way or at the end. In ``sorted()`` order."""
    return [cell for cell, _via, _action in _open_moves(blocked_cells(state), origin)]


def turn_actions(state: State) -> list[str]:
    """The current player's actions when no decision is pending (ruling 2), in ``sorted()``
    order: the keywords' blocks are built in alphabetical order (animal, anywhere, camp, end,
    move, nomad, uncover) and each block in the sorted order of its cells.
    """
    seat = state["current"]
    here = state["researchers"][seat]
    hidden, shown = state["hidden"], state["shown"]
    occupied = non_empty_cells(state)
    animals: list[str] = []
    nomads: list[str] = []
    empty = None
    counts_of: dict[str, tuple[set[str], dict[str, int]]] = {}  # animal_counts per code
    for origin in AROUND[here]:
        code = shown.get(origin)
        if code is None:
            continue
        kind = KIND[code]
        if kind == ANIMAL:
            if code not in counts_of:
                counts_of[code] = animal_counts(state, code, occupied)
            cells = better_for_animal(*counts_of[code], origin)
            animals += [f"animal {origin} {cell}" for cell in cells]
        elif kind == NOMAD:
            if empty is None:
                empty = ALL_CELLS - occupied
            nomads += [f"nomad {origin} {cell}" for cell in better_for_nomad(empty, origin)]
    actions = animals
    moves = []
    if not state["moved"]:
        blocked = blocked_cells(state)
        moves = _open_moves(blocked, here)
        if state["slot"] == 0:
            actions += [action for cell, action in ANYWHERE if cell not in blocked]
    if state["players"][seat]["camps"] and here not in occupied:
        actions.extend(CAMP_ACTIONS)
    actions.append("end")
    actions += [action for _cell, _via, action in moves]
    actions += nomads
    actions += [action for cell, action in UNCOVERS[here] if cell in hidden]
    return actions


def legal_actions(state: State) -> list[str]:
    """Every legal action as a canonical string, sorted with ``sorted()``; [] at the end.

    Never empty while the game runs: ``end`` is legal whenever no decision is pending, a
    pending placement can always stay on its cell and pending goods can always be kept.
    """
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "setup":
        taken = set(state["researchers"])
        return sorted(f"start {c}" for c in BOARD.start_cities if c not in taken)
    pending = state["pending"]
    if pending is not None:
        if pending["type"] == "place":
            return sorted(f"place {c}" for c in placements(state, pending))
        return sorted(["keep", *swaps(state, pending["marker"])])
    return turn_actions(state)  # built in sorted() order


def timeout_action(state: State) -> str:
    """The action that ends a timed-out turn changing least (the site's timeout rule): leave an
    uncovered animal or nomad where it lies, keep uncovered goods, take the first free start
    city during set-up, else end the turn. Raises ValueError once the game is over."""
    phase = state["phase"]
    if phase == "over":
        raise ValueError("the game is over")
    pending = state["pending"]
    if pending is not None:
        return f"place {pending['cell']}" if pending["type"] == "place" else "keep"
    if phase == "setup":
        return legal_actions(state)[0]
    return "end"


#: The move notation: {keyword: how many words follow it}, the one table that
#: ``rules.apply``, ``rules.canonical`` and the kind's reader of typed lines
#: (``GameKind.notation``) read.
ARITY = {
    "start": 1,
    "anywhere": 1,
    "move": 1,
    "uncover": 1,
    "place": 1,
    "keep": 0,
    "swap": 2,
    "animal": 2,
    "nomad": 2,
    "camp": 1,
    "end": 0,
}
