"""Camp and market actions (nile.md step 1 and Europe's outfitting; rulings 20, 21, 26, 33-35,
41; tables ``prices``, ``tribe_trade``, ``quantities``, ``carrying``).

Quantities: rations, water and gifts in lots of 10 (10-100), everything else 1-10 a time;
``drop`` also offers the exact remainder of a lot kind (all of it, when at most 100 and not a
multiple of 10) and ``fill`` the largest amount up to 100 that still fits. A gain is legal only
if some mode still fits afterwards; a loss that leaves no mode fitting only while none fits
already. A kind lost this turn cannot be gained, and the reverse (ruling 20).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.nile.engine.core import G
from games.nile.engine.data import (
    PARTS,
    PORT_OF_HEX,
    PRICE_WHERE,
    PRICES,
    TRADE_COST,
)
from games.nile.engine.party import (
    any_fit,
    count,
    fits_after,
    fits_delta,
    lose_animal,
    lose_people,
    numbers,
)

Explorer = dict[str, Any]
UNITS = tuple(range(1, 11))
LOTS = tuple(range(10, 101, 10))


def gain(ex: Explorer, kind: str, n: int, where: str | None = None) -> None:
    """Add ``n`` of ``kind`` (people join healthy; guides hired in ``where``)."""
    if kind == "guide":
        ex["guides"].extend({"hex": where, "sick": False} for _ in range(n))
    elif kind in ("askari", "bearer"):
        ex["people"][kind]["healthy"] += n
    elif kind == "item":
        ex["items"] += n
    else:
        ex["goods"][kind] += n


def lose(ex: Explorer, kind: str, n: int) -> None:
    """Remove ``n`` of ``kind`` the way a drop, dismissal or shot does."""
    if kind in ("askari", "bearer", "guide"):
        lose_people(ex, kind, n)
    elif kind in ("horse", "camel", "canoe"):
        lose_animal(ex, kind, n)
    elif kind == "item":
        ex["items"] -= n
    else:
        ex["goods"][kind] -= n


def _fits_gain(
    ex: Explorer, kind: str, n: int, cost_kind: str | None = None, cost: int = 0
) -> bool:
    return fits_after(ex, kind, n, cost_kind, cost)


def _amounts(kind: str) -> tuple[int, ...]:
    return LOTS if kind in ("rations", "water", "gifts") else UNITS


def market_actions(state: dict[str, Any], seat: int, hid: str) -> list[str]:
    """``hire`` and ``buy`` at the port of ``hid`` within cash and load."""
    player = state["players"][seat]
    ex = player["explorer"]
    cash = player["cash"]
    port = PORT_OF_HEX[hid]
    lost = state["turn"]["lost"]
    return list(_market(numbers(ex), cash, port, tuple(lost)))


@lru_cache(maxsize=4096)
def _market(base: tuple[int, ...], cash: int, port: str, lost: tuple[str, ...]) -> tuple[str, ...]:
    """``market_actions`` from everything it depends on (remembered: the outfitting of an
    expedition asks the same question again and again)."""
    out: list[str] = []
    for kind, price, step, where, names in _OFFERS:
        if where != "ports" and port not in where or kind in lost:
            continue
        affordable = min(10, cash // (price * step))
        if affordable:
            out += [names[i] for i in _fitting(base, kind, _AMOUNTS[kind][:affordable])]
    return tuple(out)


_MARKET = {
    kind: [
        f"{'hire' if kind in ('askari', 'bearer', 'guide') else 'buy'} {kind} {n}"
        for n in (LOTS if kind in ("rations", "water", "gifts") else UNITS)
    ]
    for kind in PRICES
}


_AMOUNTS = {kind: (LOTS if kind in ("rations", "water", "gifts") else UNITS) for kind in PRICES}
# (kind, price, step of the amounts, where it is sold, the action strings)
_OFFERS = tuple(
    (kind, PRICES[kind], _AMOUNTS[kind][0], PRICE_WHERE[kind], _MARKET[kind]) for kind in PRICES
)
_MONOTONE = frozenset({"rations", "water", "gifts", "musket", "askari", "guide"})


def _fitting(base: tuple[int, ...], kind: str, amounts: tuple[int, ...]) -> list[int]:
    """The indexes of the gains of ``amounts`` (increasing) that keep some mode fitting.
    Gaining cargo or people who do not carry only ever makes the load worse: a binary search
    finds the limit; carriers, animals and canoes are checked one by one."""
    if kind not in _MONOTONE:
        return [i for i, n in enumerate(amounts) if fits_delta(base, kind, n)]
    lo, hi = 0, len(amounts)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits_delta(base, kind, amounts[mid]):
            lo = mid + 1
        else:
            hi = mid
    return list(range(lo))


def trade_actions(state: dict[str, Any], seat: int, hid: str) -> list[str]:
    """``trade`` with a friendly tribe within gifts, rations, the tribe's item limit and load."""
    ex = state["players"][seat]["explorer"]
    h = state["hexes"][hid]
    left = h["tribe"]["size"] - state["turn"]["traded"]
    parts = PARTS[h["terrain"]]
    wet = h["river"] is not None or "lake" in parts or "swamp" in parts
    lost = state["turn"]["lost"]
    gifts = ex["goods"]["gifts"]
    out = []
    for kind, price in TRADE_COST.items():
        if (
            kind in lost
            or (kind == "canoe" and not wet)
            or (kind == "camel" and "desert" not in parts)
        ):
            continue
        for n in _amounts(kind):
            if n > left or n * price > gifts:
                break
            if _fits_gain(ex, kind, n, "gifts", n * price):
                out.append(f"trade {kind} {n}")
    if "gifts" not in lost:
        for n in LOTS:
            if n // 10 > left or 2 * n > ex["goods"]["rations"]:
                break
            if _fits_gain(ex, "gifts", n, "rations", 2 * n):
                out.append(f"trade gifts {n}")
    return out


