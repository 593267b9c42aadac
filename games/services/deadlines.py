"""The writers of time: an extra 24 hours asked or given, the sweep's claim of due deadlines, a
timed-out turn, and the deadlines that move when a player's vacation ends."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import notices
from games.deadlines import GIFT_EVERY, next_reminder
from games.engines import turn_of
from games.models import Game, TimeGift
from games.services.common import GameError, locked, require_active, seat_of
from games.services.play import after_leaving, announce_turn, apply_action, schedule_bot_move

MAX_CONSECUTIVE_TIMEOUTS = 3
EXTENSION = timedelta(hours=24)


def _add_time(game: Game, mover: User, amount: timedelta) -> None:
    """Give the player to move (``mover``) ``amount`` more of the move's own time, counted
    from now once it is spent (their bank then waits): the deadline of the move's time, the
    timeout after the bank and the next reminder move. The caller saves the game."""
    now = timezone.now()
    left = game.clock_for(mover, now)
    before = game.move_deadline
    game.move_deadline = game.bank_end(mover, max(now, before), amount)
    game.turn_deadline = game.bank_end(mover, game.move_deadline, left.bank)
    start = game.turn_started_at + (game.move_deadline - before)  # the reminders move along
    game.reminder_due_at = next_reminder(start, game.move_deadline, game.turn_deadline, now)
    game.save(update_fields=["move_deadline", "turn_deadline", "reminder_due_at"])


def _clock_running(game: Game) -> None:
    """Raise GameError unless the turn under way has a deadline that has not passed."""
    if game.turn_deadline is None or game.move_deadline is None:
        raise GameError(_("The time for this move is over."))


@transaction.atomic
def take_extension(game: Game, user: User) -> Game:
    """Give ``user`` 24 more hours for their turn under way, once per game (``_add_time``),
    and say so in the log (a ``TimeGift``). Raises GameError when the game is not running,
    it is not their turn, the deadline has passed (claimed by the sweep) or they took their
    24 h already; nothing changes then."""
    game = locked(game)
    require_active(game)
    seat = seat_of(game, user)
    if seat.extension_taken_at is not None:
        raise GameError(_("You have already taken your 24 extra hours in this game."))
    if seat.number != game.current_seat or seat.left_at is not None:
        raise GameError(_("It is not your turn."))
    _clock_running(game)
    _add_time(game, user, EXTENSION)
    seat.extension_taken_at = timezone.now()
    seat.save(update_fields=["extension_taken_at"])
    TimeGift.objects.create(game=game, seat=seat.number, version=game.version)
    return game


@transaction.atomic
def give_time(game: Game, user: User) -> Game:
    """``user``, seated in ``game`` and not to move, gives the player to move 24 hours more
    (``_add_time``), at most once in 24 hours (lichess's "+" button), said in the log (a
    ``TimeGift``). Raises GameError, changing nothing, when the game is not running, ``user``
    has no seat or left it, it is their own turn (they ask for their 24 h instead), a bot
    is to move, the deadline has passed, or they gave time less than 24 hours ago."""
    game = locked(game)
    require_active(game)
    seats = list(game.seats.select_related("user"))
    giver = seat_of(game, user, seats)
    if giver.left_at is not None:
        raise GameError(_("You have left this game."))
    if giver.number == game.current_seat:
        raise GameError(_("It is your turn: you may ask for 24 more hours instead."))
    mover = next((s for s in seats if s.number == game.current_seat), None)
    if mover is None or mover.playing_level:
        raise GameError(_("Nobody's clock is running."))
    _clock_running(game)
    now = timezone.now()
    if giver.time_given_at is not None and now - giver.time_given_at < GIFT_EVERY:
        raise GameError(_("You may give time once a day; you gave some less than a day ago."))
    _add_time(game, mover.user, EXTENSION)
    giver.time_given_at = now
    giver.save(update_fields=["time_given_at"])
    TimeGift.objects.create(game=game, seat=mover.number, giver=giver.number, version=game.version)
    return game


def rearm_reminders(game_ids) -> dict[int, bool]:
    """After the sweep claimed the reminders of ``game_ids``: set each game's next reminder
    (the one before its bank runs out, when there is one still to come) and return
    {game id: whether the claimed reminder is the bank's}. Call inside the claim's
    transaction."""
    now = timezone.now()
    stages = {}
    for game in Game.objects.filter(pk__in=game_ids):
        if game.move_deadline is None or game.turn_deadline is None:
            stages[game.pk] = False
            continue
        stages[game.pk] = now >= game.move_deadline
        due = next_reminder(game.turn_started_at, game.move_deadline, game.turn_deadline, now)
        if due is not None:
            Game.objects.filter(pk=game.pk).update(reminder_due_at=due)
    return stages


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
    if seat.left_at is None and (
        game.bank_days or seat.consecutive_timeouts >= MAX_CONSECUTIVE_TIMEOUTS
    ):
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
    """Move the clock of each game waiting for ``user``'s move past their vacation: the
    move's time and the bank left when the turn stood still (from the later of the
    vacation's and the turn's start, ``started``) start again ``now``, and so does the
    reminder. Call inside the transaction that ends the vacation.

    The game's version stays: a vacation moves deadlines, not the position, so the reply
    address of the turn mail the player holds still plays. A deadline the sweep claimed before
    the vacation (cleared) stays claimed, and its timeout still applies."""
    for game in Game.objects.awaiting_move_by(user).select_for_update():
        if game.turn_deadline is None:
            continue
        paused = max(started, game.turn_started_at or started)
        left = game.clock_for(user, paused)
        game.move_deadline = game.bank_end(user, now, left.move)
        game.turn_deadline = game.bank_end(user, game.move_deadline, left.bank)
        start = (game.turn_started_at or paused) + (now - paused)
        game.reminder_due_at = next_reminder(start, game.move_deadline, game.turn_deadline, now)
        game.save(update_fields=["move_deadline", "turn_deadline", "reminder_due_at"])


def on_vacation_ended(sender, user: User, started, now, **kwargs) -> None:
    """The receiver of ``accounts.signals.vacation_ended`` (connected in ``GamesConfig.ready``):
    ``resume_after_vacation``."""
    resume_after_vacation(user, started, now)
