"""Set-up (nile.md, Scope and Engine contract): every seat in Europe with $1000 and no cards.

Options (anything else raises ValueError):

- ``"dice"``: ints 1-6, used before the hash dice;
- ``"deck"``: card ids put on top of the shuffled deck, in order;
- ``"professions"``: one per seat (skips the first choice);
- ``"target_vp"`` (default by seats, ruling 25) and ``"max_rounds"`` (40);
- ``"layout"``: {hex: {"terrain", "tribe"?: {"size", "attitude"}}} for blank or 1820 hexes,
  not ports or the Cape Colony, placed as mapped by nobody;
- ``"rules_version"``: 1, 2 or 3 (default ``core.RULES_VERSION``), the rules a game was played
  under, so that a game record replays by the rules of its time.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import State
from games.nile.engine.core import RULES_VERSION, RULES_VERSIONS, blank_hex, shuffle
from games.nile.engine.data import (
    CAPE_COLONY,
    CARD_IDS,
    HEXES,
    KNOWN_1820,
    MAP,
    MAX_ROUNDS,
    NEIGHBORS,
    NEW_LAKE_AREA,
    PORT_OF_HEX,
    PROFESSIONS,
    START_CASH,
    TARGET_VP,
    TERRAIN,
)
from games.nile.engine.party import new_explorer

OPTION_NAMES = frozenset(
    {"dice", "deck", "professions", "target_vp", "max_rounds", "layout", "rules_version"}
)


def new_turn(hex_id: str | None = None) -> dict[str, Any]:
    """The per-turn bookkeeping of the seat to play."""
    return {
        "start_hex": hex_id,
        "moved": False,
        "mapped": [],
        "friended": [],
        "gained": [],
        "lost": [],
        "rains": False,
        "drift": False,
        "traded": 0,
    }


def _positive_int(options: dict[str, Any], key: str, default: int) -> int:
    value = options.get(key, default)
    if type(value) is not int or value < 1:
        raise ValueError(f"{key} must be a positive integer")
    return value


def _check_options(num_players: int, options: dict[str, Any]) -> None:
    unknown = set(options) - OPTION_NAMES
    if unknown:
        raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
    dice = options.get("dice", [])
    if not isinstance(dice, list) or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
        raise ValueError("dice must be a list of integers 1-6")
    deck = options.get("deck", [])
    if (
        not isinstance(deck, list)
        or any(c not in CARD_IDS for c in deck)
        or len(set(deck)) < len(deck)
    ):
        raise ValueError("deck must list distinct card ids c01-c48")
    professions = options.get("professions")
    if professions is not None and (
        not isinstance(professions, list)
        or len(professions) != num_players
        or any(p not in PROFESSIONS for p in professions)
    ):
        raise ValueError("professions must give one known profession per seat")
    if options.get("rules_version", RULES_VERSION) not in RULES_VERSIONS:
        raise ValueError(f"rules_version must be one of {RULES_VERSIONS}")
    layout = options.get("layout", {})
    if not isinstance(layout, dict):
        raise ValueError("layout must map hex ids to terrain")
    for hid, entry in layout.items():
        if hid not in HEXES or hid in PORT_OF_HEX or hid in CAPE_COLONY:
            raise ValueError(f"layout: {hid} is no hex outside the ports and the Cape Colony")
        if not isinstance(entry, dict) or entry.get("terrain") not in TERRAIN:
            raise ValueError(f"layout: {hid} needs a known terrain")
        if set(entry) - {"terrain", "tribe"}:
            raise ValueError(f"layout: {hid} has unknown keys")
        tribe = entry.get("tribe")
        if tribe is not None and (
            not isinstance(tribe, dict)
            or type(tribe.get("size")) is not int
            or tribe["size"] < 1
            or type(tribe.get("attitude", 0)) is not int
        ):
            raise ValueError(f"layout: {hid} has a bad tribe")


def _known_hexes(layout: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hexes known at the start (1820 and layout) and the lakes."""
    hexes: dict[str, Any] = {}
    for hid, terrain in KNOWN_1820.items():
        h = blank_hex()
        h["terrain"] = terrain
        h["known_1820"] = True
        hexes[hid] = h
    for river in MAP["rivers_1820"]:
        for hid, to in river["flows_to"].items():
            r = hexes[hid]["river"] or {"out": [], "open": []}
            if to not in r["out"]:
                r["out"].append(to)
            for up in river["open_upstream"].get(hid, []):
                if up not in r["open"]:
                    r["open"].append(up)
            hexes[hid]["river"] = r
    lakes: dict[str, Any] = {}
    for lake in MAP["lakes_1820"]:
        lid = min(lake["hexes"])
        lakes[lid] = {"hexes": sorted(lake["hexes"]), "area_sq_mi": lake["area_sq_mi"], "tier": 0}
        for hid in lake["hexes"]:
            hexes[hid]["lake"] = lid
    for hid in sorted(layout):
        entry = layout[hid]
        h = hexes.get(hid) or blank_hex()
        h["terrain"] = entry["terrain"]
        tribe = entry.get("tribe")
        if tribe:
            h["tribe"] = {
                "size": tribe["size"],
                "attitude": tribe.get("attitude", 0),
                "friendly": [],
            }
        hexes[hid] = h
        if entry["terrain"] == "lake" and h["lake"] is None:
            join = sorted(
                {hexes[n]["lake"] for n in NEIGHBORS[hid] if n in hexes and hexes[n]["lake"]}
            )
            joined = [lakes.pop(lid) for lid in join]
            members = [hid] + [x for lake in joined for x in lake["hexes"]]
            area = NEW_LAKE_AREA + sum(lake["area_sq_mi"] for lake in joined)
            lid = min(members)
            lakes[lid] = {"hexes": sorted(members), "area_sq_mi": area, "tier": 0}
            for x in members:
                hexes[x]["lake"] = lid
    return hexes, lakes


