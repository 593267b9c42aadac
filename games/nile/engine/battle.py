"""A battle with a hostile tribe (nile.md steps 4f-4g; rulings 8-9): the tribe hides, or
charges or ambushes; first fire, the natives' fire and counter-fire until one side breaks;
after a victory, V, the prisoners kept as bearers, the village found or not, and its loot. A
defeat goes on in ``captivity``. Each function returns what the encounter came to, as in
``natives``.
"""

from __future__ import annotations

from games.nile.engine.captivity import defeat
from games.nile.engine.core import G, rules_version
from games.nile.engine.data import PARTS
from games.nile.engine.party import lose_people
from games.nile.engine.scoring import battle_records
from games.nile.engine.tribes import change_attitude, port_distance


def hostile(g: G) -> str:
    """4f: the tribe hides or attacks (ambush or charge), then the battle."""
    s = g.s
    enc = s["enc"]
    hid = enc["hex"]
    ex = g.ex
    tribe = s["hexes"][hid]["tribe"]
    askaris = ex["people"]["askari"]["healthy"]
    policy = enc["policy"]
    if (askaris + 1) * port_distance(hid) > tribe["size"] * policy:
        g.event("hide", "the hostile tribe hides")
        return "done"
    high = max(g.die(), g.die())
    mounted = ex["mode"] == "mounted"
    desert = "desert" in PARTS[s["hexes"][hid]["terrain"]]
    high += 1 if mounted and not desert else -1 if not mounted and desert else 0
    charge = high >= policy
    g.roll_decided("charge", high, policy, "charge" if charge else "ambush")
    change_attitude(g, hid, -1)
    enc.update(askaris_start=askaris, natives_start=tribe["size"], survivors=tribe["size"])
    g.event("attack", "the natives charge" if charge else "the natives ambush")
    if charge:
        kills = min(askaris + (1 if ex["goods"]["musket"] else 0), enc["survivors"])
        enc["survivors"] -= kills
        mult = g.die()
        won = kills * mult > enc["survivors"] or enc["survivors"] == 0
        g.roll_decided(
            "first_fire",
            kills * mult,
            enc["survivors"],
            "victory" if won else "on",
            killed=kills,
            multiplier=mult,
        )
        if won:
            return victory(g)
    while True:
        divisor, mult = g.die(), g.die()
        killed = min(enc["survivors"] // divisor, ex["people"]["askari"]["healthy"])
        lose_people(ex, "askari", killed)
        lost = killed * mult > enc["askaris_start"] or ex["people"]["askari"]["healthy"] == 0
        g.roll_decided(
            "natives_fire",
            killed * mult,
            enc["askaris_start"],
            "defeat" if lost else "on",
            killed=killed,
            divisor=divisor,
            multiplier=mult,
            left=ex["people"]["askari"]["healthy"],
        )
        if lost:
            return defeat(g)
        divisor, mult = g.die(), g.die()
        killed = min((ex["people"]["askari"]["healthy"] + 1) // divisor + 1, enc["survivors"])
        enc["survivors"] -= killed
        won = killed * mult > enc["survivors"] or enc["survivors"] == 0
        g.roll_decided(
            "counter_fire",
            killed * mult,
            enc["survivors"],
            "victory" if won else "on",
            killed=killed,
            divisor=divisor,
            multiplier=mult,
        )
        if won:
            return victory(g)


def victory(g: G) -> str:
    """4g: battle records, V, then prisoners (a decision when any may be kept)."""
    enc = g.s["enc"]
    hid = enc["hex"]
    battle_records(g, hid, True)
    v = g.die()
    enc["V"] = v
    most = max(0, g.ex["people"]["askari"]["healthy"] - v)
    if rules_version(g.s) >= 2:  # prisoners are survivors (4g)
        most = min(most, enc["survivors"])
    g.roll_decided("v", v, g.ex["people"]["askari"]["healthy"], "prisoners", most=most)
    g.event("victory", f"victory; V = {v}")
    if most == 0:
        return keep(g, 0, 0)
    g.s["phase"] = "prisoners"
    g.s["pending"] = {"kind": "prisoners", "hex": hid, "max": most}
    return "pending"


def keep(g: G, kept: int, most: int) -> str:
    """4g: keep prisoners as bearers (freeing all of at least one: attitude +3), then look
    for the village."""
    enc = g.s["enc"]
    hid = enc["hex"]
    g.ex["people"]["bearer"]["healthy"] += kept
    if most >= 1 and kept == 0:
        change_attitude(g, hid, 3)
    size = enc["survivors"] - kept
    h = g.hex(hid)
    if size <= 0:
        h["tribe"] = None
    else:
        h["tribe"]["size"] = size
    roll = g.die() + g.die()
    found = roll <= enc["V"] + enc["policy"]
    g.roll_decided("village", roll, enc["V"] + enc["policy"], "found" if found else "missed")
    if not found:
        g.event("village", "the village is not found")
        return "done"
    g.event("village", "the village is found")
    if enc["V"] == 6:
        return loot(g)
    g.s["phase"] = "village"
    g.s["pending"] = {"kind": "village", "hex": hid}
    return "pending"


def loot(g: G) -> str:
    """4g: attitude -2, one die per native at the start of the encounter."""
    enc = g.s["enc"]
    hid = enc["hex"]
    change_attitude(g, hid, -2)
    parts = PARTS[g.s["hexes"][hid]["terrain"]]
    river = g.s["hexes"][hid]["river"] is not None or "lake" in parts or "swamp" in parts
    goods = g.ex["goods"]
    before = dict(goods)
    for _ in range(enc["natives_start"]):
        d = g.die()
        if d <= 4:
            goods["rations"] += d
        elif d == 5:
            goods["gifts"] += 1
        elif "desert" in parts:
            goods["camel"] += 1
        elif river:
            goods["canoe"] += 1
    found = {kind: goods[kind] - before[kind] for kind in ("rations", "gifts", "camel", "canoe")}
    g.roll_decided("loot", enc["natives_start"], None, "loot", **found)
    g.event("loot", "the village is looted")
    return "done"
