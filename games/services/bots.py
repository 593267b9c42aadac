"""The computer players' moves: one bot decision per call, for the seat to move when a bot
plays it (a computer player's seat, or the seat of a player who left, played by the easy bot).

Called by the task ``games.tasks.play_bot`` with the game's id and the version it was enqueued
at. The bot decides from that seat's observation, the legal actions and a random generator of
its own (``engine.choose``), outside any lock, since a hard decision takes up to a second; the
move is then applied in one transaction with the game row locked, only if the game is still
at that version, through the same internals as a person's move (``apply_action``, the turn
mail, the next bot's move). A stale or duplicate delivery, or a worker that ran the task
before it died, finds the version moved on and does nothing: a bot never moves twice.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from games.models import Game, Seat
from games.services.common import save_changed, snapshot
from games.services.play import announce_turn, apply_action, schedule_bot_move

#: How long a bot's turn may stand still before the sweep enqueues its move again.
STALLED_AFTER = timedelta(minutes=5)


def stalled(now):
    """(game id, version) of the running games whose seat to move is played by a bot and
    whose turn began more than STALLED_AFTER before ``now``: their move's task was lost."""
    bot_to_move = Seat.objects.filter(game=OuterRef("pk"), number=OuterRef("current_seat")).filter(
        Q(left_at__isnull=False) | ~Q(bot_level="")
    )
    return (
        Game.objects.active()
        .filter(Exists(bot_to_move), turn_started_at__lte=now - STALLED_AFTER)
        .values_list("pk", "version")
    )


def bot_seat(game: Game, version: int) -> Seat | None:
    """The seat a bot should move for in ``game`` at ``version``, or None when the game has
    moved on, is not running, or a person is to move."""
    if game.status != Game.Status.ACTIVE or game.version != version:
        return None
    seat = game.seats.filter(number=game.current_seat).first()
    return seat if seat is not None and seat.playing_level else None


def decide(game: Game, seat: Seat) -> str:
    """The bot's action for ``seat`` in ``game``'s position: ``engine.choose`` at the seat's
    playing level, from the seat's observation only (the hard bot's search capped at
    ``settings.BOT_HARD_ITERATIONS`` when set)."""
    rules = game.kind.engine
    observation = rules.observation(game.state, seat.number)
    legal = rules.legal_actions(game.state)
    rng = random.Random(secrets.randbits(64))
    level = seat.playing_level
    if level == "hard" and settings.BOT_HARD_ITERATIONS:
        return rules.choose(observation, legal, rng, level, iterations=settings.BOT_HARD_ITERATIONS)
    return rules.choose(observation, legal, rng, level)


def play_bot_move(game_id: int, version: int) -> bool:
    """Play one bot decision in game ``game_id`` if it is still at ``version`` and a bot is to
    move. Steps: read the game and decide (no lock held); lock the game and check the version
    again; apply the action as an automatic move; tell the next person to move, or enqueue the
    next bot's move. Returns whether a move was made."""
    game = Game.objects.filter(pk=game_id).first()
    seat = bot_seat(game, version) if game is not None else None
    if seat is None:
        return False
    action = decide(game, seat)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.ACTIVE or game.version != version:
            return False
        seats = list(game.seats.select_related("user"))
        turn = game.turn_started_at
        columns = snapshot(game)
        apply_action(game, seat.number, action, automatic=True, seats=seats)
        save_changed(game, columns)
        announce_turn(game, turn, seats)
        schedule_bot_move(game, seats)
    return True
