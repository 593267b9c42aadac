"""Deadlines: days per move, with weekends left out when the game says so."""

from datetime import datetime
from zoneinfo import ZoneInfo

from games.deadlines import reminder_due, turn_deadline

PARIS = ZoneInfo("Europe/Paris")


def at(day, hour=12, zone=PARIS):
    return datetime(2026, 11, day, hour, tzinfo=zone)  # 2026-11-20 is a Friday


def test_a_deadline_is_days_per_move_later():
    assert turn_deadline(at(20), 3, skip_weekends=False, zone=PARIS) == at(23)


def test_without_weekends_friday_noon_plus_one_day_is_monday_noon():
    assert turn_deadline(at(20), 1, skip_weekends=True, zone=PARIS) == at(23)


def test_a_turn_starting_on_saturday_counts_from_monday():
    assert turn_deadline(at(21, 15), 2, skip_weekends=True, zone=PARIS) == at(25, 0)


def test_weekends_are_those_of_the_players_time_zone():
    tokyo = ZoneInfo("Asia/Tokyo")
    start = datetime(2026, 11, 20, 20, tzinfo=tokyo)  # Friday evening in Tokyo

    deadline = turn_deadline(start, 1, skip_weekends=True, zone=tokyo)

    assert deadline == datetime(2026, 11, 23, 20, tzinfo=tokyo)


def test_the_reminder_is_due_at_80_percent():
    assert reminder_due(at(20, 0), at(25, 0)) == at(24, 0)
