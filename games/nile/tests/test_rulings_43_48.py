"""Rulings 43-48 and the rule differences they settled, each from a reproduction
(``initial_state(seats, seed, options)`` and its actions), asserting what nile.md says; and
rules version 1, under which games played before them replay unchanged."""

import pytest

from games.nile.engine.core import G
from games.nile.engine.scoring import publish_all, vp_sources
from games.nile.tests.helpers import E2_DICE, ENGINE, camp_state, explorer, play, setup_s

SPEND_DOUALA = [
    "sail douala",
    "hire askari 4",
    "hire bearer 5",
    "hire guide 1",
    "buy musket 2",
    "buy rations 50",
    "buy gifts 30",
    "end",
]
SICK_BY_THE_CARD = [  # the card of the last level is c34, "infected wound"
    "profession explorer",
    *SPEND_DOUALA,
    "level normal foot",
    "move 05-05",
    "move 05-04",
    "policy 5",
    "gifts 30",
    "level normal foot",
]
OASIS_GAME = (
    2,
    22,
    {
        "professions": ["explorer", "explorer"],
        "deck": ["c01"],
        "dice": [6, 2, 1, 6, 6, 2, 3, 4],
        "max_rounds": 4,
    },
)
OASIS_ACTIONS = [
    "sail khartoum",
    "buy rations 10",
    "end",
    "sail khartoum",
    "buy rations 10",
    "end",
    "level normal foot",
    "move 13-01",
    "stop",
    "level normal foot",
    "move 13-01",
]
TRIBE_OF_ONE = {"06-05": {"terrain": "veldt", "tribe": {"size": 1, "attitude": 0}}}
TWO_IN_DOUALA = [
    "sail douala",
    "hire bearer 1",
    "hire guide 1",
    "buy gifts 10",
    "buy rations 10",
    "end",
    "sail douala",
    "hire bearer 1",
    "buy musket 1",
    "buy rations 10",
    "end",
]


def replay(seats, seed, options, actions, rules_version=None):
    """The state after ``actions``, each checked legal first."""
    if rules_version is not None:
        options = {**options, "rules_version": rules_version}
    state = ENGINE.initial_state(seats, seed, options)
    for action in actions:
        assert action in ENGINE.legal_actions(state), action
        state = ENGINE.apply(state, action)
    return state


def rolls(state, what):
    """The rolls named ``what`` in the last action's events."""
    return [r for e in state["events"] for r in e.get("rolls", []) if r["what"] == what]


def test_ruling_43_movement_points_follow_this_turns_disaster_card():
    state = replay(1, 2111, {"max_rounds": 40}, SICK_BY_THE_CARD)
    assert [e["card"] for e in state["events"] if e["kind"] == "disaster"] == ["c34"]
    assert explorer(state)["sick"] is True
    assert explorer(state)["mp"] == 1  # normal foot 2, sick from the card: 1
    assert state["pending"] == {"kind": "move", "hex": "05-04", "mp": 1}


def test_prisoners_are_kept_only_from_surviving_natives():
    actions = ["profession zoologist", *SPEND_DOUALA, "level normal foot", "move 07-06"]
    state = replay(1, 3081, {"max_rounds": 10}, [*actions, "policy 5"])
    (first_fire,) = rolls(state, "first_fire")
    assert first_fire["killed"] == 4 and first_fire["target"] == 0  # all 4 natives dead
    assert rolls(state, "v")[0]["most"] == 0
    assert state["phase"] != "prisoners"
    assert not any(a.startswith("keep") for a in ENGINE.legal_actions(state))
    assert [e["kind"] for e in state["events"]][:4] == ["hostile", "attack", "victory", "village"]
    assert state["hexes"]["07-06"]["tribe"] is None
    assert explorer(state)["people"]["bearer"] == {"healthy": 5, "sick": 0}


def test_the_oasis_range_counts_only_once_the_oasis_is_found():
    state = replay(*OASIS_GAME, OASIS_ACTIONS)
    (finding,) = rolls(state, "oasis")
    assert (finding["value"], finding["outcome"]) == (2, "missed")
    (presence,) = rolls(state, "natives")
    assert presence["value"] == 7 and presence["target"] == [] and presence["outcome"] == "none"
    assert state["hexes"]["13-01"]["tribe"] is None
    assert state["phase"] == "move"


def test_an_ethnologist_records_each_tribe_not_each_hex():
    actions = [
        *TWO_IN_DOUALA,
        "level normal foot",
        "move 06-05",
        "policy 1",
        "level normal foot",
        "move 06-05",
        "policy 2",
        "level normal foot",
        "move 06-06",
        "move 06-05",
    ]
    options = {"professions": ["ethnologist", "explorer"], "max_rounds": 3, "layout": TRIBE_OF_ONE}
    state = replay(2, 1, options, actions)
    tribes = [r for r in explorer(state)["records"] if r["kind"] == "tribe"]
    assert [(r["hex"], r["value"]) for r in tribes] == [("06-05", 1), ("06-05", 16)]
    assert tribes[0]["ref"] != tribes[1]["ref"]
    # each record scores its own tribe when published
    g = G(state)
    publish_all(g)
    assert g.s["published"]["tribes"] == [tribes[0]["ref"], tribes[1]["ref"]]
    assert vp_sources(g.s["players"][0])["professions"] == 2


