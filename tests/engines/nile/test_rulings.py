"""One test per ruling of nile.md (named after it), on small positions with scripted dice."""

import pytest

from games.engines import IllegalAction
from tests.engines.nile.helpers import (
    E2_DICE,
    ENGINE,
    camp_state,
    explorer,
    guides,
    play,
    setup_s,
)

VELDT = {"09-10": {"terrain": "veldt"}}


def test_ruling_01_bonus_card_per_hex_mapped_this_turn():
    # two blank hexes mapped on foot (reckless, 3 MP): two bonus cards at step 5
    dice = [6, 2, 2, 2, 2, 2, 6, 6, 2, 5, 6, 6]
    deck = ["c01", "c07", "c10", "c24", "c41"]
    state = camp_state("09-10", VELDT, dice=dice, deck=deck, goods={"rations": 10})
    state = play(state, ["level reckless foot", "move 10-10", "move 11-10", "stop"])
    assert [e["card"] for e in state["events"] if e["kind"] == "bonus"] == ["c24", "c41"]


def test_ruling_02_known_hexes_roll_no_lost_die_and_lost_stays_put():
    state = camp_state("03-05", dice=[])
    state = play(state, ["level normal foot", "move 04-05"])
    assert [e["kind"] for e in state["events"]][0] == "move"
    assert state["events"][0]["dice"] == []  # no lost die: 04-05 is a known hex
    lost = play(camp_state("09-10", VELDT, dice=[1]), ["level normal foot", "move 10-10"])
    assert explorer(lost)["hex"] == "09-10" and "10-10" not in lost["hexes"]


def test_ruling_03_sea_sides_count_as_blank_when_copying():
    # 04-05's SW side is sea: copy die 4 (SW) finds nothing, the second die 5 (W) copies Lagos
    state = camp_state("05-05", {"05-05": {"terrain": "veldt"}}, dice=[6, 4, 5, 6, 6])
    del state["hexes"]["04-05"]  # treat the Niger delta hex as blank for this test
    state = play(state, ["level normal foot", "move 04-05"])
    assert state["hexes"]["04-05"]["terrain"] == "jungle"


def test_ruling_04_an_explorer_keeps_one_record_per_lake():
    layout = {"09-10": {"terrain": "lake"}, "10-10": {"terrain": "lake"}}
    layout["08-10"] = {"terrain": "swamp"}
    state = camp_state("08-10", layout, dice=[6, 6, 6, 6], goods={"canoe": 1}, people={"bearer": 8})
    state = play(state, ["level normal canoe", "move 09-10", "move 10-10"])
    lakes = [r for r in explorer(state)["records"] if r["kind"] == "lake"]
    assert [(r["hex"], r["value"]) for r in lakes] == [("10-10", 3000)]


def test_ruling_05_natives_are_looked_for_once_per_explorer_and_hex():
    layout = {"09-10": {"terrain": "veldt"}, "10-10": {"terrain": "veldt"}}
    state = camp_state("09-10", layout, dice=[6, 6])
    state = play(state, ["level reckless foot", "move 10-10", "move 09-10", "move 10-10"])
    assert state["dice_at"] == 2  # the first entry into 10-10 only (09-10 was looked at? no:
    # 09-10 is the camp hex, entered on the way back: it rolls too, but with hash dice)


def test_ruling_05_port_distance_is_twice_the_port_steps():
    state = camp_state("10-10", {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}})
    sums = __import__("games.engines.nile.natives", fromlist=["x"]).attitude_sums(state, 0, "10-10")
    assert sums["1"] == 2 * 4 + 1 + 3 * 0  # port_steps 4


def test_ruling_06_the_plus_ones_do_not_stack():
    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}}
    state = camp_state("10-10", layout, people={"askari": 1}, guides=guides("10-10"))
    state["players"][0]["explorer"]["negotiated"] = ["10-10"]
    natives = __import__("games.engines.nile.natives", fromlist=["x"])
    assert natives.attitude_sums(state, 0, "10-10")["3"] == 8 + 3 + 1


def test_ruling_07_insulted_chief_rolls_again_and_hostile_tribe_may_hide():
    layout = {"09-10": {"terrain": "veldt"}, "10-10": {"terrain": "veldt", "tribe": {"size": 30}}}
    dice = [1, 1, 1, 1, 1, 6, 6, 6]  # neutral, gifts 1 x 10 < 30, insulted 18 > sum: hostile
    state = camp_state("09-10", layout, dice=dice, goods={"gifts": 20}, people={"askari": 12})
    state = play(state, ["level normal foot", "move 10-10", "policy 3", "gifts 10"])
    kinds = [e["kind"] for e in state["events"]]
    assert "insulted" in kinds and "hide" in kinds  # (12 + 1) x 8 > 30 x 3
    assert explorer(state)["goods"]["gifts"] == 10  # offered gifts are spent


def test_ruling_07_friendship_lapses_below_minus_four():
    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 9, "attitude": -4}}}
    state = camp_state("10-10", layout)
    state["hexes"]["10-10"]["tribe"]["friendly"] = [0]
    natives = __import__("games.engines.nile.natives", fromlist=["x"])
    from games.engines.nile.core import G

    g = G(state)
    natives.change_attitude(g, "10-10", -1)
    assert g.s["hexes"]["10-10"]["tribe"]["friendly"] == []


