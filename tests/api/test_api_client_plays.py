"""A client of the API plays a whole 2-player game of Africa through the API alone: each
player reads its games, finds its turn, reads its legal actions and plays one of them at the
version it read, until the game is over. Which one is the engine's easy bot's pick (a game of
about 200 actions, where a random pick takes over 1,000); that the client finds it among the
legal actions the API lists is part of the test."""

import random

import pytest

from games import services
from games.models import Game
from games.simulation import bot_action
from tests.api.conftest import ApiClient

pytestmark = pytest.mark.django_db

MAX_REQUESTS = 5000


def _play_turn(client: ApiClient, rng: random.Random) -> bool:
    """Play one action in a game of the client's that waits for it; whether there was one."""
    waiting = [g for g in client.get("/games").json() if g["your_turn"]]
    if not waiting:
        return False
    code = waiting[0]["code"]
    legal = client.get(f"/games/{code}/legal").json()
    choice = bot_action(Game.objects.get(code=code), rng)
    assert choice in [entry["action"] for entry in legal["actions"]]
    answer = client.post(f"/games/{code}/actions", {"action": choice, "version": legal["version"]})
    assert answer.status_code == 200, answer.json()
    return True


@pytest.mark.slow
def test_two_api_clients_play_a_whole_game_of_africa(alice, bob, settings):
    # a bot in a hurry; the rates have their own tests
    settings.API_RATE = settings.API_ACCOUNT_RATE = "100000/m"
    game = services.create_game(alice, engine="africa", num_players=2, seed=77)
    services.join_game(game, bob)
    clients = [ApiClient(alice), ApiClient(bob)]
    rng = random.Random(77)

    for _request in range(MAX_REQUESTS):
        if not any(_play_turn(client, rng) for client in clients):
            break
    final = clients[0].get(f"/games/{game.code}").json()
    assert final["status"] == "finished"
    assert final["your_turn"] is False
    log = clients[1].get(f"/games/{game.code}/moves").json()
    assert all(entry["action"] for entry in log)  # the whole log is public once it is over
    game.refresh_from_db()
    assert [s.place for s in game.seats.order_by("place")][0] == 1
