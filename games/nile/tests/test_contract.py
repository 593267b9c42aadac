"""The seam's contract for Nile: places, timeout_action, reveals, revealed, canonical, the bot,
hidden information, and random games of 1, 2, 4 and 6 players to the end (fixed seeds)."""

import json
import random

import pytest

from games.engines import IllegalAction, get_engine, replay
from games.nile.tests.helpers import E2_DICE, ENGINE, camp_state, play, setup_s
from tests.support.conformance import choose_action


def test_registered_as_nile():
    assert get_engine("nile") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (1, 6)
    assert ENGINE.board.ports["lagos"] == "03-05"
    assert ENGINE.board.neighbors("03-05") == ("04-04", "04-05", "02-05", "03-04")
    assert ENGINE.board.known_1820["03-05"] == "jungle"
    assert ENGINE.board.port_steps("03-04") == 1 and ENGINE.board.coords("03-05") == (-2, -1)
    assert len(ENGINE.board.hexes) == 276 and "09-23" in ENGINE.board.cape_colony


def test_places_share_ties():
    state = ENGINE.initial_state(3, 1, {})
    for seat, vp in enumerate([5, 9, 5]):
        state["players"][seat]["score"] = vp
    assert ENGINE.places(state) == [2, 1, 2]


@pytest.mark.parametrize("seed", range(3))
def test_timeout_action_is_legal_and_ends_the_turn(seed):
    state = ENGINE.initial_state(2, seed, {"max_rounds": 3})
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_player(state)
        for _ in range(50):
            action = ENGINE.timeout_action(state)
            assert action in ENGINE.legal_actions(state)
            state = ENGINE.apply(state, action)
            if ENGINE.is_terminal(state) or ENGINE.current_player(state) != seat:
                break
        else:
            pytest.fail("the timeout action does not end the turn")


def test_reveals_is_true_for_dice_and_cards_only():
    state = ENGINE.initial_state(1, 1, {"professions": ["explorer"]})
    assert ENGINE.reveals(state, "stay")  # draws a donation
    assert not ENGINE.reveals(state, "sail lagos")
    outfit = ENGINE.apply(state, "sail lagos")
    assert not ENGINE.reveals(outfit, "end")
    moving = setup_s([])
    assert ENGINE.reveals(moving, "move 03-04") and ENGINE.reveals(moving, "move 04-05")
    assert not ENGINE.reveals(camp_state("03-05"), "level normal foot")
    assert ENGINE.reveals(camp_state("10-10", {"10-10": {"terrain": "veldt"}}), "level normal foot")
    assert not ENGINE.reveals(moving, "policy 3")  # an action, but not now
    with pytest.raises(IllegalAction):
        ENGINE.reveals(moving, "dance")


def test_observation_hides_the_deck_order_seed_and_dice_to_come_and_revealed_shows_them():
    state = ENGINE.apply(setup_s(E2_DICE), "move 03-04")
    views = [ENGINE.observation(state, v) for v in (None, 0)]
    assert views[0] == views[1]
    text = json.dumps(views[0])
    assert '"seed"' not in text and "dice_to_come" not in text and "draw_cards" not in text
    assert isinstance(views[0]["deck"]["draw"], int)
    shown = ENGINE.revealed(state)
    assert shown["seed"] == 1 and shown["draw_cards"] == state["deck"]["draw"]
    assert {k: v for k, v in shown.items() if k in views[0]} == views[0]


def test_two_seeds_look_the_same_at_the_start():
    for n in (1, 4, 6):
        first, second = ENGINE.initial_state(n, 1, {}), ENGINE.initial_state(n, 2, {})
        assert ENGINE.observation(first, None) == ENGINE.observation(second, 0)


def test_canonical_spellings():
    state = ENGINE.initial_state(1, 1, {})
    assert ENGINE.canonical(state, "  Sail   Cape Town ") == "sail cape-town"
    assert ENGINE.canonical(state, "HIRE Askaris 04") == "hire askari 4"
    assert ENGINE.canonical(state, "publish") == "publish all"
    assert ENGINE.canonical(state, "move 14-09") == "move 14-09"
    for text in ("dance", "", "move 99-99", "policy 6", "sail atlantis", "hire camel 1"):
        with pytest.raises(IllegalAction):
            ENGINE.canonical(state, text)