def test_ruling_08_sick_askaris_count_nowhere():
    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}}
    state = camp_state("10-10", layout)
    state["players"][0]["explorer"]["people"]["askari"] = {"healthy": 0, "sick": 5}
    natives = __import__("games.engines.nile.natives", fromlist=["x"])
    assert natives.attitude_sums(state, 0, "10-10")["4"] == 8 + 4 + 3


def test_ruling_09_village_test_adds_the_policy_to_v_and_empty_tribes_go():
    # E3 with V = 2, policy 1: the village roll 3 is not > 3, so the village is found
    dice = [*E2_DICE, 2, 4, 1, 1, 3, 4, 2, 1, 2]
    state = play(setup_s(dice), ["move 03-04", "policy 1", "keep 2"])
    assert state["phase"] == "village"
    assert ENGINE.legal_actions(state) == ["loot", "spare"]


def test_ruling_10_a_prisoner_plays_inside_apply():
    dice = [*E2_DICE, 6, 5, 4, 1, 2, 1, 1, 1, 6]  # captive; next turn escape 6 - 2 = 4
    state = play(setup_s(dice), ["move 03-04", "policy 4"])
    # one seat: the prisoner turn ran at once (round 3), he escaped with musket and rations
    ex = explorer(state)
    assert ex["status"] == "africa"
    assert ex["goods"]["musket"] == 1 and ex["goods"]["rations"] == 9
    assert state["round"] == 4 and state["phase"] == "camp"


def test_ruling_11_choosing_a_policy_ends_movement():
    dice = [*E2_DICE, 2, 2, 3]
    state = play(setup_s(dice), ["move 03-04", "policy 5", "leave"])
    assert state["round"] == 3 and explorer(state)["hex"] == "03-04"


def test_ruling_12_journalists_in_africa_get_battle_records():
    dice = [*E2_DICE, 2, 4, 1, 1, 3, 4, 2]
    state = setup_s(dice)
    state["players"][0]["explorer"]["profession"] = "journalist"
    state = play(state, ["move 03-04", "policy 1"])
    battle = [r for r in explorer(state)["records"] if r["kind"] == "battle"]
    assert battle == [{"id": "d2", "kind": "battle", "hex": "03-04", "value": 1, "ref": "b1"}]


def test_ruling_13_ports_eat_no_food():
    state = camp_state("03-05", goods={"rations": 10}, people={"bearer": 3})
    state = play(state, ["level normal foot", "stop"])
    assert explorer(state)["goods"]["rations"] == 10


def test_ruling_14_a_port_ticket_is_used_before_an_any_ticket():
    state = ENGINE.initial_state(1, 1, {"professions": ["explorer"]})
    state["players"][0]["donations"] = ["c06", "c41", "c03"]  # any, lagos, $500
    state = ENGINE.apply(state, "sail lagos")
    assert state["players"][0]["cash"] == 1500
    assert state["deck"]["discard"] == ["c06", "c41", "c03"]


def test_ruling_15_a_hex_scores_only_for_its_first_publisher():
    state = ENGINE.initial_state(2, 1, {"professions": ["explorer", "explorer"]})
    state["hexes"]["10-10"] = {**state["hexes"]["03-05"], "terrain": "veldt", "known_1820": False,
                               "river": None}
    for p in state["players"]:
        p["explorer"]["records"] = [{"id": "d1", "kind": "hex", "hex": "10-10", "value": None,
                                     "ref": None}]
    state = play(state, ["stay", "publish all", "stay", "publish all"])
    assert ENGINE.scores(state) == [1, 0]


def test_ruling_16_the_purse_travels_with_the_explorer():
    dice = [*E2_DICE, 6, 5, 4, 1, 2, 1, 1, 5, 2]  # E4: defeat
    state = play(setup_s(dice), ["move 03-04", "policy 4"])
    assert state["players"][0]["cash"] == 0


def test_ruling_17_death_then_a_new_profession_and_1000_dollars():
    dice = [*E2_DICE, 2, 2, 3, 1, 2, 1, 1, 1, 2, 1]
    state = play(setup_s(dice), ["move 03-04", "policy 5", "gifts 10"])
    assert ENGINE.legal_actions(state)[0] == "profession botanist"
    state = ENGINE.apply(state, "profession zoologist")
    assert state["phase"] == "europe" and state["players"][0]["cash"] == 1000
    assert state["players"][0]["explorers_lost"] == 1


def test_ruling_18_record_ids_are_never_reused():
    dice = [*E2_DICE, 2, 2, 3, 1, 2, 1, 1, 1, 2, 1]
    state = play(setup_s(dice), ["move 03-04", "policy 5", "gifts 10", "profession explorer"])
    state = play(state, ["sail lagos", "end", "level normal foot", "move 03-04"])
    assert [r["id"] for r in explorer(state)["records"]] == ["d2"]


def test_ruling_19_the_source_of_the_nile_needs_six_river_hexes():
    from games.engines.nile.mapping import nile_length

    hexes = {
        "14-01": {"river": {"out": ["edge"], "open": []}},
        "14-02": {"river": {"out": ["14-01"], "open": []}},
        "14-03": {"river": {"out": ["14-02"], "open": []}},
    }
    assert nile_length(hexes, "14-03") == 2
    assert nile_length(hexes, "14-02") == 1
    assert nile_length({"13-03": {"river": {"out": ["14-03"], "open": []}}}, "13-03") is None
