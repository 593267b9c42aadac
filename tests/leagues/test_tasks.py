"""The beat task starts and closes seasons at their dates."""

from datetime import timedelta

import time_machine
from django.utils import timezone

from leagues.models import Season
from leagues.tasks import start_and_close_seasons
from tests.leagues.conftest import enter


def test_seasons_start_and_close_at_their_dates(league, crowd):
    enter(league, crowd[:8])
    season = league.next_season()
    assert start_and_close_seasons() == {"started": 0, "closed": 0}

    with time_machine.travel(season.starts_at + timedelta(minutes=1)):
        assert start_and_close_seasons() == {"started": 1, "closed": 0}
        season.refresh_from_db()
        assert season.status == Season.Status.RUNNING
    with time_machine.travel(season.ends_at + timedelta(minutes=1)):
        assert start_and_close_seasons() == {"started": 0, "closed": 1}
    season.refresh_from_db()
    assert season.status == Season.Status.CLOSED
    assert league.next_season().starts_at > timezone.now()


def test_a_season_without_enough_players_stays_open(league, crowd):
    enter(league, crowd[:3])
    with time_machine.travel(league.next_season().starts_at + timedelta(minutes=1)):
        assert start_and_close_seasons() == {"started": 0, "closed": 0}
    assert league.next_season().number == 1
