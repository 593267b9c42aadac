"""The Source of the Nile map and tables, read once from ``nile-*.json`` beside this module.

The map (``nile-map.json``) and the tables (``nile-tables.json``) are the specification's data
(nile.md); everything here is read-only. ``BOARD`` is the engine's ``board`` attribute.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any


def _load(name: str) -> dict[str, Any]:
    return json.loads(files("games.nile.engine").joinpath(name).read_text(encoding="utf-8"))


MAP: dict[str, Any] = _load("nile-map.json")
TABLES: dict[str, Any] = _load("nile-tables.json")

DIRECTIONS: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
"""The six sides in clockwise order; die n picks ``DIRECTIONS[n - 1]`` (map.die_directions)."""

HEXES: dict[str, dict[str, Any]] = {h["id"]: h for h in MAP["hexes"]}
HEX_IDS: tuple[str, ...] = tuple(sorted(HEXES))
NEIGHBORS: dict[str, tuple[str, ...]] = {
    hid: tuple(h["neighbors"][d] for d in DIRECTIONS if d in h["neighbors"])
    for hid, h in HEXES.items()
}
SIDES: dict[str, tuple[str, ...]] = {
    hid: tuple(
        h["neighbors"].get(d) or ("sea" if d in h["sea_sides"] else "edge") for d in DIRECTIONS
    )
    for hid, h in HEXES.items()
}
"""Per hex, what lies on each side in clockwise order from NE: a hex id, "sea" or "edge"."""

PORTS: dict[str, str] = {pid: p["hex"] for pid, p in MAP["ports"].items()}
PORT_OF_HEX: dict[str, str] = {hx: pid for pid, hx in PORTS.items()}
CAPE_COLONY: frozenset[str] = frozenset(MAP["cape_colony"])
KNOWN_1820: dict[str, str] = {hid: h["terrain"] for hid, h in HEXES.items() if h["known_1820"]}
PORT_STEPS: dict[str, int] = {hid: h["port_steps"] for hid, h in HEXES.items()}
ZONE: dict[str, str] = {hid: h["zone"] for hid, h in HEXES.items()}
WHITE_NILE_HEX: str = MAP["white_nile"]["hex"]
WHITE_NILE_FROM: str = MAP["white_nile"]["open_from"]

TERRAIN: dict[str, dict[str, Any]] = TABLES["terrain"]["types"]
PARTS: dict[str, frozenset[str]] = {t: frozenset(v["parts"]) for t, v in TERRAIN.items()}
LOST: dict[str, int] = {t: v["lost"] for t, v in TERRAIN.items()}
UPSTREAM_LOST: int = TABLES["terrain"]["upstream_lost"]
TERRAIN_KEY: dict[str, list[str]] = TABLES["terrain_key"]["by_zone"]
NEW_LAKE_AREA: int = TABLES["terrain_key"]["new_lake_area_sq_mi"]

MP: dict[str, dict[str, int]] = TABLES["movement"]["mp"]
LEVELS: tuple[str, ...] = ("cautious", "normal", "reckless")
MODES: tuple[str, ...] = ("canoe", "foot", "mounted")

PRICES: dict[str, int] = {
    kind: v["price"] for kind, v in TABLES["prices"].items() if isinstance(v, dict)
}
PRICE_WHERE: dict[str, Any] = {
    kind: v["where"] for kind, v in TABLES["prices"].items() if isinstance(v, dict)
}
PEOPLE: tuple[str, ...] = ("askari", "bearer", "guide")
GOODS: tuple[str, ...] = ("camel", "canoe", "gifts", "horse", "musket", "rations", "water")
LOTS: frozenset[str] = frozenset(TABLES["quantities"]["lots_of_10"])
TRADE_COST: dict[str, int] = TABLES["tribe_trade"]["cost_in_gifts"]

HUNTING: dict[str, list[int]] = TABLES["hunting"]["by_terrain"]
PROFESSIONS: tuple[str, ...] = tuple(
    sorted(k for k, v in TABLES["professions"].items() if isinstance(v, dict))
)
SCIENTISTS: frozenset[str] = frozenset({"botanist", "geologist", "zoologist"})
TALENTS: dict[str, dict[str, int]] = {
    k: {int(d): v for d, v in t.items()}
    for k, t in TABLES["natives"]["talents"].items()
    if k in ("doctor", "missionary")
}
VP: dict[str, Any] = TABLES["vp"]
TARGET_VP: dict[int, int] = {int(k): v for k, v in TABLES["end"]["target_vp_by_players"].items()}
MAX_ROUNDS: int = TABLES["end"]["max_rounds"]

CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in TABLES["cards"]["deck"]}
CARD_IDS: tuple[str, ...] = tuple(sorted(CARDS))

START_CASH: int = TABLES["europe"]["start_cash"]
PASSAGE: int = TABLES["europe"]["passage"]
HAND_LIMIT: int = TABLES["europe"]["hand_limit"]


def distance(a: str, b: str) -> int:
    """Hex steps between hexes ``a`` and ``b`` (axial coordinates)."""
    ha, hb = HEXES[a], HEXES[b]
    dq, dr = ha["q"] - hb["q"], ha["r"] - hb["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Board:
    """The map as the engine contract exposes it (``engine.board``): read-only lookups."""

    hexes: tuple[str, ...] = HEX_IDS
    ports: dict[str, str] = PORTS
    known_1820: dict[str, str] = KNOWN_1820
    cape_colony: frozenset[str] = CAPE_COLONY

    def neighbors(self, hex_id: str) -> tuple[str, ...]:
        """The map hexes next to ``hex_id``, clockwise from NE; KeyError for an unknown id."""
        return NEIGHBORS[hex_id]

    def port_steps(self, hex_id: str) -> int:
        """Fewest steps from ``hex_id`` to a port hex."""
        return PORT_STEPS[hex_id]

    def coords(self, hex_id: str) -> tuple[int, int]:
        """Axial (q, r) of ``hex_id``; the centre is x = sqrt(3)*(q + r/2), y = 1.5*r radii."""
        h = HEXES[hex_id]
        return h["q"], h["r"]


BOARD = Board()
