"""What the generic test suites need to know of Source of the Nile's hidden things (read here, in
tests, on purpose): ``twin`` and ``redeal`` deal them differently, ``shows_secrets`` says whether
a view shows them all; ``HIDDEN_ONLY_OPTIONS`` are options under which two seeds differ only in
hidden things, ``tie_break`` decides between equal scores (None: ties share the place) and
``choose`` steers random games to their end. For bench/bots.py: ``BENCH_PLAYERS`` is the table
it plays, ``BENCH_SOLO`` that it plays solo games too, and ``feeding_actions`` and
``starved_in_place`` count the easy bot's turns starved in place by choice.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.nile.engine.data import BOARD

State = dict[str, Any]

# Nothing public comes from the seed; ten rounds keep the random games short.
HIDDEN_ONLY_OPTIONS: dict[str, Any] = {"max_rounds": 10}
tie_break = None
BENCH_PLAYERS = 2
BENCH_SOLO = True


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
FEEDING = ("trade rations ", "shoot ", "buy rations ")


def feeding_actions(state: State, seat: int, legal: list[str]) -> list[str]:
    """The actions of ``legal`` that would feed seat ``seat``'s expedition this month: a move
    into a port or into the village of a tribe friendly to it, a trade for rations, a shot
    animal, bought rations."""
    ports = set(BOARD.ports.values())
    out = [a for a in legal if a.startswith(FEEDING)]
    for action in legal:
        if action.startswith("move "):
            hid = action.split()[1]
            tribe = (state["hexes"].get(hid) or {}).get("tribe")
            if hid in ports or (tribe and seat in tribe["friendly"] and tribe["attitude"] >= -4):
                out.append(action)
    return out


def starved_in_place(before: State, after: State) -> int:
    """1 when the turn that ``before`` ended left the seat's explorer in Africa, in the hex
    where the turn began, starving one month more; else 0."""
    seat = before["seat"]
    old = before["players"][seat]["explorer"]
    new = after["players"][seat]["explorer"]
    if old is None or new is None or new["status"] != "africa":
        return 0
    stayed = new["hex"] == before["turn"]["start_hex"]
    return int(stayed and new["starving"] > old["starving"])
