"""The Nile robot: decides from the viewer's observation, the legal actions and its own random
generator only (never the seed, the dice to come or the deck order).

"easy" is a fast heuristic (``bot_easy``). "hard" plays a stronger heuristic (``bot_plan``:
journalists, an outfit planned for the trip, going home in time, the safest native policy)
and searches where the effect of a choice shows soon: information-set Monte Carlo tree search
(``games.engines.search``) samples what nobody sees (a fresh seed for the dice to come, the draw
pile's order) around the public position (``bot_sample.determinize``), tries the heuristic's
favourite and the other choices worth trying (``candidates``: moves into new hexes, going home,
the levels) with the heuristic as rollout player until the seat's next turn, and scores
positions by each seat's published VP plus a share of what its records and carried items
promise (``bot_sample.values``).
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import State
from games.engines.search import Budget, SearchBot
from games.nile.engine.bot_easy import easy, move_choices
from games.nile.engine.bot_plan import homeward, strong
from games.nile.engine.bot_sample import determinize, values, view

__all__ = ["HARD_BUDGET", "candidates", "choose", "determinize", "easy", "strong", "values"]

HARD_BUDGET = Budget(iterations=30, seconds=0.5, horizon=30)
"""The hard bot's default: 30 iterations or 0.5 s of CPU, whichever ends first; a rollout
evaluates the position at the seat's next turn or after 30 actions (about two Africa turns
alone at the table)."""
ROOT_CANDIDATES = 7  # a hex's six neighbours and stop
LEAD = 4.0  # the lead in VP the search counts as clear (its evaluation's width)
FAVOURITE_BONUS = 0.02  # mean reward added to the favourite: left only for a clearly better


def _policy(state: State, legal: list[str], rng: random.Random) -> str:
    """The rollout player: the hard bot's heuristic on a view of the sampled state."""
    if len(legal) == 1:
        return legal[0]
    return strong(view(state), legal, rng)


def candidates(observation: dict[str, Any], legal: list[str]) -> list[str]:
    """The actions worth searching, the heuristic's favourite first: the moves the heuristic
    would pick from at random (``bot_easy.move_choices``: the new hexes next door, or those
    nearest a blank hex). Elsewhere only the favourite: the heuristic weighs the natives' odds
    exactly (``bot_plan``), and a search to the seat's next turn judges going home, the outfit
    and the levels worse than the heuristic does (it sees the records' VP a few turns early and
    the risks of the months after its horizon not at all). At most ``ROOT_CANDIDATES``."""
    favourite = strong(observation, legal, random.Random(0))
    others: list[str] = []
    if observation["phase"] == "move" and len(legal) > 1:
        seat = observation["current_player"]
        ex = observation["players"][seat]["explorer"]
        home = homeward(observation, ex)
        others = move_choices(observation["hexes"], seat, ex, legal, home)
    return ([favourite] + [a for a in others if a != favourite])[:ROOT_CANDIDATES]


BOT = SearchBot(
    __package__, easy, HARD_BUDGET, determinize, _policy, values, candidates, LEAD, FAVOURITE_BONUS
)
choose = BOT.choose
