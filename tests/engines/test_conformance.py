"""Conformance: every registered engine keeps the contract of ``games.engines.base``.

Random games with fixed seeds, for every player count an engine supports, must reach the end;
every legal action applies and other strings raise IllegalAction; replaying the actions gives
the same state; observations are JSON for every viewer; ``apply`` never changes its input; and
at the start, two seeds give the same observations (nothing hidden leaks).

Per engine, from its ``testing`` module: ``HIDDEN_ONLY_OPTIONS`` gives options under which two
seeds differ only in hidden information (engines that deal public things from the seed fix them
there), and ``CHOOSERS`` may give a random chooser that steers games to their end.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from games.engines import IllegalAction, engine_names, get_engine, replay
from tests.engines.hidden_info import TESTING

GAMES_PER_PLAYER_COUNT = 50
MAX_ACTIONS = 5000
CHECK_EVERY = 10  # the costlier checks run on about one state in CHECK_EVERY


HIDDEN_ONLY_OPTIONS: dict[str, dict] = {
    name: testing.HIDDEN_ONLY_OPTIONS for name, testing in TESTING.items()
}
CHOOSERS = {name: testing.choose for name, testing in TESTING.items() if hasattr(testing, "choose")}

GARBAGE = ["", "   ", "dance", "uncover Z99", "end end", "42", "P1", "\t\n", "ünïcode", "--"]


def choose_action(name: str, rng: random.Random, legal: list[str]) -> str:
    """A random legal action for engine ``name``, by its chooser in CHOOSERS or uniformly."""
    return CHOOSERS.get(name, lambda r, actions: r.choice(actions))(rng, legal)


def games_group(name: str, num_players: int):
    """The xdist group of the tests that use ``_games(name, num_players)``: one worker process
    plays those random games once for all of them (``make test`` runs --dist loadgroup)."""
    return pytest.mark.xdist_group(f"random-games-{name}-{num_players}")


def _cases() -> list:
    return [
        pytest.param(name, n, marks=games_group(name, n))
        for name in engine_names()
        for n in range(get_engine(name).min_players, get_engine(name).max_players + 1)
    ]


CASES = pytest.mark.parametrize("name, num_players", _cases())


@cache
def _games(name: str, num_players: int) -> tuple[tuple[int, tuple[str, ...], str], ...]:
    """Random games: (seed, actions, final state as JSON), played once per test session.

    Checks on the way that the game runs and legal actions are sorted and never empty.
    """
    engine = get_engine(name)
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    games = []
    for index in range(GAMES_PER_PLAYER_COUNT):
        seed = 1000 * num_players + index
        rng = random.Random(seed)
        state = engine.initial_state(num_players=num_players, seed=seed, options=options)
        actions = []
        while not engine.is_terminal(state):
            assert len(actions) < MAX_ACTIONS, f"seed {seed}: no end after {MAX_ACTIONS} actions"
            legal = engine.legal_actions(state)
            assert legal, f"seed {seed}: no legal action while the game runs"
            assert legal == sorted(legal)
            assert engine.current_player(state) in range(num_players)
            action = choose_action(name, rng, legal)
            state = engine.apply(state, action)
            actions.append(action)
        games.append((seed, tuple(actions), json.dumps(state, sort_keys=True)))
    return tuple(games)


def _sampled_states(name: str, num_players: int, games: int = 10):
    """(seed, state) pairs: about one state in CHECK_EVERY from the first ``games`` games."""
    engine = get_engine(name)
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    for seed, actions, _final in _games(name, num_players)[:games]:
        rng = random.Random(seed)
        state = engine.initial_state(num_players=num_players, seed=seed, options=options)
        for action in actions:
            if rng.randrange(CHECK_EVERY) == 0:
                yield seed, state
            state = engine.apply(state, action)
        yield seed, state


@CASES
def test_random_games_reach_the_end_and_replay_exactly(name, num_players):
    engine = get_engine(name)
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    for seed, actions, final in _games(name, num_players):
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
    for _seed, state in _sampled_states(name, num_players):
        before = json.dumps(state, sort_keys=True)
        for action in engine.legal_actions(state):
            engine.apply(state, action)
        assert json.dumps(state, sort_keys=True) == before


def _mutations(rng: random.Random, legal: list[str], pool: list[str]) -> list[str]:
    """Strings made of canonical words that are probably not legal: a word replaced, dropped
    or repeated."""
    out = []
    for _ in range(20):
        words = rng.choice(legal).split()
        where = rng.randrange(len(words))
        change = rng.randrange(3)
        if change == 0:
            words[where] = rng.choice(pool)
        elif change == 1:
            del words[where]
        else:
            words.insert(where, words[where])
        out.append(" ".join(words))
    return out


@CASES
def test_anything_else_is_an_illegal_action_and_changes_nothing(name, num_players):
    engine = get_engine(name)
    rng = random.Random(num_players)
    pool: set[str] = set()
    for _seed, state in _sampled_states(name, num_players):
        legal = engine.legal_actions(state)
        pool.update(word for action in legal for word in action.split())
        before = json.dumps(state, sort_keys=True)
        tried = GARBAGE + (_mutations(rng, legal, sorted(pool)) if legal else [])
        for action in tried:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as error:
                engine.apply(state, action)
            assert error.value.reason
        assert json.dumps(state, sort_keys=True) == before


@CASES
def test_observations_are_json_for_every_viewer(name, num_players):
    engine = get_engine(name)
    for _seed, state in _sampled_states(name, num_players):
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
