"""The Nile robot: decides from the viewer's observation, the legal actions and its own random
generator only (never the hidden state).

Level "easy" (also used for "hard" until the bots issue): outfit a modest expedition, walk into
blank hexes, head for the nearest port when the food runs low or enough records are held,
sail home and publish.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.nile.data import PORT_STEPS

OUTFIT = (
    ("hire askari", 4),
    ("hire bearer", 5),
    ("hire guide", 1),
    ("buy musket", 2),
    ("buy rations", 60),
    ("buy gifts", 30),
)


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
        fitting = [a for a in options if int(a.split()[2]) <= short]
        if fitting:
            return max(fitting, key=lambda a: int(a.split()[2]))
    return None


def _homeward(ex: dict[str, Any]) -> bool:
    persons = 1 + sum(v["healthy"] + v["sick"] for v in ex["people"].values())
    return len(ex["records"]) >= 5 or ex["goods"]["rations"] < 2 * persons


def choose(
    observation: dict[str, Any], legal: list[str], rng: random.Random, level: str = "easy"
) -> str:
    """One of ``legal`` for the player to act in ``observation``."""
    phase = observation["phase"]
    seat = observation["current_player"]
    me = observation["players"][seat]
    ex = me["explorer"]
    if phase == "europe":
        if ex["records"] or not [a for a in legal if a.startswith("sail")]:
            return "stay"
        return rng.choice([a for a in legal if a.startswith("sail")])
    if phase == "publish":
        return "publish all" if "publish all" in legal and ex["records"] else "end"
    if phase in ("outfit", "camp"):
        if phase == "camp" and "sail europe" in legal and (_homeward(ex) or ex["records"]):
            return "sail europe"
        pick = _outfit(ex, legal)
        if pick:
            return pick
        if phase == "outfit":
            return "end"
        levels = [a for a in legal if a.startswith("level")]
        for wanted in ("level normal foot", "level normal mounted", "level normal canoe"):
            if wanted in levels:
                return wanted
        if levels:
            return rng.choice(levels)
        return next((a for a in legal if a.startswith("drop")), rng.choice(legal))
    if phase == "move":
        moves = [a for a in legal if a.startswith("move")]
        if not moves:
            return "stop"
        if _homeward(ex):
            return min(moves, key=lambda a: (PORT_STEPS[a.split()[1]], a))
        blank = [a for a in moves if observation["hexes"][a.split()[1]]["terrain"] is None]
        if blank and rng.random() < 0.9:
            return rng.choice(blank)
        return rng.choice(moves + ["stop"])
    if phase == "policy":
        return "policy 5" if ex["goods"]["gifts"] >= 10 else "policy 3"
    if phase == "negotiate":
        gifts = [a for a in legal if a.startswith("gifts")]
        return gifts[-1] if gifts else "leave"
    if phase == "prisoners":
        return max(legal, key=lambda a: int(a.split()[1]))
    if phase == "village":
        return "loot"
    return rng.choice(legal)