def can_fill(state: dict[str, Any], ex: Explorer, hid: str) -> bool:
    """Water is free in a hex with a river, lake or swamp part, or a found oasis."""
    h = state["hexes"][hid]
    parts = PARTS[h["terrain"]]
    return h["river"] is not None or "lake" in parts or "swamp" in parts or ex["oasis_found"] == hid


def fill_actions(state: dict[str, Any], ex: Explorer, hid: str) -> list[str]:
    """``fill N`` (ruling 21)."""
    if "water" in state["turn"]["lost"] or not can_fill(state, ex, hid):
        return []
    base = numbers(ex)
    lo, hi = 0, 100
    while lo < hi:  # the largest amount that fits (fitting is monotone in water)
        mid = (lo + hi + 1) // 2
        if fits_delta(base, "water", mid):
            lo = mid
        else:
            hi = mid - 1
    best = lo
    out = [f"fill {n}" for n in LOTS if n <= best]
    if best % 10:
        out.append(f"fill {best}")
    return out


# Losing these can leave no mode fitting (a person: mounts then outnumber riders; a carrier,
# a mount or a canoe); losing cargo never does.
_RISKY_LOSSES = frozenset({"askari", "bearer", "camel", "canoe", "guide", "horse"})
_LOSSES = (
    ("drop", ("canoe", "gifts", "item", "musket", "rations", "water")),
    ("dismiss", ("askari", "bearer", "guide")),
    ("shoot", ("camel", "horse")),
)


def loss_actions(state: dict[str, Any], ex: Explorer) -> list[str]:
    """``drop``, ``dismiss`` and ``shoot`` (rulings 21, 35)."""
    gained = state["turn"]["gained"]
    fit_now = any_fit(ex)
    base = numbers(ex)
    out = []
    for verb, kinds in _LOSSES:
        for kind in kinds:
            held = count(ex, kind)
            if not held or kind in gained:
                continue
            amounts = [n for n in _amounts(kind) if n <= held]
            if kind in ("rations", "water", "gifts") and held <= 100 and held % 10:
                amounts.append(held)
            check = fit_now and kind in _RISKY_LOSSES
            out += [
                f"{verb} {kind} {n}" for n in amounts if not check or fits_delta(base, kind, -n)
            ]
    return out


def camp_actions(state: dict[str, Any], seat: int) -> list[str]:
    """Every camp action but ``level``: market (ports), trade, fill, losses, ``sail europe``."""
    ex = state["players"][seat]["explorer"]
    hid = ex["hex"]
    out = []
    if hid in PORT_OF_HEX:
        out += market_actions(state, seat, hid)
        out.append("sail europe")
    tribe = state["hexes"].get(hid, {}).get("tribe")
    if tribe and seat in tribe["friendly"] and tribe["attitude"] >= -4:
        out += trade_actions(state, seat, hid)
    out += fill_actions(state, ex, hid)
    out += loss_actions(state, ex)
    return out


def apply_camp(g: G, words: list[str]) -> None:
    """Apply a camp or market action already known to be legal."""
    verb, kind, n = words[0], words[1], int(words[2]) if len(words) > 2 else 0
    ex = g.ex
    turn = g.s["turn"]
    if verb in ("hire", "buy"):
        g.player["cash"] -= PRICES[kind] * n
        gain(ex, kind, n, ex["hex"])
        turn["gained"].append(kind)
    elif verb == "trade":
        if kind == "gifts":
            ex["goods"]["rations"] -= 2 * n
            turn["traded"] += -(-n // 10)
        else:
            ex["goods"]["gifts"] -= TRADE_COST[kind] * n
            turn["traded"] += n
        gain(ex, kind, n, ex["hex"])
        turn["gained"].append(kind)
    elif verb == "fill":
        n = int(words[1])
        ex["goods"]["water"] += n
        turn["gained"].append("water")
        kind = "water"
    else:
        if verb == "shoot":
            ex["fresh"] += 10 * n
        lose(ex, kind, n)
        turn["lost"].append(kind)
    g.event(verb, " ".join(words))
