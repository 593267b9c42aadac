"""Steps 2 and 4: the activity level and mode, and moving (nile.md; rulings 2, 23, 26, 37, 39;
table ``movement``).

Dice order of a move: lost die; then the mapping dice (``mapping``); the finding die when
entering a known oasis; presence 2 dice, then 3 size dice (``natives``).
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.core import G, rules_version
from games.nile.engine.data import LOST, NEIGHBORS, PARTS, UPSTREAM_LOST
from games.nile.engine.mapping import lake_or_swamp, map_hex
from games.nile.engine.natives import meet
from games.nile.engine.party import base_mp, count, fits, healthy, lose_people
from games.nile.engine.scoring import hex_record, lake_record, late_nile_source
from games.nile.engine.tribes import friendly, look_for_natives
from games.nile.engine.turn_end import disaster, port_like

Explorer = dict[str, Any]


def level_actions(ex: Explorer) -> list[str]:
    """``level <level> <mode>`` for every mode whose needs and load hold (ruling 26)."""
    out = []
    for mode in ("canoe", "foot", "mounted"):
        if fits(ex, mode):
            out += [f"level {level} {mode}" for level in ("cautious", "normal", "reckless")]
    return out


def stranded(g: G) -> bool:
    """Whether the current explorer can never move again while he lives: outside a port and
    the Cape Colony, with no friendly tribe in his hex, nothing to eat (no rations, no horse or
    camel to shoot; in a dry desert, no water), nobody who could hunt (no askari, no musket),
    and a starving count that leaves every mode he may choose at 0 MP even when healthy. Each
    starving month costs 1 MP more and only a full meal resets it (ruling 24), so he waits
    until illness or a disaster kills him (ruling 17); a lone canoeist may still drift."""
    ex = g.ex
    hid = ex["hex"]
    if port_like(hid) or friendly(g, hid):
        return False
    goods = ex["goods"]
    h = g.s["hexes"][hid]
    dry = h["terrain"] == "desert" and h["river"] is None and ex["oasis_found"] != hid
    if goods["rations"] and not (dry and not goods["water"]):
        return False
    if goods["horse"] or goods["camel"] or goods["musket"] or count(ex, "askari"):
        return False
    well = {**ex, "sick": False}
    for action in level_actions(ex):
        mode = action.split()[2]
        if mode == "canoe" and not healthy(ex, "bearer"):
            return False  # a canoe without crew drifts (N9)
        if base_mp(well, "reckless", mode) > 0:
            return False
    return True


def _open_to(mode: str, ex: Explorer, terrain: str) -> bool:
    parts = PARTS[terrain]
    if mode == "foot":
        return terrain != "lake"
    if mode == "mounted":
        if "lake" in parts or "swamp" in parts:
            return False
        return not (ex["goods"]["camel"] and "jungle" in parts)
    return True


def _linked(hexes: dict[str, Any], a: str, b: str) -> bool:
    ra = hexes[a]["river"] if a in hexes else None
    rb = hexes[b]["river"] if b in hexes else None
    return bool((ra and b in ra["out"]) or (rb and a in rb["out"]))


def move_cost(state: dict[str, Any], ex: Explorer, to: str) -> int | None:
    """The MP a move to ``to`` needs, or None when the mode cannot try it (ruling 23, 37)."""
    hexes = state["hexes"]
    frm = ex["hex"]
    mode = ex["mode"]
    river = hexes[frm]["river"]
    target = hexes.get(to)
    t_to = target["terrain"] if target else None
    down = river is not None and to in river["out"]
    if state["turn"]["drift"]:
        return 0 if down else None
    if t_to is None:
        if mode == "canoe" and not (down or (river is not None and to in river["open"])):
            return None
        return 1
    if not _open_to(mode, ex, t_to):
        return None
    if mode != "canoe":
        return 1
    linked = _linked(hexes, frm, to)
    if not (linked or (lake_or_swamp(hexes[frm]["terrain"]) and lake_or_swamp(t_to))):
        return None
    cost = 2 if "swamp" in PARTS[t_to] else 1
    if linked and (hexes[frm]["cataract_ft"] or target["cataract_ft"]):
        cost += 1
    return cost


def legal_moves(state: dict[str, Any], ex: Explorer) -> list[str]:
    """The hexes a ``move`` may go to now."""
    mp = ex["mp"]
    out = []
    for to in NEIGHBORS[ex["hex"]]:
        cost = move_cost(state, ex, to)
        if cost is not None and mp >= max(cost, 1):
            out.append(to)
    return out


def choose_level(g: G, level: str, mode: str) -> str:
    """Step 2 then step 3: set level and mode, draw the disaster (not in a port or the Cape
    Colony); "dead" if it kills the explorer."""
    ex = g.ex
    ex["level"], ex["mode"] = level, mode
    mp = base_mp(ex, level, mode)
    g.event("level", f"{level} {mode}")
    if not port_like(ex["hex"]) and disaster(g) == "dead":
        return "dead"
    if rules_version(g.s) >= 2:  # MP are counted when the expedition sets out (ruling 43)
        mp = base_mp(ex, level, mode)
    if g.s["turn"]["rains"]:
        mp = max(0, mp - 1)
    if mode == "canoe" and ex["people"]["bearer"]["healthy"] == 0:
        g.s["turn"]["drift"] = True
        mp = 1
    ex["mp"] = mp
    g.s["phase"] = "move"
    g.s["pending"] = {"kind": "move", "hex": ex["hex"], "mp": mp}
    return "ok"


def _lost(g: G, ex: Explorer, frm: str, to: str) -> bool:
    river = g.s["hexes"][frm]["river"]
    number = UPSTREAM_LOST if river and to in river["open"] else LOST[g.s["hexes"][frm]["terrain"]]
    roll = g.die() + (1 if healthy(ex, "guide") else 0)
    roll += 1 if ex["level"] == "cautious" else -1 if ex["level"] == "reckless" else 0
    if roll > number:
        g.roll_decided("lost", roll, number, "safe")
        return False
    guide = healthy(ex, "guide")
    if guide:
        lose_people(ex, "guide", 1)
    g.roll_decided("lost", roll, number, "lost_guide" if guide else "lost")
    g.event("lost", f"lost on the way to {to}")
    return True


def _entered(g: G, to: str) -> None:
    """The records and the ``move`` event of entering mapped hex ``to``."""
    hex_record(g, to)
    if g.s["hexes"][to]["terrain"] == "lake":
        lake_record(g, to)
    g.event("move", f"to {to}", hex=to)


def do_move(g: G, to: str) -> str:
    """Step 4 for one hex: "pending" (an encounter asks a policy), "end" (movement is over:
    lost or blocked) or "ok"."""
    s = g.s
    ex = g.ex
    frm = ex["hex"]
    cost = move_cost(s, ex, to)
    blank = to not in s["hexes"] or s["hexes"][to]["terrain"] is None
    if blank:
        river = s["hexes"][frm]["river"]
        if not (river and to in river["out"]) and _lost(g, ex, frm, to):
            ex["mp"] = 0
            return "end"
        h = map_hex(g, to)
        hex_record(g, to)
        if h["terrain"] == "lake":
            lake_record(g, to)
        late_nile_source(g)
        g.event("map", f"{to} mapped: {h['terrain']}", hex=to)
        if not _open_to(ex["mode"], ex, h["terrain"]):
            g.event("blocked", f"{to} is closed to the expedition")
            ex["mp"] = 0
            return "end"
        cost = move_cost(s, ex, to) if ex["mode"] == "canoe" else cost
    ex["mp"] = 0 if s["turn"]["drift"] else max(0, ex["mp"] - (cost or 0))
    ex["hex"] = to
    s["turn"]["moved"] = True
    h = s["hexes"][to]
    if ex["oasis_found"] != to:
        ex["oasis_found"] = None
    told = rules_version(s) >= 2  # the finding die is told with the move (ruling 48)
    if not blank and not told:
        _entered(g, to)
    if h["oasis"]:
        if h["oasis_by"] == ex["eid"]:
            ex["oasis_found"] = to
        elif not blank:
            d = g.die()
            g.roll_decided("oasis", d, "odd", "found" if d % 2 == 1 else "missed")
            if d % 2 == 1:
                ex["oasis_found"] = to
    if not blank and told:
        _entered(g, to)
    s["pending"] = {"kind": "move", "hex": to, "mp": ex["mp"]}
    look_for_natives(g, to)
    if meet(g, to) == "pending":
        return "pending"
    return "ok"
