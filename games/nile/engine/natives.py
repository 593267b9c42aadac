"""Natives: steps 4c-4h and captivity (nile.md; rulings 5-10, 28, 36; table ``natives``).

Every function returns what the encounter came to: "pending" (a decision is asked, the phase
is set), "done" (the encounter is over: step 5 follows), "dead" (the explorer died) or
"captive" (he is a prisoner); the last two end the turn at once.

Dice order: attitude 3 dice; negotiation 2; insult 3; poison 2; attack 2; first fire 1;
natives' fire 2 (divisor, multiplier); counter-fire 2 (divisor, multiplier); V 1; after
``keep``, village 2; loot 1 per native; defeat die, then Table A (its die, a load die for *).
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.core import G, rules_version
from games.nile.engine.data import CAPE_COLONY, NEIGHBORS, PARTS, PORT_OF_HEX, PORT_STEPS, TALENTS
from games.nile.engine.party import empty_goods, lose_people
from games.nile.engine.scoring import add_record, battle_records

_PRESENCE = {
    "veldt": (2, 3, 4),
    "swamp": (2, 3, 4),
    "jungle": (2, 3, 4),
    "mountains": (5, 6),
}
_TABLE_A = {1: "guide", 2: "askari", 3: "bearer", 4: "camel", 5: "horse", 6: "canoe"}


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


def meet(g: G, hid: str) -> str:
    """A tribe met on entering ``hid`` (an ethnologist records it, ``vp.tribe_rule``):
    "pending" (choose a policy), or "none" when there is none or it is friendly (ruling 32)."""
    h = g.s["hexes"][hid]
    if h["tribe"] is None:
        return "none"
    ex = g.ex
    key = tribe_key(h["tribe"], hid)
    if ex["profession"] == "ethnologist" and not any(
        r["kind"] == "tribe" and (r["ref"] or r["hex"]) == key for r in ex["records"]
    ):
        ref = h["tribe"].get("id")
        add_record(g, g.s["seat"], "tribe", hid, h["tribe"]["size"], ref)
    if friendly(g, hid):
        return "none"
    g.s["phase"] = "policy"
    g.s["enc"] = {"hex": hid}
    g.s["pending"] = {
        "kind": "policy",
        "hex": hid,
        "tribe_size": h["tribe"]["size"],
        "attitude": h["tribe"]["attitude"],
        "sums": attitude_sums(g.s, g.s["seat"], hid),
    }
    return "pending"


def choose_policy(g: G, policy: int) -> str:
    """4d: roll 3 dice against the policy's sum: hostile (4f) or neutral (4e)."""
    enc = g.s["enc"]
    hid = enc["hex"]
    total = g.s["pending"]["sums"][str(policy)]
    enc.update(policy=policy, sum=total)
    roll = g.die() + g.die() + g.die()
    g.roll_decided("policy", roll, total, "hostile" if roll > total else "neutral")
    if roll > total:
        g.event("hostile", f"policy {policy}: {roll} > {total}, the tribe is hostile")
        return hostile(g)
    g.event("neutral", f"policy {policy}: {roll} <= {total}, the tribe hides")
    tribe = g.s["hexes"][hid]["tribe"]
    gifts = g.ex["goods"]["gifts"]
    g.s["phase"] = "negotiate"
    g.s["pending"] = {
        "kind": "negotiate",
        "hex": hid,
        "tribe_size": tribe["size"],
        "sum": total,
        "gifts_max": min(100, gifts // 10 * 10),
    }
    return "pending"


def offer_gifts(g: G, gifts: int) -> str:
    """4e: higher of 2 dice x gifts >= size: friendly; else insulted (3 dice), then hostile
    or poison."""
    enc = g.s["enc"]
    hid = enc["hex"]
    ex = g.ex
    ex["goods"]["gifts"] -= gifts
    tribe = g.s["hexes"][hid]["tribe"]
    if tribe_key(tribe, hid) not in ex["negotiated"]:
        ex["negotiated"].append(tribe_key(tribe, hid))
    high = max(g.die(), g.die())
    made = high * gifts >= tribe["size"]
    g.roll_decided("gifts", high, tribe["size"], "friendly" if made else "refused", gifts=gifts)
    if made:
        g.hex(hid)["tribe"]["friendly"].append(g.s["seat"])
        g.s["turn"]["friended"].append(hid)
        g.event("friendly", f"{high} x {gifts} >= {tribe['size']}: the tribe is friendly")
        return "done"
    roll = g.die() + g.die() + g.die()
    g.roll_decided("insult", roll, enc["sum"], "hostile" if roll > enc["sum"] else "calm")
    if roll > enc["sum"]:
        g.event("insulted", f"the chief is insulted; {roll} > {enc['sum']}: hostile")
        return hostile(g)
    high = max(g.die(), g.die())
    g.roll_decided("poison", high, 3, "dies" if high <= 2 else "sick" if high == 3 else "fails")
    if high <= 2:
        g.event("poison", "the chief's poison kills the explorer")
        return "dead"
    if high == 3:
        ex["sick"] = True
        g.event("poison", "the chief's poison makes the explorer sick")
    else:
        g.event("poison", "the chief's poison fails")
    return "done"


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


def _lose_expedition(ex: dict[str, Any], player: dict[str, Any]) -> None:
    ex["people"] = {"askari": {"healthy": 0, "sick": 0}, "bearer": {"healthy": 0, "sick": 0}}
    ex["guides"] = []
    ex["goods"] = empty_goods()
    ex["items"] = 0
    ex["fresh"] = 0
    player["cash"] = 0


_DEFEAT_OUTCOMES = {1: "captive", 2: "killed", 3: "escape", 4: "supplies", 5: "followers"}


def escape(g: G, result: int, hid: str) -> str:
    """The defeat table (4h) for a defeat die or an escape roll ``result`` (1-6)."""
    ex = g.ex
    outcome = _DEFEAT_OUTCOMES[min(result, 5)]
    if outcome == "captive" and ex["status"] == "prisoner":
        outcome = "still_captive"
    g.roll_decided("defeat_table", result, None, outcome)
    if result == 1:
        tribe = g.s["hexes"][hid]["tribe"]
        ex["status"] = "prisoner"
        if ex["capture"] is None:
            ex["capture"] = {
                "hex": hid,
                "attitude": tribe["attitude"] if tribe else 0,
                "talent": ex["profession"] in TALENTS,
            }
        g.event("captive", "the explorer is a prisoner")
        return "captive"
    if result == 2:
        change_attitude(g, hid, -1)
        g.event("killed", "the explorer is killed")
        return "dead"
    ex["status"] = "africa"
    ex["capture"] = None
    ex["hex"] = hid
    if result >= 4:
        ex["goods"]["musket"] += 1
        ex["goods"]["rations"] += 9
    desert = "desert" in PARTS[g.s["hexes"][hid]["terrain"]]
    for _ in range(result - 4 if result > 4 else 0):
        d = g.die()
        kind = _TABLE_A[d]
        g.roll_decided("table_a", d, None, "found", who=kind)
        if kind == "guide":
            ex["guides"].append({"hex": hid, "sick": False})
        elif kind in ("askari", "bearer"):
            ex["people"][kind]["healthy"] += 1
        else:
            ex["goods"][kind] += 1
        if kind not in ("guide", "askari"):
            load = g.die()
            what = (
                ("water" if desert else "rations")
                if load <= 3
                else "gifts"
                if load <= 5
                else "musket"
            )
            ex["goods"][what] += 10
            g.roll_decided("load", load, None, "load", who=what)
    g.event("escape", f"the explorer escapes ({result})")
    return "done"


def defeat(g: G) -> str:
    """4h: battle records, attitude -1, the defeat die."""
    enc = g.s["enc"]
    hid = enc["hex"]
    battle_records(g, hid, False)
    h = g.hex(hid)
    if enc["survivors"] <= 0:
        h["tribe"] = None
    else:
        h["tribe"]["size"] = enc["survivors"]
    change_attitude(g, hid, -1)
    _lose_expedition(g.ex, g.player)
    g.event("defeat", "the expedition is defeated")
    return escape(g, g.die(), hid)


def prisoner_turn(g: G) -> str:
    """Step 0: a prisoner's turn (ruling 10): the talent die on his first turn, then
    max(1, die - 2 + attitude change since capture), at most 6, on the defeat table."""
    ex = g.ex
    cap = ex["capture"]
    hid = cap["hex"]
    if cap["talent"]:
        cap["talent"] = False
        d = g.die()
        delta = TALENTS[ex["profession"]][d]
        g.roll_decided("talent", d, None, "talent", change=delta)
        change_attitude(g, hid, delta)
    tribe = g.s["hexes"][hid]["tribe"]
    change = tribe["attitude"] - cap["attitude"] if tribe else 0
    d = g.die()
    result = min(6, max(1, d - 2 + change))
    g.roll_decided("escape", result, None, "escape", die=d, change=change)
    return escape(g, result, hid)
