"""The game services follow the engine contract for every registered kind: a timed-out turn ends
through ``timeout_action``, undo stops at every action that ``reveals`` something, and final
places come from ``places``."""

from __future__ import annotations

import random

import pytest

from games import queries, services
from games.kinds import get_kind, kind_names
from games.models import Game
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db


def _mover(game: Game):
    return game.seats.get(number=game.current_seat).user


@pytest.mark.parametrize("name", kind_names())
def test_a_timed_out_turn_ends_through_the_engines_timeout_action(name, players):
    kind = get_kind(name)
    rng = random.Random(f"timeout:{name}")
    for _game in range(3):
        game = random_game(kind, players[:3], None, rng, plies=rng.randint(0, 25))
        if game.status != Game.Status.ACTIVE:
            continue
        rules, state, seat = kind.engine, game.state, game.current_seat
        expected = []
        while not rules.is_terminal(state) and rules.current_player(state) == seat:
            expected.append(rules.timeout_action(state))
            state = rules.apply(state, expected[-1])
        Game.objects.filter(pk=game.pk).update(turn_deadline=None)  # claimed by the sweep

        assert services.time_out(game.pk, game.version)

        played = (
            game.moves.filter(automatic=True).order_by("version").values_list("action", flat=True)
        )
        assert list(played)[-len(expected) :] == expected


@pytest.mark.parametrize("name", kind_names())
def test_undo_is_offered_exactly_after_an_action_that_revealed_nothing(name, players):
    kind = get_kind(name)
    rules = kind.engine
    rng = random.Random(f"undo:{name}")
    game = random_game(kind, players[:2], None, rng, plies=0)
    revealing = plain = 0
    for _ply in range(60):
        if game.status != Game.Status.ACTIVE:
            break
        seat, before = game.current_seat, game.state
        action = rng.choice(rules.legal_actions(before))
        game = services.submit_action(game, _mover(game), action, game.version)
        if game.current_seat != seat:
            continue  # the turn passed: nothing of it can be taken back
        reveals = rules.reveals(before, action)
        revealing += reveals
        plain += not reveals
        assert queries.undoable(game, seat) is not reveals
        if not reveals:
            undone = services.undo_action(game, _mover(game), game.version)
            assert undone.state == before
            game = services.submit_action(undone, _mover(undone), action, undone.version)
    assert revealing and plain


@pytest.mark.parametrize("name", kind_names())
def test_final_places_come_from_the_engines_places(name, players):
    kind = get_kind(name)
    game = random_game(kind, players[:3], None, random.Random(f"places:{name}"), plies=10_000)
    assert game.status == Game.Status.FINISHED

    places = kind.engine.places(game.state)
    assert [s.place for s in game.seats.order_by("number")] == places
