"""The batch form (``/<game>/act-batch/``) is no oracle of hidden information, for every game
whose batches can hold a revealing action (Africa's uncover, Africana's draws; a Source of the
Nile batch holds only a port's hires and purchases, which reveal nothing).

It follows the rule of mail replies (``games.lines``): twin games that differ only in what the
player cannot see (``tests/support/hidden.py``) give a batch the same answer and apply
the same actions, up to and including the first action that reveals something, which both
twins keep even when a later action fails.
"""

import random

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from games import services
from games.engines import get_engine
from games.models import Game
from tests.support.hidden import HIDDEN_INFO
from tests.support.mail import script

pytestmark = pytest.mark.django_db

POSITIONS, SCRIPTS, MAX_PLIES = 8, 3, 60


def _duel_at(name: str, alice, bob, state: dict) -> Game:
    """A running game of ``name`` between alice and bob, put at ``state``."""
    game = services.create_game(alice, engine=name, num_players=2, seed=1)
    services.join_game(game, bob)
    rules = game.kind.engine
    Game.objects.filter(pk=game.pk).update(
        state=state, current_seat=rules.current_player(state), version=100
    )
    game.refresh_from_db()
    return game


def _send(game: Game, actions: list[str]):
    """POST ``actions`` as one batch by the player to move: (messages, actions applied)."""
    mover, client = game.seats.get(number=game.current_seat).user, Client()
    client.force_login(mover)
    response = client.post(
        reverse("game_act_batch", args=[game.code]), {"version": game.version, "action": actions}
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    applied = list(game.moves.order_by("version").values_list("action", flat=True))
    return said, applied


def _random_position(engine, chance: random.Random) -> dict:
    """A two-player position of ``engine`` after random legal play, not over."""
    while True:
        state = engine.initial_state(num_players=2, seed=chance.randrange(10**6), options={})
        for _ply in range(chance.randint(2, MAX_PLIES)):
            if engine.is_terminal(state):
                break
            state = engine.apply(state, chance.choice(engine.legal_actions(state)))
        if not engine.is_terminal(state):
            return state


def _first_reveal(engine, state: dict, applied: list[str]) -> int | None:
    for index, action in enumerate(applied):
        if engine.reveals(state, action):
            return index
        state = engine.apply(state, action)
    return None


@pytest.mark.parametrize("name", ["africa", "africana"])
def test_twin_games_answer_a_batch_alike_up_to_its_first_revealing_action(name, alice, bob):
    engine, (twin_of, _shows) = get_engine(name), HIDDEN_INFO[name]
    chance = random.Random(name)
    revealing = refused = 0
    for _position in range(POSITIONS):
        a = _random_position(engine, chance)
        seat = engine.current_player(a)
        b = twin_of(a, chance, seat)
        strays = sorted(set(engine.legal_actions(a)) | {"end", "keep", "pass"})
        for _script in range(SCRIPTS):
            actions = script(engine, a, chance, strays)
            (said_a, applied_a), (said_b, applied_b) = (
                _send(_duel_at(name, alice, bob, state), actions) for state in (a, b)
            )
            cut = _first_reveal(engine, a, applied_a)
            assert _first_reveal(engine, b, applied_b) == cut, actions
            if cut is None:
                assert (said_a, applied_a) == (said_b, applied_b), actions
            else:
                revealing += 1
                assert applied_a[: cut + 1] == applied_b[: cut + 1], actions
            refused += bool(said_a)
    assert revealing >= 3 and refused >= 3  # both kinds of batch were tried


def test_the_uncover_probe_of_africa_costs_the_uncover(alice, bob):
    """ "uncover X" twice: refused or not according to the marker before, with nothing
    applied; now the uncover is applied whatever lies there (what the answer says next may
    depend on the marker, which the player then sees)."""
    engine, (twin_of, _shows) = get_engine("africa"), HIDDEN_INFO["africa"]
    chance = random.Random(3)
    a = engine.initial_state(num_players=2, seed=5, options={})
    for _start in range(2):
        a = engine.apply(a, engine.legal_actions(a)[0])
    uncover = next(x for x in engine.legal_actions(a) if x.startswith("uncover "))
    for state in (a, *(twin_of(a, chance) for _twin in range(4))):
        game = _duel_at("africa", alice, bob, state)
        said, applied = _send(game, [uncover, uncover])
        assert applied[:1] == [uncover]
        game.refresh_from_db()
        assert game.version > 100


def test_a_batch_that_fails_after_a_reveal_says_what_was_applied(alice, bob):
    engine = get_engine("africa")
    a = engine.initial_state(num_players=2, seed=5, options={})
    for _start in range(2):
        a = engine.apply(a, engine.legal_actions(a)[0])
    uncover = next(x for x in engine.legal_actions(a) if x.startswith("uncover "))

    said, applied = _send(_duel_at("africa", alice, bob, a), [uncover, "move Z99"])

    assert applied == [uncover]
    assert len(said) == 1 and said[0].startswith(f"Applied: {uncover}. Not applied: move Z99.")
