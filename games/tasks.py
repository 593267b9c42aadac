"""Background work on games: the deadline sweep, timed-out turns, used-up vacations, the
computer players' moves, and the events about games told to ``notifications``.

Tasks are thin: they take ids and the game version they are about, re-read the rows,
and return early when the world has moved on, so a retry or a duplicate delivery is harmless.
The notifying tasks (``notify_turn``, ``remind``, ``notify_players``, ``notify_invitation``,
``send_daily_digests``) only tell the event (``games.notices``), which puts its rows in the
outbox; the outbox's sender is ``notifications.tasks.send_outbox``.
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User
from accounts.services import end_vacation, vacation_days_left
from africa_site.enqueue import send_once
from games import notices, services
from games.models import Game, Invitation, Seat
from games.services import bots, solo
from notifications import outbox

SWEEP_BATCH = 500
DIGEST_HOUR = 8  # local time of the daily digest



@shared_task
def sweep_deadlines() -> dict[str, int]:
    """Every minute: send due reminders and time out overdue turns (whose move time and bank
    are both spent).

    Games are found by indexed queries on the deadline columns and claimed in one
    transaction (``services.claim_due``), so that two sweepers never act on one twice; a claimed
    reminder sets the turn's next one (before the bank runs out, ``services.rearm_reminders``);
    the reminders are written to the outbox in the claim's transaction; a timed-out turn is left to
    a task per game, enqueued after the claim commits.
    Players on vacation are skipped: their deadlines move when the vacation ends. A bot's
    move whose task was lost (a broker that lost it) is enqueued again; a duplicate does
    nothing. A claimed timeout that the broker does not take is applied by the sweep itself,
    so that no claimed deadline is lost. Each worker runs a sweep as soon as it (re)connects
    to the broker (``africa_site.celery.CatchUp``)."""
    on_vacation = Seat.objects.filter(
        game=OuterRef("pk"),
        number=OuterRef("current_seat"),
        user__vacation_started_at__isnull=False,
    )
    active = Game.objects.active().filter(~Exists(on_vacation))
    with transaction.atomic():
        reminders = services.claim_due(active, "reminder_due_at", SWEEP_BATCH)
        overdue = services.claim_due(active, "turn_deadline", SWEEP_BATCH)
        in_bank = services.rearm_reminders([game_id for game_id, _version in reminders])
        for game_id, version in reminders:
            notices.reminder(game_id, version, bank=in_bank.get(game_id, False))
    for game_id, version in overdue:
        if not send_once(time_out_turn.s(game_id, version), what=f"the timeout of game {game_id}"):
            services.time_out(game_id, version)  # the broker is away: applied here
    stalled = list(bots.stalled(timezone.now())[:SWEEP_BATCH])
    for game_id, version in stalled:
        # A broker that is away: the next sweep tries again.
        send_once(play_bot.s(game_id, version), what=f"the bot's move of game {game_id}")
    return {"reminded": len(reminders), "timed_out": len(overdue)}


@shared_task
def time_out_turn(game_id: int, version: int) -> bool:
    """End the claimed overdue turn of game ``game_id`` at version ``version`` (see the sweep)."""
    return services.time_out(game_id, version)


@shared_task
def play_bot(game_id: int, version: int) -> bool:
    """Play one decision of the bot to move in game ``game_id`` at version ``version`` (enqueued
    after the turn passed to it); does nothing when the game has moved on."""
    return bots.play_bot_move(game_id, version)


@shared_task
def end_used_up_vacations() -> int:
    """Every hour: end the vacations of players who have used up their days for the year."""
    ended = 0
    for user in User.objects.filter(vacation_started_at__isnull=False):
        if vacation_days_left(user) <= 0:
            end_vacation(user)
            ended += 1
    return ended


@shared_task(name="games.tasks.notify_turn")
def notify_turn(game_id: int, version: int) -> str:
    """Put the your-turn mail of game ``game_id`` at version ``version`` in the outbox (if it is
    not there yet) and ask for the due mails to be sent."""
    game = Game.objects.filter(pk=game_id, version=version).first()
    if game is None:
        return "moved on"
    notices.turn(game)
    outbox.kick_after_commit()
    return "queued"


@shared_task(name="games.tasks.remind")
def remind(game_id: int, version: int) -> str:
    """Put the reminder of game ``game_id`` at version ``version`` in the outbox."""
    notices.reminder(game_id, version)
    return "queued"


@shared_task(name="games.tasks.notify_players")
def notify_players(game_id: int, name: str, version: int, seat_number: int | None = None) -> str:
    """Put the notice ``name`` about game ``game_id`` in the outbox (see notices.notice)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return "moved on"
    notices.notice(game, name, seat_number)
    return "queued"


@shared_task(name="games.tasks.notify_invitation")
def notify_invitation(invitation_id: int) -> str:
    """Put the mail of invitation ``invitation_id`` in the outbox."""
    invitation = Invitation.objects.select_related("user", "game").filter(pk=invitation_id).first()
    if invitation is None:
        return "moved on"
    notices.invitation(invitation)
    return "queued"


@shared_task(name="games.tasks.send_daily_digests")
def send_daily_digests() -> int:
    """Every hour: put in the outbox the daily digest of each player who chose it, has a game
    waiting for their move and whose local time is the digest hour; returns how many."""
    now = timezone.now()
    queued = 0
    waiting_users = User.objects.filter(
        notifications=User.Notifications.DAILY_DIGEST, is_active=True
    ).filter(Exists(Game.objects.awaiting_move_by(OuterRef("pk"))))
    for user in waiting_users:
        local = now.astimezone(user.zone)
        if local.hour != DIGEST_HOUR:
            continue
        queued += notices.digest(user, local.date())
    return queued


@shared_task(name="games.tasks.measure_bot_solo")
def measure_bot_solo(engine: str, options: dict) -> dict:
    """Measure the hard bot's median solo score of ``engine`` on ``options`` into the cache
    (``games.services.solo``); a duplicate delivery measures again, harmlessly."""
    return solo.measure_bot_solo(engine, options, settings.BOT_SOLO_GAMES)
