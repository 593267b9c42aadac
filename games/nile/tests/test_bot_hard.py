"""What the Nile hard bot's heuristic does where a player would notice: it outfits for the trip
it plans, picks the native policy least likely to end in defeat, and heads home while the game
still leaves it time to publish (positions with scripted dice; strength is measured in
bench/bots.py)."""

import random

from games.nile.engine import bot, bot_plan
from games.nile.tests.helpers import ENGINE, camp_state, play

VELDT_BY_LAGOS = {"03-04": {"terrain": "veldt"}}


def hard(state):
    """The hard bot's action in ``state`` for the seat to play (a small, seeded search)."""
    seat = ENGINE.current_player(state)
    observation = ENGINE.observation(state, seat)
    legal = ENGINE.legal_actions(state)
    return bot.choose(observation, legal, random.Random(0), "hard", iterations=7)


def outfitted(options):
    """A journalist's state in Lagos when the hard bot ends its outfitting (before ``end``)."""
    state = play(ENGINE.initial_state(1, 4, {"professions": ["journalist"], **options}), [])
    state = play(state, ["sail lagos"])
    while (action := hard(state)) != "end":
        state = ENGINE.apply(state, action)
    return state


def test_the_hard_bot_outfits_with_rations_for_every_member_for_its_planned_months():
    state = outfitted({})

    ex = state["players"][0]["explorer"]
    members = 1 + ex["people"]["bearer"]["healthy"] + len(ex["guides"])
    assert ex["guides"] and ex["people"]["bearer"]["healthy"] >= 5
    assert ex["goods"]["musket"] == 1 and ex["goods"]["gifts"] > 0
    # food for everyone for the planned months, or as much as the party can carry
    enough = ex["goods"]["rations"] >= members * bot_plan.TRIP_MONTHS
    assert enough or "buy rations 10" not in ENGINE.legal_actions(state)


def test_the_hard_bot_plans_a_shorter_trip_when_the_game_is_ending():
    state = outfitted({"max_rounds": 4})

    ex = state["players"][0]["explorer"]
    members = 1 + ex["people"]["bearer"]["healthy"] + len(ex["guides"])
    assert ex["goods"]["rations"] <= members * 3


def test_facing_natives_the_hard_bot_takes_the_policy_least_likely_to_end_in_defeat():
    # no askaris, a musket: policy 4 or 5 adds 2 to the sum (4d), and a tribe this size attacks
    layout = {"03-04": {"terrain": "veldt", "tribe": {"size": 30}}}
    state = camp_state("05-05", layout, people={"bearer": 2}, goods={"musket": 1, "gifts": 20})
    state["players"][0]["explorer"]["hex"] = "03-05"
    state = play(state, ["level normal foot", "move 03-04"])
    assert state["phase"] == "policy"

    sums = state["pending"]["sums"]
    assert max(sums.values()) == sums["5"]
    assert hard(state) == "policy 5"


def test_the_hard_bot_takes_the_highest_policy_from_which_a_hostile_tribe_would_hide():
    # 4f: (4 askaris + 1) x port distance 2 = 10 > 3 natives x policy for policies 1 to 3 only
    layout = {"03-04": {"terrain": "veldt", "tribe": {"size": 3}}}
    state = camp_state("03-05", layout, people={"askari": 4}, goods={"musket": 1})
    state = play(state, ["level normal foot", "move 03-04"])
    assert state["phase"] == "policy"

    assert hard(state) == "policy 3"


def test_a_large_offer_is_made_only_when_the_chief_is_unlikely_to_be_insulted():
    layout = {"03-04": {"terrain": "veldt", "tribe": {"size": 60}}}
    state = camp_state(
        "03-05", layout, people={"bearer": 2}, goods={"musket": 1, "gifts": 100}, dice=[1, 1, 1]
    )
    state = play(state, ["level normal foot", "move 03-04", "policy 5"])
    assert state["phase"] == "negotiate"

    offer = hard(state)
    assert offer != "gifts 10"  # 6 x 10 < 60: an insult for sure
    assert offer == "leave" or int(offer.split()[1]) * 6 >= 60


def test_with_records_and_the_last_rounds_coming_the_hard_bot_sails_home_from_a_port():
    state = camp_state("03-05", num_players=1)
    state["round"] = state["max_rounds"] - 2
    ex = state["players"][0]["explorer"]
    ex["records"] = [{"id": "d1", "kind": "bonus", "hex": "03-05", "value": 2, "ref": None}]
    ex["goods"]["rations"] = 40
    assert "sail europe" in ENGINE.legal_actions(state)

    assert hard(state) == "sail europe"
