"""The Nile's easy bot: a fast heuristic that decides from the viewer's observation, the legal
actions and its own random generator only.

It sails to the port with most blank hexes around it, outfits a modest expedition (bearers, a
guide, one musket to hunt, rations and gifts; no askaris: it gives gifts rather than fights),
travels on foot (dropping a canoe or surplus cargo that keeps it from walking), walks into blank
hexes or mapped hexes it has no record of, heads for the nearest port when the food runs low or
its records promise enough, sails home and publishes. A hungry expedition eats first: it trades
for rations, shoots an animal, sets out at the level with most MP and walks into a port or a
friendly village when one is next door. ``act`` is the same play with the decisions of a
``Turn`` (going home, the outfit, the ports' reach) given by a stronger heuristic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.nile.engine.data import HEX_IDS, KNOWN_1820, PORT_STEPS, PORTS, SCIENTISTS, distance

Outfit = tuple[tuple[str, int], ...]
"""Purchases wanted, in order: (action prefix such as "hire bearer", count wanted)."""

# No askaris: the bot gives gifts rather than fights, and with no askari a policy of 4 or 5
# adds 2 to the attitude sum (a musket only) instead of nothing; the one musket hunts.
OUTFIT: Outfit = (
    ("hire bearer", 5),
    ("hire guide", 1),
    ("buy musket", 1),
    ("buy rations", 60),
    ("buy gifts", 30),
)
PORT_HEXES = frozenset(PORTS.values())
HOMEWARD_VP = 8  # the records' promised VP that send an expedition home
PORT_RADIUS = 4  # a port's reach when counting the blank hexes around it


def port_reach(radius: int) -> dict[str, tuple[str, ...]]:
    """Port id -> the map hexes within ``radius`` steps of its hex."""
    return {
        port: tuple(h for h in HEX_IDS if distance(h, hex_id) <= radius)
        for port, hex_id in PORTS.items()
    }


PORT_REACH = port_reach(PORT_RADIUS)
# The expected VP of an item record: a d6, or 2d6 - 7 (at least 1) for the scientists.
ITEM_VP, SCIENTIST_ITEM_VP = 3.5, 56 / 36


def _have(ex: dict[str, Any], action: str) -> int:
    kind = action.split()[1]
    if kind in ex["people"]:
        return ex["people"][kind]["healthy"] + ex["people"][kind]["sick"]
    return ex["goods"].get(kind, 0)


def outfit_step(ex: dict[str, Any], legal: list[str], outfit: Outfit = OUTFIT) -> str | None:
    """The next purchase of ``outfit`` (``(action prefix, count wanted)`` in order) that ``ex``
    still lacks: the largest legal amount that does not overshoot; None when nothing is short."""
    for prefix, want in outfit:
        short = want - _have(ex, prefix)
        if short <= 0:
            continue
        options = [a for a in legal if a.startswith(prefix + " ")]
        fitting = [a for a in options if amount(a) <= short]
        if fitting:
            return max(fitting, key=amount)
    return None


def _terrain(hexes: dict[str, Any], hid: str) -> str | None:
    """The terrain of ``hid`` in an observation's hexes or a state's (None: blank)."""
    entry = hexes.get(hid)
    return None if entry is None else entry["terrain"]


def promised(hexes: dict[str, Any], ex: dict[str, Any]) -> float:
    """The VP the explorer's records and items would score if published now (roughly)."""
    total = ex["items"] * item_vp(ex["profession"])
    for record in ex["records"]:
        if record["kind"] == "hex":
            entry = hexes.get(record["hex"])
            total += 0 if entry is None or entry["published_by"] is not None else 1
        elif record["kind"] == "item":
            total += item_vp(ex["profession"])
        elif record["kind"] in ("bonus", "battle"):
            total += record["value"]
        else:
            total += 1
    return total


def item_vp(profession: str) -> float:
    """The expected VP of one item record of ``profession`` (rolled at publication)."""
    return SCIENTIST_ITEM_VP if profession in SCIENTISTS else ITEM_VP


def persons(ex: dict[str, Any]) -> int:
    """The expedition's mouths: the explorer and his people, sick or not."""
    return 1 + sum(v["healthy"] + v["sick"] for v in ex["people"].values())


def _hungry(ex: dict[str, Any]) -> bool:
    """Whether the expedition lacks a ration a person for the coming month."""
    return ex["goods"]["rations"] < persons(ex)


def short(ex: dict[str, Any]) -> bool:
    """Whether the rations last less than two months."""
    return ex["goods"]["rations"] < 2 * persons(ex)


