"""What a poll writes and what a move's answer offers: a poll that finds nothing new writes
nothing, and the answer to a move offers undo exactly when the move may be taken back."""

from datetime import timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Seat
from tests.support.play import AFRICA_ONLY, first_with, play, player_to_move, uncover_and_decide

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
UNDO = "Undo my last action"


def poll(client, game):
    return client.get(reverse("game_poll", args=[game.code]), {"version": game.version})


def writes(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]


def test_a_poll_that_finds_nothing_new_writes_nothing(client, duel):
    client.force_login(player_to_move(duel))
    assert poll(client, duel).status_code == 204  # notes the visit

    with CaptureQueriesContext(connection) as queries:
        response = poll(client, duel)

    assert response.status_code == 204
    assert writes(queries) == []


def test_a_poll_notes_the_visit_again_after_a_minute(client, duel):
    mover = player_to_move(duel)
    client.force_login(mover)
    poll(client, duel)
    seen = Seat.objects.get(game=duel, user=mover).last_seen_at

    with time_machine.travel(timezone.now() + timedelta(minutes=2), tick=False):
        poll(client, duel)
        later = timezone.now()

    assert seen is not None
    assert Seat.objects.get(game=duel, user=mover).last_seen_at == later


def act(client, game, action):
    return client.post(
        reverse("game_act", args=[game.code]),
        {"action": action, "version": game.version},
        headers=HTMX,
    ).content.decode()


@AFRICA_ONLY
def test_the_answer_to_a_move_offers_to_undo_it(client, duel_underway):
    game = uncover_and_decide(duel_underway)
    client.force_login(player_to_move(game))
    cache.clear()

    html = act(client, game, first_with(game, "move "))

    assert "Your turn." in html
    assert UNDO in html


@AFRICA_ONLY
def test_the_answer_to_an_uncover_offers_no_undo(client, duel_underway):
    game = duel_underway
    client.force_login(player_to_move(game))
    cache.clear()

    html = act(client, game, first_with(game, "uncover "))

    assert "Your turn." in html
    assert UNDO not in html


@AFRICA_ONLY
def test_the_page_offers_undo_as_the_answer_did_after_the_cache_is_lost(client, duel_underway):
    game = uncover_and_decide(duel_underway)
    game = play(game, first_with(game, "move "))
    client.force_login(player_to_move(game))
    cache.clear()

    assert UNDO in client.get(game.get_absolute_url()).content.decode()
