"""Rule tests named after the step of the turn summary they check (2, 3, 4a-4h, 5, Europe)."""

import pytest

from games.engines import IllegalAction
from games.nile.engine.tribes import attitude_sums
from games.nile.tests.helpers import (
    E2_DICE,
    ENGINE,
    camp_state,
    explorer,
    guides,
    play,
    setup_s,
)

VELDT = {"09-10": {"terrain": "veldt"}}


def test_step_2_mp_by_level_and_mode():
    state = camp_state("03-05", people={"bearer": 1}, goods={"horse": 2})
    assert ENGINE.apply(state, "level reckless foot")["pending"]["mp"] == 3
    assert ENGINE.apply(state, "level normal mounted")["pending"]["mp"] == 4


def test_step_2_a_sick_explorer_loses_one_mp():
    state = camp_state("03-05", sick=True)
    assert ENGINE.apply(state, "level normal foot")["pending"]["mp"] == 1


def test_step_2_mounted_needs_a_mount_per_person():
    state = camp_state("03-05", people={"bearer": 1}, goods={"horse": 1})
    assert "level normal mounted" not in ENGINE.legal_actions(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "level normal mounted")


def test_step_3_no_disaster_in_a_port_but_one_elsewhere():
    state = ENGINE.apply(camp_state("03-05"), "level normal foot")
    assert state["deck"]["discard"] == []
    state = ENGINE.apply(camp_state("10-10", {"10-10": {"terrain": "veldt"}}), "level normal foot")
    assert state["deck"]["discard"] == ["c01"]


def test_step_3_malaria_makes_d3_bearers_sick():
    state = camp_state(
        "10-10", {"10-10": {"terrain": "veldt"}}, dice=[5], deck=["c03"], people={"bearer": 4}
    )
    state = ENGINE.apply(state, "level normal foot")
    assert explorer(state)["people"]["bearer"] == {"healthy": 1, "sick": 3}


def test_step_3_water_skins_burst_and_heavy_rains():
    state = camp_state("10-10", {"10-10": {"terrain": "veldt"}}, deck=["c09"], goods={"water": 5})
    assert explorer(ENGINE.apply(state, "level normal foot"))["goods"]["water"] == 2
    state = camp_state("10-10", {"10-10": {"terrain": "veldt"}}, deck=["c32"])
    assert ENGINE.apply(state, "level normal foot")["pending"]["mp"] == 1


def test_step_3_desertion_takes_the_bearers_load():
    state = camp_state(
        "10-10",
        {"10-10": {"terrain": "veldt"}},
        deck=["c08"],
        people={"bearer": 2},
        goods={"rations": 25},
    )
    ex = explorer(ENGINE.apply(state, "level normal foot"))
    assert ex["people"]["bearer"]["healthy"] == 1 and ex["goods"]["rations"] == 15


def test_step_4a_a_guide_helps_against_getting_lost():
    state = camp_state(
        "09-10", VELDT, dice=[1, 2, 2, 2, 2, 6, 6], guides=guides("03-05"), goods={"rations": 5}
    )
    state = play(state, ["level normal foot", "move 10-10"])
    assert explorer(state)["hex"] == "10-10"


def test_step_4a_getting_lost_costs_the_newest_guide():
    state = camp_state(
        "09-10", VELDT, dice=[1], guides=guides("03-05", "09-10"), goods={"rations": 5}
    )
    state = play(state, ["level reckless foot", "move 10-10"])
    assert explorer(state)["hex"] == "09-10"
    assert explorer(state)["guides"] == [{"hex": "03-05", "sick": False}]
    assert state["round"] == 3


def test_step_4a_going_upstream_the_lost_number_is_two():
    # from 04-05 (jungle_swamp, lost 5) up the Niger into 04-04: 3 > 2, not lost
    dice = [3, 6, 5, 5, 1, 6, 6]
    state = camp_state("04-05", dice=dice, goods={"rations": 5})
    state = play(state, ["level normal foot", "move 04-04"])
    assert state["hexes"]["04-04"]["terrain"] == "swamp"
    assert explorer(state)["hex"] == "04-04"


def test_step_4a_going_downstream_rolls_no_lost_die():
    state = camp_state("09-10", VELDT, dice=[2, 2, 2, 2, 6, 6, 6], goods={"rations": 5})
    state["hexes"]["09-10"]["river"] = {"out": ["10-10"], "open": []}
    state = play(state, ["level normal foot", "move 10-10"])
    assert [e["kind"] for e in state["events"]][0] == "map"
    assert state["hexes"]["10-10"]["river"] == {"out": ["09-09"], "open": []}
    assert explorer(state)["hex"] == "10-10"


