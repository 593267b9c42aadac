"""The leagues' pages, as players see them: the list, a league's page, joining (and being
refused, with the reason), leaving; a league game's page and mails name the league and link
the standings, which link the games."""

import pytest
from django.core import mail
from django.urls import reverse

from accounts.services import start_vacation
from games import services as games
from leagues import services
from leagues.models import Entry
from tests.leagues.conftest import enter


def left_a_game(user) -> None:
    """``user`` leaves a game against the computer, which then ends: a finished game they
    did not complete, so their reliability is 0 %."""
    game = games.create_game(user, engine="toy", num_players=2, bots=1)
    games.resign(game, user)


def test_the_list_shows_each_league_and_its_next_season(client, league):
    page = client.get(reverse("leagues:list")).content.decode()
    assert "Rift League" in page
    assert league.get_absolute_url() in page
    assert "season 1 starts" in page


def test_a_signed_in_player_joins_the_next_season(client, league, alice):
    client.force_login(alice)
    assert "Join the next season" in client.get(league.get_absolute_url()).content.decode()
    response = client.post(reverse("leagues:join", args=[league.slug]), follow=True)
    page = response.content.decode()
    assert "You are in the next season" in page
    assert "1 player entered" in page
    assert league.next_season().entries.filter(user=alice).exists()


def test_a_visitor_must_sign_in_to_join(client, league):
    response = client.post(reverse("leagues:join", args=[league.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert not Entry.objects.exists()


def test_a_player_with_a_low_reliability_is_refused_with_the_reason(client, league, alice):
    left_a_game(alice)
    client.force_login(alice)
    page = client.get(league.get_absolute_url()).content.decode()
    assert "Your reliability is 0 %; this league asks for 80 % at least." in page
    assert "Join the next season" not in page
    response = client.post(reverse("leagues:join", args=[league.slug]), follow=True)
    assert "Your reliability is 0 %" in response.content.decode()
    assert not Entry.objects.exists()


def test_a_player_on_vacation_through_the_start_is_refused(client, league, alice):
    start_vacation(alice)
    alice.refresh_from_db()
    client.force_login(alice)
    response = client.post(reverse("leagues:join", args=[league.slug]), follow=True)
    assert "You are on vacation until after the season starts" in response.content.decode()
    assert not Entry.objects.exists()


def test_joining_twice_is_refused(league, alice):
    services.join(league, alice)
    with pytest.raises(services.LeagueError, match="already in the next season"):
        services.join(league, alice)


def test_a_player_leaves_before_the_season_starts(client, league, alice):
    services.join(league, alice)
    client.force_login(alice)
    response = client.post(reverse("leagues:leave", args=[league.slug]), follow=True)
    assert "You have left the league" in response.content.decode()
    assert not league.next_season().entries.filter(left_at=None).exists()


def test_standings_and_game_pages_link_each_other(client, league, crowd):
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    table = season.divisions.get().tables.first()
    client.force_login(crowd[0])

    standings = client.get(league.get_absolute_url()).content.decode()
    assert "Division 1" in standings and "Explorer 1" in standings
    assert table.game.get_absolute_url() in standings
    assert "Your games of this season are in My games" in standings

    game_page = client.get(table.game.get_absolute_url()).content.decode()
    assert f"Rift League, season 1, Division 1, round {table.round}" in game_page
    assert season.get_absolute_url().replace("&", "&amp;") + "#division-1" in game_page


def test_the_log_of_a_game_the_close_finished_says_so(client, league, crowd):
    enter(league, crowd[:8])
    season = services.start_season(league.next_season())
    services.close_season(season)
    table = season.divisions.get().tables.first()
    page = client.get(table.game.get_absolute_url() + "?log=all").content.decode()
    assert "The season closed: the computer played every seat to the end of the game." in page
    archive = client.get(league.get_absolute_url() + "?season=1").content.decode()
    assert "Season 1, closed on" in archive
    assert "Next season" in archive


def test_a_league_game_s_mails_name_the_league(
    league, crowd, mailoutbox, django_capture_on_commit_callbacks
):
    enter(league, crowd[:8])
    with django_capture_on_commit_callbacks(execute=True):
        services.start_season(league.next_season())
    turns = [m for m in mail.outbox if "Season 1" not in m.subject]
    assert turns
    assert all("Rift League, season 1, Division 1" in m.body for m in turns)


def test_an_unknown_season_is_not_found(client, league):
    assert client.get(league.get_absolute_url() + "?season=9").status_code == 404
    assert client.get(league.get_absolute_url() + "?season=x").status_code == 404
