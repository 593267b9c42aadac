"""Speed figures of the rules engines, printed (no pass/fail).

    python bench/engine.py [--engine NAME] [--games N]

For each engine (default: every registered one) it plays N random 4-player games (or the
nearest player count the engine supports) with the conformance suite's choosers and prints the
median time of ``legal_actions`` and of ``apply`` (ms), the median time to replay a complete
game (ms) and how many complete random games one core plays per second.
Targets: legal_actions < 0.5 ms, apply < 0.5 ms, replay < 50 ms, >= 20 games per second.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

# Run as a script, the project's root is not on the path: add it before importing the engines.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
engines = importlib.import_module("games.engines")
conformance = importlib.import_module("tests.engines.test_conformance")

PLAYERS = 4


def bench(name: str, games: int) -> dict[str, float]:
    """The four figures for engine ``name`` over ``games`` random games."""
    engine = engines.get_engine(name)
    players = min(max(PLAYERS, engine.min_players), engine.max_players)
    options = conformance.HIDDEN_ONLY_OPTIONS.get(name, {})
    legal_times, apply_times, replay_times, played = [], [], [], []
    started = perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.initial_state(num_players=players, seed=seed, options=options)
        actions = []
        while not engine.is_terminal(state):
            t0 = perf_counter()
            legal = engine.legal_actions(state)
            t1 = perf_counter()
            action = conformance.choose_action(name, rng, legal)
            t2 = perf_counter()
            state = engine.apply(state, action)
            t3 = perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t3 - t2)
            actions.append(action)
        played.append((seed, actions))
    elapsed = perf_counter() - started
    for seed, actions in played:
        t0 = perf_counter()
        engines.replay(engine, players, seed, options, actions)
        replay_times.append(perf_counter() - t0)
    return {
        "players": players,
        "legal_ms": 1000 * statistics.median(legal_times),
        "apply_ms": 1000 * statistics.median(apply_times),
        "replay_ms": 1000 * statistics.median(replay_times),
        "games_per_s": games / elapsed,
        "actions": statistics.mean(len(actions) for _seed, actions in played),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = engines.engine_names()
    parser.add_argument("--engine", choices=names, help="one engine (default: all)")
    parser.add_argument("--games", type=int, default=30, help="random games per engine")
    args = parser.parse_args()
    for name in [args.engine] if args.engine else names:
        f = bench(name, args.games)
        print(
            f"{name} ({f['players']} players, {args.games} games, "
            f"{f['actions']:.0f} actions a game)\n"
            f"  median legal_actions  {f['legal_ms']:.3f} ms\n"
            f"  median apply          {f['apply_ms']:.3f} ms\n"
            f"  replay of a game      {f['replay_ms']:.1f} ms (median)\n"
            f"  random games          {f['games_per_s']:.1f} per second"
        )


if __name__ == "__main__":
    main()
