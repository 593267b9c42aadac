"""The live process's streams: who may open one, and what an open page hears.

A stream opens only with the poll token its own play page gave it, in the session the page was
shown in; it says the game's version at once, then each new one as moves are committed, and a
chat line; and never anything but those small messages.
"""

import re
from datetime import timedelta

import httpx
import pytest
import redis
import time_machine
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.polling import poll_token
from live.sources import client_name
from talk.services import post_message
from tests.live.conftest import (
    MESSAGE,
    WAIT,
    LiveServer,
    Stream,
    page_token,
    session_cookie,
    version_message,
    wait_until,
)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def status(url: str, cookies: dict | None = None) -> int:
    return httpx.get(url, cookies=cookies, timeout=WAIT).status_code


def move(game, user=None):
    """The player to move (or ``user``) plays the first legal action; the game after it."""
    game.refresh_from_db()
    user = user or game.seats.get(number=game.current_seat).user
    action = game.kind.engine.legal_actions(game.state)[0]
    return services.submit_action(game, user, action, game.version)


def test_a_stream_needs_its_pages_token_in_its_pages_session(live, duel, alice, bob):
    page = logged_in(alice)
    token = page_token(page, duel)
    cookies = session_cookie(page)
    other = services.create_game(bob, num_players=2, public=True)

    assert status(live.stream_url(duel, ""), cookies) == 403
    assert status(live.stream_url(duel, token[:-2] + "xx"), cookies) == 403
    assert status(live.stream_url(other, token), cookies) == 403  # the code changed
    assert status(live.stream_url(duel, token)) == 403  # no session
    assert status(live.stream_url(duel, token), session_cookie(logged_in(bob))) == 403
    assert status(f"{live.url}/live/games/not-a-code/?t={token}", cookies) == 403
    with time_machine.travel(timezone.now() - timedelta(hours=2)):
        old = poll_token(duel, duel.seats.get(user=alice), page.session.session_key)
    assert status(live.stream_url(duel, old), cookies) == 403

    stream = Stream(live.stream_url(duel, token), cookies)
    try:
        assert stream.response.status_code == 200
        assert stream.next() == version_message(duel.version)
    finally:
        stream.close()


def test_a_watcher_who_may_not_see_a_private_game_gets_no_stream(live, alice, bob, carol):
    game = services.create_game(alice, num_players=2, public=False)
    services.join_game(game, bob)
    watcher = logged_in(carol)

    page = watcher.get(reverse("game_detail", args=[game.code]))

    assert page.status_code == 403
    assert not re.search(rb"[?&](amp;)?t=", page.content)
    # The only token carol could make herself is a forged one.
    forged = poll_token(game, None, None)[:-4] + "abcd"
    assert status(live.stream_url(game, forged), session_cookie(watcher)) == 403


def follow_moves(server, game, alice):
    """Open alice's stream of ``game``, play three moves; return the stream's messages."""
    page = logged_in(alice)
    stream = Stream(server.stream_url(game, page_token(page, game)), session_cookie(page))
    try:
        assert stream.response.headers["content-type"].startswith("text/event-stream")
        assert stream.response.headers["cache-control"] == "no-cache"
        assert stream.response.headers["x-accel-buffering"] == "no"
        assert stream.next() == version_message(game.version)
        for _ in range(3):
            game = move(game)
            assert stream.next_event() == version_message(game.version)
        return stream.messages
    finally:
        stream.close()


def only_versions(messages: list[bytes], game) -> None:
    for message in messages:
        assert MESSAGE.fullmatch(message), message
    game.refresh_from_db()
    assert str(game.seed).encode() not in b"".join(messages) or len(str(game.seed)) < 4


def test_a_page_hears_each_move_from_the_database_poll(live, duel, alice):
    messages = follow_moves(live, duel, alice)

    only_versions(messages, duel)


@pytest.mark.needs_redis
def test_a_page_hears_each_move_published_on_redis(live_redis, duel, alice):
    messages = follow_moves(live_redis, duel, alice)

    only_versions(messages, duel)


