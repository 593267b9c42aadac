"""A league's seasons through the services: divisions and tables at the start, standings by
points, the close with unfinished games, promotion and relegation, the players left out."""

import itertools

import pytest
from django.core import mail

from games.models import END_AT_CLOSE, Game, Move, Seat
from leagues import services
from leagues.models import Entry, Season, Table
from leagues.schedule import placement_points, quarter
from notifications.models import OutboundMail
from ratings.services import reliability
from tests.leagues.conftest import enter, make_players


def opponents_met(division) -> set:
    met = set()
    for table in division.tables.all():
        users = [s.user_id for s in table.game.seats.all()]
        met |= {frozenset(pair) for pair in itertools.combinations(users, 2)}
    return met


def test_a_season_starts_every_game_at_once_and_every_pair_meets(league, crowd):
    enter(league, crowd)
    season = services.start_season(league.next_season())

    assert season.status == Season.Status.RUNNING
    (division,) = season.divisions.all()  # 20 players: one division
    assert division.entries.count() == 20
    tables = list(division.tables.select_related("game"))
    assert all(t.game.status == Game.Status.ACTIVE for t in tables)
    assert all(t.game.rated and t.game.public and t.game.num_players == 4 for t in tables)
    assert len(opponents_met(division)) == 20 * 19 // 2
    for user in crowd:  # once a round, at as many tables as there are rounds
        rounds = Table.objects.filter(division=division, game__seats__user=user)
        assert rounds.count() == len({t.round for t in tables})


def test_every_player_is_told_the_season_started(
    league, crowd, mailoutbox, django_capture_on_commit_callbacks
):
    enter(league, crowd)
    with django_capture_on_commit_callbacks(execute=True):
        services.start_season(league.next_season())
    told = OutboundMail.objects.filter(template="season_started")
    assert sorted(told.values_list("user__display_name", flat=True)) == sorted(
        u.display_name for u in crowd
    )
    season_mails = [m for m in mail.outbox if "Season 1 of Rift League" in m.subject]
    assert len(season_mails) == 20
    assert "Division 1" in season_mails[0].body
    assert "/leagues/rift-league/?season=1" in season_mails[0].body
    # One mail for the season, not one per game; the first to move at each table is told.
    assert not OutboundMail.objects.filter(template="game_started").exists()
    assert OutboundMail.objects.filter(template="your_turn").count() == Table.objects.count()


def test_a_season_with_too_few_players_does_not_start(league, crowd):
    enter(league, crowd[:7])
    with pytest.raises(services.LeagueError, match="8 players at least"):
        services.start_season(league.next_season())
    assert league.next_season().status == Season.Status.OPEN
    assert not Game.objects.exists()


def test_the_close_plays_unfinished_games_to_their_end_and_the_log_says_so(league, crowd):
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    before = {t.game_id: t.game.version for t in Table.objects.select_related("game")}

    services.close_season(season)

    for table in Table.objects.select_related("game"):
        assert table.game.status == Game.Status.FINISHED
        assert table.closed_with == Table.Closing.BOT
        assert table.closed_version == before[table.game_id]
        assert Move.objects.filter(game=table.game, automatic=True).exists()
        assert all(seat.place for seat in table.game.seats.all())
    # The computer's moves at the close say nothing of the players: no reliability is lost.
    assert all(
        reliability(entrant).moves_in_time == reliability(entrant).moves for entrant in crowd[:8]
    )


def test_a_game_the_bot_cannot_finish_in_time_ends_with_the_scores_as_they_stood(
    league, crowd, settings
):
    settings.LEAGUE_CLOSE_SECONDS = 0
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    services.close_season(season)
    for table in Table.objects.select_related("game"):
        assert table.closed_with == Table.Closing.SCORES
        assert table.game.end_reason == END_AT_CLOSE
        assert not Move.objects.filter(game=table.game).exists()


def test_standings_go_by_points_then_wins_then_scores(league, crowd):
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    services.close_season(season)
    division = season.divisions.get()
    expected = {u.pk: 0 for u in crowd[:8]}
    for table in division.tables.all():
        seats = list(table.game.seats.all())
        for seat, points in zip(seats, placement_points([s.place for s in seats]), strict=True):
            expected[seat.user_id] += points
    entries = list(division.entries.order_by("rank"))
    assert [e.rank for e in entries] == list(range(1, 9))
    assert {e.user_id: e.points for e in entries} == {
        k: pytest.approx(float(v)) for k, v in expected.items()
    }
    keys = [(-e.points, -e.wins, -e.score_sum) for e in entries]
    assert keys == sorted(keys)


