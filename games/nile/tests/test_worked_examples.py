"""The six worked examples of nile.md (E1-E6), with their dice."""

from games.nile.tests.helpers import E1_MOVE_DICE, E2_DICE, ENGINE, explorer, play, setup_s


def test_setup_s_outfits_in_lagos_for_220_dollars():
    state = setup_s([])
    obs = ENGINE.observation(state, None)
    assert obs["round"] == 2
    assert obs["players"][0]["cash"] == 220
    assert obs["phase"] == "move"
    assert obs["pending"] == {"kind": "move", "hex": "03-05", "mp": 2}
    assert obs["deck"]["discard"] == []  # no disaster in port


def test_e1_lost_then_mapped_by_the_key():
    state = setup_s([3, *E1_MOVE_DICE], guide=False)
    assert ENGINE.observation(state, None)["players"][0]["cash"] == 250
    state = ENGINE.apply(state, "move 03-04")
    assert state["round"] == 3 and explorer(state)["hex"] == "03-05"  # lost, stays in Lagos
    state = play(state, ["level normal foot", "move 04-04"])
    obs = ENGINE.observation(state, None)
    h = obs["hexes"]["04-04"]
    assert h["terrain"] == "jungle_mountain"
    assert h["mountain_ft"] == 28000
    assert h["river"] == {"out": ["04-05"], "open": []}
    assert h["source"] is True
    assert h["cataract_ft"] == 360
    assert h["tribe"] is None
    assert "04-04" not in obs["hexes"]["04-05"]["river"]["open"]
    ex = obs["players"][0]["explorer"]
    assert ex["hex"] == "04-04" and ex["mp"] == 1
    assert ex["records"] == [
        {"id": "d1", "kind": "hex", "hex": "04-04", "value": None, "ref": None}
    ]
    assert obs["deck"]["discard"] == ["c01"]
    # the hex is later worth 1 + 5 + 2 + 2 + 2 (explorer bonus) = 12; its bonus card c09 adds 2
    state = play(state, ["move 03-05", "sail europe", "stay", "publish all"])
    assert ENGINE.scores(state) == [12 + 2]


def test_e2_copying_a_neighbour_and_finding_a_tribe():
    state = ENGINE.apply(setup_s(E2_DICE), "move 03-04")
    obs = ENGINE.observation(state, None)
    assert obs["hexes"]["03-04"]["terrain"] == "jungle"
    assert obs["hexes"]["03-04"]["river"] is None
    assert obs["hexes"]["03-04"]["tribe"] == {"size": 24, "attitude": 0, "friendly": []}
    assert obs["phase"] == "policy"
    assert obs["pending"] == {
        "kind": "policy",
        "hex": "03-04",
        "tribe_size": 24,
        "attitude": 0,
        "sums": {"1": 3, "2": 4, "3": 6, "4": 6, "5": 8},
    }
    assert obs["players"][0]["explorer"]["records"][0]["hex"] == "03-04"


def test_e3_hostile_charge_victory():
    dice = [*E2_DICE, 2, 4, 1, 1, 3, 4, 2, 6, 3, 1, 1, 1, 1, 1]
    state = play(setup_s(dice), ["move 03-04", "policy 1"])
    assert state["pending"] == {"kind": "prisoners", "hex": "03-04", "max": 2}
    assert state["hexes"]["03-04"]["tribe"]["attitude"] == -1
    state = ENGINE.apply(state, "keep 2")
    ex = explorer(state)
    assert ex["people"]["bearer"]["healthy"] == 6
    assert state["hexes"]["03-04"]["tribe"]["size"] == 17
    assert ex["goods"]["rations"] == 18
    assert ex["records"][1] == {
        "id": "d2",
        "kind": "bonus",
        "hex": "03-04",
        "value": 2,
        "ref": None,
    }
    assert state["round"] == 3 and state["phase"] == "camp"
    assert state["dice_at"] == len(dice)


def test_e4_ambush_defeat():
    dice = [*E2_DICE, 6, 5, 4, 1, 2, 1, 1, 5, 2]
    state = play(setup_s(dice), ["move 03-04", "policy 4"])
    obs = ENGINE.observation(state, None)
    ex = obs["players"][0]["explorer"]
    assert ex["hex"] == "03-04" and ex["status"] == "africa"
    assert ex["people"]["askari"] == {"healthy": 1, "sick": 0}
    assert ex["people"]["bearer"] == {"healthy": 0, "sick": 0}
    assert ex["people"]["guide"] == {"healthy": 0, "sick": 0}
    assert ex["goods"]["musket"] == 1 and ex["goods"]["rations"] == 9 and ex["goods"]["gifts"] == 0
    assert obs["players"][0]["cash"] == 0
    assert obs["hexes"]["03-04"]["tribe"] == {"size": 24, "attitude": -2, "friendly": []}
    assert [r["id"] for r in ex["records"]] == ["d1", "d2"]
    assert ex["records"][1]["value"] == 2
    camp = [e for e in obs["events"] if e["kind"] == "camp"][0]
    assert camp["dice"] == [2, 5]  # the first hash dice of seed 1


