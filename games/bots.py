"""The robot that plays a seat whose player has gone, and the random players of demo data."""

from __future__ import annotations

import random

PROGRESS = ("uncover", "camp", "place", "keep", "swap", "start")


def choose(rng: random.Random, legal: list[str]) -> str:
    """A random legal action, mostly one that moves the game on (uncover, camp, decisions):
    a player picking uniformly would mostly wander and a game would take thousands of moves."""
    progress = [action for action in legal if action.startswith(PROGRESS)]
    if progress and rng.random() < 0.75:
        return rng.choice(progress)
    return rng.choice(legal)
