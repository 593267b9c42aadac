"""Simulated players, for demo data and load tests: the engine's bot plays every seat.

They play only legal actions, through the same services as people do.
"""

from __future__ import annotations

import random

from allauth.account.models import EmailAddress

from accounts.models import User
from games import services
from games.models import Game


def bot_action(game: Game, rng: random.Random) -> str:
    """The action the engine's bot (``engine.choose``, level "easy") picks for the player to
    move in ``game``, from that player's observation and ``rng``."""
    rules = game.kind.engine
    observation = rules.observation(game.state, game.current_seat)
    return rules.choose(observation, rules.legal_actions(game.state), rng)


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
    engine: str | None = None,
    plies: int | None = None,
    to_move: list[User] | None = None,
    **options,
) -> Game:
    """Create a game for ``players`` (the first creates it), start it, and play the bot's
    actions until it ends or ``plies`` actions were played and, with ``to_move``, one of those
    users is the player to move (the bot plays on for the others). Returns the game."""
    game = services.create_game(players[0], engine=engine, num_players=len(players), **options)
    for user in players[1:]:
        services.join_game(game, user)
    game.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    played = 0
    waiting = {user.pk for user in to_move or players}

    def playing_on() -> bool:
        if plies is None or played < plies:
            return True
        return by_seat[game.current_seat].pk not in waiting

    while game.status == Game.Status.ACTIVE and playing_on():
        action = bot_action(game, rng)
        game = services.submit_action(game, by_seat[game.current_seat], action, game.version)
        played += 1
    return game
