"""Conformance, the contract's measures of a game under way: ``progress`` (how far a game is,
0 to 1, never going back) and ``current_scores`` (the totals if the game ended now), on the
fixed-seed random games of every registered engine, the toy game included."""

from __future__ import annotations

import json

from games.engines import get_engine
from games.engines.base import current_places
from tests.support.conformance import CASES, HIDDEN_ONLY_OPTIONS, random_games

GAMES = 5


def started_games(engine, name, num_players):
    """(seed, the initial state, the actions, the final state as JSON) of the first GAMES
    fixed-seed random games of ``name`` for ``num_players``."""
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    for seed, actions, final in random_games(name, num_players)[:GAMES]:
        state = engine.initial_state(num_players=num_players, seed=seed, options=options)
        yield seed, state, actions, final


@CASES
def test_progress_runs_from_zero_to_one_and_never_goes_back(name, num_players):
    engine = get_engine(name)
    for seed, state, actions, _final in started_games(engine, name, num_players):
        before = engine.progress(state)
        assert 0.0 <= before < 0.5, (seed, before)
        for index, action in enumerate(actions):
            state = engine.apply(state, action)
            now = engine.progress(state)
            assert 0.0 <= now <= 1.0, (seed, index, now)
            assert now >= before, (seed, index, action, before, now)
            before = now
        assert engine.progress(state) == 1.0


@CASES
def test_current_scores_are_the_final_scores_once_the_game_is_over(name, num_players):
    engine = get_engine(name)
    for _seed, _state, _actions, final in started_games(engine, name, num_players):
        state = json.loads(final)
        assert engine.current_scores(state) == engine.scores(state)
        assert current_places(engine, state) == engine.places(state)


@CASES
def test_current_scores_give_a_whole_number_per_seat_while_the_game_runs(name, num_players):
    engine = get_engine(name)
    for seed, state, actions, _final in started_games(engine, name, num_players):
        for action in actions[: len(actions) // 2]:
            state = engine.apply(state, action)
        scores = engine.current_scores(state)
        assert len(scores) == num_players and all(isinstance(s, int) for s in scores), seed
        places = current_places(engine, state)
        assert sorted(places)[0] == 1 and all(1 <= p <= num_players for p in places), seed
