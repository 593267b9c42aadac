"""Leaderboards (established players only, best first, paginated) and players' profiles
(results, rating history as an SVG readable without colour, reliability, recent games, and
current games only when the viewer may watch them)."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from ratings.models import PROVISIONAL_GAMES, PlayerRating
from ratings.views import PLAYERS_PER_PAGE
from tests.fixtures import make_player, shows
from tests.ratings.conftest import finished_game
from tests.support.play import AFRICA_ONLY

pytestmark = pytest.mark.django_db


def leaderboard(client, **query):
    return client.get(reverse("leaderboard", args=["africa"]), query).content.decode()


def names_listed(html):
    return re.findall(r'<td><a href="/players/[^"]+/">([^<]+)</a></td>', html)


def profile(client, user):
    return client.get(reverse("player_profile", args=[user.display_name])).content.decode()


@pytest.fixture
def regulars(alice, bob):
    """alice and bob after PROVISIONAL_GAMES games, alice winning most."""
    for n in range(PROVISIONAL_GAMES):
        finished_game([alice, bob], [1, 2] if n % 3 else [2, 1])
    return alice, bob


def test_the_leaderboard_ranks_established_players_best_first(client, regulars, dave):
    alice, bob = regulars
    finished_game([dave, alice], [1, 2])  # dave is provisional after one game

    html = leaderboard(client)

    assert names_listed(html) == ["Alice", "Bob"]
    assert "Dave" not in html
    rating = PlayerRating.objects.get(user=alice)
    assert f"{rating.ordinal:.1f}" in html
    row = html.split(">Alice<")[1].split("</tr>")[0]
    assert re.findall(r'class="number">(\d+)<', row) == [str(rating.games), str(rating.wins)]


def test_the_leaderboard_paginates_with_ranks_going_on(client, django_assert_max_num_queries):
    users = [make_player(f"p{n}@example.com", f"P{n:03}") for n in range(PLAYERS_PER_PAGE + 1)]
    PlayerRating.objects.bulk_create(
        PlayerRating(user=u, engine="africa", mu=30, sigma=2, ordinal=30 - n, games=12, wins=1)
        for n, u in enumerate(users)
    )

    with django_assert_max_num_queries(4):
        second = leaderboard(client, page=2)

    assert names_listed(second) == [users[-1].display_name]
    assert f'<td class="number">{PLAYERS_PER_PAGE + 1}</td>' in second
    assert "Page 2 of 2" in second


def test_an_unknown_game_has_no_leaderboard(client):
    assert client.get(reverse("leaderboard", args=["chess"])).status_code == 404


def test_the_profile_shows_results_per_game(client, alice, bob):
    finished_game([alice, bob], [1, 2], scores=[30, 20])
    finished_game([alice, bob], [2, 1], scores=[21, 25])

    html = profile(client, alice)

    row = html.split('<th scope="row">Africa</th>')[1].split("</tr>")[0]
    assert re.findall(r'class="number">([\d.]+)<', row) == ["2", "1", "25.5", "30"]


def test_the_profile_draws_the_rating_history_with_markers_and_labels(client, regulars):
    alice, _bob = regulars

    html = profile(client, alice)

    chart = html.split('<svg class="chart"')[1].split("</svg>")[0]
    assert chart.count('<circle class="point') == PROVISIONAL_GAMES + 1
    assert chart.count('class="point win"') == PlayerRating.objects.get(user=alice).wins
    assert "filled markers are wins" in chart
    assert "After game 10 (place" in chart
    last = PlayerRating.objects.get(user=alice).ordinal
    assert f">{last:.1f}</text>" in chart  # the last rating is written, not only drawn
    assert "The rating history as a table" in html


def test_the_profile_shows_reliability(client, alice, bob):
    finished_game([alice, bob], [2, 1], left=(0,))
    finished_game([alice, bob], [1, 2])

    html = profile(client, alice)

    assert "50 %" in html
    assert "1 of 2" in html


def test_a_player_is_found_by_display_name_in_any_case(client, alice):
    assert client.get(reverse("player_profile", args=["aLiCe"])).status_code == 200
    assert client.get(reverse("player_profile", args=["nobody"])).status_code == 404


def test_recent_games_link_to_their_replay(client, alice, bob):
    game = finished_game([alice, bob], [1, 2])

    assert reverse("replay", args=[game.code]) in profile(client, alice)


def test_current_games_are_shown_only_to_those_who_may_watch(client, duel_underway, dave):
    url = duel_underway.get_absolute_url()
    alice = duel_underway.creator

    client.force_login(dave)
    assert url not in profile(client, alice)

    Game.objects.filter(pk=duel_underway.pk).update(public=True)
    assert url in profile(client, alice)

    client.logout()
    Game.objects.filter(pk=duel_underway.pk).update(public=False)
    assert url not in profile(client, alice)
    client.force_login(alice)
    assert url in profile(client, alice)


@AFRICA_ONLY
def test_no_page_of_a_running_game_reveals_its_secrets(client, duel_underway, dave):
    game = duel_underway
    Game.objects.filter(pk=game.pk).update(public=True)
    secrets = [str(game.seed), game.salt]
    client.force_login(dave)
    pages = [
        client.get(reverse("player_profile", args=["Alice"])),
        client.get(reverse("archive")),
        client.get(reverse("archive"), {"player": "Alice"}),
        client.get(reverse("replay", args=[game.code])),
        client.get(reverse("game_record", args=[game.code])),
        client.get(game.get_absolute_url()),
    ]

    for response in pages:
        html = response.content.decode()
        assert not any(shows(html, secret) for secret in secrets)
        board = html.split('<rect class="sea"')[-1].split("</svg>")[0]
        assert set(re.findall(r'href="#m-(\w+)"', board)) <= {"hidden"}  # nothing uncovered yet
    assert [r.status_code for r in pages[3:5]] == [302, 404]
    assert 'href="#m-hidden"' in pages[-1].content.decode()  # the play page drew the board
