"""The hard bot's view of the Nile for the search (``games.engines.search``): sampled states
that agree with an observation (``determinize``: fresh dice, the unseen cards shuffled), the
evaluation of a position (``values``) and the observation-shaped view of a sampled state that
the heuristics read (``view``). Only what the observation shows goes in.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import State
from games.nile.engine.bot_easy import item_vp, to_blank
from games.nile.engine.data import CARD_IDS, KNOWN_1820, PORT_STEPS, VP
from games.nile.engine.scoring import tier


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
    return item_vp(ex["profession"])


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
            promise = ex["items"] * item_vp(ex["profession"])
            promise += sum(_record_vp(state, ex, record) for record in ex["records"])
            if ex["status"] == "europe":
                share = SHARE_EUROPE
            elif ex["status"] == "prisoner":
                share = SHARE_PRISONER
            else:
                share = max(SHARE_FAR, SHARE_PORT - SHARE_STEP * PORT_STEPS[ex["hex"]])
                value -= BLANK_STEP_VP * min(BLANK_FAR, to_blank(state["hexes"], ex["hex"]))
            value += share * promise
        result.append(value)
    return result


def view(state: State) -> dict[str, Any]:
    """The part of the seat's observation the heuristics read, from a (sampled) state: the
    phase, round, limits, pending decision, encounter and hexes, and each seat's score with the
    seat's own explorer (the others' None)."""
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
    players = [{"score": p["score"], "explorer": None} for p in state["players"]]
    players[seat]["explorer"] = me
    return {
        "phase": state["phase"],
        "current_player": seat,
        "round": state["round"],
        "max_rounds": state["max_rounds"],
        "target_vp": state["target_vp"],
        "pending": state["pending"],
        "encounter": state["enc"],
        "players": players,
        "hexes": state["hexes"],
    }
