"""The writers of time: an extra 24 hours, the sweep's claim of due deadlines, a timed-out
turn, and the deadlines that move when a player's vacation ends."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import notices
from games.engines import turn_of
from games.models import Game
from games.services.common import GameError, locked, require_active, seat_of
from games.services.play import after_leaving, announce_turn, apply_action, schedule_bot_move

MAX_CONSECUTIVE_TIMEOUTS = 3
EXTENSION = timedelta(hours=24)


@transaction.atomic
def take_extension(game: Game, user: User) -> Game:
    """Give ``user`` 24 more hours for their turn under way, once per game: the deadline and
    the reminder move by 24 h. Raises GameError when the game is not running, it is not their
    turn, the deadline has passed (claimed by the sweep) or they took their 24 h already."""
    game = locked(game)
    require_active(game)
    seat = seat_of(game, user)
    if seat.extension_taken_at is not None:
        raise GameError(_("You have already taken your 24 extra hours in this game."))
    if seat.number != game.current_seat or seat.left_at is not None:
        raise GameError(_("It is not your turn."))
    if game.turn_deadline is None:
        raise GameError(_("The time for this move is over."))
    game.turn_deadline += EXTENSION
    if game.reminder_due_at is not None:
        game.reminder_due_at += EXTENSION
    game.save(update_fields=["turn_deadline", "reminder_due_at"])
    seat.extension_taken_at = timezone.now()
    seat.save(update_fields=["extension_taken_at"])
    return game


def claim_due(games, column: str, limit: int) -> list[tuple[int, int]]:
    """Claim up to ``limit`` games of the queryset ``games`` whose ``column`` (a deadline
    column: "turn_deadline" or "reminder_due_at") has passed; return [(id, version)].

    The rows are locked (SELECT ... FOR UPDATE SKIP LOCKED: a second sweeper skips them) and
    the column is cleared in one conditional UPDATE, so that nobody claims them again. Call
    inside a transaction; the work for each claimed game is enqueued after it commits."""
    due = games.filter(**{f"{column}__lte": timezone.now()})
    rows = list(due.select_for_update(skip_locked=True).values_list("pk", "version")[:limit])
    if rows:
        Game.objects.filter(pk__in=[pk for pk, _version in rows]).update(**{column: None})
    return rows


@transaction.atomic
def time_out(game_id: int, version: int) -> bool:
    """End the claimed overdue turn of game ``game_id`` at ``version`` for its player.

    Steps: lock the game and check it is still at ``version`` with its deadline claimed;
    apply the engine's ``timeout_action`` (the legal action that changes least) until the
    turn passes or the game ends; count the timeout; after 3 in a row a
    robot takes the seat over and the player counts as having left; tell the player.
    Returns whether this call acted (False when the game moved on meanwhile)."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != version:
        return False
    if game.turn_deadline is not None:
        return False  # not claimed by the sweep (claim_due clears the deadline)
    now = timezone.now()
    seats = list(game.seats.select_related("user"))
    seat = next(s for s in seats if s.number == game.current_seat)
    turn = game.turn_started_at
    guard = 0
    timed_out = turn_of(game.kind.engine, game.state)
    while (
        game.status == Game.Status.ACTIVE
        and turn_of(game.kind.engine, game.state) == timed_out
        and guard < 20
    ):
        action = game.kind.engine.timeout_action(game.state)
        apply_action(game, seat.number, action, automatic=True, seats=seats)
        guard += 1
    seat.timeouts += 1
    seat.consecutive_timeouts += 1
    notice = "timed_out"
    if seat.consecutive_timeouts >= MAX_CONSECUTIVE_TIMEOUTS and seat.left_at is None:
        seat.left_at = now
        seat.taken_over = True
        notice = "taken_over"
    seat.save(update_fields=["timeouts", "consecutive_timeouts", "left_at", "taken_over"])
    if game.status == Game.Status.ACTIVE:
        if seat.taken_over:
            after_leaving(game, seats)
        else:
            schedule_bot_move(game, seats)
    game.save()
    notices.notice(game, notice, seat.number)
    announce_turn(game, turn)
    return True


def resume_after_vacation(user: User, started, now) -> None:
    """Move the deadline and reminder of each game waiting for ``user``'s move by the time the
    turn stood still during their vacation (``started`` to ``now``; from the later of the
    vacation's and the turn's start). Call inside the transaction that ends the vacation.

    The game's version stays: a vacation moves deadlines, not the position, so the reply
    address of the turn mail the player holds still plays. A deadline the sweep claimed before
    the vacation (cleared) stays claimed, and its timeout still applies."""
    for game in Game.objects.awaiting_move_by(user).select_for_update():
        pause = now - max(started, game.turn_started_at or started)
        if game.turn_deadline is not None:
            game.turn_deadline += pause
        if game.reminder_due_at is not None:
            game.reminder_due_at += pause
        game.save(update_fields=["turn_deadline", "reminder_due_at"])


def on_vacation_ended(sender, user: User, started, now, **kwargs) -> None:
    """The receiver of ``accounts.signals.vacation_ended`` (connected in ``GamesConfig.ready``):
    ``resume_after_vacation``."""
    resume_after_vacation(user, started, now)
