"""The worked examples of the Africa rulebook, one test each, named after its section."""

from games.africa.tests.position import ENGINE, play, position, score


def cells(state):
    return ENGINE.observation(state, None)["cells"]


def test_uncovering_animals_elephant_scores_2_where_it_lay_and_3_beside_two_elephants():
    # The elephant at E5 has one elephant beside it (F5, the "fourth elephant"); H6 borders the
    # two others (I6, H7) but not F5.
    state = position(
        researchers=["E4", "I3"],
        layout={"E5": "elephant"},
        face_up={"F5": "elephant", "I6": "elephant", "H7": "elephant"},
        empty=["H6", "G6"],
    )
    state = play(state, "uncover E5")
    assert cells(state)["E5"]["marker"] == "elephant"
    legal = ENGINE.legal_actions(state)
    assert "place E5" in legal and "place H6" in legal
    assert "place G6" not in legal  # one elephant beside it: no better than E5

    assert score(play(state, "place E5")) == 2
    moved = play(state, "place H6")
    assert score(moved) == 3
    assert cells(moved)["H6"]["marker"] == "elephant"
    assert cells(moved)["E5"]["marker"] is None


def test_moving_nomads_from_one_free_neighbour_to_three_scores_2():
    # E5's only empty neighbour is E4 (the researcher's cell); H6 borders empty I6, H5, G5.
    state = position(
        researchers=["E4", "I3"], face_up={"E5": "nomad"}, empty=["H6", "I6", "H5", "G5"]
    )
    state = play(state, "nomad E5 H6")
    assert score(state) == 3 - 1
    assert cells(state)["H6"]["marker"] == "nomad"


def test_uncovering_goods_new_statue_swapped_for_the_kettle_or_two_statues_for_two_clothing():
    andreas_goods = {"statue": 1}
    birgit_goods = {"kettle": 1, "clothing": 2}
    state = position(
        researchers=["E4", "I3"],
        layout={"E5": "statue"},
        players=[{"goods": andreas_goods}, {"goods": birgit_goods}],
    )
    state = play(state, "uncover E5")
    legal = ENGINE.legal_actions(state)
    assert {"keep", "swap P2 kettle", "swap P2 clothing"} <= set(legal)

    kettle = ENGINE.observation(play(state, "swap P2 kettle"), None)["players"]
    assert kettle[0]["goods"] == {"statue": 1, "kettle": 1}
    assert kettle[1]["goods"] == {"statue": 1, "clothing": 2}

    clothing = ENGINE.observation(play(state, "swap P2 clothing"), None)["players"]
    assert clothing[0]["goods"] == {"clothing": 2}
    assert clothing[1]["goods"] == {"kettle": 1, "statue": 2}


def _last_monument(players, num_players=3):
    """A game whose next uncover (E5) finds the last monument."""
    state = position(
        num_players,
        researchers=["E4", "I3", "D7"][:num_players],
        layout={"E5": "monument"},
        players=players,
        monuments_found=10,
    )
    return play(state, "uncover E5")


def test_game_end_and_scoring_four_statues_and_two_kettles_score_11():
    state = _last_monument([{"goods": {"statue": 4, "kettle": 2}}])
    assert ENGINE.is_terminal(state)
    final = ENGINE.observation(state, None)["final"]
    assert final[0]["goods"] == 8 + 3
    assert score(state) == 11 + 3  # and the bonus for the last monument


def test_game_end_and_scoring_gold_10_3_3_with_a_tie_for_second():
    state = _last_monument([{"gold": 3}, {"gold": 1}, {"gold": 1}])
    final = ENGINE.observation(state, None)["final"]
    assert [f["gold"] for f in final] == [10, 3, 3]


def test_game_end_and_scoring_jewels_8_8_with_a_tie_for_first():
    state = _last_monument([{"jewels": 2}, {"jewels": 1}, {"jewels": 2}])
    final = ENGINE.observation(state, None)["final"]
    assert [f["jewels"] for f in final] == [8, 0, 8]
