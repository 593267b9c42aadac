"""A bot for Africa that plays from a viewer's observation only (never the hidden layout).

"easy" scores every legal action with a quick heuristic and picks one of the best at random:
uncover first (it is how the game moves on and how points come), place an uncovered animal next
to its kind and a nomad among empty cells, swap goods when the swap scores more, set up camps
where gold and jewels (the majorities) or several researched markers lie around, walk towards
face-down markers, and end the turn when nothing helps. "hard" plays as "easy" for now.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.africa.data import ANIMAL, GOLD, JEWELS, MONUMENT, NOMAD
from games.engines.africa.legal import ADJ, KIND, MIX
from games.engines.africa.scoring import goods_points
from games.engines.base import check_level

RESEARCHED = frozenset((ANIMAL, NOMAD, MONUMENT))
UNCOVER = 10
MARKER_MOVE = 6
DECISION = 5


def choose(
    observation: dict[str, Any], legal: list[str], rng: random.Random, level: str = "easy"
) -> str:
    """One of ``legal`` for the player to act in ``observation``; ties broken with ``rng``.

    Raises ValueError for an unknown level or an empty ``legal``.
    """
    check_level(level, legal)
    scored = [(_score(observation, action), action) for action in legal]
    best = max(score for score, _action in scored)
    return rng.choice([action for score, action in scored if score == best])


def _score(obs: dict[str, Any], action: str) -> float:
    """How much the easy bot likes ``action`` (higher is better)."""
    words = action.split()
    keyword, args = words[0], words[1:]
    cells = obs["cells"]
    if keyword == "uncover":
        return UNCOVER
    if keyword in ("animal", "nomad"):
        return MARKER_MOVE
    if keyword == "place":
        return DECISION + _neighbors_that_count(cells, obs["pending"], args[0])
    if keyword == "keep":
        return DECISION
    if keyword == "swap":
        return DECISION + _swap_gain(obs, args[0], args[1])
    if keyword == "camp":
        return _camp_value(cells, _here(obs), args[0])
    if keyword == "start":
        return 1 + _face_down_around(cells, args[0])
    if keyword == "move":
        around = _face_down_around(cells, args[0])
        return 3 + around if around else -1
    if keyword == "anywhere":
        around = _face_down_around(cells, args[0])
        return 1 + min(around, 2) / 2 if around else -2
    return 0  # end


def _here(obs: dict[str, Any]) -> str | None:
    seat = obs["current_player"]
    return next((cell for cell, info in obs["cells"].items() if info["researcher"] == seat), None)


def _face_down_around(cells: dict[str, Any], cell: str) -> int:
    return sum(1 for n in ADJ[cell] if cells[n]["face_down"])


def _neighbors_that_count(cells: dict[str, Any], pending: dict[str, Any], cell: str) -> int:
    """Face-up animals of the same kind around ``cell``, or empty cells for a nomad."""
    code, origin = pending["marker"], pending["cell"]
    if KIND[code] == NOMAD:
        return sum(1 for n in ADJ[cell] if n == origin or _empty(cells[n]))
    return sum(1 for n in ADJ[cell] if n != origin and cells[n]["marker"] == code)


def _empty(info: dict[str, Any]) -> bool:
    return info["marker"] is None and not info["camp"] and not info["face_down"]


def _swap_gain(obs: dict[str, Any], who: str, kind: str) -> int:
    """Goods points the swap adds to the player's own (the other's loss not counted)."""
    seat = obs["current_player"]
    code = obs["pending"]["marker"]
    mine = dict(obs["players"][seat]["goods"])
    count = obs["players"][int(who[1:]) - 1]["goods"].get(kind, 0)
    before = goods_points(mine)
    mine[kind] = mine.get(kind, 0) + count
    mine[code] = mine.get(code, 0) - count
    return goods_points(mine) - before


def _camp_value(cells: dict[str, Any], here: str | None, use: str) -> float:
    """Resources: the nuggets and gems taken; research: the points, worth it from 2 on."""
    if here is None:
        return -1
    codes = [cells[n]["marker"] for n in ADJ[here] if not cells[n]["face_down"]]
    if use == "resources":
        taken = sum(MIX.value[c] for c in codes if c and KIND.get(c) in (GOLD, JEWELS))
        return 3 + taken if taken else -1
    points = sum(1 for c in codes if c and KIND.get(c) in RESEARCHED)
    return 2 + points if points >= 2 else -1
