"""One test per ruling of nile.md (named after it), on small positions with scripted dice."""

from games.nile.engine import tribes
from games.nile.engine.core import G, blank_hex
from games.nile.engine.data import SIDES
from games.nile.engine.mapping import nile_length
from games.nile.engine.party import lose_people
from games.nile.engine.rules import death
from games.nile.engine.scoring import late_nile_source
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
    state = camp_state("09-10", layout, dice=[6, 6], goods={"rations": 5})
    state = play(state, ["level reckless foot", "move 10-10"])
    assert state["events"][-1]["kind"] == "no_natives"
    state = play(state, ["move 09-10", "move 10-10"])
    assert [e["kind"] for e in state["events"]][:2] == ["move", "camp"]  # no second roll


def test_ruling_05_port_distance_is_twice_the_port_steps():
    state = camp_state("10-10", {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}})
    sums = tribes.attitude_sums(state, 0, "10-10")
    assert sums["1"] == 2 * 4 + 1 + 3 * 0  # port_steps 4


def test_ruling_06_the_plus_ones_do_not_stack():
    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}}
    state = camp_state("10-10", layout, people={"askari": 1}, guides=guides("10-10"))
    state["players"][0]["explorer"]["negotiated"] = ["10-10"]
    assert tribes.attitude_sums(state, 0, "10-10")["3"] == 8 + 3 + 1


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

    g = G(state)
    tribes.change_attitude(g, "10-10", -1)
    assert g.s["hexes"]["10-10"]["tribe"]["friendly"] == []


def test_ruling_08_sick_askaris_count_nowhere():
    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 9}}}
    state = camp_state("10-10", layout)
    state["players"][0]["explorer"]["people"]["askari"] = {"healthy": 0, "sick": 5}
    assert tribes.attitude_sums(state, 0, "10-10")["4"] == 8 + 4 + 3


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
    state["hexes"]["10-10"] = {
        **state["hexes"]["03-05"],
        "terrain": "veldt",
        "known_1820": False,
        "river": None,
    }
    for p in state["players"]:
        p["explorer"]["records"] = [
            {"id": "d1", "kind": "hex", "hex": "10-10", "value": None, "ref": None}
        ]
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

    hexes = {
        "14-01": {"river": {"out": ["edge"], "open": []}},
        "14-02": {"river": {"out": ["14-01"], "open": []}},
        "14-03": {"river": {"out": ["14-02"], "open": []}},
    }
    assert nile_length(hexes, "14-03") == 2
    assert nile_length(hexes, "14-02") == 1
    assert nile_length({"13-03": {"river": {"out": ["14-03"], "open": []}}}, "13-03") is None


def test_ruling_20_a_kind_dropped_cannot_be_gained_this_turn():
    state = camp_state("03-05", goods={"rations": 10}, people={"bearer": 3})
    assert "buy rations 10" in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, "drop rations 10")
    assert "buy rations 10" not in ENGINE.legal_actions(state)


def test_ruling_20_movement_ends_by_itself():
    state = camp_state("03-05", dice=[6, 6], goods={"rations": 5})
    state = play(state, ["level cautious foot", "move 04-05"])
    assert state["round"] == 3 and state["phase"] == "camp"


def test_ruling_21_drop_and_fill_offer_the_exact_remainder():
    legal = ENGINE.legal_actions(camp_state("04-05", goods={"rations": 25}))
    assert "drop rations 25" in legal and "drop rations 30" not in legal
    legal = ENGINE.legal_actions(camp_state("04-05", goods={"rations": 5}))
    assert "fill 5" in legal and "fill 10" not in legal  # the explorer alone carries 10
    assert [a for a in legal if a.startswith("fill")] == ["fill 5"]


def test_ruling_22_losses_take_the_newest_healthy_member_first():

    ex = explorer(camp_state("03-05"))
    ex["guides"] = [
        {"hex": "a", "sick": False},
        {"hex": "b", "sick": True},
        {"hex": "c", "sick": False},
    ]
    lose_people(ex, "guide", 2)
    assert ex["guides"] == [{"hex": "b", "sick": True}]


def test_ruling_23_a_new_hex_closed_to_the_mode_is_mapped_but_not_entered():
    layout = {"09-10": {"terrain": "veldt"}, "11-10": {"terrain": "swamp"}}
    state = camp_state("09-10", layout, dice=[6, 2], goods={"horse": 1, "rations": 5})
    state = play(state, ["level normal mounted", "move 10-10"])
    assert state["hexes"]["10-10"]["terrain"] == "swamp"
    assert state["round"] == 3 and explorer(state)["hex"] == "09-10"
    assert [r["hex"] for r in explorer(state)["records"]] == ["10-10"]
    assert [e["kind"] for e in state["events"]].count("bonus") == 1


