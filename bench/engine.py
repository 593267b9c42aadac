"""Speed figures of the rules engines, printed (no pass/fail).

    python bench/engine.py [--engine NAME] [--games N] [--seed 0]

For each engine (default: every registered one) it plays N random 4-player games (or the
nearest player count the engine supports; Nile also 1-player games, all 40 rounds), seeds
S..S+N-1 (S = ``--seed``), with two random players:

- "steered random": the conformance suite's chooser for the engine (``choose_action``), which
  may steer games to their end (Africa's uncovers or sets up camps 70 % of the time);
- "uniform random": ``rng.choice(legal_actions)`` at every step.

For each it prints the mean number of actions a game, how many complete games one core plays
per second, the median time of ``legal_actions`` and of ``apply`` (ms) and the median time to
replay a complete game (ms). Targets: >= 20 games per second with either player,
legal_actions < 0.5 ms, apply < 0.5 ms, replay < 50 ms.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from typing import Any

# Run as a script, the project's root is not on the path: add it before importing the engines.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
engines = importlib.import_module("games.engines")
conformance = importlib.import_module("tests.support.conformance")

PLAYERS = 4
# Engines measured at more player counts than PLAYERS (each clamped to what the engine allows).
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"nile": (1, 4)}
# Options for whole games where the conformance suite shortens them (Nile: all 40 rounds).
GAME_OPTIONS: dict[str, dict[str, Any]] = {"nile": {}}

# A chooser picks one of the legal actions: (engine name, rng, legal actions) -> action.
Chooser = Callable[[str, random.Random, list[str]], str]


def _uniform(_name: str, rng: random.Random, legal: list[str]) -> str:
    return rng.choice(legal)


CHOOSERS: dict[str, Chooser] = {
    "steered random": conformance.choose_action,
    "uniform random": _uniform,
}


def play(
    name: str, players: int, games: int, choose: Chooser, first: int = 0
) -> tuple[float, list[list[str]]]:
    """Plays ``games`` games of engine ``name`` with ``choose``, seeds ``first`` onwards (the
    game's and its players'); (seconds taken, action lists).

    Nothing but the engine and the chooser runs in the timed loop, so that games per second is
    what a random player gets.
    """
    engine = engines.get_engine(name)
    options = _options(name)
    logs = []
    started = perf_counter()
    for seed in range(first, first + games):
        rng = random.Random(seed)
        state = engine.initial_state(num_players=players, seed=seed, options=options)
        actions: list[str] = []
        while not engine.is_terminal(state):
            action = choose(name, rng, engine.legal_actions(state))
            state = engine.apply(state, action)
            actions.append(action)
        logs.append(actions)
    return perf_counter() - started, logs


def call_times(name: str, players: int, logs: list[list[str]], first: int = 0) -> dict[str, float]:
    """Median ms of ``legal_actions``, ``apply`` and a whole replay over the games in ``logs``
    (seed = ``first`` + index), timed one call at a time."""
    engine = engines.get_engine(name)
    options = _options(name)
    legal_times, apply_times, replay_times = [], [], []
    for seed, actions in enumerate(logs, start=first):
        state = engine.initial_state(num_players=players, seed=seed, options=options)
        for action in actions:
            t0 = perf_counter()
            engine.legal_actions(state)
            t1 = perf_counter()
            state = engine.apply(state, action)
            t2 = perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
        t0 = perf_counter()
        engines.replay(engine, players, seed, options, actions)
        replay_times.append(perf_counter() - t0)
    return {
        "legal_ms": 1000 * statistics.median(legal_times),
        "apply_ms": 1000 * statistics.median(apply_times),
        "replay_ms": 1000 * statistics.median(replay_times),
    }


def _options(name: str) -> dict[str, Any]:
    return GAME_OPTIONS.get(name, conformance.HIDDEN_ONLY_OPTIONS.get(name, {}))


def player_counts(name: str) -> list[int]:
    """The player counts engine ``name`` is measured at (PLAYER_COUNTS, else PLAYERS), each
    clamped to the engine's range."""
    engine = engines.get_engine(name)
    wanted = PLAYER_COUNTS.get(name, (PLAYERS,))
    return sorted({min(max(n, engine.min_players), engine.max_players) for n in wanted})


def bench(name: str, games: int, players: int, first: int = 0) -> dict[str, dict[str, Any]]:
    """Per chooser in CHOOSERS, the figures for engine ``name`` at ``players`` players, games
    of seeds ``first`` onwards: {chooser: {"actions", "games_per_s", "legal_ms", "apply_ms",
    "replay_ms"}}."""
    figures = {}
    for label, choose in CHOOSERS.items():
        seconds, logs = play(name, players, games, choose, first)
        figures[label] = {
            "actions": statistics.mean(len(actions) for actions in logs),
            "games_per_s": games / seconds,
            **call_times(name, players, logs, first),
        }
    return figures


ROWS = (
    ("actions a game (mean)", "actions", "{:.0f}"),
    ("games per second", "games_per_s", "{:.1f}"),
    ("median legal_actions", "legal_ms", "{:.3f} ms"),
    ("median apply", "apply_ms", "{:.3f} ms"),
    ("replay of a game (median)", "replay_ms", "{:.1f} ms"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = engines.engine_names()
    parser.add_argument("--engine", choices=names, help="one engine (default: all)")
    parser.add_argument("--games", type=int, default=30, help="random games per engine and player")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the first game, and of its players (default: 0)",
    )
    args = parser.parse_args()
    for name in [args.engine] if args.engine else names:
        for players in player_counts(name):
            figures = bench(name, args.games, players, args.seed)
            print(f"{name} ({players} players, {args.games} games per random player)")
            print(f"  {'':26}" + "".join(f"{label:>16}" for label in figures))
            for title, key, fmt in ROWS:
                cells = "".join(f"{fmt.format(f[key]):>16}" for f in figures.values())
                print(f"  {title:26}{cells}")


if __name__ == "__main__":
    main()
