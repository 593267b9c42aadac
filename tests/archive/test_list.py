"""The archive list: finished games only, newest first, filtered by game, player, date, number
of players and rated, paginated."""

import re
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from archive.views import GAMES_PER_PAGE
from tests.fixtures import make_player
from tests.ratings.conftest import START, finished_game

pytestmark = pytest.mark.django_db


REPLAY_LINK = re.compile(r'href="/archive/([0-9a-f-]{36})/"')


def listed(client, **filters):
    """The codes of the games listed, in order, and the page."""
    html = client.get(reverse("archive"), filters).content.decode()
    return REPLAY_LINK.findall(html), html


def codes(*games):
    return [str(game.code) for game in games]


def listed_codes(client, **filters):
    return listed(client, **filters)[0]


@pytest.fixture
def carla(db):
    return make_player("carla@example.com", "Carla")


def test_it_lists_finished_games_newest_first_and_no_running_game(client, alice, bob, duel):
    older = finished_game([alice, bob], [1, 2])
    newer = finished_game([bob, alice], [1, 2])

    assert listed_codes(client) == codes(newer, older)
    assert str(duel.code) not in client.get(reverse("archive")).content.decode()


def test_a_row_lists_the_players_by_place_with_their_scores(client, alice, bob):
    finished_game([alice, bob], [2, 1], scores=[30, 35])

    assert "<li>1. Bob (35)</li><li>2. Alice (30)</li>" in listed(client)[1]


def test_it_filters_by_player(client, alice, bob, carla):
    with_carla = finished_game([alice, carla], [1, 2])
    finished_game([alice, bob], [1, 2])

    assert listed_codes(client, player="CARLA") == codes(with_carla)


def test_it_filters_by_number_of_players_and_rated(client, alice, bob, carla):
    three = finished_game([alice, bob, carla], [1, 2, 3])
    unrated = finished_game([alice, bob], [1, 2], rated=False)
    rated = finished_game([alice, bob], [2, 1])

    assert listed_codes(client, players=3) == codes(three)
    assert listed_codes(client, rated="no") == codes(unrated)
    assert listed_codes(client, rated="yes", players=2) == codes(rated)


def test_it_filters_by_date_finished(client, alice, bob):
    finished_game([alice, bob], [1, 2], finished_at=START)
    june = finished_game([alice, bob], [1, 2], finished_at=START + timedelta(days=40))
    finished_game([alice, bob], [1, 2], finished_at=START + timedelta(days=80))
    day = (START + timedelta(days=40)).date()

    found = listed_codes(client, since=day - timedelta(days=1), until=day + timedelta(days=1))

    assert found == codes(june)


def test_a_bad_filter_is_explained_and_ignored(client, alice, bob):
    game = finished_game([alice, bob], [1, 2])

    found, html = listed(client, since="yesterday", players=9)

    assert "Enter a valid date." in html
    assert found == codes(game)


def test_it_paginates_and_keeps_the_filters(client, alice, bob):
    games = [finished_game([alice, bob], [1, 2]) for _n in range(GAMES_PER_PAGE + 2)]

    first = listed_codes(client, player="alice")
    second, html = listed(client, player="alice", page=2)

    assert first == codes(*reversed(games[2:]))
    assert second == codes(*reversed(games[:2]))
    assert "Page 2 of 2" in html
    assert 'href="?player=alice&amp;page=1"' in html


def test_the_archive_query_count_does_not_grow_with_the_page(
    client, alice, bob, django_assert_max_num_queries
):
    for _n in range(GAMES_PER_PAGE):
        finished_game([alice, bob], [1, 2])

    with django_assert_max_num_queries(6):
        client.get(reverse("archive"), {"player": "bob", "players": 2})


def test_a_filter_is_counted_once_and_its_count_reused_by_its_other_pages(client, alice, bob):
    for _n in range(GAMES_PER_PAGE + 1):
        finished_game([alice, bob], [1, 2])
    listed(client, player="alice")

    with CaptureQueriesContext(connection) as queries:
        _codes, html = listed(client, player="alice", page=2)

    assert "Page 2 of 2" in html
    assert not [q for q in queries.captured_queries if "COUNT(" in q["sql"]]
    assert "Page 1 of 2" in listed(client, player="bob", players=2)[1]  # its own count


def test_the_date_finished_is_written_with_the_months_name_not_in_american_digits(
    client, alice, bob
):
    finished_game([alice, bob], [1, 2], finished_at=timezone.make_aware(datetime(2026, 11, 25)))

    html = listed(client)[1]

    assert "Nov. 25, 2026" in html and "11/25/2026" not in html
    assert (
        "25 novembre 2026"
        in client.get(reverse("archive"), headers={"accept-language": "fr"}).content.decode()
    )
