"""Turn deadlines: a number of days per move, optionally counting weekdays only.

Timeouts are data, not timers: each running game carries the deadline of the turn under way
and the moment its reminder is due; a periodic sweep acts on the rows whose moment has come.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

REMINDER_SHARE = 0.8  # the reminder goes out when 80 % of the time for a move has passed


def _weekend(moment: datetime) -> bool:
    return moment.weekday() >= 5


def _next_monday(moment: datetime) -> datetime:
    days = 7 - moment.weekday()
    return (moment + timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)


def _next_saturday(moment: datetime) -> datetime:
    days = 5 - moment.weekday()
    return (moment + timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)


def turn_deadline(start: datetime, days: int, *, skip_weekends: bool, zone: ZoneInfo) -> datetime:
    """When a turn that starts at ``start`` (aware) times out: ``days`` x 24 hours later, or,
    with ``skip_weekends``, after ``days`` x 24 hours of weekday time in the player's ``zone``
    (Saturdays and Sundays there do not count). Returns an aware datetime in ``zone``."""
    moment = start.astimezone(zone)
    left = timedelta(days=days)
    if not skip_weekends:
        return moment + left
    while True:
        if _weekend(moment):
            moment = _next_monday(moment)
            continue
        saturday = _next_saturday(moment)
        if moment + left <= saturday:
            return moment + left
        left -= saturday - moment
        moment = saturday


def reminder_due(start: datetime, deadline: datetime) -> datetime:
    """When the reminder for a turn from ``start`` to ``deadline`` is due (80 % of the way)."""
    return start + (deadline - start) * REMINDER_SHARE
