"""Published VP by source (nile.md VP): every VP a player scores is counted in exactly one of
hexes, features, records, the Source of the Nile and professions, so the parts add up to the
score at every step of whole games."""

from __future__ import annotations

import random

import pytest

from games.nile.engine.scoring import VP_SOURCES
from games.nile.tests.helpers import ENGINE


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_vp_by_source_add_up_to_each_score_through_a_game(seed):
    rng = random.Random(seed)
    state = ENGINE.initial_state(2, seed, {"max_rounds": 25})
    scored = set()
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_player(state)
        action = ENGINE.choose(ENGINE.observation(state, seat), ENGINE.legal_actions(state), rng)
        state = ENGINE.apply(state, action)
        for player in ENGINE.observation(state, None)["players"]:
            parts = player["vp_sources"]
            assert set(parts) == set(VP_SOURCES)
            assert sum(parts.values()) == player["score"]
            scored.update(source for source, vp in parts.items() if vp)

    assert "hexes" in scored
