"""Step 3, the disaster card, and step 5, the end of an Africa turn (nile.md; rulings 11, 13,
24, 27, 38, 41; tables ``cards``, ``hunting``, ``food_and_water``, ``recovery``).

Dice order. Disaster: the card; count dice (d3: 1, 2d6: 2); per victim the beast-shot die,
then 2d6 if a person dies. Step 5: a hunting die per hunter (explorer first, then askaris); a
desertion die per unfed follower (askaris, guides, bearers); a recovery die per sick member
(explorer, askaris, guides, bearers); then the bonus cards (per hex first mapped this turn,
then per tribe that became friendly this turn).
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.core import G
from games.nile.engine.data import CAPE_COLONY, HUNTING, PARTS, PORT_OF_HEX, TABLES, VP
from games.nile.engine.party import (
    count,
    lose_animal,
    lose_cargo,
    lose_people,
    make_sick,
    settle_load,
)
from games.nile.engine.scoring import add_record
from games.nile.engine.tribes import friendly

_HUNT_MOD = TABLES["hunting"]["modifiers"]


def port_like(hid: str) -> bool:
    """Ports and the Cape Colony: no disaster, no food eaten, +2 recovery (ruling 13)."""
    return hid in PORT_OF_HEX or hid in CAPE_COLONY


def _count(g: G, spec: str, who: str) -> int:
    """How many ``who`` a disaster strikes: a fixed number, or "d3" or "2d6" rolled."""
    if spec == "d3":
        n = (g.die() + 1) // 2
    elif spec == "2d6":
        n = g.die() + g.die()
    else:
        return int(spec)
    g.roll_decided("count", n, spec, "count", who=who)
    return n


def _victims(g: G, kind: str, n: int, beast: bool) -> str:
    """Disaster deaths of ``kind`` (rulings 11, 38): "dead" if the explorer dies instead."""
    ex = g.ex
    for _ in range(n):
        if beast:
            shot = g.die()
            need = 5 if ex["profession"] == "zoologist" else 6
            g.roll_decided("shot", shot, need, "shot" if shot >= need else "missed")
            if shot >= need:
                ex["fresh"] += 10
                continue
        if count(ex, kind) == 0:
            roll = g.die() + g.die()
            g.roll_decided("victim", roll, 11, "dies" if roll >= 11 else "spared", who=kind)
            if roll >= 11:
                return "dead"
            return "ok"
        roll = g.die() + g.die()
        g.roll_decided("victim", roll, 12, "instead" if roll == 12 else "lost", who=kind)
        if roll == 12:
            return "dead"
        lose_people(ex, kind, 1)
    return "ok"


def disaster(g: G) -> str:
    """Step 3: draw a card and suffer its disaster; "dead" when it kills the explorer."""
    card = g.card()
    if card is None:
        g.event("disaster", "no card left: a quiet month")
        return "ok"
    d = card["disaster"]
    kind = d["kind"]
    ex = g.ex
    goods = ex["goods"]
    result = "ok"
    target = d.get("target")
    if kind in ("beast", "accident"):
        result = _victims(g, target, _count(g, d["count"], target), kind == "beast")
    elif kind == "desert":
        n = _count(g, d["count"], target)
        lose_people(ex, target, n, loads=True)
    elif kind == "sick":
        n = _count(g, d["count"], target)
        if target == "explorer":
            ex["sick"] = True
        else:
            make_sick(ex, target, n)
    elif kind == "spoil":
        goods["rations"] = max(0, goods["rations"] - _count(g, d["count"], "rations"))
    elif kind == "water":
        goods["water"] -= (goods["water"] + 1) // 2
    elif kind == "theft":
        goods["gifts"] = max(0, goods["gifts"] - _count(g, d["count"], "gifts"))
    elif kind == "musket":
        goods["musket"] = max(0, goods["musket"] - 1)
    elif kind == "tsetse":
        lose_animal(ex, "horse" if goods["horse"] else "camel")
    elif kind == "capsize":
        if ex["mode"] == "canoe" and goods["canoe"]:
            goods["canoe"] -= 1
            lose_cargo(ex, 10)
            settle_load(ex)
            result = _victims(g, "bearer", 1, False)
    elif kind == "rains":
        g.s["turn"]["rains"] = True
    g.event("disaster", d["text"], disaster=kind)
    return result


def _conditions(g: G, hid: str) -> set[str]:
    h = g.s["hexes"][hid]
    found = set(PARTS[h["terrain"]])
    if h["river"] is not None:
        found.add("river")
    if h["oasis"]:
        found.add("oasis")
    if h["tribe"] is not None:
        found.add("natives")
    return found


def bonus(g: G, hid: str, friendly_draw: bool) -> None:
    """A bonus card for ``hid`` (ruling 27): lines of the explorer's profession and specials."""
    card = g.card()
    if card is None:
        return
    ex = g.ex
    have = _conditions(g, hid) | ({"friendly"} if friendly_draw else set())
    got = []
    for line in card["bonus"]:
        if not have.intersection(line["if"]):
            continue
        if "special" in line:
            value = VP["special"]["matching" if ex["profession"] in line["matching"] else "default"]
            add_record(g, g.s["seat"], "bonus", hid, value, line["special"])
            got.append(line["name"])
        elif line["profession"] == ex["profession"]:
            if line["reward"] == "item":
                ex["items"] += 1
                got.append("an item")
            else:
                add_record(g, g.s["seat"], "bonus", hid, line["reward"])
                got.append(f"{line['reward']} VP")
    g.event("bonus", ", ".join(got) or "nothing", hex=hid)


