"""The bots of every engine: both levels decide from what their seat sees, the hard bot's
sampled states agree with the observation, and the hard bot finds the rulebook's obvious
good play. Small search budgets keep the tests fast; no test measures time."""

from __future__ import annotations

import importlib
import random

import pytest

from games import PACKAGES
from games.africa.tests.position import ENGINE as AFRICA
from games.africa.tests.position import play, position
from games.africana.engine.data import EXPEDITIONS
from games.africana.tests import helpers as africana_helpers
from games.engines import get_engine
from games.engines.search import Budget
from games.nile.engine.data import CARD_IDS
from tests.support.conformance import games_group, sampled_states
from tests.support.hidden import HIDDEN_INFO


def _bot(name: str):
    return importlib.import_module(f"{PACKAGES[name]}.engine.bot")


# No time limit: the decision then depends on the observation and the seed alone.
SMALL = Budget(iterations=12, seconds=None, horizon=8)
# The engines whose bot searches (a "hard" level with sampled states); the others' easy bots
# are checked by the conformance suite.
def _searches(name: str) -> bool:
    """Whether the engine of ``name`` has a bot module with a searching level."""
    try:
        return hasattr(_bot(name), "determinize")
    except ModuleNotFoundError:  # a game whose engine holds its easy bot itself
        return False


NAMES = sorted(name for name in HIDDEN_INFO if _searches(name))
CASES = pytest.mark.parametrize(
    ("name", "num_players"),
    [pytest.param(name, n, marks=games_group(name, n)) for name in NAMES for n in (2, 3)],
)




def _without_events(observation: dict) -> dict:
    return {key: value for key, value in observation.items() if key != "events"}


@CASES
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_twins_that_differ_in_what_the_seat_cannot_see_get_the_same_decision(
    name, num_players, level
):
    engine, bot = get_engine(name), _bot(name)
    twin_of, _shows = HIDDEN_INFO[name]
    rng = random.Random(num_players)
    decisions = 0
    for seed, state in sampled_states(name, num_players, games=2 if level == "easy" else 1):
        if engine.is_terminal(state):
            continue
        seat = engine.current_player(state)
        twin = twin_of(state, rng, seat)
        choices = []
        for position_ in (state, twin):
            legal = engine.legal_actions(position_)
            observation = engine.observation(position_, seat)
            choices.append(bot.choose(observation, legal, random.Random(seed), level, SMALL))
        assert choices[0] in engine.legal_actions(state)
        assert choices[0] == choices[1], f"seed {seed}: the {level} bot used hidden things"
        decisions += 1
    assert decisions


@CASES
def test_a_sampled_state_shows_the_seat_exactly_what_it_saw(name, num_players):
    """determinize() keeps everything public and the seat's own cards: observing the sampled
    state gives the same observation, and the same legal actions to the player to act."""
    engine, bot = get_engine(name), _bot(name)
    rng = random.Random(7)
    for _seed, state in sampled_states(name, num_players, games=3):
        if engine.is_terminal(state):
            continue
        seat = engine.current_player(state)
        for viewer in (seat, (seat + 1) % num_players):
            observation = engine.observation(state, viewer)
            sampled = bot.determinize(observation, rng)
            seen = engine.observation(sampled, viewer)
            assert _without_events(seen) == _without_events(observation)
        assert engine.legal_actions(bot.determinize(engine.observation(state, seat), rng)) == (
            engine.legal_actions(state)
        )


def test_africa_sampled_markers_are_the_unseen_part_of_the_mix():
    state = position(face_up={"D3": "lion", "E4": "gold2"})
    observation = AFRICA.observation(state, 0)
    sampled = _bot("africa").determinize(observation, random.Random(3))
    face_down = [cell for cell, info in observation["cells"].items() if info["face_down"]]
    assert sorted(sampled["hidden"]) == sorted(face_down)
    codes = list(sampled["hidden"].values())
    assert codes.count("lion") == 5 and codes.count("gold2") == 3
    assert "hidden" not in codes