def test_ruling_24_each_starving_turn_costs_one_mp():
    state = camp_state("03-05", starving=2)
    state = ENGINE.apply(state, "level normal foot")
    assert explorer(state)["mp"] == 0


def test_ruling_25_the_game_ends_after_the_round_in_which_a_seat_reaches_the_target():
    state = camp_state("03-05", num_players=2)
    state["players"][1]["score"] = 30
    state = play(state, ["level cautious foot", "stop"])
    assert not ENGINE.is_terminal(state)  # seat 1 still plays the round
    state = ENGINE.apply(state, "stay")
    state = ENGINE.apply(state, "end")
    assert ENGINE.is_terminal(state)
    assert ENGINE.places(state) == [2, 1]
    assert state["final"] == [{"vp": 0, "rank": 2, "rounds": 2}, {"vp": 30, "rank": 1, "rounds": 2}]
    assert state["events"][-1]["type"] == "game_end"


def test_ruling_25_max_rounds_ends_the_game_and_ties_share_a_place():
    state = ENGINE.initial_state(2, 1, {"max_rounds": 1, "professions": ["doctor", "doctor"]})
    state = play(state, ["stay", "end", "stay", "end"])
    assert ENGINE.is_terminal(state) and ENGINE.places(state) == [1, 1]
    assert ENGINE.current_player(state) is None and ENGINE.legal_actions(state) == []


def test_ruling_26_a_canoe_party_with_much_water_cannot_choose_foot():
    state = camp_state("04-05", goods={"canoe": 1, "water": 100}, people={"bearer": 8})
    levels = [a for a in ENGINE.legal_actions(state) if a.startswith("level")]
    assert levels == ["level cautious canoe", "level normal canoe", "level reckless canoe"]


def test_ruling_27_a_friendly_draw_pays_friendly_lines():
    dice = [*E2_DICE, 2, 2, 3, 4, 2]
    state = play(setup_s(dice, profession="missionary"), ["move 03-04", "policy 5", "gifts 10"])
    bonus = [r for r in explorer(state)["records"] if r["kind"] == "bonus"]
    assert [(r["hex"], r["value"]) for r in bonus] == [("03-04", 2)]  # c07 "friendly"


def test_ruling_28_natives_fire_is_capped_at_the_askaris_present():
    dice = [*E2_DICE, 6, 5, 4, 1, 2, 1, 1, 3]
    state = play(setup_s(dice), ["move 03-04", "policy 4"])
    assert [e["kind"] for e in state["events"]][:3] == ["hostile", "attack", "defeat"]


def test_ruling_29_an_extra_lake_hex_adds_its_cards_area():
    layout = {"09-10": {"terrain": "veldt"}, "11-10": {"terrain": "lake"}}
    state = camp_state("09-10", layout, dice=[6, 2], deck=["c24", "c01"], goods={"rations": 5})
    state = play(state, ["level normal foot", "move 10-10"])
    assert state["hexes"]["10-10"]["terrain"] == "lake"
    assert state["lakes"]["10-10"] == {"hexes": ["10-10", "11-10"], "area_sq_mi": 2000, "tier": 0}


def test_ruling_30_the_white_nile_keeps_an_open_branch_near_khartoum():
    layout = {"14-03": {"terrain": "veldt"}}
    dice = [6, 6, 3, 4, 6, 6, 6]
    state = camp_state("14-03", layout, dice=dice, deck=["c24", "c01"], goods={"rations": 5})
    state = play(state, ["level normal foot", "move 14-02"])
    h = state["hexes"]["14-02"]
    assert h["terrain"] == "veldt"
    assert h["river"] == {"out": ["14-01"], "open": ["13-03"]}
    assert h["source"] is False
    assert state["hexes"]["14-01"]["river"]["open"] == []


def test_ruling_31_desert_next_to_jungle_turns_a_composite_into_veldt():
    layout = {"09-10": {"terrain": "desert"}, "11-10": {"terrain": "jungle_mountain"}}
    state = camp_state("09-10", layout, dice=[6, 2, 6, 6], goods={"rations": 5, "water": 5})
    state = play(state, ["level normal foot", "move 10-10"])
    assert state["hexes"]["10-10"]["terrain"] == "veldt"
    assert state["hexes"]["10-10"]["mountain_ft"] is None


