"""What the generic test suites need to know of the toy game's hidden things: only the order
of the pile (see ``games/africa/engine/testing.py`` for what each name means)."""

from __future__ import annotations

import copy
import random
from typing import Any

State = dict[str, Any]

HIDDEN_ONLY_OPTIONS: dict[str, Any] = {}
tie_break = None


def twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """The pile shuffled (nobody sees it; no hands)."""
    other = copy.deepcopy(state)
    rng.shuffle(other["pile"])
    return other


def shows_secrets(view: dict[str, Any], state: State) -> bool:
    """The pile's stones in order are in ``view``."""
    return view.get("pile_stones") == state["pile"]


def redeal(state: State) -> State:
    """The pile in reverse order."""
    return {**state, "pile": list(reversed(state["pile"]))}


def choose(rng: random.Random, legal: list[str]) -> str:
    """Mostly draw, so that random games reach the goal."""
    return "draw" if "draw" in legal and rng.random() < 0.8 else "pass"
