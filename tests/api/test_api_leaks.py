"""Hidden information over the API, for every registered kind: at random positions of random
games, what the API serves each seat and a watcher (the game, its legal actions and its move
log) is exactly the engine's observation for that viewer and does not change when only the
hidden things of the engine's private state are dealt anew (the conformance suite's REDEAL)."""

import random

import pytest

from games.kinds import get_kind, kind_names
from games.models import Game
from tests.api.conftest import ApiClient
from tests.kinds.conftest import REDEAL, random_game

pytestmark = pytest.mark.django_db

POSITIONS = 2


def _served(game: Game, clients: dict) -> dict:
    shown = {}
    for name, client in clients.items():
        shown[name] = [
            client.get(f"/games/{game.code}").json(),
            client.get(f"/games/{game.code}/legal").json(),
            client.get(f"/games/{game.code}/moves").json(),
        ]
    return shown


@pytest.mark.parametrize("name", kind_names())
def test_the_api_shows_no_hidden_thing_of_a_random_position(name, players, dave):
    kind = get_kind(name)
    rng = random.Random(f"api-leaks:{name}")
    clients = {"watcher": ApiClient(dave)} | {
        f"player {n}": ApiClient(user) for n, user in enumerate(players)
    }
    for _position in range(POSITIONS):
        count = rng.randint(kind.min_players, min(kind.max_players, len(players)))
        game = random_game(kind, players[:count], dave, rng, plies=rng.randint(0, 30))
        viewers = {"watcher": clients["watcher"]} | {
            f"seat {s.number}": clients[f"player {players.index(s.user)}"]
            for s in game.seats.select_related("user")
        }

        before = _served(game, viewers)
        for viewer, (view, _legal, _log) in before.items():
            number = None if viewer == "watcher" else int(viewer.split()[1])
            assert view["observation"] == kind.engine.observation(game.state, number)
        real = game.state
        Game.objects.filter(pk=game.pk).update(state=REDEAL[name](real))
        try:
            after = _served(game, viewers)
        finally:
            Game.objects.filter(pk=game.pk).update(state=real)

        assert [v for v in viewers if before[v] != after[v]] == []
