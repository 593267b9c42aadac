"""The board and the discovery-marker mix of Africa, loaded once from the package's data files.

``board.json`` holds the 101 cells (ids such as "E4", neighbors, the 5 start
cities); ``markers.json`` holds the 96 discovery markers by code, kind and count.
Both are the project's estimates of the published components (see the game's specification).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

# Marker kinds, as named in the marker file.
ANIMAL = "animal"
GOODS = "goods"
NOMAD = "nomad"
MONUMENT = "monument"
GOLD = "gold"
JEWELS = "jewels"


def _load(name: str) -> Any:
    data = resources.files("games.africa.engine").joinpath(name)
    return json.loads(data.read_text("utf-8"))


class Board:
    """The map of Africa as a graph of hexagonal cells.

    ``cells`` is the list of cell ids in the data file's order; ``start_cities`` maps the 5 start
    city cells to their names; ``neighbors(cell)`` lists the cells that border ``cell`` (raises
    KeyError for an unknown id). ``adjacent`` holds the same as tuples for the engine's loops.
    ``positions`` maps each cell to its axial coordinates (q, r) on the pointy-top hex grid, r
    growing southward, for drawing the board.
    """

    def __init__(self, data: dict[str, Any]):
        self.cells: list[str] = [cell["id"] for cell in data["cells"]]
        self.start_cities: dict[str, str] = dict(data["start_cities"])
        self.positions: dict[str, tuple[int, int]] = {
            cell["id"]: (cell["q"], cell["r"]) for cell in data["cells"]
        }
        self.adjacent: dict[str, tuple[str, ...]] = {
            cell["id"]: tuple(cell["neighbors"]) for cell in data["cells"]
        }
        # Cells within two steps, each with the cells a researcher may pass on the way there
        # (rulebook "Researchers move"): {origin: {destination: (via, ...)}}; a direct neighbour
        # has the empty tuple.
        self.within_two: dict[str, dict[str, tuple[str, ...]]] = {}
        for origin, first_ring in self.adjacent.items():
            reach: dict[str, tuple[str, ...]] = {cell: () for cell in first_ring}
            for via in first_ring:
                for cell in self.adjacent[via]:
                    if cell != origin and cell not in first_ring:
                        reach[cell] = reach.get(cell, ()) + (via,)
            self.within_two[origin] = reach
        self.marker_cells: tuple[str, ...] = tuple(
            cell for cell in self.cells if cell not in self.start_cities
        )
        self.by_upper: dict[str, str] = {cell.upper(): cell for cell in self.cells}

    def neighbors(self, cell: str) -> list[str]:
        """The ids of the cells bordering ``cell``. Raises KeyError for an unknown id."""
        return list(self.adjacent[cell])


class MarkerMix:
    """The discovery markers: ``counts`` {code: how many}, ``kind`` {code: kind}, ``value``
    {code: nuggets or gems} for gold and jewel markers, and the codes of each kind.
    """

    def __init__(self, data: dict[str, Any]):
        self.counts: dict[str, int] = {m["code"]: m["count"] for m in data["markers"]}
        self.kind: dict[str, str] = {m["code"]: m["kind"] for m in data["markers"]}
        self.value: dict[str, int] = {
            m["code"]: m["value"] for m in data["markers"] if "value" in m
        }
        self.goods: tuple[str, ...] = self.codes_of(GOODS)
        self.animals: tuple[str, ...] = self.codes_of(ANIMAL)

    def codes_of(self, kind: str) -> tuple[str, ...]:
        """The marker codes of ``kind``, in the data file's order."""
        return tuple(code for code, code_kind in self.kind.items() if code_kind == kind)

    def all_markers(self) -> list[str]:
        """One code per physical marker (96 in all), in the data file's order."""
        return [code for code, count in self.counts.items() for _ in range(count)]


@cache
def board() -> Board:
    """The shared board, loaded on first use."""
    return Board(_load("board.json"))


@cache
def marker_mix() -> MarkerMix:
    """The shared marker mix, loaded on first use."""
    return MarkerMix(_load("markers.json"))
