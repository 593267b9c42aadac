"""Mails about games, sent in the background from the outbox (``notifications.outbox``).

``send_outbox`` sends the due rows: beat runs it every half minute, and a move's commit asks
for it at once (a "kick"); a kicked run that hit a mail server failure asks again after
MAIL_RETRY_BACKOFF seconds. ``send_daily_digests`` writes the digests due this hour.

The tasks ``notify_turn``, ``remind``, ``notify_players`` and ``notify_invitation`` only put
their mail in the outbox; they keep the names they were registered under when they lived in
``games.tasks``, so that messages queued by an older release still mean the same.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User
from games.models import Game, Invitation
from notifications import mails, outbox

logger = logging.getLogger(__name__)

DIGEST_HOUR = 8  # local time of the daily digest


@shared_task(bind=True, name="notifications.tasks.send_outbox", max_retries=5)
def send_outbox(self, kicked: bool = False) -> dict[str, int]:
    """Send the due mails of the outbox (``outbox.send_due``); returns its counts. A kicked run
    whose mails failed runs again when the first of them is due (beat would too, later)."""
    counts = outbox.send_due()
    if kicked and counts["failed"] and not self.request.is_eager:
        raise self.retry(countdown=outbox.seconds_to_next_due(cap=settings.MAIL_RETRY_BACKOFF * 4))
    return counts


@shared_task(name="games.tasks.notify_turn")
def notify_turn(game_id: int, ply: int) -> str:
    """Put the your-turn mail of game ``game_id`` at version ``ply`` in the outbox (if it is
    not there yet) and ask for the due mails to be sent."""
    game = Game.objects.filter(pk=game_id, version=ply).first()
    if game is None:
        return "moved on"
    mails.queue_turn(game)
    outbox.kick_after_commit()
    return "queued"


@shared_task(name="games.tasks.remind")
def remind(game_id: int, ply: int) -> str:
    """Put the reminder of game ``game_id`` at version ``ply`` in the outbox."""
    mails.queue_reminder(game_id, ply)
    return "queued"


@shared_task(name="games.tasks.notify_players")
def notify_players(game_id: int, name: str, ply: int, seat_number: int | None = None) -> str:
    """Put the notice ``name`` about game ``game_id`` in the outbox (see mails.queue_notice)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return "moved on"
    mails.queue_notice(game, name, seat_number)
    return "queued"


@shared_task(name="games.tasks.notify_invitation")
def notify_invitation(invitation_id: int) -> str:
    """Put the mail of invitation ``invitation_id`` in the outbox."""
    invitation = Invitation.objects.select_related("user", "game").filter(pk=invitation_id).first()
    if invitation is None:
        return "moved on"
    mails.queue_invitation(invitation)
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
        queued += mails.queue_digest(user, local.date())
    return queued
