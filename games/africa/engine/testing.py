"""What the generic test suites need to know of Africa's hidden things (read here, in
tests, on purpose): ``twin`` and ``redeal`` deal them differently, ``shows_secrets`` says whether
a view shows them all; ``HIDDEN_ONLY_OPTIONS`` are options under which two seeds differ only in
hidden things, ``tie_break`` decides between equal scores (None: ties share the place) and
``choose`` steers random games to their end; ``BENCH_PLAYERS`` is the table bench/bots.py
plays.
"""

from __future__ import annotations

import copy
import random
from typing import Any

State = dict[str, Any]

HIDDEN_ONLY_OPTIONS: dict[str, Any] = {}
tie_break = None
BENCH_PLAYERS = 4


def twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """The face-down markers shuffled among their cells (nobody sees them; no hands)."""
    other = copy.deepcopy(state)
    cells = sorted(other["hidden"])
    codes = [other["hidden"][cell] for cell in cells]
    rng.shuffle(codes)
    other["hidden"] = dict(zip(cells, codes, strict=True))
    return other


def shows_secrets(view: dict[str, Any], state: State) -> bool:
    """Every face-down marker's code is on its cell in ``view``."""
    return all(view["cells"][cell]["marker"] == code for cell, code in state["hidden"].items())


def redeal(state: dict) -> dict:
    """Africa: the face-down markers dealt to the same cells in reverse order."""
    hidden = state["hidden"]
    cells = sorted(hidden)
    return {**state, "hidden": dict(zip(cells, reversed([hidden[c] for c in cells]), strict=True))}


def choose(rng: random.Random, legal: list[str]) -> str:
    """Mostly uncover or set up camps, so that the monuments come out in a few hundred moves."""
    progress = [a for a in legal if a.startswith(("uncover", "camp"))]
    if progress and rng.random() < 0.7:
        return rng.choice(progress)
    return rng.choice(legal)
