"""Information-set Monte Carlo tree search (ISMCTS) for the engines' "hard" bots.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012): every iteration samples one full state that agrees with what
the bot's seat sees (a *determinization*), walks one shared tree of actions with UCB1 using
availability counts (an action is only counted as available in the iterations whose state
offers it), adds one node, then plays on with a rollout policy (the game's easy bot) until the
seat's next turn begins (at most ``Budget.horizon`` actions from the decision), and scores the
position reached: the true places when the game is over, else a logistic of each seat's lead
in the game's evaluation (alone at the table, a logistic of its gain over the evaluation of the
determinization it started from, at the end too). At the root, each determinization is shared
by all the candidate actions (with the same rollout seed), so they are compared on the same luck.

Each game's bot module makes its bot with ``SearchBot``, the one factory: the engine's package
(the search asks the engine itself whose turn it is, which actions are legal, what they lead to
and the places at the end), ``easy`` (the easy level's heuristic), ``budget`` (the hard
level's default), ``determinize`` (observation -> full state, from public information only),
``policy`` (the rollout player) and ``values`` (a point estimate per seat); its ``choose`` is
the bot of both levels. Nothing here reads anything but the observation, the legal actions and
``rng``, so the decision never depends on what the seat cannot see.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from games.engines.base import Engine, State, check_level

EXPLORATION = 0.7


@dataclass(frozen=True)
class Budget:
    """How long the hard bot thinks about one decision.

    ``iterations``: determinize-select-rollout cycles at most; ``seconds``: CPU seconds of
    this process (``time.process_time``) at most, or None for no time limit (then the decision
    depends on ``rng`` alone, as the tests need); ``horizon``: actions played from the decision
    (in the tree and the rollout) at most before the position is evaluated; the play stops
    sooner when the seat's next turn begins. Both bots' defaults (``HARD_BUDGET``) keep a
    decision under 1 s of CPU: the iterations end once ``seconds`` are used up.
    """

    iterations: int
    seconds: float | None
    horizon: int


@dataclass(frozen=True)
class SearchBot:
    """A game's bot, made once in its bot module: the easy level's heuristic and the hard
    level's information-set search on the game's own engine.

    ``package``: the engine's package (``games.<name>.engine``), whose ``ENGINE_CLASS`` the
    search asks ``current_player``, ``legal_actions``, ``apply``, ``is_terminal`` and
    ``places`` (made on the first search: the engine's module imports the bot's);
    ``easy(observation, legal, rng)``: the easy bot's action; ``budget``: the hard bot's
    default ``Budget``; ``determinize(observation, rng)``: a full state consistent with the
    observation; ``policy(state, legal, rng)``: the rollout player's action in a
    (determinized) state; ``values(state)``: each seat's estimated final points;
    ``candidates(observation, legal)``: the actions worth searching at the root (None: all of
    them), the first the favourite; ``scale``: the point difference that counts as a clear
    lead (the evaluation's logistic width); ``first_bonus``: the mean reward added to the
    favourite's, so that the search leaves it only for an action that is clearly better.
    """

    package: str
    easy: Callable[[dict[str, Any], list[str], random.Random], str]
    budget: Budget
    determinize: Callable[[dict[str, Any], random.Random], State]
    policy: Callable[[State, list[str], random.Random], str]
    values: Callable[[State], list[float]]
    candidates: Callable[[dict[str, Any], list[str]], list[str]] | None
    scale: float
    first_bonus: float = 0.01

    @cached_property
    def engine(self) -> Engine:
        """The game's engine (its package's ``ENGINE_CLASS``), made on first use."""
        return importlib.import_module(self.package).ENGINE_CLASS()

    def choose(
        self,
        observation: dict[str, Any],
        legal: list[str],
        rng: random.Random,
        level: str = "easy",
        budget: Budget | None = None,
        iterations: int | None = None,
    ) -> str:
        """One of ``legal`` for the player to act in ``observation``, at bot ``level``:
        "easy" plays the heuristic (``easy``), "hard" searches with ``budget`` (default: the
        bot's ``budget``), its iterations capped at ``iterations`` when given (the site's
        setting for a quicker hard bot). Decided from the observation, ``legal`` and ``rng``
        only. Raises ValueError for an unknown level or an empty ``legal``."""
        check_level(level, legal)
        if level != "hard":
            return self.easy(observation, legal, rng)
        budget = budget or self.budget
        if iterations:
            budget = replace(budget, iterations=iterations)
        return search(self, observation, legal, rng, budget)


class Node:
    """A tree node: the statistics of the action that leads to it, and its children."""

    __slots__ = ("children", "visits", "reward", "available")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1


def search(
    game: SearchBot,
    observation: dict[str, Any],
    legal: list[str],
    rng: random.Random,
    budget: Budget,
) -> str:
    """The root action with the best mean reward after at most ``budget`` iterations.

    The search runs in rounds: each round samples one determinization and one rollout seed and
    tries every root candidate once in it, so that the candidates are compared on the same
    hidden cards and the same rollout luck (common random numbers: far less noise than one
    sample per iteration). Below the root, the tree is ISMCTS's (UCB1 with availability).
    Ties go to the candidate listed first (``candidates`` lists the easy bot's favourites
    first). A single legal action is returned at once. Raises ValueError for an empty ``legal``.
    """
    if not legal:
        raise ValueError("a bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    root_actions = legal if game.candidates is None else game.candidates(observation, legal)
    if len(root_actions) == 1:
        return root_actions[0]
    root = Node()
    root.children = {action: Node() for action in root_actions}
    seat = observation["current_player"]
    started = time.process_time()
    iterations = rounds = 0
    solo: bool | None = None
    while iterations + len(root_actions) <= max(budget.iterations, len(root_actions)):
        if (
            budget.seconds is not None
            and iterations
            and (time.process_time() - started >= budget.seconds)
        ):
            break
        state = game.determinize(observation, rng)
        if solo is None:  # as many values as seats
            solo = len(game.values(state)) == 1
        base = game.values(state) if solo else None  # a solo seat's starting point
        luck = rng.getrandbits(64)
        for action in root_actions:
            child = root.children[action]
            child.visits += 1
            after = game.engine.apply(state, action)
            child.reward += _iterate(game, child, after, seat, random.Random(luck), budget, base)
        iterations += len(root_actions)
        rounds += 1
    best = max(
        range(len(root_actions)),
        key=lambda i: (
            root.children[root_actions[i]].reward + (game.first_bonus * rounds if i == 0 else 0),
            -i,
        ),
    )
    return root_actions[best]


def _iterate(
    game: SearchBot,
    top: Node,
    state: State,
    seat: int,
    rng: random.Random,
    budget: Budget,
    base: list[float] | None = None,
) -> float:
    """One ISMCTS iteration below a root action (``top``, whose ``state`` is given): select and
    expand in the tree, roll out, and back up; the reward of ``seat`` (the root player).
    ``base``: a solo seat's evaluation of the determinization (``_rewards``)."""
    engine = game.engine
    node = top
    path: list[tuple[Node, int]] = []
    depth = 1
    left_seat = engine.current_player(state) != seat
    expanded = False

    def going_on() -> bool:
        nonlocal left_seat
        if depth >= budget.horizon or engine.is_terminal(state):
            return False
        mover = engine.current_player(state)
        if mover != seat:
            left_seat = True
        return not (left_seat and mover == seat)  # stop when the seat's next turn begins

    while not expanded and going_on():
        actions = engine.legal_actions(state)
        player = engine.current_player(state)
        untried = [action for action in actions if action not in node.children]
        if untried:
            action = rng.choice(untried)
            node.children[action] = Node()
            expanded = True
        else:
            action = _select(node, actions)
        for other in actions:
            child = node.children.get(other)
            if child is not None and other != action:
                child.available += 1
        node = node.children[action]
        if not expanded:
            node.available += 1
        path.append((node, player))
        state = engine.apply(state, action)
        depth += 1
    while going_on():
        state = engine.apply(state, game.policy(state, engine.legal_actions(state), rng))
        depth += 1
    rewards = _rewards(game, state, base)
    for visited, player in path:
        visited.visits += 1
        visited.reward += rewards[player]
    return rewards[seat]


