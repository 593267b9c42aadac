"""Tribes (nile.md step 4c and rulings 5-7; table ``natives``): whether natives live in a hex
and how many (4c, the size lowered to the port distance D), a tribe's attitude and the
friendship that lapses below -4, and the attitude sums of the five policies (4d).
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.core import G, rules_version
from games.nile.engine.data import CAPE_COLONY, NEIGHBORS, PARTS, PORT_OF_HEX, PORT_STEPS

_PRESENCE = {
    "veldt": (2, 3, 4),
    "swamp": (2, 3, 4),
    "jungle": (2, 3, 4),
    "mountains": (5, 6),
}


def port_distance(hid: str) -> int:
    """D = 2 x ``port_steps`` (ruling 5)."""
    return 2 * PORT_STEPS[hid]


def change_attitude(g: G, hid: str, delta: int) -> None:
    """Add ``delta`` to the tribe's attitude; friendships lapse below -4 (ruling 7)."""
    tribe = g.hex(hid)["tribe"]
    if tribe is None:
        return
    tribe["attitude"] += delta
    if tribe["attitude"] < -4:
        tribe["friendly"] = []


def look_for_natives(g: G, hid: str) -> None:
    """4c: the first time this explorer enters a hex with no tribe, 2d6 for presence, then
    the size (product of 3 dice, one highest die lowered to D)."""
    s = g.s
    ex = g.ex
    h = s["hexes"][hid]
    if h["tribe"] is not None or hid in ex["looked"] or hid in PORT_OF_HEX or hid in CAPE_COLONY:
        return
    ex["looked"].append(hid)
    t = h["terrain"]
    ranges: set[int] = set()
    if h["river"] is not None:
        ranges.add(7)
    if h["oasis"] and (rules_version(s) < 2 or ex["oasis_found"] == hid):
        ranges.add(7)  # the oasis counts once found (table ``oasis``)
    for part in PARTS[t]:
        ranges.update(_PRESENCE.get(part, ()))
    if t == "lake" or any(s["hexes"].get(n, {}).get("terrain") == "lake" for n in NEIGHBORS[hid]):
        ranges.update((2, 3))
    roll = g.die() + g.die()
    if roll not in ranges:
        g.roll_decided("natives", roll, sorted(ranges), "none")
        g.event("no_natives", f"no natives in {hid}")
        return
    g.roll_decided("natives", roll, sorted(ranges), "found")
    dice = [g.die(), g.die(), g.die()]
    rolled = list(dice)
    d = port_distance(hid)
    top = dice.index(max(dice))
    if d < dice[top]:
        dice[top] = d
    size = dice[0] * dice[1] * dice[2]
    lowered = "lowered" if dice != rolled else "size"
    g.roll_decided("size", size, d, lowered, rolled=rolled, dice=dice)
    if size < 1:
        g.event("no_natives", f"no natives in {hid}")
        return
    tribe = g.hex(hid)["tribe"] = {"size": size, "attitude": 0, "friendly": []}
    if rules_version(s) >= 2:
        tribe["id"] = f"t{s['next_tribe']}"
        s["next_tribe"] += 1
    g.event("natives", f"a tribe of {size} in {hid}", hex=hid, size=size)


def friendly(g: G, hid: str) -> bool:
    """Whether the tribe of ``hid`` is friendly with the current explorer (attitude >= -4)."""
    tribe = g.s["hexes"][hid]["tribe"] if hid in g.s["hexes"] else None
    return bool(tribe) and g.s["seat"] in tribe["friendly"] and tribe["attitude"] >= -4


def tribe_key(tribe: dict[str, Any], hid: str) -> str:
    """What names a tribe in records and in an explorer's negotiations: its id (rules
    version 2: a new tribe where an old one died out is another tribe), else its hex."""
    return tribe.get("id", hid)


def attitude_sums(state: dict[str, Any], seat: int, hid: str) -> dict[str, int]:
    """4d: the attitude sum for each policy 1-5 ({"1": sum, ...})."""
    ex = state["players"][seat]["explorer"]
    h = state["hexes"][hid]
    askaris = ex["people"]["askari"]["healthy"]
    muskets = ex["goods"]["musket"]
    near = {hid, *NEIGHBORS[hid]}
    guide = any(not gd["sick"] and gd["hex"] in near for gd in ex["guides"])
    known = tribe_key(h["tribe"], hid) in ex["negotiated"] or h["published_by"] is not None
    sums = {}
    for policy in range(1, 6):
        total = port_distance(hid) + policy + h["tribe"]["attitude"]
        if policy >= 4 and askaris == 0:
            total += 2 if muskets else 3
        if known or (policy in (3, 5) and guide):
            total += 1
        if policy >= 4 and ex["profession"] == "missionary":
            total += 1
        sums[str(policy)] = total
    return sums