def _homeward(hexes: dict[str, Any], ex: dict[str, Any]) -> bool:
    return promised(hexes, ex) >= HOMEWARD_VP or short(ex)


def _recordable(hexes: dict[str, Any], ex: dict[str, Any], hid: str) -> bool:
    """Whether entering ``hid`` gives a hex record (blank, or mapped, unpublished, not known
    in 1820 and not yet recorded by this explorer)."""
    entry = hexes.get(hid)
    if entry is None or entry["terrain"] is None:
        return True
    if hid in KNOWN_1820 or entry["published_by"] is not None:
        return False
    return not any(r["kind"] == "hex" and r["hex"] == hid for r in ex["records"])


@cache
def _by_distance(hid: str) -> tuple[tuple[int, str], ...]:
    """Every map hex with its distance from ``hid``, nearest first."""
    return tuple(sorted((distance(hid, other), other) for other in HEX_IDS))


def to_blank(hexes: dict[str, Any], hid: str) -> int:
    """Steps from ``hid`` to the nearest blank hex (as the crow flies; 99 when none is left)."""
    for steps, other in _by_distance(hid):
        if _terrain(hexes, other) is None:
            return steps
    return 99


def _camp(
    view: dict[str, Any],
    ex: dict[str, Any],
    legal: list[str],
    rng: random.Random,
    turn: Turn,
) -> str:
    hexes = view["hexes"]
    if "sail europe" in legal and (turn.home or ex["records"]):
        return "sail europe"
    pick = outfit_step(ex, legal, turn.outfit)
    if pick:
        return pick
    levels = [a for a in legal if a.startswith("level")]
    if _hungry(ex):
        # Food first: trade for rations, else eat an animal; then the level with most MP, to
        # reach a port (where nobody eats) before starving pins the expedition down.
        trades = [a for a in legal if a.startswith("trade rations ")]
        if trades:
            return max(trades, key=amount)
        shots = [a for a in legal if a.startswith(("shoot camel ", "shoot horse "))]
        if shots and not (ex["goods"]["rations"] and levels):
            return min(shots, key=amount)
        for level in ("level reckless mounted", "level reckless canoe", "level reckless foot"):
            if level in levels and (level != "level reckless canoe" or _paddles(hexes, ex)):
                return level
    wanted = ["level normal foot", "level normal mounted"]
    if _paddles(hexes, ex):
        wanted.append("level normal canoe")
    for level in wanted:
        if level in levels:
            return level
    # Nothing that walks: shed what keeps the party from walking (canoes, then cargo).
    shed = ("drop canoe", "drop musket", "drop water", "drop gifts", "shoot camel", "shoot horse")
    for prefix in (*shed, "drop rations"):
        drops = [a for a in legal if a.startswith(prefix + " ")]
        if drops:
            return max(drops, key=amount) if prefix == "drop canoe" else min(drops, key=amount)
    if levels:
        return rng.choice(levels)
    drops = [a for a in legal if a.startswith(("drop", "dismiss", "shoot"))]
    not_items = [a for a in drops if not a.startswith("drop item")]
    return (not_items or drops or legal)[0]


def _feeds(hexes: dict[str, Any], seat: int, hid: str) -> bool:
    """Whether nobody eats in ``hid``: a port, or the village of a tribe friendly to ``seat``."""
    if hid in PORT_HEXES:
        return True
    tribe = (hexes.get(hid) or {}).get("tribe")
    return bool(tribe) and seat in tribe["friendly"] and tribe["attitude"] >= -4


def _homeward_steps(hexes: dict[str, Any], seat: int, hid: str) -> int:
    """Steps from ``hid`` to the nearest port, 2 more through a tribe not friendly to ``seat``."""
    return PORT_STEPS[hid] + 2 * _unfriendly(hexes, seat, hid)


def _unfriendly(hexes: dict[str, Any], seat: int, hid: str) -> bool:
    """Whether ``hid`` is mapped with a tribe that would meet ``seat`` with a policy (4d)."""
    tribe = (hexes.get(hid) or {}).get("tribe")
    return bool(tribe) and not _feeds(hexes, seat, hid)


def _paddles(hexes: dict[str, Any], ex: dict[str, Any]) -> bool:
    """Whether a canoe would take the expedition somewhere: a river here and a crew."""
    on_river = (hexes.get(ex["hex"]) or {}).get("river") is not None
    return on_river and ex["people"]["bearer"]["healthy"] > 0


def amount(action: str) -> int:
    """The number that ends ``action`` ("buy rations 30" -> 30)."""
    return int(action.split()[-1])


