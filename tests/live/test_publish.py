"""The site's side: each committed change of a game's version, and each chat line, is published
once, after the commit; a Redis that is away costs a move nothing but one warning of the
outage."""

import logging

import pytest

from games import services
from live import publish
from talk.services import post_message
from tests.live.test_streams import move


@pytest.fixture
def published(monkeypatch, settings):
    """The messages the site publishes, in order (Redis itself left out)."""
    settings.REDIS_URL = "redis://published.invalid:6379/0"
    sent = []
    monkeypatch.setattr(publish, "publish", sent.append)
    return sent


def test_a_move_is_published_once_after_its_commit(
    alice, bob, published, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, num_players=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(game, bob)  # a seat taken, and the game starts
        assert published == []  # nothing before the commit
    game.refresh_from_db()
    # The game is not public: once it begins, only its players may see it.
    assert published == [f"{game.code} {game.version} private"]

    with django_capture_on_commit_callbacks(execute=True):
        game = move(game)

    assert published[-1] == f"{game.code} {game.version}"
    assert len(published) == 2
    assert all(publish.parse(message) for message in published)


def test_a_save_that_changes_no_version_publishes_nothing(
    alice, published, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, num_players=2)
    with django_capture_on_commit_callbacks(execute=True):
        game.public = True
        game.save()

    assert published == []


def test_a_chat_line_is_published_as_chat_news(
    alice, bob, published, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, num_players=2)
    services.join_game(game, bob)
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        post_message(game, alice, game.seats.get(user=alice), "hello")

    assert published[-1] == f"{game.code} chat players"
    assert publish.parse(published[-1]) == (str(game.code), "chat", "players")


def test_a_move_stands_when_redis_is_away(alice, bob, settings, caplog, transactional_db):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    game = services.create_game(alice, num_players=2)
    services.join_game(game, bob)
    game.refresh_from_db()
    before = game.version

    with caplog.at_level(logging.WARNING):
        game = move(game)
        game = move(game)

    game.refresh_from_db()
    assert game.version == before + 2
    outage = [r.getMessage() for r in caplog.records if r.name == "africa_site.redis_health"]
    assert len(outage) == 1 and outage[0].startswith("Redis is unreachable")
    assert not [r for r in caplog.records if r.name == "live.publish"]


@pytest.mark.parametrize(
    "message",
    [
        "",
        "hello",
        "5f0c0000-0000-0000-0000-0000000000e1",
        "5f0c0000-0000-0000-0000-0000000000e1 x",
        "5f0c0000-0000-0000-0000-0000000000e1 chat secret",
        b"\xff\xfe",
    ],
)
def test_anything_else_on_the_channel_is_ignored(message):
    assert publish.parse(message) is None
