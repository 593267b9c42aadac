"""Final scoring (rulebook, Scoring; ruling 8) and the places with the silver tie-break."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from games.africana.engine.data import ADVENTURES, ARTIFACTS, COLORS, EXPEDITIONS
from games.engines.base import State, shared_places

# Artifact collections: (how many cards, alike?) -> victory points. Each card is in one set.
SET_POINTS = {(2, True): 6, (3, True): 12, (2, False): 2, (4, False): 10}


def _minus(counts: tuple[int, ...], kinds: tuple[int, ...], each: int) -> tuple[int, ...]:
    return tuple(n - each if i in kinds else n for i, n in enumerate(counts))


@cache
def best_sets(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The most set points for ``counts`` (cards per artifact kind) and one grouping giving it.

    A grouping is a tuple of sets, each a tuple of kind indexes (``(0, 0, 0)``: three alike).
    Searches every grouping, since taking the biggest set first can lose points (two pairs of
    two kinds score 12 as two alike pairs, 4 as two different pairs). Ruling 8.
    """
    best: tuple[int, tuple[tuple[int, ...], ...]] = (0, ())
    held = tuple(i for i, n in enumerate(counts) if n)
    options = []
    for i in held:
        for size in (2, 3):
            if counts[i] >= size:
                options.append(((i,) * size, (i,), size, SET_POINTS[(size, True)]))
    for size in (2, 4):
        for kinds in combinations(held, size):
            options.append((kinds, kinds, 1, SET_POINTS[(size, False)]))
    for group, kinds, each, points in options:
        rest_points, rest_groups = best_sets(_minus(counts, kinds, each))
        if points + rest_points > best[0]:
            best = (points + rest_points, (group, *rest_groups))
    return best


def _artifact_sets(finished: list[str]) -> tuple[int, list[list[str]]]:
    counts = [0] * len(ARTIFACTS)
    for card in finished:
        adventure = ADVENTURES.get(card)
        if adventure and adventure["kind"] == "artifact":
            counts[ARTIFACTS.index(adventure["artifact"])] += 1
    points, groups = best_sets(tuple(counts))
    return points, [[ARTIFACTS[i] for i in group] for group in groups]


def score_player(state: State, seat: int) -> dict[str, Any]:
    """One seat's score as the final scoring counts it now (ruling 8).

    Returns {"expeditions", "artifacts", "sets", "assistants", "silver", "travel_cards",
    "unfinished", "total"} (victory points, "assistants" negative or 0) and "groups" (the
    artifact sets counted, as lists of artifact names).
    """
    finished = state["finished"][seat]
    expeditions = sum(EXPEDITIONS[c]["vp"] for c in finished if c in EXPEDITIONS)
    artifacts = sum(
        ADVENTURES[c]["vp"]
        for c in finished
        if c in ADVENTURES and ADVENTURES[c]["kind"] == "artifact"
    )
    sets, groups = _artifact_sets(finished)
    helpers = sum(1 for c in finished if c in ADVENTURES and ADVENTURES[c]["kind"] == "assistant")
    assistants = -10 if helpers >= 3 else -5 if helpers == 2 else 0
    silver = state["silver"][seat] // 10
    hand = state["hands"][seat]
    travel = sum(hand.get(color, 0) for color in COLORS)
    unfinished = sum(1 for c in state["adventures"][seat] if ADVENTURES[c]["kind"] == "artifact")
    parts = {
        "expeditions": expeditions,
        "artifacts": artifacts,
        "sets": sets,
        "assistants": assistants,
        "silver": silver,
        "travel_cards": travel // 2,
        "unfinished": unfinished,
    }
    return {**parts, "total": sum(parts.values()), "groups": groups}


def final_scores(state: State) -> list[dict[str, Any]]:
    """Every seat's ``score_player``, in seat order."""
    return [score_player(state, seat) for seat in range(state["num_players"])]


def places(totals: list[int], silver: list[int]) -> list[int]:
    """Each seat's place (1 = winner): most points, then most silver; equal seats share a place.

    Rulebook, Scoring (last paragraph).
    """
    return shared_places(list(zip(totals, silver, strict=True)))
