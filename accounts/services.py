"""Vacations: 20 days a year during which a player's deadlines stand still."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.signals import vacation_ended

VACATION_DAYS_PER_YEAR = 20
DAY_SECONDS = 24 * 60 * 60


class VacationError(Exception):
    """A vacation request that cannot be honoured; ``message`` is for the player."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = str(message)


def _days_used(user: User, now) -> float:
    """Days used this calendar year, the running vacation included."""
    used = user.vacation_days_used if user.vacation_year == now.year else 0.0
    if user.vacation_started_at is not None:
        used += (now - user.vacation_started_at).total_seconds() / DAY_SECONDS
    return used


def vacation_days_left(user: User, now=None) -> float:
    """Vacation days ``user`` has left this calendar year (may be fractional, never below 0)."""
    now = now or timezone.now()
    return max(0.0, VACATION_DAYS_PER_YEAR - _days_used(user, now))


def vacation_until(user: User, now=None):
    """When ``user``'s vacation under way ends at the latest (now plus the days they have
    left this year), or None when they are not on vacation."""
    if not user.on_vacation:
        return None
    now = now or timezone.now()
    return now + timedelta(days=vacation_days_left(user, now))


@transaction.atomic
def start_vacation(user: User) -> None:
    """Pause ``user``'s deadlines in all their games from now. Raises VacationError when they
    are already on vacation or have no day left this year."""
    user = User.objects.select_for_update().get(pk=user.pk)
    now = timezone.now()
    if user.on_vacation:
        raise VacationError(_("You are already on vacation."))
    if vacation_days_left(user, now) <= 0:
        raise VacationError(_("You have used all your vacation days for this year."))
    if user.vacation_year != now.year:
        user.vacation_year, user.vacation_days_used = now.year, 0.0
    user.vacation_started_at = now
    user.save(update_fields=["vacation_started_at", "vacation_year", "vacation_days_used"])


@transaction.atomic
def end_vacation(user: User) -> None:
    """End ``user``'s vacation: count the days used, and move the deadline and reminder of
    each game waiting for their move by the time the turn stood still (the games do it on the
    ``vacation_ended`` signal, in this transaction; the games' versions stay, so mailed reply
    addresses still play)."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if not user.on_vacation:
        return
    now = timezone.now()
    started = user.vacation_started_at
    used = _days_used(user, now)
    user.vacation_year = now.year
    user.vacation_days_used = min(float(VACATION_DAYS_PER_YEAR), used)
    user.vacation_started_at = None
    user.save(update_fields=["vacation_started_at", "vacation_year", "vacation_days_used"])
    vacation_ended.send(sender=User, user=user, started=started, now=now)