def test_africana_sampled_hands_keep_their_sizes_and_the_viewers_cards():
    engine = get_engine("africana")
    state = africana_helpers.new_game(3)
    observation = engine.observation(state, 1)
    sampled = _bot("africana").determinize(observation, random.Random(5))
    assert sampled["hands"][1] == state["hands"][1]
    for seat in (0, 2):
        assert sum(sampled["hands"][seat].values()) == sum(state["hands"][seat].values())
    assert len(sampled["draw_pile"]) == len(state["draw_pile"])


@pytest.mark.parametrize("name", NAMES)
def test_a_single_legal_action_is_played_without_searching(name):
    engine = get_engine(name)
    state = engine.initial_state(num_players=2, seed=1, options={})
    observation = engine.observation(state, 0)
    legal = engine.legal_actions(state)[:1]
    assert _bot(name).choose(observation, legal, random.Random(1), "hard", SMALL) == legal[0]


def test_africa_hard_bot_places_an_animal_next_to_its_kind():
    state = position(face_up={"D3": "lion", "E4": "lion"}, empty=("E3",), layout={"D2": "lion"})
    state = play(state, "uncover D2")
    legal = AFRICA.legal_actions(state)
    choice = _bot("africa").choose(AFRICA.observation(state, 0), legal, random.Random(2), "hard")
    assert choice == "place E3"


def test_africana_hard_bot_finishes_an_expedition_when_it_can():
    engine = get_engine("africana")
    home = engine.observation(africana_helpers.new_game(2), 0)["explorers"][0]
    card = next(c for c, e in sorted(EXPEDITIONS.items()) if e["target"] == home)
    state = africana_helpers.new_game(2, expedition_order=[card])
    state["markers"][0] = [0]  # seat 0 joined it earlier and now stands at its target
    legal = engine.legal_actions(state)
    assert f"expedition {card}" in legal
    observation = engine.observation(state, 0)
    choice = _bot("africana").choose(observation, legal, random.Random(2), "hard", SMALL)
    assert choice == f"expedition {card}"


@pytest.mark.parametrize("seed", [1, 2])
def test_nile_solo_hard_bot_decides_from_what_it_sees(seed):
    """Alone at the table the search scores gains over the sampled start: the decision still
    depends on the observation and the bot's seed only (not on the game's seed or deck)."""
    engine, bot = get_engine("nile"), _bot("nile")
    rng = random.Random(seed)
    state = engine.initial_state(num_players=1, seed=seed, options={})
    decisions = 0
    while not engine.is_terminal(state) and decisions < 12:
        legal = engine.legal_actions(state)
        twin = HIDDEN_INFO["nile"][0](state, rng, 0)
        choices = [
            bot.choose(engine.observation(s, 0), legal, random.Random(seed), "hard", SMALL)
            for s in (state, twin)
        ]
        assert choices[0] in legal
        assert choices[0] == choices[1]
        state = engine.apply(state, choices[0])
        decisions += len(legal) > 1
    assert decisions


def test_nilesampled_states_draw_the_unseen_cards_with_fresh_dice():
    engine, bot = get_engine("nile"), _bot("nile")
    state = engine.initial_state(num_players=2, seed=3, options={})
    for action in ("profession explorer", "stay", "end"):
        state = engine.apply(state, action)
    observation = engine.observation(state, 1)
    first, second = (bot.determinize(observation, random.Random(n)) for n in (1, 2))
    held = {card for player in state["players"] for card in player["donations"]}
    for sampled in (first, second):
        assert sorted(sampled["deck"]["draw"]) == sorted(state["deck"]["draw"])
        assert sampled["deck"]["discard"] == state["deck"]["discard"]
        assert set(sampled["deck"]["draw"]) == set(CARD_IDS) - held - set(state["deck"]["discard"])
    assert first["deck"]["draw"] != second["deck"]["draw"]
    assert first["seed"] != second["seed"]