def _select(node: Node, actions: list[str]) -> str:
    """UCB1 over the children available now, with availability counts (ISMCTS)."""
    best, best_value = actions[0], -math.inf
    for action in actions:
        child = node.children[action]
        value = child.reward / child.visits + EXPLORATION * math.sqrt(
            math.log(child.available) / child.visits
        )
        if value > best_value:
            best, best_value = action, value
    return best


def _rewards(game: SearchBot, state: State, base: list[float] | None = None) -> list[float]:
    """Each seat's reward in [0, 1]: at the end 1 for a sole winner, 1/k for k shared winners
    and 0 otherwise; before it, a logistic of the seat's estimated lead over the best other.
    A seat alone (``base``: its evaluation where the iteration's determinization began) gets a
    logistic of its gain over ``base``, at the end too (solo, the VP are what counts)."""
    engine = game.engine
    if base is not None:
        gain = game.values(state)[0] - base[0]
        return [1 / (1 + math.exp(-gain / game.scale))]
    if engine.is_terminal(state):
        places = engine.places(state)
        winners = places.count(1)
        return [1 / winners if place == 1 else 0.0 for place in places]
    values = game.values(state)
    rewards = []
    for seat, value in enumerate(values):
        best_other = max(v for other, v in enumerate(values) if other != seat)
        rewards.append(1 / (1 + math.exp(-(value - best_other) / game.scale)))
    return rewards
