"""What the generic test suites need to know of Source of the Nile's hidden things (read here, in
tests, on purpose): ``twin`` and ``redeal`` deal them differently, ``shows_secrets`` says whether
a view shows them all; ``HIDDEN_ONLY_OPTIONS`` are options under which two seeds differ only in
hidden things, ``tie_break`` decides between equal scores (None: ties share the place) and
``choose`` steers random games to their end.
"""

from __future__ import annotations

import copy
import random
from typing import Any

State = dict[str, Any]

# Nothing public comes from the seed; ten rounds keep the random games short.
HIDDEN_ONLY_OPTIONS: dict[str, Any] = {"max_rounds": 10}
tie_break = None
ONWARD = {"end", "level", "move", "stop", "stay", "publish", "sail", "keep", "loot", "leave"}


def twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """Another seed (other hash dice to come) and the draw pile shuffled; every seat sees the
    same, so ``seat`` changes nothing."""
    other = copy.deepcopy(state)
    other["seed"] = state["seed"] + 1 + rng.randrange(1000)
    rng.shuffle(other["deck"]["draw"])
    return other


def shows_secrets(view: dict[str, Any], state: State) -> bool:
    """The seed, the draw pile in order and the scripted dice to come are in ``view``."""
    return (
        view.get("seed") == state["seed"]
        and view.get("draw_cards") == state["deck"]["draw"]
        and view.get("dice_to_come") == state["dice"][state["dice_at"] :]
    )


def redeal(state: dict) -> dict:
    """Source of the Nile: the draw pile reversed, another seed (other dice to come) and
    other scripted dice."""
    deck = state["deck"]
    return {
        **state,
        "seed": state["seed"] + 1,
        "dice": state["dice"][: state["dice_at"]] + [6, 6, 6],
        "deck": {**deck, "draw": list(reversed(deck["draw"]))},
    }


def choose(rng: random.Random, legal: list[str]) -> str:
    """Mostly the actions that move a turn on (end, level, move, stay...), so that outfitting
    and camp do not fill the game with purchases."""
    if "publish all" in legal:
        return "publish all"
    launch = [a for a in legal if a.startswith("sail") and a != "sail europe"]
    if launch and rng.random() < 0.7:
        return rng.choice(launch)
    onward = [a for a in legal if a.split()[0] in ONWARD]
    if onward and rng.random() < 0.7:
        return rng.choice(onward)
    return rng.choice(legal)


ONWARD = {"end", "level", "move", "stop", "stay", "publish", "sail", "keep", "loot", "leave"}