def test_e5_neutral_gifts_friendly():
    dice = [*E2_DICE, 2, 2, 3]
    state = play(setup_s(dice), ["move 03-04", "policy 5"])
    assert state["pending"] == {
        "kind": "negotiate",
        "hex": "03-04",
        "tribe_size": 24,
        "sum": 8,
        "gifts_max": 20,
    }
    assert ENGINE.legal_actions(state) == ["gifts 10", "gifts 20", "leave"]
    friendly = play(state, [])
    friendly["dice"] = [*dice, 4, 2]
    friendly = ENGINE.apply(friendly, "gifts 10")
    ex = explorer(friendly)
    assert friendly["hexes"]["03-04"]["tribe"]["friendly"] == [0]
    assert ex["goods"]["gifts"] == 10 and ex["goods"]["rations"] == 30
    camp = [e for e in friendly["events"] if e["kind"] == "camp"][0]
    assert camp["dice"] == [2, 5, 2, 6, 4]
    bonus = [e["card"] for e in friendly["events"] if e["kind"] == "bonus"]
    assert bonus == ["c09", "c07"]
    assert [r["value"] for r in ex["records"] if r["kind"] == "bonus"] == [2]


def test_e5_insulted_chief_poisons_the_explorer():
    dice = [*E2_DICE, 2, 2, 3, 1, 2, 1, 1, 1, 2, 1]
    state = play(setup_s(dice), ["move 03-04", "policy 5", "gifts 10"])
    obs = ENGINE.observation(state, None)
    assert obs["round"] == 3 and obs["phase"] == "profession"
    assert obs["players"][0]["explorer"] is None and obs["players"][0]["cash"] == 0
    assert obs["hexes"]["03-04"]["terrain"] == "jungle"
    assert obs["hexes"]["03-04"]["tribe"] == {"size": 24, "attitude": 0, "friendly": []}
    assert not [e for e in obs["events"] if e["kind"] == "camp"]  # no step 5
    state = ENGINE.apply(state, "profession doctor")
    assert ENGINE.observation(state, None)["players"][0]["cash"] == 1000


def test_e6_publishing():
    dice = [
        3,
        1,
        3,
        1,
        2,
        5,
        3,
        4,
        2,
        4,
        1,
        1,
        3,
        4,
        2,
        6,
        3,
        1,
        1,
        1,
        1,
        1,
        5,
        1,
        6,
        6,
        4,
        6,
        5,
        6,
        3,
        5,
        4,
        3,
        6,
        6,
        6,
    ]
    deck = ["c01", "c09", "c24", "c07", "c05", "c03", "c04", "c13", "c20", "c21", "c28"]
    state = setup_s(dice, deck=deck)
    state = play(state, ["move 03-04", "policy 1", "keep 2"])
    state = play(state, ["level normal foot", "move 04-04", "move 03-05"])
    state = play(state, ["sail europe", "stay", "end", "stay", "end"])
    obs = ENGINE.observation(state, None)
    assert obs["round"] == 7 and obs["phase"] == "europe"
    player = obs["players"][0]
    assert player["donations"] == ["c03", "c04"]
    assert [(r["id"], r["kind"], r["hex"], r["value"]) for r in player["explorer"]["records"]] == [
        ("d1", "hex", "03-04", None),
        ("d2", "bonus", "03-04", 2),
        ("d3", "hex", "04-04", None),
    ]
    assert state["deck"]["draw"][:4] == ["c13", "c20", "c21", "c28"]
    assert state["dice_at"] == 37
    state = play(state, ["stay", "publish all"])
    obs = ENGINE.observation(state, None)
    assert obs["players"][0]["score"] == 15
    assert obs["players"][0]["donations"] == ["c03", "c04", "c13", "c20", "c21", "c28"]
    assert obs["hexes"]["03-04"]["published_by"] == 0
    assert obs["hexes"]["04-04"]["published_by"] == 0
    assert obs["players"][0]["explorer"]["records"] == []
    assert obs["round"] == 8


def test_e6_a_geologists_item_scores_two_dice_minus_seven():
    state = ENGINE.initial_state(1, 1, {"professions": ["geologist"], "dice": [6, 5]})
    state["players"][0]["explorer"]["records"] = [
        {"id": "d1", "kind": "item", "hex": None, "value": None, "ref": None}
    ]
    state = play(state, ["stay", "publish all"])
    assert ENGINE.scores(state) == [4]
