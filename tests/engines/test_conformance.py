"""Conformance: every registered engine keeps the contract of ``games.engines.base``.

Random games with fixed seeds, for every player count an engine supports, must reach the end;
every legal action applies and other strings raise IllegalAction; replaying the actions gives
the same state; observations are JSON for every viewer; ``apply`` never changes its input; and
at the start, two seeds give the same observations (nothing hidden leaks).

The games and the per-engine options and choosers come from ``tests.support.conformance``.
"""

from __future__ import annotations

import json

import pytest

from games.engines import IllegalAction, get_engine, replay
from tests.support.conformance import (
    CASES,
    HIDDEN_ONLY_OPTIONS,
    illegal_tries,
    random_games,
    sampled_states,
)


@CASES
def test_random_games_reach_the_end_and_replay_exactly(name, num_players):
    engine = get_engine(name)
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    for seed, actions, final in random_games(name, num_players):
        state = replay(engine, num_players, seed, options, actions)
        assert engine.is_terminal(state)
        assert engine.current_player(state) is None
        assert engine.legal_actions(state) == []
        assert json.dumps(state, sort_keys=True) == final
        scores = engine.scores(state)
        assert len(scores) == num_players and all(type(s) is int for s in scores)


@CASES
def test_every_legal_action_applies_and_leaves_its_input_unchanged(name, num_players):
    engine = get_engine(name)
    for _seed, state in sampled_states(name, num_players):
        before = json.dumps(state, sort_keys=True)
        for action in engine.legal_actions(state):
            engine.apply(state, action)
        assert json.dumps(state, sort_keys=True) == before


@CASES
def test_anything_else_is_an_illegal_action_and_changes_nothing(name, num_players):
    engine = get_engine(name)
    for state, action in illegal_tries(name, num_players):
        before = json.dumps(state, sort_keys=True)
        with pytest.raises(IllegalAction) as error:
            engine.apply(state, action)
        assert error.value.reason
        assert json.dumps(state, sort_keys=True) == before


@CASES
def test_observations_are_json_for_every_viewer(name, num_players):
    engine = get_engine(name)
    for _seed, state in sampled_states(name, num_players):
        for viewer in [None, *range(num_players)]:
            json.dumps(engine.observation(state, viewer))


@CASES
def test_at_the_start_two_seeds_look_the_same(name, num_players):
    engine = get_engine(name)
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    first = engine.initial_state(num_players=num_players, seed=1, options=options)
    second = engine.initial_state(num_players=num_players, seed=2, options=options)
    for viewer in [None, *range(num_players)]:
        assert engine.observation(first, viewer) == engine.observation(second, viewer)
