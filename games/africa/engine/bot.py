"""A bot for Africa that plays from a viewer's observation only (never the hidden layout).

"easy" scores every legal action with a quick heuristic and picks one of the best at random:
uncover first (it is how the game moves on and how points come), place an uncovered animal next
to its kind and a nomad among empty cells, swap goods when the swap scores more, set up camps
where gold and jewels (the majorities) or several researched markers lie around, walk towards
face-down markers or to an empty cell where such a camp pays, and end the turn when nothing
helps.

"hard" is information-set Monte Carlo tree search (``games.engines.search``): it samples the
face-down markers from those not yet seen (``determinize``), searches the ``ROOT_CANDIDATES``
actions the easy bot rates best with the easy bot as rollout player until the seat's next turn,
and scores positions by each seat's points with its goods, the gold and jewel majorities as
they stand (weighted by how far the game has gone) and its camps in hand (``values``).
"""

from __future__ import annotations

import random
from typing import Any

from games.africa.engine.data import ANIMAL, GOLD, JEWELS, MONUMENT, NOMAD
from games.africa.engine.legal import ADJ, BOARD, KIND, MIX
from games.africa.engine.scoring import goods_points, majority_points
from games.engines.base import State
from games.engines.search import Budget, SearchBot

RESEARCHED = frozenset((ANIMAL, NOMAD, MONUMENT))
UNCOVER = 10
MARKER_MOVE = 6
DECISION = 5


HARD_BUDGET = Budget(iterations=60, seconds=0.5, horizon=40)
"""The hard bot's default: 60 iterations (10 rounds of the 6 root candidates) or 0.5 s of CPU,
whichever ends first."""
ROOT_CANDIDATES = 6
LEAD = 8.0  # the lead in points the search counts as clear (its evaluation's width)


