"""The rulings of the Africa specification, one test (or a few) per ruling, 1 to 11."""

import pytest

from games.africa.tests.position import ENGINE, play, position, score
from games.engines import IllegalAction


def observe(state):
    return ENGINE.observation(state, None)


def refused(state, action, match):
    with pytest.raises(IllegalAction, match=match):
        ENGINE.apply(state, action)


# -- ruling 1: set-up in seat order ---------------------------------------------------------


def test_ruling_1_players_choose_free_start_cities_in_seat_order():
    state = ENGINE.initial_state(num_players=3, seed=5, options={})
    assert ENGINE.current_player(state) == 0
    assert ENGINE.legal_actions(state) == [
        "start C2",
        "start D7",
        "start H16",
        "start I3",
        "start K10",
    ]
    refused(state, "start E4", "E4 is not a start city")
    refused(state, "uncover D2", "start city")
    state = play(state, "start c2")
    assert ENGINE.current_player(state) == 1
    refused(state, "start C2", "C2 already has a researcher")
    state = play(state, "start K10", "start H16")
    assert ENGINE.current_player(state) == 0
    assert "end" in ENGINE.legal_actions(state)
    assert [observe(state)["cells"][c]["researcher"] for c in ("C2", "K10", "H16")] == [0, 1, 2]


# -- ruling 2: the turn -----------------------------------------------------------------------


def test_ruling_2_moving_anywhere_takes_the_whole_turn():
    state = position(researchers=["E4", "I3"], empty=["H6"])
    refused(state, "anywhere E5", "E5 has a face-down marker")
    refused(state, "anywhere I3", "I3 has another researcher")
    refused(state, "anywhere E4", "already on E4")
    after = play(state, "anywhere H6")
    assert observe(after)["cells"]["H6"]["researcher"] == 0
    assert ENGINE.current_player(after) == 1


def test_ruling_2_moving_anywhere_only_as_the_first_thing_of_the_turn():
    state = position(researchers=["E4", "I3"], empty=["H6", "E5"], layout={"F4": "gold1"})
    refused(play(state, "move E5"), "anywhere H6", "whole turn")
    refused(play(state, "uncover F4"), "anywhere H6", "whole turn")
    assert not any(a.startswith("anywhere") for a in ENGINE.legal_actions(play(state, "move E5")))
    assert "anywhere H6" in ENGINE.legal_actions(state)


def test_ruling_2_a_move_is_followed_by_the_slots_action_or_end():
    state = position(researchers=["E4", "I3"], empty=["E5", "F6"], layout={"G6": "gold2"})
    moved = play(state, "move F6")  # two steps, over the empty E5
    refused(moved, "move E5", "already moved")
    assert ENGINE.current_player(play(moved, "end")) == 1
    after = play(moved, "uncover G6")
    assert score(after) == 2
    assert ENGINE.current_player(after) == 0  # the second slot is still to come
    assert "move E5" in ENGINE.legal_actions(after)


def test_ruling_2_researchers_move_one_or_two_steps_never_over_face_down_markers():
    state = position(researchers=["E4", "I3"], empty=["F6", "H6"])
    refused(state, "move F6", "No free path leads to F6")  # E5 and F5 are face down
    refused(state, "move H6", "more than two steps")
    refused(state, "move F5", "F5 has a face-down marker")


def test_ruling_2_the_turn_passes_after_the_last_slot_or_at_end():
    state = position(researchers=["E4", "I3"], layout={"E5": "gold1", "F4": "jewels1"})
    assert ENGINE.current_player(play(state, "end")) == 1
    two = play(state, "uncover E5", "uncover F4")
    assert ENGINE.current_player(two) == 1
    assert score(two) == 2
    simple = position(
        researchers=["E4", "I3"], layout={"E5": "gold1"}, options={"variant": "simple"}
    )
    assert ENGINE.current_player(play(simple, "uncover E5")) == 1


# -- ruling 3: empty cells --------------------------------------------------------------------


def test_ruling_3_start_cities_and_researchers_do_not_make_a_cell_non_empty():
    # The nomad at D2 borders C2, a start city with a researcher: one empty neighbour.
    state = position(researchers=["C2", "I3"], layout={"D2": "nomad"})
    assert score(play(state, "uncover D2", "place D2")) == 1
    assert {"camp research", "camp resources"} <= set(ENGINE.legal_actions(state))


def test_ruling_3_researchers_stand_on_face_up_markers_and_camps_but_cannot_camp_there():
    state = position(researchers=["E4", "I3"], face_up={"E5": "gold1"}, camps=("F4",))
    on_marker = play(state, "move E5")
    refused(on_marker, "camp research", "E5 is not empty")
    on_camp = play(state, "move F4")
    refused(on_camp, "camp resources", "F4 is not empty")


# -- ruling 4: counting neighbours ------------------------------------------------------------