def test_illegal_actions_give_a_translatable_reason_and_change_nothing():
    state = setup_s([])
    before = json.dumps(state, sort_keys=True)
    for text in ("move 10-10", "hire askari 1", "policy 3", "dance"):
        with pytest.raises(IllegalAction) as error:
            ENGINE.apply(state, text)
        assert error.value.reason and error.value.template
    assert json.dumps(state, sort_keys=True) == before
    assert ENGINE.apply(state, "  MOVE   03-04 ")["rng_used"] > state["rng_used"]


def test_the_game_end_event_is_last():
    state = ENGINE.initial_state(1, 1, {"max_rounds": 1, "professions": ["doctor"]})
    state = play(state, ["stay", "end"])
    assert state["events"][-1]["type"] == "game_end"
    assert state["events"][-1]["scores"] == [0]


@pytest.mark.parametrize("num_players", [1, 4])
def test_the_easy_bot_plays_whole_games_from_the_observation(num_players):
    published = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = ENGINE.initial_state(num_players, seed, {"max_rounds": 20})
        while not ENGINE.is_terminal(state):
            seat = ENGINE.current_player(state)
            legal = ENGINE.legal_actions(state)
            action = ENGINE.choose(ENGINE.observation(state, seat), legal, rng, "easy")
            assert action in legal
            state = ENGINE.apply(state, action)
        published += sum(ENGINE.scores(state))
    assert published, "the bot should publish something"


@pytest.mark.parametrize("num_players", [1, 2, 4, 6])
def test_random_games_reach_the_end_and_replay_exactly(num_players):
    options = {"max_rounds": 10}
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.initial_state(num_players, seed, options)
        actions = []
        while not ENGINE.is_terminal(state):
            legal = ENGINE.legal_actions(state)
            assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
            if len(actions) % 25 == 0:
                before = json.dumps(state, sort_keys=True)
                for action in legal:
                    ENGINE.apply(state, action)
                assert json.dumps(state, sort_keys=True) == before
                json.dumps(ENGINE.observation(state, None))
            action = choose_action("nile", rng, legal)
            state = ENGINE.apply(state, action)
            actions.append(action)
        final = replay(ENGINE, num_players, seed, options, actions)
        assert json.dumps(final, sort_keys=True) == json.dumps(state, sort_keys=True)
        assert ENGINE.legal_actions(state) == [] and ENGINE.current_player(state) is None
        assert state["events"][-1]["type"] == "game_end"


def test_observation_has_the_specified_keys():
    obs = ENGINE.observation(ENGINE.apply(setup_s(E2_DICE), "move 03-04"), 0)
    assert {
        "current_player",
        "terminal",
        "round",
        "max_rounds",
        "target_vp",
        "phase",
        "pending",
        "hexes",
        "lakes",
        "nile_source",
        "deck",
        "players",
        "events",
        "final",
    } <= set(obs)
    assert len(obs["hexes"]) == 276
    assert set(obs["hexes"]["03-04"]) >= {
        "terrain",
        "river",
        "source",
        "mountain_ft",
        "cataract_ft",
        "oasis",
        "lake",
        "tribe",
        "mapped_by",
        "published_by",
    }
    assert obs["lakes"]["16-03"]["area_sq_mi"] == 1400
    player = obs["players"][0]
    assert set(player) >= {"score", "cash", "donations", "explorers_lost", "explorer"}
    assert set(player["explorer"]) >= {
        "profession",
        "status",
        "hex",
        "start_port",
        "level",
        "mode",
        "mp",
        "sick",
        "starving",
        "people",
        "guides_from",
        "goods",
        "items",
        "records",
    }
    assert player["explorer"]["guides_from"] == ["03-05"]
    assert set(player["explorer"]["goods"]) == {
        "rations",
        "water",
        "gifts",
        "musket",
        "horse",
        "camel",
        "canoe",
    }
    assert set(obs["events"][0]) >= {"seat", "kind", "dice", "card", "text", "type"}