def test_negotiating_with_a_tribe_is_not_negotiating_with_the_next_one_in_its_hex():
    actions = [
        *TWO_IN_DOUALA,
        "level normal foot",
        "move 06-05",
        "policy 5",
        "gifts 10",
        "level normal foot",
        "move 06-05",
        "policy 2",
        "spare",
        "level normal foot",
        "move 06-06",
        "move 06-05",
    ]
    options = {"professions": ["explorer", "explorer"], "max_rounds": 3, "layout": TRIBE_OF_ONE}
    state = replay(2, 13, options, actions)
    pending = state["pending"]
    assert pending["kind"] == "policy" and pending["tribe_size"] == 48
    # D 2 + policy, +1 at 3 and 5 for the guide hired next door; nothing for the old tribe
    assert pending["sums"] == {"1": 3, "2": 4, "3": 6, "4": 9, "5": 11}


def test_step_6_raises_only_a_branch_count_of_zero():
    layout = {h: {"terrain": "veldt"} for h in ("14-03", "13-03", "13-02", "13-01")}
    options = {"professions": ["explorer"], "max_rounds": 12, "layout": layout}
    actions = [
        "sail khartoum",
        "hire guide 1",
        "hire bearer 4",
        "hire askari 4",
        "buy musket 1",
        "buy rations 40",
        "end",
        "level normal foot",
        "move 14-02",
        "level normal foot",
        "move 14-02",
        "level normal foot",
        "move 14-02",
    ]
    state = replay(1, 3, options, actions)
    assert state["die_n"] == 8  # 8 hash dice, not 9
    assert [r["outcome"] for r in rolls(state, "branch")] == ["none"]  # the card's one die
    assert state["hexes"]["14-02"]["river"] == {"out": ["14-01"], "open": []}


def test_ruling_45_a_river_without_exit_ends_in_its_swamp():
    layout = {h: {"terrain": "veldt"} for h in ("08-13", "09-14", "08-15")}
    options = {
        "professions": ["explorer"],
        "deck": ["c03"],
        "dice": [6, 1, 1],
        "max_rounds": 4,
        "layout": layout,
    }
    actions = ["sail benguela", "hire guide 1", "buy rations 10", "end", "level normal foot"]
    state = replay(1, 21, options, [*actions, "move 08-14"])
    hexes = ENGINE.observation(state, None)["hexes"]
    assert hexes["08-14"]["terrain"] == "swamp"
    assert hexes["08-14"]["river"] == {"out": [], "open": []}
    assert hexes["08-14"]["source"] is False
    assert 7 in rolls(state, "natives")[0]["target"]  # river conditions apply


def test_ruling_48_the_oasis_finding_die_is_told_with_the_move():
    # seat 1 left 13-01 and comes back: the finding die, and no natives roll after it
    actions = [*OASIS_ACTIONS, "move 14-01", "level normal foot", "stop", "level normal foot"]
    state = replay(*OASIS_GAME, actions)
    before = state["rng_used"]
    state = ENGINE.apply(state, "move 13-01")
    assert [(e["kind"], e["dice"]) for e in state["events"]] == [("move", [3])]
    assert rolls(state, "oasis")[0]["outcome"] == "found"
    assert state["rng_used"] - before == 1


def test_ruling_46_escape_rolls_add_the_attitude_change():
    # a doctor taken prisoner: talent die 5 (+2 attitude), escape die 3: 3 - 2 + 2 = 3
    dice = [*E2_DICE, 6, 5, 4, 1, 2, 1, 1, 1, 5, 3]
    state = play(setup_s(dice, profession="doctor"), ["move 03-04", "policy 4"])
    (escape,) = rolls(state, "escape")
    assert (escape["die"], escape["change"], escape["value"]) == (3, 2, 3)
    ex = explorer(state)
    assert ex["status"] == "africa" and ex["goods"]["musket"] == 0  # escapes alone
    assert state["hexes"]["03-04"]["tribe"]["attitude"] == -2 + 2


def test_ruling_47_no_water_no_eating_in_a_dry_desert():
    desert = {"09-10": {"terrain": "desert"}}
    state = camp_state("09-10", desert, dice=[6], goods={"rations": 10, "water": 0})
    state = play(state, ["level normal foot", "stop"])
    ex = explorer(state)
    assert ex["goods"]["rations"] == 10  # rations in the cargo, none eaten
    assert ex["starving"] == 1


@pytest.mark.parametrize("version, mp", [(1, 2), (2, 1)])
def test_a_game_replays_by_the_rules_version_it_was_played_under(version, mp):
    state = replay(1, 2111, {"max_rounds": 40}, SICK_BY_THE_CARD, rules_version=version)
    assert explorer(state)["mp"] == mp


def test_an_unknown_rules_version_is_refused():
    with pytest.raises(ValueError):
        ENGINE.initial_state(1, 1, {"rules_version": 4})


@pytest.mark.parametrize(
    "goods, stranded",
    [
        ({"rations": 0}, True),
        ({"rations": 0, "musket": 1}, False),  # he may hunt once healthy
        ({"rations": 0, "horse": 1}, False),  # a horse to shoot and eat
        ({"rations": 10}, False),  # a full meal resets the starving count
    ],
)
def test_a_starving_explorer_alone_with_no_way_to_eat_is_stranded(goods, stranded):
    veldt = {"09-10": {"terrain": "veldt"}}
    state = camp_state("09-10", veldt, goods=goods, starving=3)
    reckless = min(a for a in ENGINE.legal_actions(state) if a.startswith("level reckless"))
    state = ENGINE.apply(state, reckless)
    while state["phase"] == "move":  # a mounted explorer still has MP: he stays
        state = ENGINE.apply(state, "stop")
    assert state["phase"] == "camp" and state["round"] == 3
    assert state["pending"].get("stranded", False) is stranded
