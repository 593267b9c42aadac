"""The status line of a finished game says who won and why the game ended, for every kind."""

import random

import pytest

from games.kinds import all_kinds
from games.simulation import play_game

pytestmark = pytest.mark.django_db

#: Why a game of each kind ended, as its status line says it (English).
REASONS = ("It ended when", "It ended after")


@pytest.mark.parametrize("kind", [kind.name for kind in all_kinds()])
def test_the_status_of_a_finished_game_names_the_winners_and_the_reason(client, alice, bob, kind):
    game = play_game([alice, bob], rng=random.Random(2), engine=kind)
    client.force_login(alice)

    page = client.get(game.get_absolute_url()).content.decode()

    status = page.split('class="turn-status"')[1].split("</p>")[0]
    winners = [seat.name for seat in game.seats.all() if seat.place == 1]
    assert "The game is over." in status
    assert ("Winner: " if len(winners) == 1 else "Winners, tied: ") in status
    assert all(name in status for name in winners)
    assert any(reason in status for reason in REASONS), status
    assert "Last round!" not in status and "of at most" not in status
