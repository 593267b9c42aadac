"""Redis going away costs the site one failed connection per process, not one per call: moves,
pages and sign-ins answer meanwhile, the outage and its end are logged once each, and the
cache and the live news work again once Redis is back.

The in-process tests reach the test Redis through a proxy that they cut (new connections
refused) and restore, and count the connections that redis-py tries to open."""

import logging
import time
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.core.cache import cache
from django.urls import reverse

from africa_site.redis_health import BREAKER, Breaker
from tests import settings as test_settings
from tests.fixtures import PASSWORD
from tests.integration.tcp_proxy import TcpProxy
from tests.support.play import player_to_move

HTMX = {"HX-Request": "true"}
OUTAGE_LOGGER = "africa_site.redis_health"


class Clock:
    """A monotonic clock that tests move by hand (seconds)."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def outage_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == OUTAGE_LOGGER]


def test_the_breaker_refuses_calls_for_the_pause_then_lets_one_probe_through(caplog):
    clock = Clock()
    breaker = Breaker(lambda: 5.0, clock)
    assert breaker.allow()

    with caplog.at_level(logging.WARNING, logger=OUTAGE_LOGGER):
        breaker.failed(redis.ConnectionError("refused"))
        breaker.failed(redis.ConnectionError("refused again"))
        refused = [breaker.allow() for _ in range(3)]
        clock.now += 5.0
        probes = [breaker.allow(), breaker.allow()]  # one probe; the next waits its pause
        breaker.failed(redis.TimeoutError("the probe timed out"))
        still_refused = breaker.allow()
        clock.now += 5.0
        assert breaker.allow()
        breaker.succeeded()
        breaker.succeeded()

    assert refused == [False, False, False]
    assert probes == [True, False]
    assert not still_refused
    assert breaker.allow() and not breaker.is_open
    lines = outage_lines(caplog)
    assert len(lines) == 2
    assert lines[0].startswith("Redis is unreachable (ConnectionError: refused)")
    assert lines[1] == "Redis is back"


@pytest.fixture
def proxied_redis(settings):
    """The site's Redis cache and live news reached through a proxy (returned) that a test may
    cut; the breaker's clock in the test's hands (``proxy.clock``)."""
    parts = urlsplit(test_settings.REDIS_URL)
    proxy = TcpProxy(parts.hostname or "127.0.0.1", parts.port or 6379)
    url = urlunsplit(parts._replace(netloc=f"127.0.0.1:{proxy.port}"))
    settings.REDIS_URL = url
    settings.CACHES = {"default": {**test_settings.CACHES["default"], "LOCATION": url}}
    proxy.clock = Clock()
    BREAKER.clock = proxy.clock
    yield proxy
    BREAKER.clock = time.monotonic
    proxy.close()


@pytest.fixture
def connects(monkeypatch):
    """The number of TCP connections redis-py tried to open so far (a one-item list)."""
    count = [0]
    original = redis.Connection._connect

    def counted(self):
        count[0] += 1
        return original(self)

    monkeypatch.setattr(redis.Connection, "_connect", counted)
    return count


@pytest.fixture
def game(duel):
    """The duel of alice and bob (of each generic game), at its first action."""
    return duel


def post_move(client, game):
    """The player to move plays their first legal action through the play view."""
    game.refresh_from_db()
    client.force_login(player_to_move(game))
    action = game.kind.engine.legal_actions(game.state)[0]
    url = reverse("game_act", args=[game.code])
    return client.post(url, {"action": action, "version": game.version}, headers=HTMX)


def first_news(listener, within: float = 5.0) -> bytes | None:
    """The first message on the live channel within ``within`` seconds, or None."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if message := listener.get_message(timeout=0.1):
            return message["data"]
    return None


@pytest.mark.needs_redis
@pytest.mark.django_db
def test_moves_and_pages_ask_an_absent_redis_once(proxied_redis, connects, client, game, caplog):
    proxied_redis.cut()
    before = connects[0]

    with caplog.at_level(logging.INFO):
        answers = [post_move(client, game).status_code for _ in range(6)]
        page = client.get(game.get_absolute_url())

    game.refresh_from_db()
    assert answers == [200] * 6
    assert game.moves.count() == 6
    assert page.status_code == 200
    assert connects[0] - before == 1
    lines = outage_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("Redis is unreachable")
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.needs_redis
@pytest.mark.django_db
def test_sign_in_is_not_rate_limited_by_an_absent_redis(proxied_redis, connects, client, alice):
    proxied_redis.cut()
    before = connects[0]  # making alice's account may have reached Redis, before the cut
    login = reverse("account_login")

    wrong = client.post(login, {"login": "alice@example.com", "password": "nope"})
    refused_session = dict(client.session)
    right = client.post(login, {"login": "alice@example.com", "password": PASSWORD})

    assert wrong.status_code == 200
    assert "not correct" in wrong.content.decode()
    assert "_auth_user_id" not in refused_session
    assert right.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)
    assert connects[0] - before == 1


@pytest.mark.needs_redis
@pytest.mark.django_db
def test_cache_and_live_news_work_again_once_redis_is_back(
    proxied_redis, client, game, caplog, settings, django_capture_on_commit_callbacks
):
    # A channel of its own: the channel is the server's, whatever database the test uses, and
    # the other test processes publish their games' news too.
    settings.LIVE_CHANNEL = f"live:test:{uuid.uuid4().hex}"
    listener = redis.Redis.from_url(test_settings.REDIS_URL).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(settings.LIVE_CHANNEL)
    proxied_redis.cut()
    with caplog.at_level(logging.WARNING, logger=OUTAGE_LOGGER):
        assert post_move(client, game).status_code == 200
        cache.set("redis-health", "kept")
        assert cache.get("redis-health") is None

        proxied_redis.restore()
        proxied_redis.clock.now += settings.REDIS_RETRY_SECONDS
        with django_capture_on_commit_callbacks(execute=True):
            assert post_move(client, game).status_code == 200
        cache.set("redis-health", "kept")

    game.refresh_from_db()
    assert cache.get("redis-health") == "kept"
    news = first_news(listener)
    listener.close()
    assert news == f"{game.code} {game.version}".encode()
    lines = outage_lines(caplog)
    assert len(lines) == 2 and lines[1] == "Redis is back"
