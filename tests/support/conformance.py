"""The engine conformance driver: fixed-seed random games of every registered engine, played once
per test session and shared by the conformance suites, the bot tests, the golden files and
``bench/engine.py``.

Per engine, from its ``testing`` module: ``HIDDEN_ONLY_OPTIONS`` gives options under which two
seeds differ only in hidden information (engines that deal public things from the seed fix them
there), and ``CHOOSERS`` may give a random chooser that steers games to their end.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from games.engines import engine_names, get_engine
from tests.support.hidden import TESTING

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
    """The xdist group of the tests that use ``random_games(name, num_players)``: one worker process
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
def random_games(name: str, num_players: int) -> tuple[tuple[int, tuple[str, ...], str], ...]:
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


def sampled_states(name: str, num_players: int, games: int = 10):
    """(seed, state) pairs: about one state in CHECK_EVERY from the first ``games`` games."""
    engine = get_engine(name)
    options = HIDDEN_ONLY_OPTIONS.get(name, {})
    for seed, actions, _final in random_games(name, num_players)[:games]:
        rng = random.Random(seed)
        state = engine.initial_state(num_players=num_players, seed=seed, options=options)
        for action in actions:
            if rng.randrange(CHECK_EVERY) == 0:
                yield seed, state
            state = engine.apply(state, action)
        yield seed, state


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


def illegal_tries(name: str, num_players: int, games: int = 10):
    """(state, text) pairs: the illegal actions the conformance suite tries, in the sampled
    states of ``sampled_states``: GARBAGE, and words of legal actions replaced (by words of
    actions legal in states seen before), dropped or repeated, each text not legal there."""
    engine = get_engine(name)
    rng = random.Random(num_players)
    pool: set[str] = set()
    for _seed, state in sampled_states(name, num_players, games):
        legal = engine.legal_actions(state)
        pool.update(word for action in legal for word in action.split())
        tried = GARBAGE + (_mutations(rng, legal, sorted(pool)) if legal else [])
        for text in tried:
            if text not in legal:
                yield state, text