def easy(observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The easy bot's action: one of the best rated by ``_score``, ties broken with ``rng``."""
    scored = [(_score(observation, action), action) for action in legal]
    best = max(score for score, _action in scored)
    return rng.choice([action for score, action in scored if score == best])


def _score(obs: dict[str, Any], action: str) -> float:
    """How much the easy bot likes ``action`` (higher is better)."""
    words = action.split()
    keyword, args = words[0], words[1:]
    cells = obs["cells"]
    if keyword == "uncover":
        return UNCOVER
    if keyword in ("animal", "nomad"):
        return MARKER_MOVE
    if keyword == "place":
        return DECISION + _neighbors_that_count(cells, obs["pending"], args[0])
    if keyword == "keep":
        return DECISION
    if keyword == "swap":
        return DECISION + _swap_gain(obs, args[0], args[1])
    if keyword == "camp":
        return _camp_value(cells, _here(obs), args[0])
    if keyword == "start":
        return 1 + _face_down_around(cells, args[0])
    if keyword == "move":
        around = _face_down_around(cells, args[0])
        walk = 3 + around if around else -1
        if obs["players"][obs["current_player"]]["camps"] and _empty(cells[args[0]]):
            camp = max(_camp_value(cells, args[0], use) for use in ("research", "resources"))
            return max(walk, camp - 1)
        return walk
    if keyword == "anywhere":
        around = _face_down_around(cells, args[0])
        return 1 + min(around, 2) / 2 if around else -2
    return 0  # end


def _here(obs: dict[str, Any]) -> str | None:
    if "here" in obs:  # the rollout player's view
        return obs["here"]
    seat = obs["current_player"]
    return next((cell for cell, info in obs["cells"].items() if info["researcher"] == seat), None)


def _face_down_around(cells: dict[str, Any], cell: str) -> int:
    return sum(1 for n in ADJ[cell] if cells[n]["face_down"])


def _neighbors_that_count(cells: dict[str, Any], pending: dict[str, Any], cell: str) -> int:
    """Face-up animals of the same kind around ``cell``, or empty cells for a nomad."""
    code, origin = pending["marker"], pending["cell"]
    if KIND[code] == NOMAD:
        return sum(1 for n in ADJ[cell] if n == origin or _empty(cells[n]))
    return sum(1 for n in ADJ[cell] if n != origin and cells[n]["marker"] == code)


def _empty(info: dict[str, Any]) -> bool:
    return info["marker"] is None and not info["camp"] and not info["face_down"]


def _swap_gain(obs: dict[str, Any], who: str, kind: str) -> int:
    """Goods points the swap adds to the player's own (the other's loss not counted)."""
    seat = obs["current_player"]
    code = obs["pending"]["marker"]
    mine = dict(obs["players"][seat]["goods"])
    count = obs["players"][int(who[1:]) - 1]["goods"].get(kind, 0)
    before = goods_points(mine)
    mine[kind] = mine.get(kind, 0) + count
    mine[code] = mine.get(code, 0) - count
    return goods_points(mine) - before


def _camp_value(cells: dict[str, Any], here: str | None, use: str) -> float:
    """Resources: the nuggets and gems taken; research: the points, worth it from 2 on (from 3
    nuggets and gems, or 3 points, a camp beats uncovering)."""
    if here is None:
        return -1
    codes = [cells[n]["marker"] for n in ADJ[here] if not cells[n]["face_down"]]
    if use == "resources":
        taken = sum(MIX.value[c] for c in codes if c and KIND.get(c) in (GOLD, JEWELS))
        return 6 + 2 * taken if taken else -1
    points = sum(1 for c in codes if c and KIND.get(c) in RESEARCHED)
    return 5 + 2 * points if points >= 2 else -1


# -- hard: the search's view of Africa ----------------------------------------------------------


def unseen_markers(observation: dict[str, Any], rng: random.Random) -> list[str]:
    """The codes of the markers still face down, as far as the observation tells (a multiset,
    in the mix's order): the mix less the face-up markers, the goods held and the gold and
    jewel markers taken. Players hold nuggets and gems, not markers, so which gold (jewel)
    markers were taken is drawn with ``rng`` among the splits of the nuggets (gems) held into
    markers of 1 and 2 that the mix allows."""
    left = dict(MIX.counts)
    for info in observation["cells"].values():
        if not info["face_down"] and info["marker"] is not None:
            left[info["marker"]] -= 1
    for player in observation["players"]:
        for code, count in player["goods"].items():
            left[code] -= count
    for kind, key in ((GOLD, "gold"), (JEWELS, "jewels")):
        ones, twos = (code for code in MIX.codes_of(kind) if code in MIX.value)
        if MIX.value[ones] != 1:
            ones, twos = twos, ones
        taken = sum(player[key] for player in observation["players"])
        splits = [
            (taken - 2 * pairs, pairs)
            for pairs in range(min(left[twos], taken // 2) + 1)
            if taken - 2 * pairs <= left[ones]
        ]
        if splits:
            single, pairs = rng.choice(splits)
            left[ones] -= single
            left[twos] -= pairs
    return [code for code, count in left.items() for _n in range(max(count, 0))]


def determinize(observation: dict[str, Any], rng: random.Random) -> State:
    """A full engine state that agrees with ``observation`` (of any viewer: Africa has no
    private information), its face-down markers drawn with ``rng`` from ``unseen_markers``.

    Only public information is used; the table option ``tie_rounding``, which the observation
    does not carry, is taken as the default ("down").
    """
    cells = observation["cells"]
    face_down = [cell for cell in BOARD.cells if cells[cell]["face_down"]]
    codes = unseen_markers(observation, rng)
    rng.shuffle(codes)
    # Should the estimate run short (it cannot with the published mix), monuments fill in.
    codes += [MONUMENT] * (len(face_down) - len(codes))
    researchers: list[str | None] = [None] * len(observation["players"])
    for cell in BOARD.cells:
        seat = cells[cell]["researcher"]
        if seat is not None:
            researchers[seat] = cell
    pending = observation["pending"]
    return {
        "num_players": len(observation["players"]),
        "variant": observation["variant"],
        "tie_rounding": "down",
        "hidden": dict(zip(face_down, codes, strict=False)),
        "shown": {
            cell: info["marker"]
            for cell, info in cells.items()
            if not info["face_down"] and info["marker"] is not None
        },
        "camps": [cell for cell in BOARD.cells if cells[cell]["camp"]],
        "researchers": researchers,
        "players": [
            {**player, "goods": dict(player["goods"])} for player in observation["players"]
        ],
        "supply": observation["supply_camps"],
        "monuments_found": observation["monuments_found"],
        "monuments_to_end": observation["monuments_to_end"],
        "phase": observation["phase"],
        "current": observation["current_player"],
        "slot": observation["slot"],
        "moved": observation["moved"],
        "pending": None
        if pending is None
        else {key: value for key, value in pending.items() if key != "seat"},
        "final": None,
        "events": [],
    }


def values(state: State) -> list[float]:
    """Each seat's estimated final points: the running score and the goods (rulebook "Game End
    and Scoring"), the gold and jewel majorities as they stand, weighted by how far the game
    has gone (an early lead of one nugget is easily lost), and camps still in hand (worth more
    early, while there is time to set them up well)."""
    players = state["players"]
    progress = state["monuments_found"] / state["monuments_to_end"]
    weight = MAJORITY_EARLY + (1 - MAJORITY_EARLY) * progress
    camp = CAMP_LATE + (CAMP_EARLY - CAMP_LATE) * (1 - progress)
    gold = majority_points([p["gold"] for p in players])
    jewels = majority_points([p["jewels"] for p in players])
    return [
        p["score"]
        + goods_points(p["goods"])
        + weight * (gold[seat] + jewels[seat])
        + camp * p["camps"]
        for seat, p in enumerate(players)
    ]


MAJORITY_EARLY = 0.3  # share of the majority points an early lead counts for
CAMP_EARLY, CAMP_LATE = 4.0, 1.0  # points a base camp in hand is worth, early and late


class _Cells:
    """The ``cells`` of an observation, read straight from a (sampled) state on demand: the
    rollout player needs a few cells per action, not all 101."""

    __slots__ = ("hidden", "shown", "camps", "where", "seen")

    def __init__(self, state: State):
        self.hidden = state["hidden"]
        self.shown = state["shown"]
        self.camps = state["camps"]
        self.where = state["researchers"]
        self.seen: dict[str, dict[str, Any]] = {}

    def __getitem__(self, cell: str) -> dict[str, Any]:
        info = self.seen.get(cell)
        if info is None:
            info = self.seen[cell] = self._info(cell)
        return info

    def _info(self, cell: str) -> dict[str, Any]:
        face_down = cell in self.hidden
        return {
            "marker": "hidden" if face_down else self.shown.get(cell),
            "camp": cell in self.camps,
            "face_down": face_down,
            "researcher": self.where.index(cell) if cell in self.where else None,
        }

    def items(self) -> Any:
        return ((cell, self[cell]) for cell in BOARD.cells)


def _policy(state: State, legal: list[str], rng: random.Random) -> str:
    """The rollout player: the easy bot, on a view of the sampled state shaped like the
    seat's observation. While it can uncover it never moves anywhere (the easy bot rates
    uncovering higher), so those actions are not rated then."""
    if len(legal) == 1:
        return legal[0]
    if any(action.startswith("uncover") for action in legal):
        legal = [action for action in legal if not action.startswith("anywhere")]
    view = {
        "cells": _Cells(state),
        "current_player": state["current"],
        "here": state["researchers"][state["current"]],
        "players": state["players"],
        "pending": state["pending"],
    }
    return easy(view, legal, rng)


def candidates(observation: dict[str, Any], legal: list[str]) -> list[str]:
    """The ``ROOT_CANDIDATES`` actions the easy bot rates best, best first (in ``legal`` order
    on ties)."""
    ranked = sorted(legal, key=lambda action: -_score(observation, action))
    return ranked[:ROOT_CANDIDATES]


BOT = SearchBot(__package__, easy, HARD_BUDGET, determinize, _policy, values, candidates, LEAD)
choose = BOT.choose
