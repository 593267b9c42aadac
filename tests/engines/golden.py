"""Golden playthroughs: recorded games whose observations must not change by accident.

Each file under ``golden/`` holds one game: engine, seed, num_players, options, the actions, the
scores after every action and, at checkpoints, the observations for viewer None and seat 0.
``test_golden.py`` replays them. The files change only on purpose, with

    python -m tests.engines.golden --regenerate

which plays the games of ``GOLDEN_GAMES`` again with the conformance suite's random choosers.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from games.engines import get_engine
from tests.support.conformance import choose_action

GOLDEN_DIR = Path(__file__).parent / "golden"
CHECKPOINT_EVERY = 60  # actions between two stored observations
VIEWERS = (None, 0)

# (engine, seed, num_players, options)
GOLDEN_GAMES = [
    ("africa", 1, 2, {}),
    ("africa", 2, 3, {"tie_rounding": "up"}),
    ("africa", 3, 4, {}),
    ("africa", 4, 5, {"variant": "simple"}),
    ("africana", 1, 2, {}),
    ("africana", 2, 4, {"book_order": {"north": ["N11", "N01"]}}),
    # played under the first rules of the Nile (before rulings 43-48)
    ("nile", 1, 1, {"rules_version": 1}),
    (
        "nile",
        2,
        4,
        {
            "max_rounds": 15,
            "professions": ["explorer", "journalist", "doctor", "zoologist"],
            "rules_version": 1,
        },
    ),
]


def golden_path(name: str, seed: int, num_players: int) -> Path:
    """Where the golden file of that game lives."""
    return GOLDEN_DIR / f"{name}-seed{seed}-{num_players}p.json"


def observations(engine, state) -> dict[str, Any]:
    """The checkpoint's observations, keyed by viewer as text ("None", "0")."""
    return {str(viewer): engine.observation(state, viewer) for viewer in VIEWERS}


def record(name: str, seed: int, num_players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play one random game to its end and return its golden record."""
    engine = get_engine(name)
    rng = random.Random(seed)
    state = engine.initial_state(num_players=num_players, seed=seed, options=options)
    actions, scores, checkpoints = [], [], []
    while not engine.is_terminal(state):
        action = choose_action(name, rng, engine.legal_actions(state))
        state = engine.apply(state, action)
        actions.append(action)
        scores.append(engine.scores(state))
        if len(actions) % CHECKPOINT_EVERY == 0 or engine.is_terminal(state):
            checkpoints.append({"after": len(actions), "observations": observations(engine, state)})
    return {
        "engine": name,
        "seed": seed,
        "num_players": num_players,
        "options": options,
        "actions": actions,
        "scores": scores,
        "checkpoints": checkpoints,
    }


def regenerate() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, seed, num_players, options in GOLDEN_GAMES:
        path = golden_path(name, seed, num_players)
        data = record(name, seed, num_players, options)
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{path.name}: {len(data['actions'])} actions, {path.stat().st_size // 1024} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help="rewrite the golden files")
    if not parser.parse_args().regenerate:
        parser.error("the golden files change only with --regenerate")
    regenerate()


if __name__ == "__main__":
    main()
