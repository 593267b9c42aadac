"""The Africana map and cards, read once from ``africana.json`` beside this module.

The published map and card texts are not public; the data file is the project's estimate and
keeps every count of the rulebook (Game Components). Everything here is read-only.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

_DATA: dict[str, Any] = json.loads(
    files("games.africana.engine").joinpath("africana.json").read_text(encoding="utf-8")
)

COLORS: tuple[str, ...] = tuple(_DATA["colors"])
"""The five travel colours, in the order of the data file."""

COMPANIES: tuple[dict[str, Any], ...] = tuple(_DATA["companies"])
"""Seat i plays ``COMPANIES[i]``: id, colour, start location, starting silver (ruling 1)."""

TRAVEL_CARDS_PER_COLOR: int = _DATA["travel_cards_per_color"]
ASSISTANTS_PER_COLOR: int = _DATA["assistants_per_color"]
C_CARDS_REMOVED: dict[int, int] = {int(k): v for k, v in _DATA["c_cards_removed"].items()}

HAND_LIMIT = 5
ADVENTURE_LIMIT = 3
MARKERS = 4
SLOTS = 5
ADVENTURE_PRICE = 5
RECOLOR_PRICE = 5

# Joining bonus per slot (ruling 2): ("travel", 1) draws a travel card, ("silver", n) pays n.
SLOT_BONUS: tuple[tuple[str, int], ...] = tuple(
    ("travel", 1) if entry["bonus"] == "travel card" else ("silver", int(entry["bonus"].split()[0]))
    for entry in sorted(_DATA["joining_bonus"], key=lambda entry: entry["slot"])
)

EXPEDITIONS: dict[str, dict[str, Any]] = {card["id"]: card for card in _DATA["expeditions"]}
"""Expedition id -> {"id", "back": "A" | "B" | "C", "start", "target", "silver", "vp"}."""

ADVENTURES: dict[str, dict[str, Any]] = {card["id"]: card for card in _DATA["adventures"]}
"""Adventure id -> {"id", "book", "target", "kind": "artifact" | "assistant", ...}.

Artifact adventures carry "artifact", "silver" and "vp"; assistant adventures "assistant" (a
colour).
"""

ARTIFACTS: tuple[str, ...] = tuple(
    sorted({card["artifact"] for card in ADVENTURES.values() if card["kind"] == "artifact"})
)

BOOKS: tuple[str, ...] = ("north", "south")
BOOK_CARDS: dict[str, tuple[str, ...]] = {
    book: tuple(sorted(cid for cid, card in ADVENTURES.items() if card["book"] == book))
    for book in BOOKS
}


class Board:
    """The map: 22 locations, the travel routes between them and the colours shown at each.

    ``locations`` is the tuple of location ids (``"cape-town"``); ``routes(loc)`` gives the
    neighbour ids, ``colors(loc)`` the one or two travel colours a step into ``loc`` needs and
    ``book(loc)`` the book the explorer may use there ("north" or "south" of the equator) and
    ``position(loc)`` the place's approximate real longitude and latitude. Unknown ids raise
    KeyError.
    """

    def __init__(self, data: dict[str, Any]):
        self.locations: tuple[str, ...] = tuple(loc["id"] for loc in data["locations"])
        self._colors = {loc["id"]: tuple(loc["travel_colors"]) for loc in data["locations"]}
        self._position = {
            loc["id"]: (float(loc["lon"]), float(loc["lat"])) for loc in data["locations"]
        }
        self._book = {
            loc["id"]: "north" if loc["hemisphere"] == "N" else "south" for loc in data["locations"]
        }
        neighbors: dict[str, list[str]] = {loc: [] for loc in self.locations}
        for a, b in data["routes"]:
            neighbors[a].append(b)
            neighbors[b].append(a)
        self._routes = {loc: tuple(sorted(near)) for loc, near in neighbors.items()}

    def routes(self, loc: str) -> list[str]:
        """The ids of the locations joined to ``loc`` by a travel route, sorted."""
        return list(self._routes[loc])

    def colors(self, loc: str) -> list[str]:
        """The travel colours shown at ``loc`` (1 or 2): a step into it plays one of them."""
        return list(self._colors[loc])

    def book(self, loc: str) -> str:
        """The book an explorer at ``loc`` may buy from: "north" or "south".

        Rulebook: Buy adventure cards.
        """
        return self._book[loc]

    def position(self, loc: str) -> tuple[float, float]:
        """The approximate real position of ``loc`` as (longitude, latitude) in degrees, east
        and north positive (``lon``/``lat`` in the data file), for drawing the map; the rules
        never use it (the books go by ``book``)."""
        return self._position[loc]


BOARD = Board(_DATA)

# Tables of the map for the engine's hot paths (the same answers as BOARD's methods).
NEIGHBORS: dict[str, frozenset[str]] = {
    loc: frozenset(BOARD.routes(loc)) for loc in BOARD.locations
}
"""Location id -> the ids joined to it by a travel route (``BOARD.routes`` as a set)."""

STEP_COLORS: dict[str, tuple[str, ...]] = {loc: tuple(BOARD.colors(loc)) for loc in BOARD.locations}
"""Location id -> the travel colours a step into it needs (``BOARD.colors``)."""

BOOK_AT: dict[str, str] = {loc: BOARD.book(loc) for loc in BOARD.locations}
"""Location id -> the book an explorer there may use (``BOARD.book``)."""
