"""Random games to the end: every state offers an action until the game is over, every offered
action applies without changing its input, replay is exact, observations are JSON."""

import json
import random

import pytest

from games.africana.engine.data import ADVENTURES, BOARD, COLORS, EXPEDITIONS
from games.africana.tests.helpers import ENGINE
from games.engines import IllegalAction, replay

MAX_PLIES = 20_000


def _random_game(players: int, seed: int):
    rng = random.Random(seed)
    state = ENGINE.initial_state(players, seed, {})
    actions = []
    while not ENGINE.is_terminal(state):
        legal = ENGINE.legal_actions(state)
        assert legal, "a player without a legal action before the end"
        assert legal == sorted(set(legal))
        action = rng.choice(legal)
        before = json.dumps(state, sort_keys=True)
        after = ENGINE.apply(state, action)
        assert json.dumps(state, sort_keys=True) == before
        state = after
        actions.append(action)
        assert len(actions) < MAX_PLIES
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_reach_the_end_and_replay_exactly(players, seed):
    state, actions = _random_game(players, seed)
    assert ENGINE.legal_actions(state) == [] and ENGINE.current_player(state) is None
    assert replay(ENGINE, players, seed, {}, actions) == state
    assert len(ENGINE.scores(state)) == players
    for viewer in [None, *range(players)]:
        view = ENGINE.observation(state, viewer)
        assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("players", [2, 4])
def test_every_offered_action_applies_and_leaves_its_input_unchanged(players):
    rng = random.Random(players)
    state = ENGINE.initial_state(players, 7, {})
    for _ply in range(400):
        if ENGINE.is_terminal(state):
            break
        snapshot = json.dumps(state, sort_keys=True)
        legal = ENGINE.legal_actions(state)
        for action in legal:
            ENGINE.apply(state, action)
        for junk in ("draw draw", "go nowhere joker", "join Z99", "discard", "buy east left"):
            if junk not in legal:
                with pytest.raises(IllegalAction):
                    ENGINE.apply(state, junk)
        assert json.dumps(state, sort_keys=True) == snapshot
        state = ENGINE.apply(state, rng.choice(legal))


def _every_well_formed_action() -> list[str]:
    """Every string of the move notation, legal or not, in canonical form."""
    cards = ["joker", *COLORS, *(f"assistant-{c}" for c in COLORS)]
    specs = cards + [f"{card}-as-{c}" for card in cards[1:] for c in COLORS]
    out = ["draw", "done"]
    out += [f"turn {b} {d}" for b in ("north", "south") for d in ("forward", "back")]
    out += [f"buy {b} {s}" for b in ("north", "south") for s in ("left", "right")]
    out += [f"go {loc} {spec}" for loc in BOARD.locations for spec in specs]
    out += [f"{verb} {card}" for verb in ("join", "expedition") for card in EXPEDITIONS]
    out += [f"{verb} {card}" for verb in ("adventure", "drop") for card in ADVENTURES]
    out += [f"discard {card}" for card in cards]
    return out


def test_an_action_applies_exactly_when_it_is_listed():
    candidates = _every_well_formed_action()
    rng = random.Random(11)
    state = ENGINE.initial_state(3, 11, {})
    for ply in range(3000):
        if ENGINE.is_terminal(state):
            break
        legal = ENGINE.legal_actions(state)
        if ply % 25 == 0:
            applied = []
            for action in candidates:
                try:
                    ENGINE.apply(state, action)
                except IllegalAction:
                    continue
                applied.append(action)
            assert sorted(applied) == legal
        state = ENGINE.apply(state, rng.choice(legal))
