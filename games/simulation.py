"""Random players, for demo data, load tests and seats whose players are gone.

They play only legal actions, through the same services as people do.
"""

from __future__ import annotations

import random

from allauth.account.models import EmailAddress

from accounts.models import User
from games import services
from games.bots import choose
from games.models import Game


def simulated_players(count: int) -> list[User]:
    """``count`` verified accounts "Explorer 1".."Explorer N" (created when missing)."""
    users = []
    for n in range(1, count + 1):
        email = f"explorer{n}@example.com"
        user, created = User.objects.get_or_create(
            email=email, defaults={"display_name": f"Explorer {n}"}
        )
        if created:
            user.set_unusable_password()
            user.save()
            EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        users.append(user)
    return users


def play_game(
    players: list[User],
    *,
    rng: random.Random,
    engine: str = "africa",
    plies: int | None = None,
    **options,
) -> Game:
    """Create a game for ``players`` (the first creates it), start it, and play random legal
    actions until it ends or ``plies`` actions were played. Returns the game."""
    game = services.create_game(players[0], engine=engine, num_players=len(players), **options)
    for user in players[1:]:
        services.join_game(game, user)
    game.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    played = 0
    while game.status == Game.Status.ACTIVE and (plies is None or played < plies):
        action = choose(rng, game.rules.legal_actions(game.state))
        game = services.submit_action(game, by_seat[game.current_seat], action, game.version)
        played += 1
    return game
