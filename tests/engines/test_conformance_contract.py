"""Conformance, part 2: the contract methods of every registered engine on random games.

``places``, ``timeout_action``, ``reveals``, ``revealed``, ``canonical`` and ``choose`` (the
bot), checked on the fixed-seed random games of ``tests.support.conformance`` with the
per-engine knowledge of hidden information in ``tests.support.hidden`` (twins that differ
only in what nobody, or one seat, can see).
"""

from __future__ import annotations

import json
import random

import pytest

from games.engines import IllegalAction, get_engine, turn_of
from tests.support.conformance import CASES, GARBAGE, random_games, sampled_states
from tests.support.hidden import HIDDEN_INFO, TIE_BREAK

MAX_TIMEOUT_STEPS = 20
NOT_ACTIONS = [*GARBAGE, "\x00", "end\x00", "done\x00", "uncover E4\x00", "draw\x1b", "go\x00x"]


def _hidden_info(name: str):
    if name not in HIDDEN_INFO:
        pytest.fail(f"tests/support/hidden.py knows nothing of {name!r}'s hidden information")
    return HIDDEN_INFO[name]


def _final_states(name: str, num_players: int):
    for _seed, _actions, final in random_games(name, num_players):
        yield json.loads(final)


def _viewers(num_players: int) -> list[int | None]:
    return [None, *range(num_players)]


def _turn(engine, state, num_players: int):
    """What identifies the turn in progress (``turn_of``: the engine's ``turn_key`` when a
    seat can keep the turn from one to the next, as in a solo game, else the current seat)."""
    return turn_of(engine, state)


@CASES
def test_timeout_action_is_legal_and_repeated_it_ends_the_turn(name, num_players):
    engine = get_engine(name)
    for seed, state in sampled_states(name, num_players):
        if engine.is_terminal(state):
            with pytest.raises(ValueError):
                engine.timeout_action(state)
            continue
        turn = _turn(engine, state, num_players)
        for _step in range(MAX_TIMEOUT_STEPS):
            action = engine.timeout_action(state)
            assert action in engine.legal_actions(state), (seed, action)
            state = engine.apply(state, action)
            if engine.is_terminal(state) or _turn(engine, state, num_players) != turn:
                break
        else:
            pytest.fail(f"seed {seed}: {MAX_TIMEOUT_STEPS} timeout actions did not end the turn")


@CASES
def test_a_non_revealing_action_keeps_twins_alike_for_every_viewer(name, num_players):
    """Undoing a non-revealing action restores what everyone may know: applied to two states
    that differ only in hidden things, it leaves every viewer's observations equal."""
    engine = get_engine(name)
    twin_of, _shows = _hidden_info(name)
    rng = random.Random(num_players)
    quiet = telling = 0
    for seed, state in sampled_states(name, num_players, games=5):
        if engine.is_terminal(state):
            continue  # the end shows everything; no action follows
        twin = twin_of(state, rng)
        for viewer in _viewers(num_players):
            assert engine.observation(twin, viewer) == engine.observation(state, viewer)
        for action in engine.legal_actions(state):
            after, twin_after = engine.apply(state, action), engine.apply(twin, action)
            alike = all(
                engine.observation(after, v) == engine.observation(twin_after, v)
                for v in _viewers(num_players)
            )
            if engine.reveals(state, action):
                telling += not alike
            else:
                quiet += 1
                assert alike, f"seed {seed}: {action!r} shows hidden things but reveals() is False"
    assert quiet, "no action was found that reveals nothing"
    assert telling, "no revealing action was seen to show anything"


@CASES
def test_places_follow_scores_and_the_tie_rule(name, num_players):
    engine = get_engine(name)
    tie_break = TIE_BREAK[name]
    for state in _final_states(name, num_players):
        scores, places = engine.scores(state), engine.places(state)
        keys = [(s, tie_break(state, seat) if tie_break else 0) for seat, s in enumerate(scores)]
        for seat, key in enumerate(keys):
            assert places[seat] == 1 + sum(other > key for other in keys)
        assert min(places) == 1


