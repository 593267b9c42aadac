"""Final scoring (rulebook, Scoring; ruling 8) and the silver tie-break."""

import pytest

from games.africana.engine.scoring import best_sets, places, score_player
from games.africana.tests.helpers import ENGINE, new_game, pile_used_up


@pytest.mark.parametrize(
    "counts, points",
    [
        ((0, 0, 0, 0, 0), 0),
        ((1, 0, 0, 0, 0), 0),
        ((2, 0, 0, 0, 0), 6),
        ((3, 0, 0, 0, 0), 12),
        ((1, 1, 0, 0, 0), 2),
        ((1, 1, 1, 1, 0), 10),
        ((3, 1, 0, 0, 0), 12),  # 3 alike and 1 different: the three alike, not 2 + 2 different
        ((2, 2, 0, 0, 0), 12),  # two pairs alike beat two pairs different
        ((2, 1, 1, 1, 0), 10),  # 4 different beat a pair and 2 different
        ((2, 2, 1, 1, 0), 14),  # two pairs alike and 2 different beat 4 different + 2 different
        ((4, 0, 0, 0, 0), 12),
        ((2, 2, 2, 2, 0), 24),
        ((1, 1, 1, 1, 1), 10),
        ((3, 3, 1, 1, 0), 26),
        ((4, 4, 4, 4, 4), 70),  # five triples, and the five spares as 4 different,
    ],
)
def test_artifact_sets_are_grouped_for_the_most_points(counts, points):
    best, groups = best_sets(counts)
    assert best == points
    used = [0] * 5
    for group in groups:
        for kind in group:
            used[kind] += 1
    assert all(u <= c for u, c in zip(used, counts, strict=True))


def _scored(**changes):
    """Italy's score in a 2-player game after ``changes`` to her side of the table."""
    state = new_game(2)
    for key, value in changes.items():
        state[key][0] = value
    return score_player(state, 0)


def test_every_part_of_the_final_scoring():
    score = _scored(
        finished=["A01", "B01", "N01", "S01", "N11", "S11", "N12"],
        silver=23,
        hands={"gray": 3, "orange": 2, "joker": 1, "assistant-magenta": 1},
        adventures=["N02", "N13"],
    )
    assert score == {
        "expeditions": 1 + 3,
        "artifacts": 5 + 3,
        "sets": 6,  # two masks
        "assistants": -10,  # three assistant adventures
        "silver": 2,
        "travel_cards": 2,  # five travel cards; jokers and assistants do not count
        "unfinished": 1,  # N02; the unfinished assistant adventure N13 counts nothing
        "total": 4 + 8 + 6 - 10 + 2 + 2 + 1,
        "groups": [["mask", "mask"]],
    }


@pytest.mark.parametrize("helpers, points", [(1, 0), (2, -5), (3, -10), (4, -10)])
def test_finished_assistant_adventures_cost_points(helpers, points):
    assert _scored(finished=["N11", "N12", "N13", "N14"][:helpers])["assistants"] == points


def test_ties_are_broken_by_silver_and_otherwise_shared():
    assert places([20, 20, 15], [3, 7, 30]) == [2, 1, 3]
    assert places([20, 20, 15], [7, 7, 30]) == [1, 1, 3]


def test_the_final_observation_lists_each_part_and_the_places():
    state = new_game(2)
    pile_used_up(state)
    state["silver"] = [9, 10]
    state = ENGINE.apply(ENGINE.apply(state, "done"), "done")
    obs = ENGINE.observation(state, None)
    assert obs["terminal"] and obs["current_player"] is None
    keys = {"expeditions", "artifacts", "sets", "assistants", "silver", "travel_cards"}
    assert keys | {"unfinished", "total"} <= set(obs["final"][0])
    assert [entry["silver"] for entry in obs["final"]] == [0, 1]
    assert ENGINE.scores(state) == [entry["total"] for entry in obs["final"]]
    assert obs["places"] == ENGINE.places(state)