def _hunt(g: G, hid: str) -> None:
    ex = g.ex
    h = g.s["hexes"][hid]
    hunters = (1 if not ex["sick"] and ex["goods"]["musket"] else 0) + ex["people"]["askari"][
        "healthy"
    ]
    target, amount = HUNTING[h["terrain"]]
    mod = 0
    if h["river"] is not None or ex["oasis_found"] == hid:
        mod += _HUNT_MOD["river_or_found_oasis"]
    if ex["level"] == "cautious":
        mod += _HUNT_MOD["cautious"]
    elif ex["level"] == "reckless":
        mod += _HUNT_MOD["reckless"]
    if ex["profession"] == "zoologist":
        mod += _HUNT_MOD["zoologist"]
    hits = sum(1 for _ in range(hunters) if g.die() + mod >= target)
    ex["fresh"] += hits * amount
    if hunters:
        outcome = "food" if hits else "nothing"
        g.roll_decided("hunt", hits, target - mod, outcome, hunters=hunters, food=hits * amount)


def _eat(g: G, hid: str) -> tuple[bool, dict[str, int]]:
    """Rations and water: (explorer unfed, unfed followers by kind)."""
    ex = g.ex
    goods = ex["goods"]
    h = g.s["hexes"][hid]
    dry = h["terrain"] == "desert" and h["river"] is None and ex["oasis_found"] != hid

    def feed(rations: int, water: int) -> bool:
        if ex["fresh"] + goods["rations"] < rations or goods["water"] < water:
            return False
        fresh = min(ex["fresh"], rations)
        ex["fresh"] -= fresh
        goods["rations"] -= rations - fresh
        goods["water"] -= water
        return True

    water = 1 if dry else 0
    explorer_unfed = not feed(1, water)
    unfed = {}
    for kind in ("askari", "guide", "bearer"):
        unfed[kind] = sum(1 for _ in range(count(ex, kind)) if not feed(1, water))
    if "desert" in PARTS[h["terrain"]]:
        dead = sum(1 for _ in range(goods["horse"]) if not feed(4, water))
        if dead:
            lose_animal(ex, "horse", dead)
    return explorer_unfed, unfed


def _recover(g: G, hid: str, starving: bool) -> str:
    ex = g.ex
    mod = 1 if ex["profession"] == "doctor" else 0
    mod += 0 if g.s["turn"]["moved"] else 1
    mod += 2 if port_like(hid) else 0
    mod -= 1 if starving else 0

    def roll() -> tuple[int, str]:
        r = g.die() + mod
        return r, "dies" if r <= 1 else "recovers" if r >= 4 else "sick"

    if ex["sick"]:
        value, r = roll()
        g.roll_decided("illness", value, 4, r, who="explorer")
        if r == "dies":
            return "dead"
        if r == "recovers":
            ex["sick"] = False
    for kind in ("askari", "guide", "bearer"):
        outcomes = {"dies": 0, "recovers": 0, "sick": 0}
        if kind == "guide":
            for guide in list(ex["guides"]):
                if guide["sick"]:
                    _value, r = roll()
                    outcomes[r] += 1
                    if r == "dies":
                        ex["guides"].remove(guide)
                    elif r == "recovers":
                        guide["sick"] = False
        else:
            p = ex["people"][kind]
            for _ in range(p["sick"]):
                _value, r = roll()
                outcomes[r] += 1
                if r == "dies":
                    p["sick"] -= 1
                elif r == "recovers":
                    p["sick"] -= 1
                    p["healthy"] += 1
        if any(outcomes.values()):
            g.roll_decided(
                "illness",
                outcomes["recovers"],
                4,
                "followers",
                who=kind,
                died=outcomes["dies"],
                sick=outcomes["sick"],
                modifier=mod,
            )
        died = outcomes["dies"]
        if kind == "bearer" and died:
            settle_load(ex)
    return "ok"


def step5(g: G) -> str:
    """Step 5: hunting, rations and water, desertions, recovery, bonus cards; "dead" if the
    explorer dies."""
    ex = g.ex
    hid = ex["hex"]
    if not port_like(hid):
        _hunt(g, hid)
    starving = False
    if not (port_like(hid) or friendly(g, hid)):
        explorer_unfed, unfed = _eat(g, hid)
        starving = explorer_unfed or any(unfed.values())
        for kind in ("askari", "guide", "bearer"):
            gone = 0
            for _ in range(unfed[kind]):
                if g.die() <= 3:
                    lose_people(ex, kind, 1)
                    gone += 1
            if unfed[kind]:
                outcome = "deserted" if gone else "stayed"
                g.roll_decided("desert", gone, 3, outcome, who=kind, unfed=unfed[kind])
        if explorer_unfed:
            ex["sick"] = True
    ex["fresh"] = 0
    ex["starving"] = ex["starving"] + 1 if starving else 0
    recovery = _recover(g, hid, starving)
    g.event("camp", "hunting, food, desertions and illness")
    if recovery == "dead":
        g.event("illness", "the explorer dies of illness")
        return "dead"
    for mapped in g.s["turn"]["mapped"]:
        bonus(g, mapped, False)
    for hid2 in g.s["turn"]["friended"]:
        bonus(g, hid2, True)
    return "ok"


def unused(_: Any) -> None:
    """Placeholder kept out of the API."""
