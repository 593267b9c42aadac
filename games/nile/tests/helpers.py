"""Shared set-ups for the Nile tests: the specification's set-up S and small positions."""

from __future__ import annotations

from typing import Any

from games.engines import get_engine

ENGINE = get_engine("nile")

OUTFIT_S = [
    "sail lagos",
    "hire askari 4",
    "hire bearer 4",
    "hire guide 1",
    "buy musket 2",
    "buy rations 30",
    "buy gifts 20",
    "end",
]
E2_DICE = [3, 1, 3, 1, 2, 5, 3, 4]
E1_MOVE_DICE = [5, 1, 6, 6, 4, 6, 5, 6, 3, 5, 4, 3, 6, 6, 6]


def play(state: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """Apply ``actions`` in order."""
    for action in actions:
        state = ENGINE.apply(state, action)
    return state


def setup_s(
    dice: list[int], guide: bool = True, deck: list[str] | None = None, profession: str = "explorer"
) -> dict[str, Any]:
    """Set-up S of nile.md: outfitted in Lagos, round 2, ``level normal foot`` chosen."""
    state = ENGINE.initial_state(
        1, 1, {"professions": [profession], "deck": deck or ["c01", "c09", "c07"], "dice": dice}
    )
    actions = [a for a in OUTFIT_S if guide or a != "hire guide 1"]
    return play(state, [*actions, "level normal foot"])


def explorer(state: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """The observed explorer of ``seat``."""
    return ENGINE.observation(state, None)["players"][seat]["explorer"]


QUIET = ["c01", "c07", "c10", "c24", "c41"]  # quiet months without a river


def camp_state(
    hex_id: str,
    layout: dict[str, Any] | None = None,
    dice: list[int] | None = None,
    deck: list[str] | None = None,
    profession: str = "explorer",
    num_players: int = 1,
    **changes: Any,
) -> dict[str, Any]:
    """A state with seat 0 in camp at ``hex_id`` (made by editing an expedition launched from
    Lagos with nothing): ``deck`` on top of the draw pile, then ``dice``; ``changes`` set
    explorer fields (``goods``, ``people``, ``guides``...)."""
    state = ENGINE.initial_state(
        num_players, 1, {"professions": [profession] * num_players, "layout": layout or {}}
    )
    state = play(state, ["sail lagos", "end"])
    while state["seat"] != 0:
        state = ENGINE.apply(state, "stay")
        if state["phase"] == "publish":
            state = ENGINE.apply(state, "end")
    top = list(deck if deck is not None else QUIET)
    state["deck"]["draw"] = top + [c for c in state["deck"]["draw"] if c not in top]
    state["deck"]["discard"] = [c for c in state["deck"]["discard"] if c not in top]
    state["dice"], state["dice_at"] = list(dice or []), 0
    ex = state["players"][0]["explorer"]
    ex["hex"] = hex_id
    state["turn"]["start_hex"] = hex_id
    state["pending"] = {"kind": "camp", "hex": hex_id, "mp": 0}
    for key, value in changes.items():
        if key in ("goods", "people"):
            for kind, amount in value.items():
                if key == "people":
                    ex["people"][kind] = {"healthy": amount, "sick": 0}
                else:
                    ex["goods"][kind] = amount
        else:
            ex[key] = value
    return state


def guides(*hexes: str) -> list[dict[str, Any]]:
    """Healthy guides hired in ``hexes``."""
    return [{"hex": h, "sick": False} for h in hexes]
