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

from games.engines.base import State, shared_places
from games.engines.search import Budget, Rules, SearchGame, choose_at_level
from games.nile.engine import legal as rules_legal
from games.nile.engine import rules
from games.nile.engine.bot_easy import easy, move_choices
from games.nile.engine.bot_plan import homeward, strong
from games.nile.engine.bot_sample import determinize, values, view

__all__ = ["HARD_BUDGET", "candidates", "choose", "determinize", "easy", "strong", "values"]

HARD_BUDGET = Budget(iterations=30, seconds=0.5, horizon=30)
"""The hard bot's default: 30 iterations or 0.5 s of CPU, whichever ends first; a rollout
evaluates the position at the seat's next turn or after 30 actions (about two Africa turns
alone at the table)."""
ROOT_CANDIDATES = 7  # a hex's six neighbours and stop


def choose(
    observation: dict[str, Any],
    legal: list[str],
    rng: random.Random,
    level: str = "easy",
    budget: Budget | None = None,
    iterations: int | None = None,
) -> str:
    """One of ``legal`` for the player to act in ``observation``, at bot ``level``.

    "easy" follows the heuristic (``easy``); "hard" searches with ``budget`` (default
    ``HARD_BUDGET``), its iterations capped at ``iterations`` when given
    (``search.choose_at_level``). Raises ValueError for an unknown level or an empty ``legal``.
    """
    return choose_at_level(
        GAME, easy, HARD_BUDGET, observation, legal, rng, level, budget, iterations
    )


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


def _current_player(state: State) -> int | None:
    """The seat to act in ``state``, None once the game is over."""
    return None if state["phase"] == "over" else state["seat"]


def _places(state: State) -> list[int]:
    """Each seat's place at the end of the game of ``state`` (1 = first, ties shared)."""
    return shared_places([p["score"] for p in state["players"]])


GAME = SearchGame(
    engine=Rules(
        legal_actions=rules_legal.legal_actions,
        apply=rules.apply,
        current_player=_current_player,
        places=_places,
    ),
    determinize=determinize,
    policy=_policy,
    values=values,
    scale=4.0,
    candidates=candidates,
    first_bonus=0.02,
)
