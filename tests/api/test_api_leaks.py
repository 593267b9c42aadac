"""Hidden information over the API, for every registered kind: at random positions of random
games, what the API serves each seat and a watcher (the game, its legal actions and its move
log) is exactly the engine's observation for that viewer and does not change when only the
hidden things of the engine's private state are dealt anew (the conformance suite's REDEAL).
An API that leaks is caught."""

import random

import pytest

from api import v1
from games.kinds import get_kind, kind_names
from games.models import Game
from tests.api.conftest import ApiClient
from tests.support.pages import REDEAL, random_game

pytestmark = pytest.mark.django_db

POSITIONS = 2


def _served(game: Game, viewers: dict) -> dict:
    return {
        name: [
            client.get(f"/games/{game.code}").json(),
            client.get(f"/games/{game.code}/legal").json(),
            client.get(f"/games/{game.code}/moves").json(),
        ]
        for name, client in viewers.items()
    }


def _leaking_viewers(name: str, game: Game, viewers: dict) -> list[str]:
    """The viewers to whom the API serves something else when only hidden things change."""
    before = _served(game, viewers)
    real = game.state
    Game.objects.filter(pk=game.pk).update(state=REDEAL[name](real))
    try:
        after = _served(game, viewers)
    finally:
        Game.objects.filter(pk=game.pk).update(state=real)
    return [v for v in viewers if before[v] != after[v]]


def _viewers(game: Game, players: list, clients: list, watcher) -> dict:
    by_user = dict(zip(players, clients, strict=True))
    seats = {f"seat {s.number}": by_user[s.user] for s in game.seats.select_related("user")}
    return {"watcher": watcher} | seats


@pytest.mark.parametrize("name", kind_names())
def test_the_api_shows_no_hidden_thing_of_a_random_position(name, players, dave):
    kind = get_kind(name)
    rng = random.Random(f"api-leaks:{name}")
    clients = [ApiClient(user) for user in players]
    watcher = ApiClient(dave)
    for _position in range(POSITIONS):
        count = rng.randint(kind.min_players, min(kind.max_players, len(players)))
        game = random_game(kind, players[:count], dave, rng, plies=rng.randint(0, 30))
        viewers = _viewers(game, players[:count], clients[:count], watcher)

        for viewer, client in viewers.items():
            number = None if viewer == "watcher" else int(viewer.split()[1])
            view = client.get(f"/games/{game.code}").json()
            assert view["observation"] == kind.engine.observation(game.state, number)
        assert _leaking_viewers(name, game, viewers) == []


def test_the_leak_test_catches_an_api_that_serves_hidden_markers(players, dave, monkeypatch):
    game = random_game(get_kind("africa"), players[:2], dave, random.Random(7), plies=3)
    viewers = _viewers(game, players[:2], [ApiClient(u) for u in players[:2]], ApiClient(dave))
    honest = v1.observation_for

    def leaky(game, seat):
        hidden = game.state["hidden"]
        return honest(game, seat) | {"first_face_down": hidden[min(hidden)]}

    monkeypatch.setattr(v1, "observation_for", leaky)

    assert set(_leaking_viewers("africa", game, viewers)) == {"watcher", "seat 0", "seat 1"}
