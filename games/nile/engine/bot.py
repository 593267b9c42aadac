"""The Nile robot: decides from the viewer's observation, the legal actions and its own random
generator only (never the seed, the dice to come or the deck order).

"easy" is a fast heuristic: sail to the port with most blank hexes around it, outfit a modest
expedition (bearers, a guide, one musket to hunt, rations and gifts; no askaris: it gives gifts
rather than fights), travel on foot (dropping a canoe or surplus cargo that keeps it from
walking), walk into blank hexes or mapped hexes it has no record of, head for the nearest port
when the food runs low or its records promise enough, sail home and publish. A hungry
expedition eats first: it trades for rations, shoots an animal, sets out at the level with most
MP and walks into a port or a friendly village when one is next door.

"hard" plays the easy bot's heuristic with journalists for explorers (``strong``) where it
does not search.

"hard" is information-set Monte Carlo tree search (``games.engines.search``): it samples what
nobody sees (a fresh seed for the dice to come, the draw pile's order) around the public
position (``determinize``), searches the easy bot's favourite and the choices whose effect
shows soon (moves, levels, policies, gifts: ``candidates``) with the easy bot as rollout
player until the seat's next turn, and scores positions by each seat's published VP plus a
share of what its records and carried items promise, the share smaller the farther the
expedition is from a port, less a little for each step to the nearest blank hex (``values``).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.engines.base import State, shared_places
from games.engines.search import Budget, Rules, SearchGame, choose_at_level
from games.nile.engine import legal as rules_legal
from games.nile.engine import rules
from games.nile.engine.data import (
    CARD_IDS,
    HEX_IDS,
    KNOWN_1820,
    PORT_STEPS,
    PORTS,
    SCIENTISTS,
    VP,
    distance,
)
from games.nile.engine.scoring import tier

HARD_BUDGET = Budget(iterations=210, seconds=0.5, horizon=30)
"""The hard bot's default: 210 iterations (30 rounds of 7 root candidates) or 0.5 s of CPU,
whichever ends first; a rollout evaluates the position at the seat's next turn or after 30
actions (about two Africa turns alone at the table)."""
ROOT_CANDIDATES = 7  # a hex's six neighbours and stop

# No askaris: the bot gives gifts rather than fights, and with no askari a policy of 4 or 5
# adds 2 to the attitude sum (a musket only) instead of nothing; the one musket hunts.
OUTFIT = (
    ("hire bearer", 5),
    ("hire guide", 1),
    ("buy musket", 1),
    ("buy rations", 60),
    ("buy gifts", 30),
)
PORT_HEXES = frozenset(PORTS.values())
HOMEWARD_VP = 8  # the records' promised VP that send an expedition home
PORT_RADIUS = 4  # a port's reach when counting the blank hexes around it
PORT_REACH = {
    port: tuple(h for h in HEX_IDS if distance(h, hex_id) <= PORT_RADIUS)
    for port, hex_id in PORTS.items()
}
# The expected VP of an item record: a d6, or 2d6 - 7 (at least 1) for the scientists.
ITEM_VP, SCIENTIST_ITEM_VP = 3.5, 56 / 36


def choose(
    observation: dict[str, Any],
    legal: list[str],
    rng: random.Random,
    level: str = "easy",
    budget: Budget | None = None,
    iterations: int | None = None,
) -> str:
    """One of ``legal`` for the player to act in ``observation``, at bot ``level``.

    "easy" follows the heuristic (``easy``); "hard" searches with ``budget`` (default
    ``HARD_BUDGET``), its iterations capped at ``iterations`` when given
    (``search.choose_at_level``). Raises ValueError for an unknown level or an empty ``legal``.
    """
    return choose_at_level(
        GAME, easy, HARD_BUDGET, observation, legal, rng, level, budget, iterations
    )


# -- easy ---------------------------------------------------------------------------------------


def _have(ex: dict[str, Any], action: str) -> int:
    kind = action.split()[1]
    if kind in ex["people"]:
        return ex["people"][kind]["healthy"] + ex["people"][kind]["sick"]
    return ex["goods"].get(kind, 0)


def _outfit(ex: dict[str, Any], legal: list[str]) -> str | None:
    for prefix, want in OUTFIT:
        short = want - _have(ex, prefix)
        if short <= 0:
            continue
        options = [a for a in legal if a.startswith(prefix + " ")]
        fitting = [a for a in options if _amount(a) <= short]
        if fitting:
            return max(fitting, key=_amount)
    return None


def _terrain(hexes: dict[str, Any], hid: str) -> str | None:
    """The terrain of ``hid`` in an observation's hexes or a state's (None: blank)."""
    entry = hexes.get(hid)
    return None if entry is None else entry["terrain"]


def _promised(hexes: dict[str, Any], ex: dict[str, Any]) -> float:
    """The VP the explorer's records and items would score if published now (roughly)."""
    total = ex["items"] * _item_vp(ex["profession"])
    for record in ex["records"]:
        if record["kind"] == "hex":
            entry = hexes.get(record["hex"])
            total += 0 if entry is None or entry["published_by"] is not None else 1
        elif record["kind"] == "item":
            total += _item_vp(ex["profession"])
        elif record["kind"] in ("bonus", "battle"):
            total += record["value"]
        else:
            total += 1
    return total


