"""A bot for Africana that plays from a viewer's observation only (its own hand and the table).

"easy" scores every legal action with a quick heuristic and picks one of the best at random:
finish an expedition or an adventure whenever it can, join expeditions that start where its
explorer stands, walk towards the nearest place where it can finish or join something (playing
a card of the right colour rather than a joker or an assistant, and a paid recolour only for the
step that reaches such a place), draw when its hand runs low, buy an adventure now and then,
and at the card limits give up the card it holds most of.

"hard" is information-set Monte Carlo tree search (``games.engines.search``): it samples what
its seat cannot see (the others' hands, the piles, the unseen book pages) from public
information (``determinize``), searches with the easy bot as rollout player and scores
positions by each seat's points as the final scoring counts them now, plus part of what its
joined expeditions and unfinished adventures promise (``values``).
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from games.africana.engine import legal as rules_legal
from games.africana.engine.data import ADVENTURES, BOARD, EXPEDITIONS, MARKERS
from games.africana.engine.sampling import determinize
from games.africana.engine.scoring import score_player
from games.engines.base import State
from games.engines.search import Budget, SearchBot


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


HARD_BUDGET = Budget(iterations=120, seconds=0.5, horizon=40)
"""The hard bot's default: 120 iterations (20 rounds of the 6 root candidates) or 0.5 s of CPU,
whichever ends first."""
ROOT_CANDIDATES = 6
LEAD = 5.0  # the lead in points the search counts as clear (its evaluation's width)
FAVOURITE_BONUS = 0.03  # mean reward added to the favourite: left only for a clearly better


def easy(observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The easy bot's action: one of the best rated by ``_score``, ties broken with ``rng``."""
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
        if "-as-" in card and _distance(words[1], goals) > 0:
            return -1  # 5 silver to recolour a card: only for the last step to a goal
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


# -- hard: the search's view of Africana --------------------------------------------------------


def _promise(distance: int) -> float:
    """The share of a goal's reward counted before it is reached, ``distance`` steps away."""
    return max(PROMISE_FAR, PROMISE_NEAR - PROMISE_STEP * distance)


PROMISE_NEAR, PROMISE_STEP, PROMISE_FAR = 0.8, 0.12, 0.1
TRAVEL_CARD = 0.1  # a travel card in hand: fuel for moves, counted apart from its final point


def values(state: State) -> list[float]:
    """Each seat's points as the final scoring counts them now (ruling 8) but with silver at
    a tenth of a point each (not only whole tens) and a travel card in hand worth
    ``TRAVEL_CARD`` (it moves the explorer before it scores at the end), plus a
    share of what its joined expeditions and unfinished artifact adventures promise (victory
    points, and silver at 10 a point), larger the nearer the explorer stands to their targets."""
    result = []
    for seat in range(state["num_players"]):
        here = DISTANCE[state["explorers"][seat]]
        score = score_player(state, seat)
        hand = state["hands"][seat]
        travel = sum(n for card, n in hand.items() if rules_legal.is_travel(card))
        value = score["total"] - score["travel_cards"] - score["silver"]
        value += state["silver"][seat] / 10 + TRAVEL_CARD * travel
        for card, seats in zip(state["slots"], state["markers"], strict=True):
            if seat in seats:
                expedition = EXPEDITIONS[card]
                reward = expedition["vp"] + expedition["silver"] / 10
                value += reward * _promise(here.get(expedition["target"], FAR)) / len(seats)
        for card in state["adventures"][seat]:
            adventure = ADVENTURES[card]
            if adventure["kind"] == "artifact":
                reward = adventure["vp"] + adventure["silver"] / 10
                value += reward * _promise(here.get(adventure["target"], FAR))
        result.append(value)
    return result


def _policy(state: State, legal: list[str], rng: random.Random) -> str:
    """The rollout player: the easy bot, on a view of the sampled state shaped like the part of
    the seat's observation it reads."""
    if len(legal) == 1:
        return legal[0]
    seat = state["seat"]
    hand = state["hands"][seat]
    me = {
        "hand": hand,
        "hand_size": sum(hand.values()),
        "adventures": state["adventures"][seat],
        "silver": state["silver"][seat],
        "markers_out": rules_legal.markers_out(state, seat),
    }
    view = {
        "current_player": seat,
        "phase": state["phase"],
        "explorers": {seat: state["explorers"][seat]},
        "players": {seat: me},
        "slots": [
            {"card": card, "markers": seats}
            for card, seats in zip(state["slots"], state["markers"], strict=True)
        ],
    }
    return easy(view, legal, rng)


def candidates(observation: dict[str, Any], legal: list[str]) -> list[str]:
    """The ``ROOT_CANDIDATES`` actions the easy bot rates best, best first (in ``legal`` order
    on ties)."""
    seat = observation["current_player"]
    goals = _goals(observation, seat)
    ranked = sorted(legal, key=lambda action: -_score(observation, seat, goals, action))
    return ranked[:ROOT_CANDIDATES]


BOT = SearchBot(
    __package__, easy, HARD_BUDGET, determinize, _policy, values, candidates, LEAD, FAVOURITE_BONUS
)
choose = BOT.choose