def test_step_4b_an_oasis_in_a_desert_without_river():
    layout = {"09-10": {"terrain": "desert"}, "11-10": {"terrain": "desert"}}
    state = camp_state(
        "09-10", layout, dice=[6, 2, 1, 6, 6], deck=["c24", "c01"], goods={"rations": 5, "water": 5}
    )
    state = play(state, ["level normal foot", "move 10-10"])
    assert state["hexes"]["10-10"]["oasis"] is True
    assert explorer(state)["oasis_found"] == "10-10"


def test_step_4b_a_fork_opens_two_branches():
    dice = [6, 2, 2, 2, 2, 1, 1, 2, 6, 6, 6]
    state = camp_state("09-10", VELDT, dice=dice, deck=["c24", "c35"], goods={"rations": 5})
    state = play(state, ["level normal foot", "move 10-10"])
    h = state["hexes"]["10-10"]
    assert h["terrain"] == "jungle"
    assert h["river"] == {"out": ["10-09"], "open": ["11-10", "10-11"]}


def test_step_4d_a_missionary_adds_one_at_policy_4_and_5():

    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}}
    state = camp_state("10-10", layout, profession="missionary", people={"askari": 1})
    assert attitude_sums(state, 0, "10-10") == {"1": 9, "2": 10, "3": 11, "4": 13, "5": 14}


def _encounter(dice, profession="explorer", **changes):
    layout = {"09-10": {"terrain": "veldt"}, "10-10": {"terrain": "veldt", "tribe": {"size": 12}}}
    state = camp_state("09-10", layout, dice=dice, profession=profession, **changes)
    return play(state, ["level normal foot", "move 10-10"])


def test_step_4e_poison_of_three_makes_the_explorer_sick():
    state = _encounter([1, 1, 1, 1, 1, 1, 1, 1, 3, 1], goods={"gifts": 10, "rations": 5})
    state = play(state, ["policy 3", "gifts 10"])
    assert explorer(state)["sick"] is True


def test_step_4f_hostile_tribe_charges_and_is_beaten_at_first_fire():
    dice = [6, 6, 6, 4, 4, 6, 1]  # hostile, attack high 4 >= 3: charge; 3 x 6 > 9: victory
    state = _encounter(dice, people={"askari": 2}, goods={"musket": 1, "rations": 5})
    state = ENGINE.apply(state, "policy 3")
    kinds = [e["kind"] for e in state["events"]]
    assert kinds[:3] == ["hostile", "attack", "victory"]
    assert state["hexes"]["10-10"]["tribe"]["attitude"] == -1


def test_step_4g_v_of_six_forces_the_loot():
    dice = [6, 6, 6, 4, 4, 6, 6, 1, 1] + [1] * 12
    state = _encounter(dice, people={"askari": 2}, goods={"musket": 1, "rations": 5})
    state = ENGINE.apply(state, "policy 3")
    assert "loot" in [e["kind"] for e in state["events"]]
    assert state["hexes"]["10-10"]["tribe"]["attitude"] == -3
    assert explorer(state)["goods"]["rations"] >= 5 + 12 - 3


def test_step_4g_freeing_every_prisoner_adds_three():
    dice = [6, 6, 6, 5, 5, 2, 1, 6, 6]
    state = _encounter(dice, people={"askari": 5}, goods={"musket": 1, "rations": 9})
    state = ENGINE.apply(state, "policy 5")
    assert state["pending"] == {"kind": "prisoners", "hex": "10-10", "max": 4}
    state = ENGINE.apply(state, "keep 0")
    assert state["hexes"]["10-10"]["tribe"]["attitude"] == -1 + 3
    assert state["hexes"]["10-10"]["tribe"]["size"] == 6


def test_step_4h_defeat_die_6_gives_two_table_a_rolls_with_loads():
    dice = [6, 6, 6, 1, 1, 6, 1, 6, 3, 1, 4, 4]  # ambush, the askari dies; defeat die 6
    state = _encounter(dice, people={"askari": 1}, goods={"rations": 5})
    state = ENGINE.apply(state, "policy 5")
    ex = explorer(state)
    assert ex["people"]["bearer"]["healthy"] == 1 and ex["goods"]["camel"] == 1
    assert ex["goods"]["musket"] == 1
    assert ex["goods"]["gifts"] == 10


def test_step_5_hunting_feeds_the_party_first_and_the_rest_spoils():
    dice = [6, 6]  # explorer with a musket and one askari, veldt target 3: 4 + 4 fresh
    state = camp_state(
        "10-10",
        {"10-10": {"terrain": "veldt"}},
        dice=dice,
        people={"askari": 1},
        goods={"musket": 1, "rations": 5},
    )
    state = play(state, ["level normal foot", "stop"])
    assert explorer(state)["goods"]["rations"] == 5
    assert explorer(state)["fresh"] == 0


def test_step_5_unfed_followers_may_desert():
    dice = [1, 6]  # two bearers unfed: the first deserts (1), the second stays (6)
    state = camp_state(
        "10-10",
        {"10-10": {"terrain": "veldt"}},
        dice=dice,
        people={"bearer": 2},
        goods={"rations": 1},
    )
    state = play(state, ["level normal foot", "stop"])
    ex = explorer(state)
    assert ex["people"]["bearer"]["healthy"] == 1 and ex["starving"] == 1


