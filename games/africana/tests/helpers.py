"""Shared set-up helpers for the Africana tests: a game from options, then real actions."""

from __future__ import annotations

from typing import Any

from games.engines import get_engine

ENGINE = get_engine("africana")


def new_game(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    """The initial state for ``players`` seats under ``options`` (draw_order, ...)."""
    return ENGINE.initial_state(players, seed, options)


def play(state: dict[str, Any], *actions: str) -> dict[str, Any]:
    """The state after applying ``actions`` in order."""
    for action in actions:
        state = ENGINE.apply(state, action)
    return state


def hand(state: dict[str, Any], seat: int) -> dict[str, int]:
    """``seat``'s hand as its owner sees it."""
    return ENGINE.observation(state, seat)["players"][seat]["hand"]


def player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """``seat``'s public entry of the observation."""
    return ENGINE.observation(state, None)["players"][seat]


def pile_used_up(state: dict[str, Any], slot: int = 0) -> dict[str, Any]:
    """``state`` as late in a game: the expedition pile is empty and ``slot`` (0-based) was
    just emptied, so the end of the current turn begins the last round (ruling 7)."""
    state["expedition_pile"], state["slots"][slot] = [], None
    return state
