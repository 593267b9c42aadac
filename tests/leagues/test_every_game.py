"""A league of 20 players of each of the site's games, through two seasons, with the bot
playing every seat at the close: the same path as the toy game's, with the real engines."""

import collections
import itertools
from decimal import Decimal
from fractions import Fraction

import pytest

from games.models import Game, Seat
from leagues import services
from leagues.models import Season, Table
from leagues.schedule import placement_points
from tests.leagues.conftest import enter, make_players

pytestmark = pytest.mark.slow  # some 200 games played to their end by the bot


@pytest.mark.parametrize("engine", ["africa", "africana", "nile"])
def test_twenty_players_play_two_seasons(engine, db):
    players = make_players(20)
    league = services.create_league(engine=engine, name=f"League of {engine}", table_size=4)
    enter(league, players)
    for number in (1, 2):
        season = services.start_season(league.next_season())
        assert season.number == number
        (division,) = season.divisions.all()
        tables = list(division.tables.select_related("game"))
        assert {t.game.num_players for t in tables} == {4}
        assert {t.game.engine for t in tables} == {engine}
        met = {
            frozenset(pair)
            for t in tables
            for pair in itertools.combinations([s.user_id for s in t.game.seats.all()], 2)
        }
        assert len(met) == 190

        services.close_season(season)

        assert not Game.objects.active().exists()
        assert all(t.closed_with == Table.Closing.BOT for t in division.tables.all())
        earned = collections.defaultdict(Fraction)
        for t in tables:
            seats = list(Seat.objects.filter(game=t.game).order_by("number"))
            for seat, points in zip(seats, placement_points([s.place for s in seats]), strict=True):
                earned[seat.user_id] += points
        entries = list(division.entries.order_by("rank"))
        # Each standing shows its exact points to the hundredth (a tie of three shares 7/3).
        assert {e.user_id: e.points for e in entries} == {
            user: round(Decimal(p.numerator) / Decimal(p.denominator), 2)
            for user, p in earned.items()
        }
        assert [e.rank for e in entries] == list(range(1, 21))
    assert league.seasons.filter(status=Season.Status.CLOSED).count() == 2
    assert league.next_season().entries.count() == 20