@CASES
def test_revealed_shows_every_hidden_thing_that_observation_does_not(name, num_players):
    engine = get_engine(name)
    _twin, shows_secrets = _hidden_info(name)
    for state in _final_states(name, num_players):
        view = engine.revealed(state)
        assert shows_secrets(view, state)
        assert '"hidden"' not in json.dumps(view)
        assert set(engine.observation(state, None)) <= set(view)
    hiding = 0
    for _seed, state in sampled_states(name, num_players, games=3):
        if not engine.is_terminal(state):
            assert shows_secrets(engine.revealed(state), state)
            hiding += not shows_secrets(engine.observation(state, None), state)
    assert hiding, "observation() showed every hidden thing in every running game"


def _variants(action: str) -> list[str]:
    spaced = "  " + " \t ".join(action.split()) + "\n"
    return [action, action.upper(), action.swapcase(), action.title(), spaced]


@CASES
def test_canonical_maps_every_spelling_of_a_legal_action_to_itself(name, num_players):
    engine = get_engine(name)
    for _seed, state in sampled_states(name, num_players, games=5):
        for action in engine.legal_actions(state):
            for variant in _variants(action):
                assert engine.canonical(state, variant) == action, variant


@CASES
def test_every_legal_action_has_the_number_of_words_the_notation_gives_its_keyword(
    name, num_players
):
    """The engine's ``arity`` is the move notation that mail replies are read with: a legal
    action it did not cover could not be typed, and one with other word counts would be
    refused before the engine saw it."""
    engine = get_engine(name)
    for _seed, state in sampled_states(name, num_players, games=5):
        for action in engine.legal_actions(state):
            keyword, *words = action.split()
            assert engine.arity.get(keyword) == len(words), action


@CASES
def test_canonical_refuses_text_that_is_no_action(name, num_players):
    engine = get_engine(name)
    state = engine.initial_state(num_players=num_players, seed=1, options={})
    for text in NOT_ACTIONS:
        with pytest.raises(IllegalAction):
            engine.canonical(state, text)


@CASES
def test_the_bot_plays_legal_actions_from_what_its_seat_sees(name, num_players):
    engine = get_engine(name)
    twin_of, _shows = _hidden_info(name)
    rng = random.Random(num_players)
    for seed, state in sampled_states(name, num_players):
        if engine.is_terminal(state):
            continue
        seat = engine.current_player(state)
        twin = twin_of(state, rng, seat)
        choices = []
        for position in (state, twin):
            legal = engine.legal_actions(position)
            action = engine.choose(engine.observation(position, seat), legal, random.Random(seed))
            assert action in legal
            choices.append(action)
        assert choices[0] == choices[1], f"seed {seed}: the bot used what its seat cannot see"


@CASES
def test_bot_games_reach_the_end(name, num_players):
    engine = get_engine(name)
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.initial_state(num_players=num_players, seed=seed, options={})
        for _ply in range(5000):
            if engine.is_terminal(state):
                break
            seat = engine.current_player(state)
            legal = engine.legal_actions(state)
            state = engine.apply(state, engine.choose(engine.observation(state, seat), legal, rng))
        assert engine.is_terminal(state), f"seed {seed}: the bots did not finish the game"


@pytest.mark.parametrize("name", sorted(HIDDEN_INFO))
def test_unknown_bot_levels_are_refused(name):
    engine = get_engine(name)
    state = engine.initial_state(num_players=engine.min_players, seed=1, options={})
    legal = engine.legal_actions(state)
    with pytest.raises(ValueError):
        engine.choose(engine.observation(state, 0), legal, random.Random(1), level="grandmaster")
    assert engine.choose(engine.observation(state, 0), legal, random.Random(1), "hard") in legal