def test_ruling_32_a_friendly_tribe_does_not_stop_movement():
    layout = {"09-10": {"terrain": "veldt"}, "10-10": {"terrain": "veldt", "tribe": {"size": 5}}}
    state = camp_state("09-10", layout)
    state["hexes"]["10-10"]["tribe"]["friendly"] = [0]
    state = play(state, ["level normal foot", "move 10-10"])
    assert state["phase"] == "move" and state["pending"]["mp"] == 1


def test_ruling_33_gift_offers_are_lots_of_ten_up_to_the_gifts_held():
    layout = {"09-10": {"terrain": "veldt"}, "10-10": {"terrain": "veldt", "tribe": {"size": 5}}}
    state = camp_state("09-10", layout, dice=[1, 1, 1], goods={"gifts": 35})
    state = play(state, ["level normal foot", "move 10-10", "policy 3"])
    assert state["pending"]["gifts_max"] == 30
    assert ENGINE.legal_actions(state) == ["gifts 10", "gifts 20", "gifts 30", "leave"]


def test_ruling_34_trade_prices():
    layout = {"10-10": {"terrain": "veldt", "tribe": {"size": 30}}}
    state = camp_state("10-10", layout, goods={"gifts": 30, "rations": 30}, people={"bearer": 5})
    state["hexes"]["10-10"]["tribe"]["friendly"] = [0]
    legal = ENGINE.legal_actions(state)
    assert {"trade rations 10", "trade gifts 10", "trade bearer 6", "trade guide 3"} <= set(legal)
    assert "trade canoe 1" not in legal and "trade camel 1" not in legal
    state = ENGINE.apply(state, "trade gifts 10")
    goods = explorer(state)["goods"]
    assert goods["gifts"] == 40 and goods["rations"] == 10


def test_ruling_35_dismissals_take_the_newest_healthy_first():
    state = camp_state("03-05", guides=guides("03-05", "04-05"))
    state = ENGINE.apply(state, "dismiss guide 1")
    assert explorer(state)["guides"] == [{"hex": "03-05", "sick": False}]


def test_ruling_36_escape_rolls_below_one_count_as_one_and_escape_ends_the_turn():
    dice = [*E2_DICE, 6, 5, 4, 1, 2, 1, 1, 1, 1, 5]
    state = play(setup_s(dice), ["move 03-04", "policy 4"])
    ex = explorer(state)
    assert state["round"] == 5 and ex["status"] == "africa"  # captive, 1 -> 1, then 5 -> 3
    assert ex["goods"]["rations"] == 0 and ex["goods"]["musket"] == 0
    assert state["dice_at"] == len(dice)  # no step 5 after the escape


def test_ruling_37_a_canoe_may_try_a_blank_hex_with_one_mp():
    dice = [6, 6, 5, 5, 1, 6, 6]
    state = camp_state("04-05", dice=dice, goods={"canoe": 1}, people={"bearer": 4})
    state = ENGINE.apply(state, "level cautious canoe")
    assert state["pending"]["mp"] == 1
    state = ENGINE.apply(state, "move 04-04")
    assert state["hexes"]["04-04"]["terrain"] == "swamp"
    assert state["hexes"]["04-04"]["river"] == {"out": ["04-05"], "open": []}
    assert explorer(state)["hex"] == "04-04" and state["round"] == 3


def test_ruling_38_a_beast_kills_the_explorer_when_none_of_its_kind_is_left():
    state = camp_state("10-10", {"10-10": {"terrain": "veldt"}}, dice=[1, 5, 6], deck=["c13"])
    state = ENGINE.apply(state, "level normal foot")
    assert state["players"][0]["explorer"] is None and state["phase"] == "profession"
    state = camp_state(
        "10-10", {"10-10": {"terrain": "veldt"}}, dice=[1, 6, 5], deck=["c13"], people={"bearer": 2}
    )
    state = ENGINE.apply(state, "level normal foot")
    assert explorer(state)["people"]["bearer"] == {"healthy": 1, "sick": 0}


def test_ruling_39_less_than_one_bearer_per_canoe_costs_three_mp():
    state = camp_state("04-05", goods={"canoe": 2}, people={"bearer": 1})
    assert ENGINE.apply(state, "level normal canoe")["pending"]["mp"] == 1


def test_ruling_40_death_takes_the_explorers_friendships():
    dice = [*E2_DICE, 2, 2, 3, 4, 2]
    state = play(setup_s(dice), ["move 03-04", "policy 5", "gifts 10"])
    assert state["hexes"]["03-04"]["tribe"]["friendly"] == [0]

    g = G(state)
    death(g)
    assert g.s["hexes"]["03-04"]["tribe"]["friendly"] == []


