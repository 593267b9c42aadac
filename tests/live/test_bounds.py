"""How long and how many streams a live process holds: a bounded number per poll token, per
session, per client address and per process (so that one client cannot fill it); a stream
ends when its token expires (the page opens it again with a fresh one) and when its game
closes to viewers without a seat; streams that open together read their versions in one
query.

alice and bob play; an anonymous visitor (no session) and carol watch from outside."""

import asyncio
import contextlib
from datetime import timedelta

import httpx
import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from games import services
from games.polling import POLL_TOKEN_SECONDS, poll_token
from live.sources import Versions, close_connection
from tests.live.conftest import (
    WAIT,
    Stream,
    page_token,
    session_cookie,
    version_message,
    wait_until,
)
from tests.live.test_streams import logged_in


@pytest.fixture
def no_bounds(live_settings):
    """Every bound lifted; a test sets the one it checks."""
    for name in ("MAX_STREAMS", "STREAMS_PER_TOKEN", "STREAMS_PER_SESSION", "STREAMS_PER_ADDRESS"):
        setattr(live_settings, f"LIVE_{name}", 0)
    return live_settings


@contextlib.contextmanager
def opened(urls: list[str], cookies: dict | None = None, headers: dict | None = None):
    """Open a stream for each of ``urls``, in order; yields them, each answered (its status)."""
    streams = []
    try:
        for url in urls:
            streams.append(Stream(url, cookies, headers))
        yield streams
    finally:
        for stream in streams:
            stream.close()


def statuses(streams) -> list[int]:
    return [stream.response.status_code for stream in streams]


def status(url: str, cookies: dict | None = None, headers: dict | None = None) -> int:
    """The status of one more stream of ``url`` (closed at once)."""
    with opened([url], cookies, headers) as [stream]:
        return stream.response.status_code


@pytest.mark.parametrize(
    ("bound", "refused"), [("LIVE_STREAMS_PER_TOKEN", 429), ("LIVE_MAX_STREAMS", 503)]
)
def test_a_poll_token_and_a_process_open_a_bounded_number_of_streams(
    live, duel, no_bounds, bound, refused
):
    setattr(no_bounds, bound, 2)
    url = live.stream_url(duel, page_token(Client(), duel))

    with opened([url] * 3) as streams:
        assert statuses(streams) == [200, 200, refused]
        assert streams[2].response.headers["retry-after"].isdigit()
        health = httpx.get(f"{live.url}/live/health", timeout=WAIT).json()
        assert health["streams"] == 2
        streams[0].close()  # a tab closed: its place is free again
        wait_until(lambda: live.hub.streams() == 1, "the closed stream to be forgotten")
        assert status(url) == 200


def test_a_session_opens_a_handful_of_streams_whatever_their_tokens(live, alice, bob, no_bounds):
    no_bounds.LIVE_STREAMS_PER_SESSION = 2
    games = [services.create_game(alice, num_players=2, public=True) for _ in range(3)]
    page = logged_in(alice)
    urls = [live.stream_url(game, page_token(page, game)) for game in games]

    with opened(urls, session_cookie(page)) as streams:
        assert statuses(streams) == [200, 200, 429]
        other = logged_in(bob)  # another session is counted apart
        url = live.stream_url(games[0], page_token(other, games[0]))
        assert status(url, session_cookie(other)) == 200


def test_a_client_address_opens_a_bounded_number_of_streams(live, duel, no_bounds):
    no_bounds.LIVE_STREAMS_PER_ADDRESS = 2
    url = live.stream_url(duel, page_token(Client(), duel))
    with opened([url] * 3) as streams:
        assert statuses(streams) == [200, 200, 429]

    # Behind the trusted proxy, each client's address is counted apart.
    no_bounds.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    attacker, visitor = "203.0.113.5", "198.51.100.7"
    with opened([url] * 3, headers={"X-Forwarded-For": attacker}) as streams:
        assert statuses(streams) == [200, 200, 429]
        assert status(url, headers={"X-Forwarded-For": visitor}) == 200


def test_a_stream_ends_when_its_token_expires_and_tells_the_page_to_reopen(live, duel):
    with time_machine.travel(timezone.now() - timedelta(seconds=POLL_TOKEN_SECONDS - 3)):
        token = poll_token(duel, None, None)  # fresh for three seconds more

    with opened([live.stream_url(duel, token)]) as [stream]:
        assert stream.next() == version_message(duel.version)
        assert stream.next() == b"event: reopen\ndata: 0\n\n"
        assert stream.buffer + b"".join(stream.chunks) == b""  # the stream ended
    assert status(live.stream_url(duel, token)) == 403  # the page needs a fresh token


def close_to_watchers(server, alice, bob, carol):
    """A game gathering players, not public: carol and an anonymous visitor watch it while
    alice waits in it; once bob's seat makes it begin, only its players may see it."""
    game = services.create_game(alice, num_players=2, public=False)
    player, watcher = logged_in(alice), logged_in(carol)
    with (
        opened([server.stream_url(game, page_token(player, game))], session_cookie(player)) as [
            seated
        ],
        opened([server.stream_url(game, page_token(watcher, game))], session_cookie(watcher)) as [
            carols
        ],
        opened([server.stream_url(game, page_token(Client(), game))]) as [anonymous],
    ):
        for stream in (seated, carols, anonymous):
            assert stream.next() == version_message(game.version)

        services.join_game(game, bob)
        game.refresh_from_db()

        assert seated.next_event() == version_message(game.version)
        for stream in (carols, anonymous):  # they end, without the new version
            assert stream.buffer + b"".join(stream.chunks) == b""
        token = poll_token(game, None, None)  # even a fresh watcher's token
        assert status(server.stream_url(game, token)) == 403


def test_a_game_that_closes_to_watchers_ends_their_streams(live, alice, bob, carol):
    close_to_watchers(live, alice, bob, carol)


@pytest.mark.needs_redis
def test_a_game_that_closes_to_watchers_ends_their_streams_with_redis(
    live_redis, alice, bob, carol
):
    close_to_watchers(live_redis, alice, bob, carol)


def test_streams_that_open_together_read_their_versions_in_one_query(transactional_db, alice):
    games = [services.create_game(alice, num_players=2) for _ in range(5)]
    codes = [str(game.code) for game in games] * 20 + ["00000000-0000-0000-0000-000000000000"]

    async def together():
        versions = Versions()
        try:
            found = await asyncio.gather(*(versions.read(code) for code in codes))
        finally:
            await close_connection()
        return versions.queries, found

    queries, found = asyncio.run(together())

    assert queries == 1
    assert [f.version for f in found[:5]] == [game.version for game in games]
    assert found[-1] is None