def test_two_seasons_promote_and_relegate_a_quarter_and_make_a_rookie_division(league, crowd):
    enter(league, crowd)
    first = services.start_season(league.next_season())
    services.close_season(first)
    # One division: nobody goes up or down, everyone is entered in the next season.
    assert not first.entries.exclude(movement="").exists()
    second = league.next_season()
    assert second.entries.count() == 20
    newcomers = make_players(9, prefix="Rookie")
    enter(league, newcomers)

    second = services.start_season(second)
    top, rookies = second.divisions.order_by("level")
    assert not top.rookie and rookies.rookie
    assert set(rookies.entries.values_list("user_id", flat=True)) == {u.pk for u in newcomers}
    assert len(opponents_met(rookies)) == 9 * 8 // 2
    services.close_season(second)

    going_up = rookies.entries.filter(movement=Entry.Movement.UP)
    going_down = top.entries.filter(movement=Entry.Movement.DOWN)
    assert sorted(going_up.values_list("rank", flat=True)) == list(range(1, quarter(9) + 1))
    assert sorted(going_down.values_list("rank", flat=True)) == list(range(16, 21))
    assert not top.entries.filter(movement=Entry.Movement.UP).exists()
    assert not rookies.entries.filter(movement=Entry.Movement.DOWN).exists()

    third = services.start_season(league.next_season())
    upper, lower = third.divisions.order_by("level")
    upper_ids = set(upper.entries.values_list("user_id", flat=True))
    assert set(going_up.values_list("user_id", flat=True)) <= upper_ids
    assert not set(going_down.values_list("user_id", flat=True)) & upper_ids
    assert not lower.rookie


def test_a_player_with_timeouts_in_more_than_a_third_of_their_games_is_left_out(league, crowd):
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    slow, steady = crowd[0], crowd[1]
    slow_seats = list(Seat.objects.filter(user=slow, game__league_table__isnull=False))
    for seat in slow_seats[: len(slow_seats) // 3 + 1]:
        Seat.objects.filter(pk=seat.pk).update(timeouts=1)
    Seat.objects.filter(pk=Seat.objects.filter(user=steady).first().pk).update(timeouts=1)

    services.close_season(season)

    assert season.entries.get(user=slow).left_out
    assert not season.entries.get(user=steady).left_out
    following = league.next_season()
    assert not following.entries.filter(user=slow).exists()
    assert following.entries.filter(user=steady).exists()


def test_a_player_who_leaves_forfeits_their_games_to_the_bot_as_timeouts(league, crowd):
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    quitter = crowd[3]

    services.leave(league, quitter)

    seats = Seat.objects.filter(user=quitter, game__league_table__division__season=season)
    assert seats.count() > 0
    assert all(s.left_at is not None and s.timeouts >= 1 for s in seats)
    assert season.entries.get(user=quitter).left_at is not None
    services.close_season(season)
    assert season.entries.get(user=quitter).timeout_games == seats.count()
    assert not league.next_season().entries.filter(user=quitter).exists()


def test_a_player_may_leave_the_next_season_before_it_starts(league, crowd):
    enter(league, crowd[:2])
    services.leave(league, crowd[0])
    assert list(league.next_season().entries.filter(left_at=None)) == [
        league.next_season().entries.get(user=crowd[1])
    ]
    with pytest.raises(services.LeagueError, match="not in this league"):
        services.leave(league, crowd[0])


def test_the_hard_bot_finishes_what_it_can_in_its_time_and_the_rest_ends_at_the_scores(
    crowd, settings
):
    settings.LEAGUE_CLOSE_BOT_LEVEL = "hard"
    settings.LEAGUE_CLOSE_SECONDS = 0.3
    settings.BOT_HARD_ITERATIONS = 5
    league = services.create_league(engine="africa", name="Hard close", table_size=4)
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    services.close_season(season)
    for table in Table.objects.select_related("game"):
        assert table.game.status == Game.Status.FINISHED
        assert table.closed_with in (Table.Closing.BOT, Table.Closing.SCORES)
        assert (table.game.end_reason == END_AT_CLOSE) == (
            table.closed_with == Table.Closing.SCORES
        )
    assert season.entries.filter(rank__isnull=False).count() == 8
