"""The play page's poll with its token: one query while nothing changed, and never a way
around the access check, the notes of a visit or a changed game."""

import re
from datetime import timedelta
from html import unescape

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, Seat
from tests.support.play import first_with, other_player, play, player_to_move

pytestmark = pytest.mark.django_db

SYNC = re.compile(r'<div id="game-sync" hidden data-version="(\d+)"[^>]* data-poll="([^"]+)"')


def page_poll_url(client, game: Game) -> str:
    """The poll URL the play page gives its viewer: its ``#game-sync``'s ``data-poll`` with
    the page's version, as the page's script asks it."""
    page = client.get(reverse("game_detail", args=[game.code]))
    assert page.status_code == 200
    version, poll = SYNC.search(page.content.decode()).groups()
    return f"{unescape(poll)}&version={version}"


def test_a_players_poll_finds_nothing_new_in_one_query(client, duel):
    client.force_login(player_to_move(duel))
    url = page_poll_url(client, duel)  # the page notes the visit

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)

    assert response.status_code == 204
    assert len(queries) == 1


def test_a_watchers_poll_of_a_public_game_finds_nothing_new_in_one_query(client, alice, bob):
    game = services.create_game(alice, num_players=2, seed=7, public=True)
    services.join_game(game, bob)
    game.refresh_from_db()
    url = page_poll_url(client, game)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)

    assert response.status_code == 204
    assert len(queries) == 1


def test_a_poll_after_a_move_gets_the_fresh_game(client, duel):
    watcher = other_player(duel)
    client.force_login(watcher)
    url = page_poll_url(client, duel)

    play(duel, first_with(duel, ""))
    response = client.get(url, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert f'id="game-sync" hx-swap-oob="outerHTML" hidden data-version="{duel.version + 1}"' in (
        response.content.decode()
    )


def test_a_poll_notes_the_visit_once_a_minute_with_its_token(client, duel):
    mover = player_to_move(duel)
    client.force_login(mover)
    url = page_poll_url(client, duel)

    with time_machine.travel(timezone.now() + timedelta(minutes=2), tick=False):
        assert client.get(url).status_code == 204
        later = timezone.now()

    assert Seat.objects.get(game=duel, user=mover).last_seen_at == later


def test_another_games_token_shows_an_outsider_nothing(client, duel, alice, bob, dave):
    public = services.create_game(alice, num_players=2, seed=8, public=True)
    services.join_game(public, bob)
    public.refresh_from_db()
    client.force_login(dave)
    token = page_poll_url(client, public).split("t=")[1]
    url = reverse("game_poll", args=[duel.code])  # a running game dave may not see

    for forged in (token, "w", "w:1x:forged", token.replace("w", "1", 1)):
        response = client.get(url, {"version": duel.version, "t": forged})
        assert response.status_code == 403


def test_an_old_token_takes_the_full_path_and_brings_a_fresh_one(client, duel, dave):
    client.force_login(player_to_move(duel))
    url = page_poll_url(client, duel)

    with time_machine.travel(timezone.now() + timedelta(hours=2), tick=False):
        answer = client.get(url, headers={"HX-Request": "true"})
        assert answer.status_code == 200  # nothing moved, but the page gets a fresh token
        version, poll = SYNC.search(answer.content.decode()).groups()
        assert (int(version), unescape(poll)) != (duel.version, url.split("&version=")[0])
        assert client.get(f"{unescape(poll)}&version={version}").status_code == 204
        client.force_login(dave)
        assert client.get(url).status_code == 403


@pytest.mark.parametrize("version", ["\x00", "1\x00", "", "-1", "²", "9" * 30])
def test_a_garbled_version_gets_the_views_answer(client, duel, version):
    client.force_login(player_to_move(duel))
    token = page_poll_url(client, duel).split("t=")[1]

    response = client.get(reverse("game_poll", args=[duel.code]), {"version": version, "t": token})

    expected = 400 if "\x00" in version else 200  # refused, or the game as it is now
    assert response.status_code == expected


@pytest.mark.parametrize("outsider", ["dave", "nobody"])
def test_a_players_token_copied_elsewhere_tells_nothing_of_the_game(duel, dave, outsider):
    """Out of its session, a player's token answers as no token would: the same for an
    active and an idle player, a moved and an unmoved game."""
    owner = Client()
    owner.force_login(player_to_move(duel))
    url = page_poll_url(owner, duel)  # the page notes the visit: the player is active
    thief = Client()
    if outsider == "dave":
        thief.force_login(dave)

    copied = thief.get(url)
    bare = thief.get(url.split("&t=")[0])

    assert copied.status_code == bare.status_code != 204
    assert owner.get(url).status_code == 204
