"""Defeat and captivity (nile.md step 4h, step 0 of a prisoner's turn; rulings 10, 28, 36,
46, 49): the expedition lost, the defeat table (captive, killed, escape with supplies or
followers, Table A), and a prisoner's escape roll each turn after his talent die. Each function
returns what came of it, as in ``natives``.

A prisoner's ``capture`` is {"hex", "attitude" (his captors' attitude at capture), "talent"
(his talent die still to roll)} and, from rules version 3, "tribe": his captors' tribe id, or
None when the battle left none of them (ruling 49).
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.core import G, rules_version
from games.nile.engine.data import PARTS, TALENTS
from games.nile.engine.party import empty_goods
from games.nile.engine.scoring import battle_records
from games.nile.engine.tribes import change_attitude

_TABLE_A = {1: "guide", 2: "askari", 3: "bearer", 4: "camel", 5: "horse", 6: "canoe"}


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
            if rules_version(g.s) >= 3:  # his captors are this tribe (ruling 49)
                ex["capture"]["tribe"] = tribe["id"] if tribe else None
        g.event("captive", "the explorer is a prisoner")
        return "captive"
    if result == 2:
        if ex["capture"] is None or captors(g.s, ex["capture"]) is not None:
            change_attitude(g, hid, -1)  # his captors, if any are left (ruling 49)
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


def captors(state: dict[str, Any], capture: dict[str, Any]) -> dict[str, Any] | None:
    """The tribe holding a prisoner whose ``capture`` is given, or None once it is gone.

    From rules version 3 (ruling 49) that is the tribe that took him, while it still lives in
    his hex: once it is removed (ruling 9), a tribe found there later is not his captors.
    Under versions 1 and 2 it is whatever tribe lives in his hex."""
    tribe = state["hexes"][capture["hex"]]["tribe"]
    if rules_version(state) < 3 or tribe is None:
        return tribe
    return tribe if tribe.get("id") == capture["tribe"] else None


def prisoner_turn(g: G) -> str:
    """Step 0: a prisoner's turn (rulings 10, 46, 49): the talent die on his first turn, which
    changes his captors' attitude, then max(1, die - 2 + his captors' attitude change since
    capture), at most 6, on the defeat table. With no captors left the change is 0 and the
    talent die, still rolled, changes nothing (rules version 3; before it, the tribe in his hex
    counted)."""
    ex = g.ex
    cap = ex["capture"]
    hid = cap["hex"]
    if cap["talent"]:
        cap["talent"] = False
        d = g.die()
        delta = TALENTS[ex["profession"]][d]
        g.roll_decided("talent", d, None, "talent", change=delta)
        if captors(g.s, cap) is not None:
            change_attitude(g, hid, delta)
    tribe = captors(g.s, cap)
    change = tribe["attitude"] - cap["attitude"] if tribe else 0
    d = g.die()
    result = min(6, max(1, d - 2 + change))
    g.roll_decided("escape", result, None, "escape", die=d, change=change)
    return escape(g, result, hid)