def hear_chat(server, duel, alice, bob) -> None:
    """A chat line in the players' channel reaches the seated stream only."""
    player, watcher = logged_in(alice), Client()
    seat_stream = Stream(server.stream_url(duel, page_token(player, duel)), session_cookie(player))
    watch_stream = Stream(server.stream_url(duel, page_token(watcher, duel)))
    try:
        seat_stream.next(), watch_stream.next()
        source = server.app.state.source
        if hasattr(source, "chat_seen"):  # the embedded source has read the chat once
            wait_until(lambda: (str(duel.code), "players") in source.chat_seen, "a reading")
        bob_seat = duel.seats.get(user=bob)

        post_message(duel, bob, bob_seat, "my turn soon")

        assert seat_stream.next_event() == b"event: chat\ndata: 1\n\n"
        game = move(duel)  # the watcher heard no chat before this move
        assert watch_stream.next_event() == version_message(game.version)
        assert seat_stream.next_event() == version_message(game.version)
        only_versions(seat_stream.messages + watch_stream.messages, duel)
    finally:
        seat_stream.close()
        watch_stream.close()


@pytest.mark.needs_redis
def test_a_chat_line_is_news_for_the_pages_that_may_read_it(live_redis, duel, alice, bob):
    hear_chat(live_redis, duel, alice, bob)


def test_the_database_poll_hears_chat_lines_too(live, duel, alice, bob):
    hear_chat(live, duel, alice, bob)


def test_the_site_may_read_the_stream_across_ports(live, duel, live_settings):
    live_settings.LIVE_ALLOWED_ORIGINS = ["http://127.0.0.1:8000"]
    token = page_token(Client(), duel)

    for origin, allowed in (("http://127.0.0.1:8000", True), ("http://evil.example", False)):
        stream = Stream(live.stream_url(duel, token), headers={"Origin": origin})
        try:
            headers = stream.response.headers
            assert (headers.get("access-control-allow-origin") == origin) is allowed
            assert (headers.get("access-control-allow-credentials") == "true") is allowed
        finally:
            stream.close()


def test_the_health_endpoint_counts_streams_and_games(live, duel):
    token = page_token(Client(), duel)
    streams = [Stream(live.stream_url(duel, token)) for _ in range(3)]
    try:
        for stream in streams:
            stream.next()
        answer = httpx.get(f"{live.url}/live/health", timeout=WAIT).json()
        assert answer == {"ok": True, "source": "embedded", "streams": 3, "games": 1}
    finally:
        for stream in streams:
            stream.close()
    wait_until(lambda: live.hub.streams() == 0, "the closed streams to be forgotten")


@pytest.mark.needs_redis
def test_a_move_published_while_redis_was_away_still_reaches_the_page(live_redis, duel, alice):
    page = logged_in(alice)
    stream = Stream(live_redis.stream_url(duel, page_token(page, duel)), session_cookie(page))
    source = live_redis.app.state.source
    try:
        stream.next()
        connection = redis.Redis.from_url(settings.REDIS_URL)
        mine = [c for c in connection.client_list() if c["name"] == client_name()]
        for client in mine:
            connection.client_kill_filter(_id=client["id"])
        wait_until(lambda: not source.ok, "the live process to lose Redis")

        game = move(duel)  # published while nobody listens

        assert stream.next_event() == version_message(game.version)
        wait_until(lambda: source.ok, "the live process to listen again")
    finally:
        stream.close()


def test_a_quiet_stream_is_pinged_so_that_proxies_keep_it(transactional_db, live_settings, duel):
    live_settings.REDIS_URL = ""
    live_settings.LIVE_PING_SECONDS = 0.05
    server = LiveServer()
    stream = Stream(server.stream_url(duel, page_token(Client(), duel)))
    try:
        assert stream.next() == version_message(duel.version)
        assert stream.next() == b": ping\n\n"
        assert stream.next() == b": ping\n\n"
    finally:
        stream.close()
        server.stop()
