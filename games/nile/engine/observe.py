"""What a viewer sees (nile.md, Randomness, dice order, visibility): everything but the deck
order, the seed and the dice to come, the same for every viewer; ``revealed`` adds those.

The observation's ``bookkeeping`` holds the public counters and lists that the rules read but
the board does not show (the turn's record of what was mapped, gained or lost, where each
explorer has looked for natives or negotiated, who found an oasis, the next record and battle
numbers), so that a full state can be rebuilt from an observation (the hard bot's
``determinize``) with only chance left to sample.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import State
from games.nile.engine.core import rules_version
from games.nile.engine.data import HEX_IDS
from games.nile.engine.scoring import vp_sources


def _hex(h: dict[str, Any] | None) -> dict[str, Any]:
    if h is None:
        return {
            "terrain": None,
            "river": None,
            "source": False,
            "mountain_ft": None,
            "cataract_ft": None,
            "oasis": False,
            "lake": None,
            "tribe": None,
            "mapped_by": [],
            "published_by": None,
        }
    river = h["river"]
    tribe = h["tribe"]
    return {
        "terrain": h["terrain"],
        "river": None
        if river is None
        else {"out": list(river["out"]), "open": list(river["open"])},
        "source": h["source"],
        "mountain_ft": h["mountain_ft"],
        "cataract_ft": h["cataract_ft"],
        "oasis": h["oasis"],
        "lake": h["lake"],
        "tribe": None
        if tribe is None
        else {
            "size": tribe["size"],
            "attitude": tribe["attitude"],
            "friendly": list(tribe["friendly"]),
        },
        "mapped_by": list(h["mapped_by"]),
        "published_by": h["published_by"],
    }


def _explorer(ex: dict[str, Any] | None) -> dict[str, Any] | None:
    if ex is None:
        return None
    people = {k: dict(v) for k, v in ex["people"].items()}
    people["guide"] = {
        "healthy": sum(1 for g in ex["guides"] if not g["sick"]),
        "sick": sum(1 for g in ex["guides"] if g["sick"]),
    }
    return {
        "profession": ex["profession"],
        "status": ex["status"],
        "hex": ex["hex"],
        "start_port": ex["start_port"],
        "level": ex["level"],
        "mode": ex["mode"],
        "mp": ex["mp"],
        "sick": ex["sick"],
        "starving": ex["starving"],
        "people": people,
        "guides_from": [g["hex"] for g in ex["guides"] if not g["sick"]],
        "guides": [dict(g) for g in ex["guides"]],
        "goods": dict(ex["goods"]),
        "fresh": ex["fresh"],
        "items": ex["items"],
        "records": [dict(r) for r in ex["records"]],
        "oasis_found": ex["oasis_found"],
        "capture": dict(ex["capture"]) if ex["capture"] else None,
    }


def observation(state: State, viewer: int | None) -> dict[str, Any]:
    """The public view; ``viewer`` (a seat or None) changes nothing (all is open but chance)."""
    over = state["phase"] == "over"
    hexes = state["hexes"]
    return {
        "current_player": None if over else state["seat"],
        "terminal": over,
        "round": state["round"],
        "max_rounds": state["max_rounds"],
        "target_vp": state["target_vp"],
        "phase": state["phase"],
        "pending": None if state["pending"] is None else _copy(state["pending"]),
        "hexes": {hid: _hex(hexes.get(hid)) for hid in HEX_IDS},
        "lakes": {
            lid: {
                "hexes": list(lake["hexes"]),
                "area_sq_mi": lake["area_sq_mi"],
                "published_tier_vp": lake["tier"],
            }
            for lid, lake in state["lakes"].items()
        },
        "nile_source": None if state["nile_source"] is None else dict(state["nile_source"]),
        "deck": {"draw": len(state["deck"]["draw"]), "discard": list(state["deck"]["discard"])},
        "players": [
            {
                "score": p["score"],
                "vp_sources": vp_sources(p),
                "cash": p["cash"],
                "donations": list(p["donations"]),
                "explorers_lost": p["explorers_lost"],
                "explorer": _explorer(p["explorer"]),
            }
            for p in state["players"]
        ],
        "encounter": None if state["enc"] is None else dict(state["enc"]),
        "published": {k: list(v) for k, v in state["published"].items()},
        "events": [_copy(e) for e in state["events"]],
        "final": None if state["final"] is None else [dict(f) for f in state["final"]],
        "bookkeeping": _bookkeeping(state),
    }


def _bookkeeping(state: State) -> dict[str, Any]:
    """The public counters and lists the rules read besides the board: ``turn`` (the turn's
    bookkeeping, ``setup.new_turn``), ``next_battle``, per seat ``next_record`` and its
    explorer's ``eid``, ``looked`` and ``negotiated`` hexes (None without an explorer), and
    ``oasis_by`` {hex: eid of the explorer who found the oasis there}; from rules version 2
    also ``rules_version``, ``next_tribe`` (the number of the next tribe's id) and
    ``tribes`` {hex: id of the tribe there}."""
    versioned = {}
    if rules_version(state) >= 2:
        versioned = {
            "rules_version": state["rules_version"],
            "next_tribe": state["next_tribe"],
            "tribes": {
                hid: h["tribe"]["id"] for hid, h in sorted(state["hexes"].items()) if h["tribe"]
            },
        }
    return {
        **versioned,
        "turn": _copy(state["turn"]),
        "next_battle": state["next_battle"],
        "seats": [
            {
                "next_record": p["next_record"],
                "explorer": None
                if p["explorer"] is None
                else {
                    "eid": p["explorer"]["eid"],
                    "looked": list(p["explorer"]["looked"]),
                    "negotiated": list(p["explorer"]["negotiated"]),
                },
            }
            for p in state["players"]
        ],
        "oasis_by": {
            hid: h["oasis_by"] for hid, h in sorted(state["hexes"].items()) if h["oasis_by"]
        },
    }


def revealed(state: State) -> dict[str, Any]:
    """The spectator's view with every hidden thing shown (replays of finished games): the
    seed, the draw pile in order and the scripted dice still to come."""
    view = observation(state, None)
    view["seed"] = state["seed"]
    view["draw_cards"] = list(state["deck"]["draw"])
    view["reshuffles"] = state["deck"]["k"]
    view["dice_to_come"] = state["dice"][state["dice_at"] :]
    view["hash_dice_used"] = state["die_n"]
    return view


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
