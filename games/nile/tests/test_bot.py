"""The Nile easy bot feeds a hungry expedition before anything else and buys nothing it will
not use (positions with scripted dice; the bench in bench/bots.py counts the rest)."""

import random

from games.nile.engine import bot
from games.nile.tests.helpers import ENGINE, camp_state, play

JUNGLE_BY_LAGOS = {"03-04": {"terrain": "jungle"}}


def easy(state):
    """The easy bot's action in ``state`` for the seat to play."""
    seat = ENGINE.current_player(state)
    observation = ENGINE.observation(state, seat)
    return bot.choose(observation, ENGINE.legal_actions(state), random.Random(0), "easy")


def test_a_hungry_expedition_sets_out_at_the_level_with_most_movement_points():
    state = camp_state("03-04", JUNGLE_BY_LAGOS, goods={"rations": 0})

    assert easy(state) == "level reckless foot"


def test_a_hungry_expedition_walks_into_the_port_next_door():
    state = camp_state("03-04", JUNGLE_BY_LAGOS, goods={"rations": 1}, people={"bearer": 2})
    state = play(state, ["level reckless foot"])

    assert "move 03-05" in ENGINE.legal_actions(state)
    assert easy(state) == "move 03-05"  # Lagos: nobody eats in a port


def test_a_hungry_expedition_walks_into_a_friendly_village_rather_than_a_blank_hex():
    # the neighbour farthest from a port: homeward, only its village makes it worth entering
    village = max(sorted(ENGINE.board.neighbors("09-10")), key=ENGINE.board.port_steps)
    layout = {"09-10": {"terrain": "veldt"}, village: {"terrain": "veldt", "tribe": {"size": 4}}}
    state = camp_state("09-10", layout, goods={"rations": 0})
    state["hexes"][village]["tribe"]["friendly"] = [0]
    state = play(state, ["level reckless foot"])

    assert easy(state) == f"move {village}"


def test_an_explorer_without_rations_eats_his_horse():
    state = camp_state("03-04", JUNGLE_BY_LAGOS, goods={"rations": 0, "horse": 1})

    assert easy(state) == "shoot horse 1"


def test_the_outfit_has_no_askari_and_one_musket_to_hunt_with():
    state = ENGINE.initial_state(1, 4, {"professions": ["explorer"]})
    state = play(state, ["sail lagos"])
    bought = []
    while state["phase"] == "outfit":
        action = easy(state)
        bought.append(action)
        state = ENGINE.apply(state, action)

    assert not any(action.startswith("hire askari") for action in bought)
    assert [a for a in bought if a.startswith("buy musket")] == ["buy musket 1"]
    goods = state["players"][0]["explorer"]["goods"]
    assert goods["rations"] > 0 and goods["gifts"] > 0


def test_the_easy_bot_does_not_walk_into_a_mapped_village_that_is_not_friendly_to_it():
    layout = {"03-04": {"terrain": "veldt", "tribe": {"size": 12}}}
    state = camp_state("03-05", layout, goods={"rations": 20}, people={"bearer": 2})
    state = play(state, ["level normal foot"])
    seat = ENGINE.current_player(state)
    legal = ENGINE.legal_actions(state)
    assert "move 03-04" in legal

    observation = ENGINE.observation(state, seat)
    choices = {bot.choose(observation, legal, random.Random(n), "easy") for n in range(20)}
    assert choices and "move 03-04" not in choices
    assert all(choice.startswith("move ") for choice in choices)