def test_step_5_recovery_in_a_port():
    state = camp_state("03-05", dice=[2], sick=True)
    state = play(state, ["level normal foot", "stop"])
    assert explorer(state)["sick"] is False  # 2 + 1 (did not move) + 2 (port) >= 4


def test_europe_passage_costs_500_and_needs_the_money():
    state = ENGINE.initial_state(1, 1, {"professions": ["botanist"]})
    state["players"][0]["cash"] = 400
    assert ENGINE.legal_actions(state) == ["stay"]
    state["players"][0]["donations"] = ["c01"]
    assert "sail lagos" in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, "sail lagos")
    assert state["players"][0]["cash"] == 0 and state["phase"] == "outfit"


def test_europe_the_journalist_gets_1000_and_sails_free_but_draws_no_donation():
    state = ENGINE.initial_state(1, 1, {"professions": ["journalist"]})
    state = play(state, ["stay"])
    assert state["players"][0]["donations"] == []
    state = play(state, ["end"])
    state["players"][0]["cash"] = 10
    state = ENGINE.apply(state, "stay")
    state = ENGINE.apply(state, "end")
    assert state["players"][0]["cash"] == 1000
    state = ENGINE.apply(state, "sail mombasa")
    assert state["players"][0]["cash"] == 1000


def test_europe_stay_discards_down_to_five_then_draws():
    state = ENGINE.initial_state(1, 1, {"professions": ["botanist"], "deck": ["c05"]})
    state["players"][0]["donations"] = ["c01", "c02", "c03", "c04", "c07", "c08", "c06"]
    state = ENGINE.apply(state, "stay")  # the ticket c06 is discarded first
    assert state["pending"] == {"kind": "discard", "over": 1}
    state = ENGINE.apply(state, "discard c02")
    assert state["players"][0]["donations"] == ["c01", "c03", "c04", "c07", "c08", "c05"]
    assert state["phase"] == "publish"


def test_europe_sail_home_turns_items_into_records():
    state = camp_state("03-05", items=2)
    state = ENGINE.apply(state, "sail europe")
    ex = state["players"][0]["explorer"]
    assert [r["kind"] for r in ex["records"]] == ["item", "item"]
    assert ex["status"] == "europe" and ex["hex"] is None


def test_end_solo_result_gives_vp_and_rounds():
    state = ENGINE.initial_state(1, 1, {"professions": ["botanist"], "target_vp": 1})
    state["players"][0]["score"] = 1
    state = play(state, ["stay", "end"])
    assert state["final"] == [{"vp": 1, "rank": 1, "rounds": 1}]


def test_setup_rejects_bad_options():
    for options in (
        {"dice": [7]},
        {"deck": ["c99"]},
        {"professions": ["pilot"]},
        {"max_rounds": 0},
        {"layout": {"03-05": {"terrain": "veldt"}}},
        {"x": 1},
    ):
        with pytest.raises(ValueError):
            ENGINE.initial_state(1, 1, options)
    with pytest.raises(ValueError):
        ENGINE.initial_state(7, 1, {})


def test_e2_dice_are_reused_by_setup_s():
    assert E2_DICE[:2] == [3, 1] and setup_s([])["round"] == 2


def test_step_4c_an_ethnologist_records_each_tribe_he_meets_and_scores_it_once():
    layout = {"09-10": {"terrain": "veldt"}, "10-10": {"terrain": "veldt", "tribe": {"size": 7}}}
    state = camp_state("09-10", layout, profession="ethnologist", goods={"rations": 5})
    state["hexes"]["10-10"]["tribe"]["friendly"] = [0]
    state = play(state, ["level normal foot", "move 10-10"])
    tribe = [r for r in explorer(state)["records"] if r["kind"] == "tribe"]
    assert [(r["hex"], r["value"]) for r in tribe] == [("10-10", 7)]


def test_step_5_a_special_bonus_line_pays_any_profession():
    # c06: the Lost City in a jungle hex: 10 VP for an explorer (matching), recorded by name
    dice = [6, 2, 2, 2, 2, 6, 6]
    state = camp_state("09-10", VELDT, dice=dice, deck=["c24", "c01", "c06"], goods={"rations": 5})
    state = play(state, ["level normal foot", "move 10-10", "stop"])
    bonus = [r for r in explorer(state)["records"] if r["kind"] == "bonus"]
    assert [(r["value"], r["ref"]) for r in bonus] == [(10, "lost_city")]
    state = camp_state("03-05", records=bonus)
    state = play(state, ["sail europe"])
    state["players"][0]["explorer"]["records"] = bonus * 2
    state = play(state, ["stay", "publish all"])
    assert ENGINE.scores(state) == [10]  # specials score once per game