def test_ruling_4_a_vacated_origin_counts_as_empty_at_the_destination():
    # Nomad on E5: two empty neighbours (E4 and E6). E6 borders Lagos (D7), D6 and, once the
    # nomad has left, E5: three.
    state = position(researchers=["E4", "I3"], face_up={"E5": "nomad"}, empty=["E6", "D6"])
    after = play(state, "nomad E5 E6")
    assert score(after) == 3 - 2


def test_ruling_4_an_animal_does_not_count_itself_at_the_destination():
    # Elephant on E5 with one elephant beside it (F5); F6 borders F5 and E5 only.
    state = position(
        researchers=["E4", "I3"], face_up={"E5": "elephant", "F5": "elephant"}, empty=["F6"]
    )
    refused(state, "animal E5 F6", "not have more of its kind")
    with_third = play(
        position(
            researchers=["E4", "I3"],
            face_up={"E5": "elephant", "F5": "elephant", "G6": "elephant"},
            empty=["F6"],
        ),
        "animal E5 F6",
    )
    assert score(with_third) == 2 - 1


# -- ruling 5: placing an uncovered animal or nomad -------------------------------------------


def test_ruling_5_the_placement_comes_first_and_can_always_stay():
    state = position(researchers=["E4", "I3"], layout={"E5": "lion", "F4": "gold1"})
    pending = play(state, "uncover E5")
    assert ENGINE.legal_actions(pending) == ["place E5"]
    assert observe(pending)["cells"]["E5"]["marker"] == "lion"
    assert observe(pending)["pending"]["type"] == "place"
    refused(pending, "end", "First place the lion")
    refused(pending, "uncover F4", "First place the lion")
    refused(pending, "place F4", "F4 is not empty")
    placed = play(pending, "place E5")
    assert score(placed) == 1
    assert ENGINE.current_player(placed) == 0 and "uncover F4" in ENGINE.legal_actions(placed)


def test_ruling_5_a_nomad_scores_the_empty_cells_around_it():
    state = position(researchers=["E4", "I3"], layout={"E5": "nomad"}, empty=["D5", "F6"])
    legal = ENGINE.legal_actions(play(state, "uncover E5"))
    assert "place D5" not in legal  # D5 borders E4, E5 and no other empty cell
    assert score(play(state, "uncover E5", "place E5")) == 3


# -- ruling 6: goods --------------------------------------------------------------------------


def test_ruling_6_goods_go_to_the_player_at_once_and_the_cell_becomes_empty():
    state = position(researchers=["E4", "I3"], layout={"E5": "mask"})
    pending = play(state, "uncover E5")
    view = observe(pending)
    assert view["players"][0]["goods"] == {"mask": 1}
    assert view["cells"]["E5"]["marker"] is None
    refused(pending, "end", "First keep the mask")
    kept = play(pending, "keep")
    assert observe(kept)["players"][0]["goods"] == {"mask": 1}
    assert kept["events"][0] == {"type": "keep", "seat": 0, "marker": "mask"}


def test_ruling_6_a_swap_takes_all_of_a_kind_and_needs_as_many_new_goods():
    state = position(
        3,
        researchers=["E4", "I3", "D7"],
        layout={"E5": "mask"},
        players=[{"goods": {"drum": 1}}, {"goods": {"kettle": 2, "mask": 1}}, {}],
    )
    pending = play(state, "uncover E5")
    assert ENGINE.legal_actions(pending) == ["keep"]
    refused(pending, "swap P2 kettle", "To take 2 kettle you need 2 mask")
    refused(pending, "swap P2 mask", "another kind")
    refused(pending, "swap P1 drum", "yourself")
    refused(pending, "swap P3 drum", "P3 has no drum")
    refused(pending, "swap P4 drum", "no player P4")
    refused(pending, "swap P2 banana", "banana is not a kind of goods")


# -- ruling 7: moving face-up animals and nomads ----------------------------------------------


def test_ruling_7_a_face_up_animal_moves_from_the_researcher_or_a_neighbour_for_the_gain():
    state = position(
        researchers=["E4", "I3"],
        face_up={"E5": "zebra", "I6": "zebra", "H7": "zebra", "G8": "zebra"},
        empty=["H6"],
    )
    after = play(state, "animal E5 H6")
    assert score(after) == 2 - 0
    assert observe(after)["cells"]["H6"]["marker"] == "zebra"
    refused(state, "animal G8 H6", "G8 is not on or next to your researcher")
    refused(state, "nomad E5 H6", "no face-up nomad on E5")
    refused(state, "animal E5 H7", "H7 is not empty")


# -- ruling 8: base camps ---------------------------------------------------------------------


