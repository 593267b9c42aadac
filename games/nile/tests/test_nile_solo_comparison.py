"""A finished solo game is compared: the player's best and median solo scores on the same
rules, and the hard computer player's median on them, measured in the background (a request
never plays the bot's games itself) and kept in the cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from games import services
from games.models import Game
from games.nile.tests.test_nile_solo import _finished_solo, _play_to_the_end
from games.services import solo

pytestmark = pytest.mark.django_db

RULES = {"max_rounds": 3}


@pytest.fixture
def finished(alice):
    """alice's solo game of 3 rounds played to its end, and two earlier ones on its rules
    (12 and 20 VP), and one on other rules (99 VP) that is not compared."""
    game = _play_to_the_end(
        services.create_game(alice, engine="nile", num_players=1, options=RULES), alice
    )
    for score in (12, 20):
        earlier = _finished_solo(alice, score, rounds=3)
        Game.objects.filter(pk=earlier.pk).update(options=game.options)
    other = _finished_solo(alice, 99, rounds=3)
    Game.objects.filter(pk=other.pk).update(options=game.options | {"max_rounds": 4})
    return game


def test_the_player_sees_their_best_and_median_on_these_rules(client, alice, finished):
    client.force_login(alice)
    score = finished.seats.get().final_score
    scores = sorted([score, 12, 20])

    html = client.get(finished.get_absolute_url()).content.decode()

    assert (
        f"Your best solo score on these rules: {scores[-1]} VP; your median: {scores[1]} VP, "
        "over 3 games." in html
    )


def test_the_bots_median_is_measured_after_the_request_then_shown(
    client, alice, finished, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        html = client.get(finished.get_absolute_url()).content.decode()
    assert "is being measured: look again in a few minutes" in html
    assert cache.get(solo.bot_median_key("nile", finished.options)) is None  # not in the request

    for callback in sent:  # what the broker would run: the task, in Celery's eager mode
        callback()
    measured = cache.get(solo.bot_median_key("nile", finished.options))
    html = client.get(finished.get_absolute_url()).content.decode()

    assert measured["games"] == 1
    assert (
        f"The hard computer player's median on these rules: {measured['median']} VP, over 1 "
        "game." in html
    )


def test_the_measurement_is_sent_once_while_it_runs(
    client, alice, finished, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        client.get(finished.get_absolute_url())
        client.get(finished.get_absolute_url())

    assert len(sent) == 1


def test_a_game_with_others_and_a_watcher_get_no_comparison(client, alice, bob, finished):
    finished.public = True
    finished.save()
    client.force_login(bob)

    html = client.get(finished.get_absolute_url()).content.decode()

    assert "solo score" not in html
