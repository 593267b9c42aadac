"""Step 4b, mapping a blank hex (nile.md turn sequence 4b; rulings 3, 4, 19, 29-31; tables
``terrain_key``, ``mountain_height``, ``rivers``, ``cataract``, ``oasis``).

Dice order: copy die, second copy die; key die, second key die; 3 mountain dice; extra-lake
card; river card, exit die, one die per new branch; cataract die, 4 height dice; oasis die.
A roll that is not needed is skipped.
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.core import G, rules_version
from games.nile.engine.data import (
    CARDS,
    NEIGHBORS,
    NEW_LAKE_AREA,
    PARTS,
    SIDES,
    TABLES,
    TERRAIN_KEY,
    WHITE_NILE_FROM,
    WHITE_NILE_HEX,
    ZONE,
)

_CATARACT: dict[str, list[int]] = TABLES["cataract"]["chance_d6"]
_SECOND_ROLL = frozenset(TABLES["terrain_key"]["second_roll_if"])
_COMBINE = {frozenset(pair[:2]): pair[2] for pair in TABLES["terrain_key"]["combine"]}
NILE_MIN_LENGTH: int = TABLES["rivers"]["white_nile_min_length"]

assert CARDS  # the deck is read by G.card


def terrain(hexes: dict[str, Any], hid: str) -> str | None:
    """The terrain of ``hid``, or None while it is blank."""
    h = hexes.get(hid)
    return None if h is None else h["terrain"]


def lake_or_swamp(t: str | None) -> bool:
    """Whether terrain ``t`` has a lake or swamp part."""
    return t is not None and ("lake" in PARTS[t] or "swamp" in PARTS[t])


def nile_length(hexes: dict[str, Any], start: str) -> int | None:
    """River hexes from ``start`` (counted) to Khartoum along mapped ``out`` links when the
    path enters Khartoum from the White Nile side; None when it does not (ruling 19)."""
    seen = {start}
    frontier = [start]
    dist = 1
    while frontier:
        nxt = []
        for hid in frontier:
            h = hexes.get(hid)
            if h is None or h["river"] is None:
                continue
            for out in h["river"]["out"]:
                if hid == WHITE_NILE_FROM and out == WHITE_NILE_HEX:
                    return dist
                if out not in seen and out in hexes and out != WHITE_NILE_HEX:
                    seen.add(out)
                    nxt.append(out)
        frontier = nxt
        dist += 1
    return None


def _reaches(hexes: dict[str, Any], start: str, target: str) -> bool:
    """Whether the mapped downstream path from ``start`` reaches ``target``."""
    seen = {start}
    frontier = [start]
    while frontier:
        hid = frontier.pop()
        h = hexes.get(hid)
        if h is None or h["river"] is None:
            continue
        for out in h["river"]["out"]:
            if out == target:
                return True
            if out in hexes and out not in seen:
                seen.add(out)
                frontier.append(out)
    return False


def _swampify(t: str) -> str:
    return "jungle_swamp" if "jungle" in PARTS[t] else "swamp"


def _choose_terrain(g: G, b: str) -> str:
    hexes = g.s["hexes"]
    for _ in range(2):
        d = g.die()
        side = SIDES[b][d - 1]
        t = terrain(hexes, side) if side not in ("sea", "edge") else None
        g.roll_decided("copy", d, side, "blank" if t is None else "copied", terrain=t)
        if t is not None:
            return t
    key = TERRAIN_KEY[ZONE[b]]
    d = g.die()
    first = key[d - 1]
    again = "again" if first in _SECOND_ROLL else "terrain"
    g.roll_decided("key", d, ZONE[b], again, terrain=first)
    if first in _SECOND_ROLL:
        d = g.die()
        second = key[d - 1]
        t = _COMBINE.get(frozenset((first, second)), first)
        g.roll_decided("key", d, ZONE[b], "combined", terrain=second, result=t)
        return t
    return first


def _desert_jungle(hexes: dict[str, Any], b: str, t: str) -> str:
    """Desert next to jungle (either way) becomes veldt (ruling 31)."""
    around = [terrain(hexes, n) for n in NEIGHBORS[b]]
    if t == "desert" and any(x and "jungle" in PARTS[x] for x in around):
        return "veldt"
    if "jungle" in PARTS[t] and any(x and "desert" in PARTS[x] for x in around):
        return "veldt"
    return t


def _lake(g: G, b: str) -> None:
    """A lake hex founds a lake or, next to a lake, adds its card's area (ruling 29)."""
    s = g.s
    joined = sorted(
        {s["hexes"][n]["lake"] for n in NEIGHBORS[b] if n in s["hexes"] and s["hexes"][n]["lake"]}
    )
    if joined:
        card = g.card()
        area = card["lake_sq_mi"] if card else 0
    else:
        area = NEW_LAKE_AREA
    lakes = [s["lakes"].pop(lid) for lid in joined]
    members = sorted([b] + [x for lake in lakes for x in lake["hexes"]])
    lid = members[0]
    s["lakes"][lid] = {
        "hexes": members,
        "area_sq_mi": area + sum(lake["area_sq_mi"] for lake in lakes),
        "tier": max([0] + [lake["tier"] for lake in lakes]),
    }
    for x in members:
        if s["hexes"][x]["lake"] != lid:
            g.hex(x)["lake"] = lid


