"""The final scores of a Source of the Nile game broken down by source: hexes, features,
records, the Source of the Nile and professions, one row per player in place order."""

from __future__ import annotations

import random

from games.kinds import get_kind

KIND = get_kind("nile")
ENGINE = KIND.engine


def _played(seed: int, players: int = 3, rounds: int = 20) -> dict:
    rng = random.Random(seed)
    state = ENGINE.initial_state(players, seed, {"max_rounds": rounds})
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_player(state)
        action = ENGINE.choose(ENGINE.observation(state, seat), ENGINE.legal_actions(state), rng)
        state = ENGINE.apply(state, action)
    return state


def test_the_breakdown_gives_each_players_vp_by_source_in_place_order():
    state = _played(4)
    observation = ENGINE.observation(state, None)

    breakdown = KIND.score.final_breakdown(observation, ["Ann", "Ben", "Cy"])

    assert breakdown["columns"] == [
        "Hexes",
        "Features",
        "Records",
        "Source of the Nile",
        "Professions",
    ]
    rows = breakdown["rows"]
    assert sorted(row["name"] for row in rows) == ["Ann", "Ben", "Cy"]
    assert [row["place"] for row in rows] == sorted(row["place"] for row in rows)
    scores = ENGINE.scores(state)
    places = ENGINE.places(state)
    for row in rows:
        assert sum(row["cells"]) == row["total"] == scores[row["seat"]]
        assert row["place"] == places[row["seat"]]
    assert any(row["cells"][0] for row in rows)  # somebody published a hex


def test_there_is_no_breakdown_while_the_game_runs():
    state = ENGINE.initial_state(2, 1, {})

    assert KIND.score.final_breakdown(ENGINE.observation(state, None), ["Ann", "Ben"]) is None
