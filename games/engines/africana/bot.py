"""A bot for Africana that plays from a viewer's observation only (its own hand and the table).

"easy" scores every legal action with a quick heuristic and picks one of the best at random:
finish an expedition or an adventure whenever it can, join expeditions that start where its
explorer stands, walk towards the nearest place where it can finish or join something (playing
a card of the right colour rather than a joker, an assistant or a paid recolour), draw when its
hand runs low, buy an adventure now and then, and at the card limits give up the card it holds
most of. "hard" plays as "easy" for now.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from games.engines.africana.data import ADVENTURES, BOARD, EXPEDITIONS, MARKERS
from games.engines.base import check_level


def _distances() -> dict[str, dict[str, int]]:
    """Steps between every two locations (breadth-first over the travel routes)."""
    table = {}
    for origin in BOARD.locations:
        seen = {origin: 0}
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            for near in BOARD.routes(here):
                if near not in seen:
                    seen[near] = seen[here] + 1
                    queue.append(near)
        table[origin] = seen
    return table


DISTANCE = _distances()
FAR = len(BOARD.locations)


def choose(
    observation: dict[str, Any], legal: list[str], rng: random.Random, level: str = "easy"
) -> str:
    """One of ``legal`` for the player to act in ``observation``; ties broken with ``rng``.

    Raises ValueError for an unknown level or an empty ``legal``.
    """
    check_level(level, legal)
    seat = observation["current_player"]
    goals = _goals(observation, seat)
    scored = [(_score(observation, seat, goals, action), action) for action in legal]
    best = max(score for score, _action in scored)
    return rng.choice([action for score, action in scored if score == best])


def _goals(obs: dict[str, Any], seat: int) -> list[str]:
    """Where the seat can finish or join something: the targets of the expeditions it joined
    and of its adventures, and the starts of the expeditions it may still join."""
    me = obs["players"][seat]
    goals = [ADVENTURES[card]["target"] for card in me["adventures"]]
    for slot in obs["slots"]:
        card = slot["card"]
        if card is None:
            continue
        if seat in slot["markers"]:
            goals.append(EXPEDITIONS[card]["target"])
        elif me["markers_out"] < MARKERS:
            goals.append(EXPEDITIONS[card]["start"])
    return goals


def _distance(loc: str, goals: list[str]) -> int:
    return min((DISTANCE[loc].get(goal, FAR) for goal in goals), default=FAR)


def _score(obs: dict[str, Any], seat: int, goals: list[str], action: str) -> float:
    """How much the easy bot likes ``action`` (higher is better)."""
    words = action.split()
    verb = words[0]
    me = obs["players"][seat]
    if verb in ("expedition", "adventure"):
        return 20
    if verb == "join":
        return 10
    if verb == "go":
        here = obs["explorers"][seat]
        gain = _distance(here, goals) - _distance(words[1], goals)
        card = words[2]
        cost = 3 if "-as-" in card else 1 if card == "joker" or card.startswith("assistant") else 0
        return 5 + 2 * gain - cost if gain > 0 else -1
    if verb == "draw":
        return 4 if me["hand_size"] < 4 else 1
    if verb == "buy":
        return 2 if len(me["adventures"]) < 2 and me["silver"] >= 10 else -1
    if verb == "discard":
        card = words[1]
        return (me["hand"] or {}).get(card, 0) - (3 if card == "joker" else 0)
    if verb == "done":
        return 0 if obs["phase"] == "action" else 3
    return -2  # a page turn, a drop: rarely worth it on its own