def _legal_exit(hexes: dict[str, Any], b: str, side: str, fed: list[str]) -> bool:
    if side in ("sea", "edge"):
        return True
    if side in fed:
        return False
    h = hexes.get(side)
    if h is None:
        return True
    if not (lake_or_swamp(h["terrain"]) or h["river"] is not None):
        return False
    return not h["source"] and not _reaches(hexes, side, b)


def _branches(g: G, b: str, n: int, used: list[str]) -> list[str]:
    hexes = g.s["hexes"]
    found: list[str] = []
    for _ in range(n):
        d = g.die()
        for i in range(6):
            side = SIDES[b][(d - 1 + i) % 6]
            if side not in ("sea", "edge") and side not in hexes and side not in used + found:
                found.append(side)
                g.roll_decided("branch", d, SIDES[b][d - 1], "branch", to=side)
                break
        else:
            g.roll_decided("branch", d, SIDES[b][d - 1], "none")
    return found


def _rivers(g: G, b: str, h: dict[str, Any]) -> None:
    """``rivers.mapping_steps`` 1-7 (with rulings 19 and 30)."""
    hexes = g.s["hexes"]
    fed = [
        n
        for n in NEIGHBORS[b]
        if n in hexes and hexes[n]["river"] and b in hexes[n]["river"]["out"]
    ]
    drains = [
        n
        for n in NEIGHBORS[b]
        if n in hexes and hexes[n]["river"] and b in hexes[n]["river"]["open"]
    ]
    if len(drains) >= 2 and not lake_or_swamp(h["terrain"]):
        h["terrain"] = _swampify(h["terrain"])
    out: list[str] = []
    n_branches = 0
    dead_end = False
    if lake_or_swamp(h["terrain"]):
        out = list(drains)
    else:
        card = g.card()
        kind = card["river"] if card else "none"
        if not (fed or drains or kind != "none"):
            return
        if drains:
            out = [drains[0]]
        else:
            d = g.die()
            for i in range(6):
                side = SIDES[b][(d - 1 + i) % 6]
                if _legal_exit(hexes, b, side, fed):
                    out = [side]
                    g.roll_decided("exit", d, SIDES[b][d - 1], "exit", to=side)
                    break
            else:
                h["terrain"] = _swampify(h["terrain"])
                g.roll_decided("exit", d, SIDES[b][d - 1], "swamp")
                dead_end = rules_version(g.s) >= 2  # the river ends there (ruling 45)
        if not lake_or_swamp(h["terrain"]):
            n_branches = {
                "none": 0,
                "source": 0,
                "river": 0 if fed else 1,
                "fork": 1 if fed else 2,
            }[kind]
    for n in drains:
        if n in out:
            g.hex(n)["river"]["open"].remove(b)
    h["river"] = {"out": out, "open": []}
    opened = _branches(g, b, n_branches, out)
    # Step 6 raises a branch count of 0 to 1 and nothing else (rulings 19, 30); version 1
    # also rolled again after branch dice that opened nothing.
    if not opened and (n_branches == 0 or rules_version(g.s) < 2):
        length = nile_length(hexes, b)
        if length is not None and length < NILE_MIN_LENGTH:
            opened = _branches(g, b, 1, out)
    h["river"]["open"] = opened
    if not (out or opened or fed or dead_end):
        h["river"] = None
    h["source"] = bool(out) and not fed and not opened


def map_hex(g: G, b: str) -> dict[str, Any]:
    """Map blank hex ``b`` for the current seat (4b); its new entry."""
    hexes = g.s["hexes"]
    t = _desert_jungle(hexes, b, _choose_terrain(g, b))
    h = g.hex(b)
    h["terrain"] = t
    h["mapped_by"] = [g.s["seat"]]
    if "mountains" in PARTS[t]:
        product = g.die() * g.die() * g.die()
        h["mountain_ft"] = (product + 100) * 100
        g.roll_decided("mountain", product, None, "height", height=h["mountain_ft"])
    if t == "lake":
        _lake(g, b)
    _rivers(g, b, h)
    if "mountains" not in PARTS[h["terrain"]]:
        h["mountain_ft"] = None
    parts = PARTS[h["terrain"]]
    if h["river"] is not None and not lake_or_swamp(h["terrain"]):
        chance = _CATARACT[
            "mountains" if "mountains" in parts else "jungle" if "jungle" in parts else h["terrain"]
        ]
        d = g.die()
        if d in chance:
            h["cataract_ft"] = g.die() * g.die() * g.die() * g.die()
            g.roll_decided("cataract", d, chance, "cataract", height=h["cataract_ft"])
        else:
            g.roll_decided("cataract", d, chance, "none")
    if h["terrain"] == "desert" and h["river"] is None:
        d = g.die()
        g.roll_decided("oasis", d, "odd", "found" if d % 2 == 1 else "missed")
        if d % 2 == 1:
            h["oasis"] = True
            h["oasis_by"] = g.ex["eid"]
    g.s["turn"]["mapped"].append(b)
    return h