def initial_state(num_players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """The state before seat 0's first choice. ValueError for seats outside 1-6 or bad options."""
    options = dict(options or {})
    if type(num_players) is not int or not 1 <= num_players <= 6:
        raise ValueError("Source of the Nile is for 1 to 6 players")
    if type(seed) is not int:
        raise ValueError("seed must be an integer")
    _check_options(num_players, options)
    target_vp = _positive_int(options, "target_vp", TARGET_VP[num_players])
    max_rounds = _positive_int(options, "max_rounds", MAX_ROUNDS)
    on_top = list(options.get("deck", []))
    rest = [c for c in shuffle(list(CARD_IDS), seed, 0) if c not in on_top]
    hexes, lakes = _known_hexes(options.get("layout", {}))
    version = options.get("rules_version", RULES_VERSION)
    tribes = 0
    if version >= 2:  # each tribe has its own name (rulings 4d, vp.tribe_rule)
        for hid in sorted(hexes):
            if hexes[hid]["tribe"] is not None:
                tribes += 1
                hexes[hid]["tribe"]["id"] = f"t{tribes}"
    professions = options.get("professions")
    players = []
    for seat in range(num_players):
        explorer = new_explorer(professions[seat], f"{seat}.0") if professions else None
        players.append(
            {
                "score": 0,
                "cash": START_CASH,
                "donations": [],
                "explorers_lost": 0,
                "explorer": explorer,
                "next_record": 1,
            }
        )
    first = "europe" if professions else "profession"
    return {
        "rules_version": version,
        "next_tribe": tribes + 1,
        "num_players": num_players,
        "seed": seed,
        "dice": list(options.get("dice", [])),
        "dice_at": 0,
        "die_n": 0,
        "rng_used": 0,
        "deck": {"draw": on_top + rest, "discard": [], "k": 0},
        "hexes": hexes,
        "lakes": lakes,
        "nile_source": None,
        "round": 1,
        "max_rounds": max_rounds,
        "target_vp": target_vp,
        "seat": 0,
        "phase": first,
        "pending": {"kind": first},
        "players": players,
        "turn": new_turn(),
        "enc": None,
        "published": {"battles": [], "specials": [], "tribes": []},
        "next_battle": 1,
        "events": [
            {
                "type": "setup",
                "kind": "setup",
                "seat": None,
                "dice": [],
                "card": None,
                "text": f"{num_players} players",
            }
        ],
        "final": None,
    }
