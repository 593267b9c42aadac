"""Natives: steps 4c-4h and captivity (nile.md; rulings 5-10, 28, 36; table ``natives``).

Every function returns what the encounter came to: "pending" (a decision is asked, the phase
is set), "done" (the encounter is over: step 5 follows), "dead" (the explorer died) or
"captive" (he is a prisoner); the last two end the turn at once.

This module meets the tribe: 4d (the policy) and 4e (gifts, insult and poison). ``tribes``
holds 4c (presence and size) and the attitude, ``battle`` 4f-4g, ``captivity`` 4h and a
prisoner's turns.

Dice order: attitude 3 dice; negotiation 2; insult 3; poison 2; attack 2; first fire 1;
natives' fire 2 (divisor, multiplier); counter-fire 2 (divisor, multiplier); V 1; after
``keep``, village 2; loot 1 per native; defeat die, then Table A (its die, a load die for *).
"""

from __future__ import annotations

from games.nile.engine.battle import hostile
from games.nile.engine.core import G
from games.nile.engine.scoring import add_record
from games.nile.engine.tribes import attitude_sums, friendly, tribe_key


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
