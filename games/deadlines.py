"""Turn deadlines: a number of days per move, then the seat's time bank, optionally counting
weekdays only.

Timeouts are data, not timers: each running game carries the deadline of the turn under way
and the moment its reminder is due; a periodic sweep acts on the rows whose moment has come.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

REMINDER_SHARE = 0.8  # the reminder goes out when 80 % of the time for a move has passed
GIFT_EVERY = timedelta(hours=24)  # how often a player may give the player to move 24 h


def _weekend(moment: datetime) -> bool:
    return moment.weekday() >= 5


def _next_monday(moment: datetime) -> datetime:
    days = 7 - moment.weekday()
    return (moment + timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)


def _next_saturday(moment: datetime) -> datetime:
    days = 5 - moment.weekday()
    return (moment + timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)


def advance(start: datetime, amount: timedelta, *, skip_weekends: bool, zone: ZoneInfo) -> datetime:
    """The moment ``amount`` of counted time after ``start`` (aware): ``start + amount``, or,
    with ``skip_weekends``, after ``amount`` of weekday time in the player's ``zone``
    (Saturdays and Sundays there do not count). Returns an aware datetime in ``zone``."""
    moment = start.astimezone(zone)
    left = max(amount, timedelta(0))
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


def counted(start: datetime, end: datetime, *, skip_weekends: bool, zone: ZoneInfo) -> timedelta:
    """The counted time from ``start`` to ``end`` (aware; zero when ``end`` is not later):
    all of it, or with ``skip_weekends`` its weekday time in ``zone`` only. The inverse of
    ``advance``: ``counted(s, advance(s, a)) == a``."""
    if end <= start:
        return timedelta(0)
    if not skip_weekends:
        return end - start
    moment, end = start.astimezone(zone), end.astimezone(zone)
    total = timedelta(0)
    while moment < end:
        if _weekend(moment):
            moment = _next_monday(moment)
            continue
        stop = min(_next_saturday(moment), end)
        total += stop - moment
        moment = _next_saturday(moment)
    return total


def turn_deadline(start: datetime, days: int, *, skip_weekends: bool, zone: ZoneInfo) -> datetime:
    """When the time for a move that starts at ``start`` (aware) ends: ``days`` x 24 hours of
    counted time later (see ``advance``). Returns an aware datetime in ``zone``."""
    return advance(start, timedelta(days=days), skip_weekends=skip_weekends, zone=zone)


def reminder_due(start: datetime, deadline: datetime) -> datetime:
    """When the reminder for a span from ``start`` to ``deadline`` is due (80 % of the way)."""
    return start + (deadline - start) * REMINDER_SHARE


def reminders(start: datetime, move_end: datetime, deadline: datetime) -> list[datetime]:
    """The reminders of a turn from ``start`` whose move time ends at ``move_end`` and whose
    bank runs out at ``deadline`` (== ``move_end`` without a bank): one at 80 % of the move's
    time, and with a bank one more at 80 % of the bank, before it runs out. In time order."""
    moments = [reminder_due(start, move_end)]
    if deadline > move_end:
        moments.append(reminder_due(move_end, deadline))
    return moments


def next_reminder(
    start: datetime, move_end: datetime, deadline: datetime, now: datetime
) -> datetime | None:
    """The first of the turn's ``reminders`` later than ``now``, or None when all are past."""
    return next((m for m in reminders(start, move_end, deadline) if m > now), None)


@dataclass(frozen=True)
class Clock:
    """The clock of the player to move at one moment: ``move`` (the counted time left of the
    move's own time) and ``bank`` (the counted time left of their bank after it), timedeltas,
    never negative. The bank runs only once the move's time is spent."""

    move: timedelta
    bank: timedelta

    @property
    def total(self) -> timedelta:
        """All the time left before a timeout."""
        return self.move + self.bank


def clock(
    now: datetime, move_end: datetime, deadline: datetime, *, skip_weekends: bool, zone: ZoneInfo
) -> Clock:
    """The ``Clock`` at ``now`` of a turn whose move time ends at ``move_end`` and whose bank
    runs out at ``deadline`` (in counted time: weekends left out with ``skip_weekends``)."""
    options = {"skip_weekends": skip_weekends, "zone": zone}
    return Clock(
        move=counted(now, move_end, **options),
        bank=counted(max(now, move_end), deadline, **options),
    )