def test_ruling_8_research_scores_face_up_animals_nomads_and_monuments_around_the_camp():
    state = position(
        researchers=["E4", "I3"],
        face_up={"F4": "rhino", "E3": "nomad", "D3": "monument", "D4": "gold2"},
    )
    after = play(state, "camp research")
    assert score(after) == 3
    view = observe(after)
    assert view["cells"]["E4"]["camp"] is True
    assert view["players"][0]["camps"] == 1
    assert view["cells"]["D4"]["marker"] == "gold2"


def test_ruling_8_resources_take_the_gold_and_jewels_around_the_camp():
    state = position(
        researchers=["E4", "I3"],
        face_up={"F4": "gold2", "E3": "jewels1", "D3": "gold1", "D4": "giraffe"},
    )
    after = play(state, "camp resources")
    view = observe(after)
    assert score(after) == 0
    assert (view["players"][0]["gold"], view["players"][0]["jewels"]) == (3, 1)
    assert [view["cells"][c]["marker"] for c in ("F4", "E3", "D3", "D4")] == [
        None,
        None,
        None,
        "giraffe",
    ]


def test_ruling_8_a_camp_needs_one_in_hand():
    state = position(researchers=["E4", "I3"], players=[{"camps": 0}])
    refused(state, "camp research", "no base camp left")
    assert "camp research" not in ENGINE.legal_actions(state)


# -- ruling 9: monuments ----------------------------------------------------------------------


def test_ruling_9_a_monument_gives_a_camp_from_the_supply_while_one_is_left():
    state = position(researchers=["E4", "I3"], layout={"E5": "monument", "F4": "monument"})
    assert observe(state)["supply_camps"] == 8
    after = play(state, "uncover E5")
    assert observe(after)["supply_camps"] == 7
    assert observe(after)["players"][0]["camps"] == 3
    empty_supply = position(researchers=["E4", "I3"], layout={"E5": "monument"}, supply=0)
    after = play(empty_supply, "uncover E5")
    assert observe(after)["players"][0]["camps"] == 2
    assert observe(after)["monuments_found"] == 1


@pytest.mark.parametrize("num_players, last", [(2, 9), (3, 11), (5, 11)])
def test_ruling_9_the_last_monument_ends_the_game_at_once_with_the_bonus(num_players, last):
    state = position(
        num_players,
        researchers=["E4", "I3", "D7", "K10", "H16"][:num_players],
        layout={"E5": "monument", "F4": "gold2"},
        monuments_found=last - 1,
    )
    assert observe(state)["monuments_to_end"] == last
    assert observe(state)["final"] is None
    over = play(state, "uncover E5")  # the first slot: the second one is lost
    assert ENGINE.is_terminal(over)
    assert ENGINE.current_player(over) is None
    assert ENGINE.legal_actions(over) == []
    assert ENGINE.scores(over) == [3] + [0] * (num_players - 1)
    assert observe(over)["final"][0]["bonus"] == 3
    refused(over, "uncover F4", "The game is over")


# -- ruling 10: final scoring -----------------------------------------------------------------


def _end_now(players, options=None):
    num_players = len(players)
    state = position(
        num_players,
        researchers=["E4", "I3", "D7", "K10", "H16"][:num_players],
        layout={"E5": "monument"},
        players=players,
        monuments_found=8 if num_players == 2 else 10,
        options=options,
    )
    return observe(play(state, "uncover E5"))["final"]


@pytest.mark.parametrize("rounding, share", [("down", 5), ("up", 6)])
def test_ruling_10_three_tied_leaders_share_16_and_nobody_is_second(rounding, share):
    final = _end_now(
        [{"gold": 2}, {"gold": 2}, {"gold": 2}, {"gold": 1}], {"tie_rounding": rounding}
    )
    assert [f["gold"] for f in final] == [share, share, share, 0]


@pytest.mark.parametrize("rounding, share", [("down", 1), ("up", 2)])
def test_ruling_10_four_tied_seconds_share_6(rounding, share):
    final = _end_now(
        [{"jewels": 3}, {"jewels": 1}, {"jewels": 1}, {"jewels": 1}, {"jewels": 1}],
        {"tie_rounding": rounding},
    )
    assert [f["jewels"] for f in final] == [10, share, share, share, share]


def test_ruling_10_only_players_holding_gold_take_part():
    final = _end_now([{"gold": 0, "goods": {"drum": 5}}, {"gold": 1}])
    assert [f["gold"] for f in final] == [0, 10]
    assert [f["goods"] for f in final] == [12, 0]


# -- ruling 11: ties --------------------------------------------------------------------------


def test_ruling_11_equal_totals_stay_equal():
    state = position(
        researchers=["E4", "I3"],
        layout={"E5": "monument"},
        players=[{"gold": 2}, {"gold": 2, "score": 3}],
        monuments_found=8,
    )
    assert ENGINE.scores(play(state, "uncover E5")) == [3 + 8, 3 + 8]
