"""Mails about games, sent in the background: your turn, reminders, notices, invitations and
the daily digest.

Tasks are thin: they take ids and the game version ("ply") they are about, re-read the rows,
and return early when the world has moved on, so a retry or a duplicate delivery is harmless.
Mails go through ``notifications.emails.send_once``, keyed so that each is sent once. The tasks
keep the names they were registered under when they lived in ``games.tasks`` (queued messages
name them), given explicitly.
"""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User
from games.models import Game, Invitation, Seat
from mailplay.links import link_url
from mailplay.replies import turn_mail_context
from notifications.emails import absolute_url, send_once

logger = logging.getLogger(__name__)

SEEN_RECENTLY = timedelta(minutes=5)
DIGEST_HOUR = 8  # local time of the daily digest
MAIL_ERRORS = (smtplib.SMTPException, OSError)
RETRY = {
    "autoretry_for": MAIL_ERRORS,
    "retry_backoff": settings.MAIL_RETRY_BACKOFF,
    "retry_backoff_max": 60 * 60,
    "retry_jitter": True,
    "max_retries": 12,
}


def _wants(user: User | None, kind: str) -> bool:
    """Whether ``user``'s preference allows a mail of ``kind`` ("turn" or "notice"); never
    for a computer player's seat (``user`` None)."""
    if user is None or not user.is_active or user.notifications == User.Notifications.NONE:
        return False
    return kind != "turn" or user.notifications == User.Notifications.EACH_TURN


def _quiet_delay(user: User) -> int | None:
    """Seconds until ``user``'s quiet hours end, or None outside them."""
    now = timezone.now()
    if not user.in_quiet_hours(now):
        return None
    step, waited = timedelta(minutes=15), timedelta(0)
    while user.in_quiet_hours(now + waited):
        waited += step
    return int(waited.total_seconds())


def _game_context(game: Game, user: User) -> dict:
    seats = list(game.seats.select_related("user"))
    names = [seat.name for seat in seats]
    mine = next(seat for seat in seats if seat.user_id == user.pk)
    return {
        "game": game,
        "game_url": absolute_url(game.get_absolute_url()),
        "opponents": [seat.name for seat in seats if seat.user_id != user.pk],
        "seats": seats,
        "seat": mine,
        "names": names,
    }


def _news_since_last_turn(game: Game, seat: Seat, names: list[str]) -> list[str]:
    """The log in words since ``seat``'s last own move, oldest first (at most 40 lines)."""
    moves = game.moves.filter(taken_back=False)
    last_own = moves.filter(seat=seat.number, automatic=False).order_by("-ply").first()
    if last_own is not None:
        moves = moves.filter(ply__gt=last_own.ply)
    describe = game.kind.describe
    lines = []
    for move in moves.order_by("-ply")[:40]:
        lines[:0] = [text for event in move.events if (text := describe(event, names))]
    return lines


@shared_task(bind=True, name="games.tasks.notify_turn", **RETRY)
def notify_turn(self, game_id: int, ply: int) -> str:
    """Tell the player to move in game ``game_id`` at version ``ply`` that it is their turn.

    Nothing is sent when the game has moved on, when the player does not want turn mails, or
    when they had the game open in the last few minutes. During their quiet hours the task
    runs again when those end."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != ply:
        return "moved on"
    seat = game.seats.select_related("user").get(number=game.current_seat)
    user = seat.user
    if seat.left_at is not None or not _wants(user, "turn"):
        return "not wanted"
    if seat.last_seen_at and seat.last_seen_at > timezone.now() - SEEN_RECENTLY:
        return "seen"
    if (delay := _quiet_delay(user)) is not None:
        if not self.request.is_eager:
            notify_turn.apply_async((game_id, ply), countdown=delay)
        return "quiet hours"
    context = _game_context(game, user)
    context["news"] = _news_since_last_turn(game, seat, context["names"])
    context.update(turn_mail_context(game, seat, context["names"]))  # mailplay: play by reply
    send_once(f"turn:{game.pk}:{ply}:{user.pk}", user, "your_turn", context)
    return "sent"


@shared_task(name="games.tasks.remind", **RETRY)
def remind(game_id: int, ply: int) -> str:
    """Remind the player to move that 80 % of the time for the move has passed."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != ply:
        return "moved on"
    seat = game.seats.select_related("user").get(number=game.current_seat)
    if seat.left_at is not None or not _wants(seat.user, "turn"):
        return "not wanted"
    context = _game_context(game, seat.user)
    send_once(f"reminder:{game.pk}:{ply}:{seat.user_id}", seat.user, "reminder", context)
    return "sent"


@shared_task(name="games.tasks.notify_players", **RETRY)
def notify_players(game_id: int, name: str, ply: int, seat_number: int | None = None) -> int:
    """Send the notice ``name`` ("game_started", "game_finished", "game_aborted",
    "timed_out", "taken_over") about game ``game_id`` at version ``ply`` to each player who
    wants it, or only to ``seat_number`` when given. Returns how many mails went out."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return 0
    sent = 0
    for seat in game.seats.select_related("user"):
        if seat_number is not None and seat.number != seat_number:
            continue
        if _wants(seat.user, "notice"):
            context = _game_context(game, seat.user)
            if name == "game_finished":
                context["rating"] = seat.user.rating_changes.filter(game=game).first()
            key = f"{name}:{game.pk}:{ply}:{seat.user_id}"
            sent += send_once(key, seat.user, name, context)
    return sent


@shared_task(name="games.tasks.notify_invitation", **RETRY)
def notify_invitation(invitation_id: int) -> str:
    """Tell an invited player about the game and how to join it."""
    invitation = (
        Invitation.objects.select_related("game", "user", "invited_by")
        .filter(pk=invitation_id)
        .first()
    )
    if invitation is None or invitation.game.status != Game.Status.OPEN:
        return "moved on"
    user = invitation.user
    if not _wants(user, "notice"):
        return "not wanted"
    context = {
        "game": invitation.game,
        "game_url": absolute_url(invitation.game.get_absolute_url()),
        "host": invitation.invited_by.display_name,
        "accept_url": link_url("accept", invitation.pk),  # mailplay: one-click join
    }
    send_once(f"invitation:{invitation.pk}", user, "invitation", context)
    return "sent"


@shared_task(name="games.tasks.send_daily_digests", **RETRY)
def send_daily_digests() -> int:
    """Every hour: the daily digest for each player who chose it and whose local time is the
    digest hour: every game waiting for them, most urgent first."""
    now = timezone.now()
    sent = 0
    waiting_users = User.objects.filter(
        notifications=User.Notifications.DAILY_DIGEST, is_active=True
    ).filter(Exists(Game.objects.awaiting_move_by(OuterRef("pk"))))
    for user in waiting_users:
        local = now.astimezone(user.zone)
        if local.hour != DIGEST_HOUR:
            continue
        games = list(
            Game.objects.awaiting_move_by(user)
            .prefetch_related("seats__user")
            .order_by("turn_deadline")
        )
        context = {
            "games": [
                {
                    "game": game,
                    "url": absolute_url(game.get_absolute_url()),
                    "opponents": [s.name for s in game.seats.all() if s.user_id != user.pk],
                }
                for game in games
            ]
        }
        sent += send_once(f"digest:{user.pk}:{local.date()}", user, "daily_digest", context)
    return sent
