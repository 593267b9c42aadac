"""A live process (``live.app``) served by uvicorn in a thread on a free port, against the test
database, and a reader of its streams.

``live`` is the process in its embedded mode (it reads the versions from the database);
``live_redis`` in its Redis mode (it listens to the site's news on a channel of its own, so
that tests running beside it never hear each other). Both need committed data
(``transactional_db``): the process reads through its own database connection.
"""

import re
import socket
import threading
import time
import uuid
from urllib.parse import unquote

import httpx
import pytest
import uvicorn
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import services
from live.app import build
from live.hub import Hub

WAIT = 20  # seconds: the longest any condition is waited for
MESSAGE = re.compile(rb"(event: (version|chat)\ndata: [0-9]{1,12}\n\n|: ping\n\n)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(condition, what: str):
    """Wait (up to WAIT seconds) until ``condition()`` is true; return its value."""
    deadline = time.monotonic() + WAIT
    while not (value := condition()):
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.02)
    return value


class LiveServer:
    """The live app served on ``url`` ("http://127.0.0.1:<port>") until ``stop()``."""

    def __init__(self):
        self.hub = Hub()
        self.app = build(self.hub)
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_until(lambda: self.server.started, "the live process to start")
        wait_until(lambda: self.app.state.source.ok, "the live process's source")

    def stop(self):
        self.server.should_exit = True
        self.thread.join(WAIT)
        assert not self.thread.is_alive()

    def stream_url(self, game, token) -> str:
        return f"{self.url}/live/games/{game.code}/?t={token}"


class Stream:
    """An open stream; ``next()`` is its next message (bytes), ``messages`` all so far."""

    def __init__(self, url: str, cookies: dict | None = None, headers: dict | None = None):
        self.client = httpx.Client(cookies=cookies, timeout=httpx.Timeout(WAIT))
        self.response = self.client.send(
            self.client.build_request("GET", url, headers=headers), stream=True
        )
        self.chunks = self.response.iter_raw()
        self.buffer = b""
        self.messages: list[bytes] = []

    def next(self) -> bytes:
        while b"\n\n" not in self.buffer:
            self.buffer += next(self.chunks)
        message, _sep, self.buffer = self.buffer.partition(b"\n\n")
        message += b"\n\n"
        self.messages.append(message)
        return message

    def next_event(self) -> bytes:
        """The next message that is not a ping."""
        while (message := self.next()) == b": ping\n\n":
            pass
        return message

    def close(self):
        self.response.close()
        self.client.close()


def version_message(version: int) -> bytes:
    return f"event: version\ndata: {version}\n\n".encode()


@pytest.fixture
def live_settings(settings):
    settings.LIVE_POLL_SECONDS = 0.05
    settings.LIVE_PING_SECONDS = 60
    settings.LIVE_CHANNEL = f"live:test:{uuid.uuid4().hex}"
    return settings


@pytest.fixture
def live(transactional_db, live_settings):
    """The live process in its embedded mode."""
    live_settings.REDIS_URL = ""
    server = LiveServer()
    yield server
    server.stop()


@pytest.fixture
def live_redis(transactional_db, live_settings):
    """The live process in its Redis mode (the test needs the marker ``needs_redis``)."""
    assert settings.REDIS_URL
    server = LiveServer()
    yield server
    server.stop()


@pytest.fixture
def duel(alice, bob):
    """A running 2-player game between alice and bob, public (watchers may follow it)."""
    game = services.create_game(alice, num_players=2, seed=7, public=True)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


def page_token(client: Client, game) -> str:
    """The poll token the play page of ``game`` gives ``client``'s viewer."""
    page = client.get(reverse("game_detail", args=[game.code]))
    assert page.status_code == 200
    return unquote(re.search(r"[?&](?:amp;)?t=([^\"&]+)", page.content.decode())[1])


def session_cookie(client: Client) -> dict:
    return {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
