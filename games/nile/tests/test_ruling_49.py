"""Ruling 49: a prisoner's captors are the tribe that took him, not his hex. Once they are
removed (ruling 9) his escape rolls add 0 and his talent die changes nothing, whoever is found
in his hex later; games at rules version 2 keep the hex's tribe, so that they replay."""

import copy

import pytest

from games.nile.tests.helpers import E2_DICE, ENGINE, OUTFIT_S, explorer, play

# E4's ambush and defeat (nile.md), then defeat die 1: the explorer is taken prisoner in 03-04
# by the tribe of 24, now at attitude -2.
CAPTURED = [6, 5, 4, 1, 2, 1, 1, 1]
DECK = ["c01", "c09", "c07", "c10", "c24"]


def taken_prisoner(profession, next_dice, rules_version=3):
    """Seat 0 (``profession``) a prisoner in 03-04, seat 1 (in Lagos) to play; the prisoner's
    next turn reads ``next_dice`` (a doctor's talent die first, then the escape die)."""
    options = {
        "professions": [profession, "explorer"],
        "deck": DECK,
        "dice": [*E2_DICE, *CAPTURED, *next_dice],
        "rules_version": rules_version,
    }
    state = ENGINE.initial_state(2, 1, options)
    state = play(state, [*OUTFIT_S, "sail lagos", "end"])
    state = play(state, ["level normal foot", "move 03-04", "policy 4"])
    assert explorer(state)["status"] == "prisoner" and state["seat"] == 1
    return state


def captors_wiped_out_and_a_tribe_found_later(state, attitude=15):
    """``state`` where the tribe holding the prisoner was removed and another one, at
    ``attitude``, found later in his hex (as ``tribes.look_for_natives`` places it)."""
    state = copy.deepcopy(state)
    tribe = state["hexes"]["03-04"]["tribe"] = {"size": 10, "attitude": attitude, "friendly": []}
    if state["rules_version"] >= 2:  # tribes have ids
        tribe["id"] = f"t{state['next_tribe']}"
        state["next_tribe"] += 1
    return state


def prisoner_turn(state):
    """Seat 1 ends its turn in Lagos (no die); the prisoner's turn follows inside ``apply``."""
    state = play(state, ["level normal foot", "stop"])
    prisoner = [e for e in state["events"] if e["seat"] == 0]
    rolls = {r["what"]: r for e in prisoner for r in e.get("rolls", [])}
    return state, [e["kind"] for e in prisoner], rolls


def test_ruling_49_no_captors_left_means_no_attitude_change_even_with_a_new_tribe_in_the_hex():
    state = taken_prisoner("explorer", [4])  # escape die 4
    state = captors_wiped_out_and_a_tribe_found_later(state, attitude=15)
    state, events, rolls = prisoner_turn(state)
    assert (rolls["escape"]["die"], rolls["escape"]["change"]) == (4, 0)
    assert rolls["escape"]["value"] == 2  # 4 - 2 + 0: killed
    assert events == ["killed", "death"]
    assert state["players"][0]["explorers_lost"] == 1
    assert state["hexes"]["03-04"]["tribe"]["attitude"] == 15  # not his killers either


def test_ruling_49_the_talent_die_of_a_prisoner_without_captors_changes_nothing():
    state = taken_prisoner("doctor", [5, 2])  # talent die 5 (+2), escape die 2
    state = captors_wiped_out_and_a_tribe_found_later(state, attitude=15)
    state, events, rolls = prisoner_turn(state)
    assert rolls["talent"]["value"] == 5  # rolled and told all the same (ruling 48)
    assert state["hexes"]["03-04"]["tribe"]["attitude"] == 15
    assert (rolls["escape"]["change"], rolls["escape"]["value"]) == (0, 1)
    assert events == ["captive"]  # still a prisoner: only a roll frees or kills him
    assert explorer(state)["status"] == "prisoner"


def test_ruling_49_captors_still_there_count_as_before():
    state = taken_prisoner("doctor", [5, 3])  # talent +2 to the tribe of 24 at -2
    state, events, rolls = prisoner_turn(state)
    assert state["hexes"]["03-04"]["tribe"]["attitude"] == 0
    assert (rolls["escape"]["change"], rolls["escape"]["value"]) == (2, 3)
    assert events == ["escape"]


@pytest.mark.parametrize(
    "rules_version, change, outcome",
    [(3, 0, "killed"), (2, 17, "escape"), (1, 17, "escape")],
)
def test_ruling_49_a_game_at_an_older_rules_version_keeps_the_tribe_of_the_hex(
    rules_version, change, outcome
):
    state = taken_prisoner("explorer", [4, 1, 1, 1], rules_version)
    state = captors_wiped_out_and_a_tribe_found_later(state, attitude=15)
    state, events, rolls = prisoner_turn(state)
    assert rolls["escape"]["change"] == change  # 15 - (-2) under the hex's tribe
    assert events[0] == outcome