def port_by_blanks(
    view: dict[str, Any], sails: list[str], rng: random.Random, reach: dict[str, tuple[str, ...]]
) -> str:
    """The ``sail <port>`` of ``sails`` whose ``reach`` (port id -> hexes) holds most blank
    hexes in ``view`` (ties at random)."""
    hexes = view["hexes"]

    def blanks(action: str) -> int:
        return sum(1 for h in reach[action.split()[1]] if _terrain(hexes, h) is None)

    best = max(blanks(a) for a in sails)
    return rng.choice([a for a in sails if blanks(a) == best])


def easy(observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The easy bot's action for the player to act in ``observation`` (or in a view of the
    same shape: ``phase``, ``current_player``, ``players[seat]["explorer"]``, ``hexes``)."""
    seat = observation["current_player"]
    ex = observation["players"][seat]["explorer"]
    home = ex is not None and _homeward(observation["hexes"], ex)
    return act(observation, legal, rng, Turn(home, OUTFIT, PORT_REACH))


@dataclass(frozen=True)
class Turn:
    """What a heuristic has decided for the turn: ``home`` (head for a port and sail to Europe),
    ``outfit`` (the purchases wanted, ``outfit_step``'s shape) and ``reach`` (port id -> the
    hexes whose blanks draw an expedition there)."""

    home: bool
    outfit: Outfit
    reach: dict[str, tuple[str, ...]]


def act(observation: dict[str, Any], legal: list[str], rng: random.Random, turn: Turn) -> str:
    """The easy heuristic's action (``easy``) with the decisions of ``turn`` in place of the
    easy bot's own."""
    phase = observation["phase"]
    seat = observation["current_player"]
    ex = observation["players"][seat]["explorer"]
    hexes = observation["hexes"]
    if len(legal) == 1:
        return legal[0]
    if phase == "europe":
        sails = [a for a in legal if a.startswith("sail")]
        if ex["records"] or ex["items"] or not sails:
            return "stay"
        return port_by_blanks(observation, sails, rng, turn.reach)
    if phase == "publish":
        return "publish all" if "publish all" in legal and ex["records"] else "end"
    if phase == "outfit":
        return outfit_step(ex, legal, turn.outfit) or "end"
    if phase == "camp":
        return _camp(observation, ex, legal, rng, turn)
    if phase == "move":
        return _move(hexes, seat, ex, legal, rng, turn.home)
    if phase == "policy":
        return "policy 5" if ex["goods"]["gifts"] >= 10 else "policy 3"
    if phase == "negotiate":
        gifts = [a for a in legal if a.startswith("gifts")]
        return gifts[-1] if gifts else "leave"
    if phase == "prisoners":
        return max(legal, key=amount)
    if phase == "village":
        return "loot"
    return rng.choice(legal)


def _move(
    hexes: dict[str, Any],
    seat: int,
    ex: dict[str, Any],
    legal: list[str],
    rng: random.Random,
    home: bool,
) -> str:
    choices = move_choices(hexes, seat, ex, legal, home)
    return choices[0] if home or choices == ["stop"] else rng.choice(choices)


def move_choices(
    hexes: dict[str, Any], seat: int, ex: dict[str, Any], legal: list[str], home: bool
) -> list[str]:
    """The moves of ``legal`` the heuristic picks from at random (``["stop"]`` when none is
    legal): homeward (``home``), the one nearest a port, out of the way of a tribe that is not
    friendly (a hungry expedition's into a port or a friendly village if any); else the moves
    into hexes it would record, but not into a mapped hex whose tribe is not friendly to it;
    else the moves nearest a blank hex."""
    moves = [a for a in legal if a.startswith("move")]
    if not moves:
        return ["stop"]
    if home:
        if short(ex):  # a port or a friendly village feeds the expedition at once
            fed = [a for a in moves if _feeds(hexes, seat, a.split()[1])]
            moves = fed or moves
        # a village that is not friendly costs a detour of up to 2 steps
        return [min(moves, key=lambda a: (_homeward_steps(hexes, seat, a.split()[1]), a))]
    fresh = [a for a in moves if _recordable(hexes, ex, a.split()[1])]
    # a mapped hex with a tribe that is not friendly is worth a record, not the risk
    safe = [a for a in fresh if not _unfriendly(hexes, seat, a.split()[1])]
    if safe:
        return safe
    # Nothing new next door: towards the nearest blank hex.
    nearest = {a: to_blank(hexes, a.split()[1]) for a in moves}
    best = min(nearest.values())
    return [a for a in moves if nearest[a] == best]
