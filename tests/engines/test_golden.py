"""Replays the golden playthroughs (see ``tests.engines.golden``) and compares every figure."""

import json

import pytest

from games.engines import get_engine
from tests.engines.golden import GOLDEN_DIR, observations

GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))


def test_there_are_golden_files():
    assert GOLDEN_FILES


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_golden_playthrough_replays_the_same(path):
    golden = json.loads(path.read_text("utf-8"))
    engine = get_engine(golden["engine"])
    state = engine.initial_state(
        num_players=golden["num_players"], seed=golden["seed"], options=golden["options"]
    )
    checkpoints = {c["after"]: c["observations"] for c in golden["checkpoints"]}
    for index, (action, scores) in enumerate(zip(golden["actions"], golden["scores"]), 1):
        state = engine.apply(state, action)
        assert engine.scores(state) == scores, f"scores after action {index} ({action})"
        if index in checkpoints:
            assert observations(engine, state) == checkpoints[index], f"after action {index}"
    assert engine.is_terminal(state)
