"""Strength and speed of the engines' bots, printed (no pass/fail).

    python bench/bots.py [--engine NAME] [--games N] [--iterations N] [--seconds S]
                         [--horizon N] [--processes N] [--matchups LIST]

For each engine, at the table its ``engine/testing.py`` names (``BENCH_PLAYERS``), it plays N
games of each matchup, one bot against the others, the bot's seat turning with the game number
(seed = game number):

- "hard vs random": one hard bot, uniformly random legal actions for the other seats;
- "hard vs easy": one hard bot against easy bots;
- "easy vs random": one easy bot against random players;
- "hard solo", "easy solo": the bot alone (for an engine whose testing module sets
  ``BENCH_SOLO``; the others skip them).

It prints the bot's win rate (a shared first place counts 1/k for k winners) with a 95 %
Wilson interval, and for the hard bot the CPU time of a decision (median and p95 over the
decisions with more than one legal action; a single legal action is played at once). CPU time
(``time.process_time``) is what the bot's budget measures: on a machine shared with other work
it is fairer than wall time, which is printed beside it. The hard bot's budget is its default
(``HARD_BUDGET`` in the engine's bot module) unless --iterations, --seconds or --horizon change
it. Games run in --processes worker processes (default 2). With --log FILE, each game's result
is also appended to FILE as one JSON line as soon as it ends; --seeds START:STOP plays a part
of the games, so that one long run can be shared out, and --from-log FILE... prints the figures
of the games in such files.

For the solo matchups it prints the mean published VP with its 95 % interval (normal
approximation) and, when both were played, the hard bot's mean minus the easy bot's. For an
engine whose testing module has ``starved_in_place`` (the Nile) it also counts the easy bot's
turns starved in place by choice: turns that end where they began with the expedition starving
one month more, although the bot passed on one of the testing module's ``feeding_actions``.

Goals: p95 decision under 1 s; hard vs three random wins >= 90 % of Africa
games; hard vs three easy >= 40 % (chance 25 %); easy vs three random >= 70 %. Source of the
Nile: hard vs easy >= 70 % of 2-player games; solo, the hard bot's mean published VP at least 5
above the easy bot's; no easy turn starved in place by choice.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
engines = importlib.import_module("games.engines")
search = importlib.import_module("games.engines.search")
base = importlib.import_module("games.engines.base")
PACKAGES = importlib.import_module("games").PACKAGES


def testing_module(name: str) -> Any:
    """The testing module of engine ``name`` (``games.<name>.engine.testing``)."""
    return importlib.import_module(f"{PACKAGES[name]}.engine.testing")


#: {engine name: the number of players of its benched table}.
PLAYERS = {name: testing_module(name).BENCH_PLAYERS for name in PACKAGES}
MATCHUPS = {
    "hard vs random": ("hard", "random"),
    "hard vs easy": ("hard", "easy"),
    "easy vs random": ("easy", "random"),
    "hard solo": ("hard", None),
    "easy solo": ("easy", None),
}
#: The engines whose solo games are benched.
SOLO_ENGINES = {name for name in PACKAGES if getattr(testing_module(name), "BENCH_SOLO", False)}
MAX_ACTIONS = 20000


def bot_module(name: str) -> Any:
    """The bot module of engine ``name`` (``games.<name>.engine.bot``)."""
    return importlib.import_module(f"{PACKAGES[name]}.engine.bot")


def play_game(task: tuple[str, str, int, dict[str, Any], bool]) -> dict[str, Any]:
    """One game: (engine name, matchup, seed, budget fields, whether it is a timing game) ->
    the tested bot's share of the win and its decision times [(cpu s, wall s)] for decisions
    with a choice."""
    name, matchup, seed, budget_fields, timing = task
    engine = engines.get_engine(name)
    bots = bot_module(name)
    testing = testing_module(name)
    watch_food = hasattr(testing, "starved_in_place")
    budget = search.Budget(**budget_fields)
    players = PLAYERS[name]
    tested, others = MATCHUPS[matchup]
    if others is None:
        players = 1
    seat = seed % players
    levels = [others] * players
    levels[seat] = tested
    rng = random.Random(seed)
    state = engine.initial_state(num_players=players, seed=seed, options={})
    times = []
    starved = 0
    passed_food = False  # the easy seat to play passed on an action that would feed it
    turn = base.turn_of(engine, state)
    for _ply in range(MAX_ACTIONS):
        if engine.is_terminal(state):
            break
        current = engine.current_player(state)
        legal = engine.legal_actions(state)
        level = levels[current]
        if level == "random":
            action = rng.choice(legal)
        else:
            observation = engine.observation(state, current)
            cpu, wall = time.process_time(), time.perf_counter()
            action = bots.choose(observation, legal, rng, level, budget=budget)
            if level == "hard" and len(legal) > 1:
                times.append((time.process_time() - cpu, time.perf_counter() - wall))
        if watch_food and level == "easy":
            feeding = testing.feeding_actions(state, current, legal)
            passed_food = passed_food or (bool(feeding) and action not in feeding)
        before = state
        state = engine.apply(state, action)
        if base.turn_of(engine, state) != turn:
            if watch_food and levels[before["seat"]] == "easy" and passed_food:
                starved += testing.starved_in_place(before, state)
            passed_food, turn = False, base.turn_of(engine, state)
    places = engine.places(state) if engine.is_terminal(state) else [players] * players
    winners = places.count(1)
    share = 1 / winners if places[seat] == 1 else 0.0
    return {
        "name": name,
        "matchup": matchup,
        "seed": seed,
        "share": share,
        "vp": engine.scores(state)[seat],
        "starved_in_place": starved,
        "times": times,
        "timing": timing,
    }


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (``wins`` of ``games``)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=sorted(PLAYERS), help="one engine (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per matchup")
    parser.add_argument("--iterations", type=int, help="hard bot: iterations per decision")
    parser.add_argument("--seconds", type=float, help="hard bot: CPU seconds per decision")
    parser.add_argument("--horizon", type=int, help="hard bot: actions before evaluating")
    parser.add_argument(
        "--timing-games",
        type=int,
        default=0,
        help="also time the hard bot at its default budget in this many games against easy bots",
    )
    parser.add_argument("--processes", type=int, default=2, help="worker processes (max 2)")
    parser.add_argument("--log", type=Path, help="append each game's result here (JSON lines)")
    parser.add_argument(
        "--matchups", default=",".join(MATCHUPS), help="comma-separated, of: " + ", ".join(MATCHUPS)
    )
    parser.add_argument(
        "--seeds",
        help="START:STOP, the game numbers (seeds) to play of each matchup (default 0:--games)",
    )
    parser.add_argument(
        "--from-log",
        type=Path,
        nargs="+",
        help="instead of playing: print the figures of the games in these --log files",
    )
    args = parser.parse_args()
    matchups = [m.strip() for m in args.matchups.split(",") if m.strip()]
    if args.from_log:
        results = [json.loads(line) for path in args.from_log for line in path.open()]
        for name in sorted({r["name"] for r in results}):
            print(f"{name}: {PLAYERS[name]} players, from {', '.join(map(str, args.from_log))}")
            print_figures([r for r in results if r["name"] == name], matchups, "")
        return
    first, stop = map(int, args.seeds.split(":")) if args.seeds else (0, args.games)
    for name in [args.engine] if args.engine else sorted(PLAYERS):
        budget = bot_module(name).HARD_BUDGET
        changes = {"iterations": args.iterations, "seconds": args.seconds, "horizon": args.horizon}
        budget = dataclasses.replace(budget, **{k: v for k, v in changes.items() if v is not None})
        fields = dataclasses.asdict(budget)
        default = dataclasses.asdict(bot_module(name).HARD_BUDGET)
        tasks = [(name, "hard vs easy", seed, default, True) for seed in range(args.timing_games)]
        played = [m for m in matchups if MATCHUPS[m][1] is not None or name in SOLO_ENGINES]
        tasks += [(name, m, seed, fields, False) for m in played for seed in range(first, stop)]
        started = time.perf_counter()
        with multiprocessing.Pool(max(1, min(args.processes, 2))) as pool:
            results = []
            for result in pool.imap_unordered(play_game, tasks, chunksize=1):
                results.append(result)
                if args.log:
                    with args.log.open("a") as log:
                        log.write(json.dumps(result) + "\n")
        elapsed = time.perf_counter() - started
        print(
            f"{name}: {PLAYERS[name]} players, games {first} to {stop - 1} of each matchup, hard "
            f"budget {budget.iterations} iterations / {budget.seconds} s CPU / horizon "
            f"{budget.horizon} ({elapsed:.0f} s wall)"
        )
        timed = [t for r in results if r["timing"] for t in r["times"]]
        if timed:
            _print_times(f"default budget {default}, {args.timing_games} games", timed)
        print_figures([r for r in results if not r["timing"]], matchups, "the budget above")


def print_figures(results: list[dict[str, Any]], matchups: list[str], budget: str) -> None:
    """Print each matchup's win rate with its 95 % interval, and the hard bot's decision times,
    for ``results`` (``play_game``'s answers, of one engine)."""
    times = []
    for matchup in matchups:
        rows = [r for r in results if r["matchup"] == matchup and not r.get("timing")]
        if not rows:
            continue
        if MATCHUPS[matchup][1] is None:
            vps = [r["vp"] for r in rows]
            mean, half = _mean_interval(vps)
            print(
                f"  {matchup:15} mean VP {mean:6.2f}  95 % CI [{mean - half:.2f}, "
                f"{mean + half:.2f}]  ({len(rows)} games)"
            )
        else:
            wins = sum(r["share"] for r in rows)
            low, high = wilson(wins, len(rows))
            print(
                f"  {matchup:15} win rate {wins / len(rows):6.1%}  "
                f"95 % CI [{low:.1%}, {high:.1%}]  ({wins:g} of {len(rows)})"
            )
        if "easy" in MATCHUPS[matchup] and any("starved_in_place" in r for r in rows):
            starved = sum(r.get("starved_in_place", 0) for r in rows)
            print(f"  {'':15} easy turns starved in place by choice: {starved}")
        times += [t for r in rows for t in r["times"]]
    solo = {
        level: [r["vp"] for r in results if r["matchup"] == f"{level} solo"]
        for level in ("hard", "easy")
    }
    if all(solo.values()):
        hard, easy = solo["hard"], solo["easy"]
        difference = statistics.mean(hard) - statistics.mean(easy)
        half = 1.96 * math.sqrt(_variance(hard) / len(hard) + _variance(easy) / len(easy))
        print(
            f"  solo: hard minus easy {difference:+.2f} VP  95 % CI [{difference - half:+.2f}, "
            f"{difference + half:+.2f}]"
        )
    if times:
        _print_times(budget or "its budget", times)


def _variance(values: list[float]) -> float:
    return statistics.variance(values) if len(values) > 1 else 0.0


def _mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval (normal approximation)."""
    return statistics.mean(values), 1.96 * math.sqrt(_variance(values) / len(values))


def _print_times(label: str, times: list[tuple[float, float]]) -> None:
    cpu = [t[0] for t in times]
    wall = [t[1] for t in times]
    print(
        f"  hard decision CPU time ({label}): median {statistics.median(cpu):.3f} s, "
        f"p95 {percentile(cpu, 0.95):.3f} s, max {max(cpu):.3f} s "
        f"(wall: median {statistics.median(wall):.3f} s, p95 "
        f"{percentile(wall, 0.95):.3f} s; {len(times)} decisions)"
    )


if __name__ == "__main__":
    main()