def _item_vp(profession: str) -> float:
    return SCIENTIST_ITEM_VP if profession in SCIENTISTS else ITEM_VP


def _persons(ex: dict[str, Any]) -> int:
    return 1 + sum(v["healthy"] + v["sick"] for v in ex["people"].values())


def _hungry(ex: dict[str, Any]) -> bool:
    """Whether the expedition lacks a ration a person for the coming month."""
    return ex["goods"]["rations"] < _persons(ex)


def _short(ex: dict[str, Any]) -> bool:
    """Whether the rations last less than two months."""
    return ex["goods"]["rations"] < 2 * _persons(ex)


def _homeward(hexes: dict[str, Any], ex: dict[str, Any]) -> bool:
    return _promised(hexes, ex) >= HOMEWARD_VP or _short(ex)


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


def _to_blank(hexes: dict[str, Any], hid: str) -> int:
    """Steps from ``hid`` to the nearest blank hex (as the crow flies; 99 when none is left)."""
    for steps, other in _by_distance(hid):
        if _terrain(hexes, other) is None:
            return steps
    return 99


def _camp(view: dict[str, Any], ex: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    hexes = view["hexes"]
    if "sail europe" in legal and (_homeward(hexes, ex) or ex["records"]):
        return "sail europe"
    pick = _outfit(ex, legal)
    if pick:
        return pick
    levels = [a for a in legal if a.startswith("level")]
    if _hungry(ex):
        # Food first: trade for rations, else eat an animal; then the level with most MP, to
        # reach a port (where nobody eats) before starving pins the expedition down.
        trades = [a for a in legal if a.startswith("trade rations ")]
        if trades:
            return max(trades, key=_amount)
        shots = [a for a in legal if a.startswith(("shoot camel ", "shoot horse "))]
        if shots and not (ex["goods"]["rations"] and levels):
            return min(shots, key=_amount)
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
            return max(drops, key=_amount) if prefix == "drop canoe" else min(drops, key=_amount)
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


def _paddles(hexes: dict[str, Any], ex: dict[str, Any]) -> bool:
    """Whether a canoe would take the expedition somewhere: a river here and a crew."""
    on_river = (hexes.get(ex["hex"]) or {}).get("river") is not None
    return on_river and ex["people"]["bearer"]["healthy"] > 0


def _amount(action: str) -> int:
    return int(action.split()[-1])


def _port(view: dict[str, Any], sails: list[str], rng: random.Random) -> str:
    """The port with most blank hexes within ``PORT_RADIUS`` (ties at random)."""
    hexes = view["hexes"]

    def blanks(action: str) -> int:
        return sum(1 for h in PORT_REACH[action.split()[1]] if _terrain(hexes, h) is None)

    best = max(blanks(a) for a in sails)
    return rng.choice([a for a in sails if blanks(a) == best])


def easy(observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The easy bot's action for the player to act in ``observation`` (or in a view of the
    same shape: ``phase``, ``current_player``, ``players[seat]["explorer"]``, ``hexes``)."""
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
        return _port(observation, sails, rng)
    if phase == "publish":
        return "publish all" if "publish all" in legal and ex["records"] else "end"
    if phase == "outfit":
        return _outfit(ex, legal) or "end"
    if phase == "camp":
        return _camp(observation, ex, legal, rng)
    if phase == "move":
        moves = [a for a in legal if a.startswith("move")]
        if not moves:
            return "stop"
        if _homeward(hexes, ex):
            if _short(ex):  # a port or a friendly village feeds the expedition at once
                fed = [a for a in moves if _feeds(hexes, seat, a.split()[1])]
                moves = fed or moves
            return min(moves, key=lambda a: (PORT_STEPS[a.split()[1]], a))
        fresh = [a for a in moves if _recordable(hexes, ex, a.split()[1])]
        if fresh:
            return rng.choice(fresh)
        # Nothing new next door: towards the nearest blank hex.
        nearest = {a: _to_blank(hexes, a.split()[1]) for a in moves}
        best = min(nearest.values())
        return rng.choice([a for a in moves if nearest[a] == best])
    if phase == "policy":
        return "policy 5" if ex["goods"]["gifts"] >= 10 else "policy 3"
    if phase == "negotiate":
        gifts = [a for a in legal if a.startswith("gifts")]
        return gifts[-1] if gifts else "leave"
    if phase == "prisoners":
        return max(legal, key=_amount)
    if phase == "village":
        return "loot"
    return rng.choice(legal)


# -- hard: the search's view of the Nile --------------------------------------------------------


def determinize(observation: dict[str, Any], rng: random.Random) -> State:
    """A full engine state that agrees with ``observation``: everything public copied from it
    (with its ``bookkeeping``), a fresh seed from ``rng`` for the dice to come (no scripted
    dice) and the cards neither discarded nor held shuffled with ``rng`` into the draw pile.
    KeyError for an observation without ``bookkeeping``."""
    books = observation["bookkeeping"]
    hexes = {}
    tribes = books.get("tribes", {})
    for hid, h in observation["hexes"].items():
        if h["terrain"] is None and not (h["mapped_by"] or h["tribe"] or h["river"]):
            continue
        hexes[hid] = {
            **_copy(h),
            "oasis_by": books["oasis_by"].get(hid),
            "known_1820": hid in KNOWN_1820,
        }
        if hid in tribes:
            hexes[hid]["tribe"]["id"] = tribes[hid]
    held = {c for p in observation["players"] for c in p["donations"]}
    discard = list(observation["deck"]["discard"])
    draw = sorted(set(CARD_IDS) - held - set(discard))
    rng.shuffle(draw)
    players = []
    for p, seat_books in zip(observation["players"], books["seats"], strict=True):
        players.append(
            {
                "score": p["score"],
                "cash": p["cash"],
                "donations": list(p["donations"]),
                "explorers_lost": p["explorers_lost"],
                "explorer": _explorer(p["explorer"], seat_books["explorer"]),
                "next_record": seat_books["next_record"],
                "vp_sources": dict(p["vp_sources"]),
            }
        )
    return {
        "rules_version": books.get("rules_version", 1),
        "next_tribe": books.get("next_tribe", 1),
        "num_players": len(players),
        "seed": rng.getrandbits(62),
        "dice": [],
        "dice_at": 0,
        "die_n": 0,
        "rng_used": 0,
        "deck": {"draw": draw, "discard": discard, "k": 0},
        "hexes": hexes,
        "lakes": {
            lid: {
                "hexes": list(lake["hexes"]),
                "area_sq_mi": lake["area_sq_mi"],
                "tier": lake["published_tier_vp"],
            }
            for lid, lake in observation["lakes"].items()
        },
        "nile_source": _copy(observation["nile_source"]),
        "round": observation["round"],
        "max_rounds": observation["max_rounds"],
        "target_vp": observation["target_vp"],
        "seat": 0 if observation["current_player"] is None else observation["current_player"],
        "phase": observation["phase"],
        "pending": _copy(observation["pending"]),
        "players": players,
        "turn": _copy(books["turn"]),
        "enc": _copy(observation["encounter"]),
        "published": _copy(observation["published"]),
        "next_battle": books["next_battle"],
        "events": [],
        "final": _copy(observation["final"]),
    }


def _explorer(ex: dict[str, Any] | None, books: dict[str, Any] | None) -> dict[str, Any] | None:
    """The state's explorer from the observation's (``observe._explorer``) and its books."""
    if ex is None or books is None:
        return None
    return {
        "eid": books["eid"],
        "profession": ex["profession"],
        "status": ex["status"],
        "hex": ex["hex"],
        "start_port": ex["start_port"],
        "level": ex["level"],
        "mode": ex["mode"],
        "mp": ex["mp"],
        "sick": ex["sick"],
        "starving": ex["starving"],
        "people": {k: dict(v) for k, v in ex["people"].items() if k != "guide"},
        "guides": [dict(g) for g in ex["guides"]],
        "goods": dict(ex["goods"]),
        "fresh": ex["fresh"],
        "items": ex["items"],
        "records": [dict(r) for r in ex["records"]],
        "looked": list(books["looked"]),
        "negotiated": list(books["negotiated"]),
        "oasis_found": ex["oasis_found"],
        "capture": _copy(ex["capture"]),
    }


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _record_vp(state: State, ex: dict[str, Any], record: dict[str, Any]) -> float:
    """What one record would add if published now (an item at its expected roll)."""
    kind = record["kind"]
    published = state["published"]
    if kind == "hex":
        h = state["hexes"].get(record["hex"])
        if h is None or h["known_1820"] or h["published_by"] is not None:
            return 0.0
        mountain = tier(VP["mountain"], h["mountain_ft"])
        fall = tier(VP["cataract"], h["cataract_ft"])
        vp = VP["hex"] + mountain + fall
        vp += (VP["river_source"] if h["source"] else 0) + (VP["oasis"] if h["oasis"] else 0)
        if ex["profession"] == "explorer":
            vp += (mountain > 0) + (fall > 0)
        return vp
    if kind == "lake":
        lake = state["lakes"].get(state["hexes"][record["hex"]]["lake"])
        return 0.0 if lake is None else max(0, tier(VP["lake"], record["value"]) - lake["tier"])
    if kind == "tribe":
        tribe = record["ref"] or record["hex"]
        return 0.0 if tribe in published["tribes"] else VP["tribe_for_ethnologist"]
    if kind == "battle":
        return 0.0 if record["ref"] in published["battles"] else record["value"]
    if kind == "bonus":
        return 0.0 if record["ref"] in published["specials"] else record["value"]
    return _item_vp(ex["profession"])


# The share of promised VP counted: records in Europe are published next turn; in Africa the
# expedition must still reach a port alive (less likely the farther it is).
SHARE_EUROPE, SHARE_PORT, SHARE_STEP, SHARE_FAR, SHARE_PRISONER = 0.95, 0.85, 0.07, 0.2, 0.3
CASH_VP = 1 / 1000  # a dollar's worth: money outfits the next expedition
# An expedition in Africa maps blank hexes next: each step from the nearest one costs this
# (counted up to BLANK_FAR steps).
BLANK_STEP_VP, BLANK_FAR = 0.2, 8


def values(state: State) -> list[float]:
    """Each seat's estimated final VP: published VP, plus a share of what its records and
    carried items would score if published (``_record_vp``; the share from ``SHARE_*``, by
    where the explorer is), plus its cash at ``CASH_VP`` a dollar, less ``BLANK_STEP_VP`` a
    step between an expedition in Africa and the nearest blank hex (``BLANK_FAR`` steps for a
    seat in Europe or without an explorer). At the end: the VP."""
    if state["phase"] == "over":
        return [float(p["score"]) for p in state["players"]]
    result = []
    for player in state["players"]:
        value = player["score"] + CASH_VP * player["cash"]
        ex = player["explorer"]
        if ex is None or ex["status"] == "europe":
            value -= BLANK_STEP_VP * BLANK_FAR  # a new expedition must sail and outfit first
        if ex is not None:
            promise = ex["items"] * _item_vp(ex["profession"])
            promise += sum(_record_vp(state, ex, record) for record in ex["records"])
            if ex["status"] == "europe":
                share = SHARE_EUROPE
            elif ex["status"] == "prisoner":
                share = SHARE_PRISONER
            else:
                share = max(SHARE_FAR, SHARE_PORT - SHARE_STEP * PORT_STEPS[ex["hex"]])
                value -= BLANK_STEP_VP * min(BLANK_FAR, _to_blank(state["hexes"], ex["hex"]))
            value += share * promise
        result.append(value)
    return result


def _view(state: State) -> dict[str, Any]:
    """The part of the seat's observation the easy bot reads, from a (sampled) state."""
    seat = state["seat"]
    ex = state["players"][seat]["explorer"]
    guides = ex["guides"] if ex else []
    me = None
    if ex is not None:
        people = dict(ex["people"])
        people["guide"] = {
            "healthy": sum(1 for g in guides if not g["sick"]),
            "sick": sum(1 for g in guides if g["sick"]),
        }
        me = {**ex, "people": people}
    return {
        "phase": state["phase"],
        "current_player": seat,
        "players": {seat: {"explorer": me}},
        "hexes": state["hexes"],
    }


HARD_PROFESSION = "profession journalist"  # the easy bot's best alone (bench/bots.py)


def strong(observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The hard bot's heuristic: the easy bot's, but its new explorers are journalists ($1000
    in Europe each time, free passage, battle records)."""
    if observation["phase"] == "profession" and HARD_PROFESSION in legal:
        return HARD_PROFESSION
    return easy(observation, legal, rng)


def _policy(state: State, legal: list[str], rng: random.Random) -> str:
    """The rollout player: the hard bot's heuristic on a view of the sampled state."""
    if len(legal) == 1:
        return legal[0]
    return strong(_view(state), legal, rng)


def candidates(observation: dict[str, Any], legal: list[str]) -> list[str]:
    """The actions worth searching, the easy bot's favourite first: every move and ``stop``;
    ``sail europe`` and the levels (the favourite's mode first); every policy, gift offer
    (smallest first), prisoner count, loot or spare. Elsewhere (Europe, outfitting, market,
    trade and losses in camp) only the favourite: what those change shows after the search's
    horizon. At most ``ROOT_CANDIDATES``."""
    favourite = strong(observation, legal, random.Random(0))
    phase = observation["phase"]
    if phase in ("move", "policy", "prisoners", "village"):
        others = [a for a in legal if a != "stop"] + ["stop"] * ("stop" in legal)
    elif phase == "negotiate":
        others = sorted(legal, key=lambda a: (a == "leave", 0 if a == "leave" else _amount(a)))
    elif phase == "camp":
        mode = favourite.split()[-1] if favourite.startswith("level") else "foot"
        levels = [a for a in legal if a.startswith("level")]
        others = [a for a in legal if a == "sail europe"]
        others += sorted(levels, key=lambda a: (a.split()[2] != mode, LEVEL_ORDER[a.split()[1]]))
    else:
        others = []
    return ([favourite] + [a for a in others if a != favourite])[:ROOT_CANDIDATES]


LEVEL_ORDER = {"normal": 0, "cautious": 1, "reckless": 2}


def _current_player(state: State) -> int | None:
    """The seat to act in ``state``, None once the game is over."""
    return None if state["phase"] == "over" else state["seat"]


def _places(state: State) -> list[int]:
    """Each seat's place at the end of the game of ``state`` (1 = first, ties shared)."""
    return shared_places([p["score"] for p in state["players"]])


GAME = SearchGame(
    engine=Rules(
        legal_actions=rules_legal.legal_actions,
        apply=rules.apply,
        current_player=_current_player,
        places=_places,
    ),
    determinize=determinize,
    policy=_policy,
    values=values,
    scale=4.0,
    candidates=candidates,
    first_bonus=0.02,
)