def test_ruling_41_resale_at_half_price_rounds_down_per_kind():
    state = camp_state("03-05", goods={"rations": 15, "gifts": 5, "musket": 1})
    cash = state["players"][0]["cash"]
    state = ENGINE.apply(state, "sail europe")
    assert state["players"][0]["cash"] == cash + 7 + 5 + 10


def test_ruling_41_publish_all_without_records_and_layout_hexes_mapped_by_nobody():
    state = ENGINE.initial_state(
        1, 1, {"layout": {"10-10": {"terrain": "veldt"}}, "professions": ["doctor"]}
    )
    assert ENGINE.observation(state, None)["hexes"]["10-10"]["mapped_by"] == []
    state = play(state, ["stay"])
    assert "publish all" in ENGINE.legal_actions(state)


def test_ruling_41_horses_eat_four_rations_in_desert_only():
    layout = {"10-10": {"terrain": "desert"}}
    goods = {"horse": 1, "rations": 10, "water": 10}
    state = camp_state("10-10", layout, goods=goods, people={"bearer": 1})
    state = play(state, ["level normal foot", "stop"])
    assert explorer(state)["goods"]["rations"] == 10 - 2 - 4
    assert explorer(state)["goods"]["water"] == 10 - 3


def test_ruling_42_only_journalists_within_ten_hexes_get_battle_records():
    dice = [*E2_DICE, 2, 4, 1, 1, 3, 4, 2]
    for far, expected in (("04-04", 1), ("15-20", 0)):
        state = setup_s(dice)
        state["players"].append(
            {
                **state["players"][0],
                "explorer": {
                    **state["players"][0]["explorer"],
                    "profession": "journalist",
                    "hex": far,
                    "records": [],
                },
            }
        )
        state["num_players"] = 2
        state = play(state, ["move 03-04", "policy 1"])
        records = state["players"][1]["explorer"]["records"]
        assert len([r for r in records if r["kind"] == "battle"]) == expected


def _white_nile(state, length):
    """A mapped river of ``length`` hexes from a source down to 14-02 and Khartoum."""
    path = ["14-02"]
    while len(path) < length:
        path.append(SIDES[path[-1]][2])  # the SE neighbour
    for i, hid in enumerate(path):
        h = blank_hex()
        h.update(terrain="veldt", mapped_by=[0])
        h["river"] = {"out": ["14-01" if i == 0 else path[i - 1]], "open": []}
        state["hexes"][hid] = h
    state["hexes"]["14-01"]["river"]["open"] = []
    state["hexes"][path[-1]]["source"] = True
    return path


def test_ruling_19_the_first_published_white_nile_source_scores_ten():
    state = ENGINE.initial_state(1, 1, {"professions": ["doctor"]})
    source = _white_nile(state, 6)[-1]
    state["players"][0]["explorer"]["records"] = [
        {"id": "d1", "kind": "hex", "hex": source, "value": None, "ref": None}
    ]
    state = play(state, ["stay", "publish all"])
    assert ENGINE.scores(state) == [1 + 2 + 10]
    assert state["nile_source"] == {"hex": source, "seat": 0}


def test_ruling_19_a_source_too_close_to_khartoum_does_not_count():
    state = ENGINE.initial_state(1, 1, {"professions": ["doctor"]})
    source = _white_nile(state, 5)[-1]
    state["players"][0]["explorer"]["records"] = [
        {"id": "d1", "kind": "hex", "hex": source, "value": None, "ref": None}
    ]
    state = play(state, ["stay", "publish all"])
    assert ENGINE.scores(state) == [1 + 2] and state["nile_source"] is None


def test_ruling_19_a_published_source_that_joins_the_white_nile_later_scores_then():
    state = ENGINE.initial_state(1, 1, {"professions": ["doctor"]})
    path = _white_nile(state, 7)
    state["hexes"][path[-1]]["published_by"] = 0
    missing = state["hexes"].pop(path[3])
    g = G(state)
    late_nile_source(g)
    assert g.s["nile_source"] is None
    g.s["hexes"][path[3]] = missing
    late_nile_source(g)
    assert g.s["nile_source"] == {"hex": path[-1], "seat": 0}
    assert g.s["players"][0]["score"] == 10


def test_ruling_21_a_dismissal_that_leaves_mounts_unled_is_refused_while_the_party_fits():
    state = camp_state("03-05", people={"askari": 2}, goods={"horse": 3})
    legal = ENGINE.legal_actions(state)
    assert "level normal mounted" in legal
    assert "dismiss askari 1" not in legal and "shoot horse 1" not in legal
    assert "drop musket 1" not in legal  # nothing to drop
