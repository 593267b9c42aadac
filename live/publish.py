"""The site's side of the live play page: after the commit of each change of a game's version,
and of each chat line, tell the live processes (``live.asgi``) through Redis pub/sub.

Every writer of a game (``games.services``: moves, bot actions, timeouts, undo, seats taken
and freed, resignations, abortions) counts the change in ``game.version`` and saves the game.
So the news come from the model's signals, which the services need not know of (``games``
never imports ``live``; ``LiveConfig.ready`` connects them): ``post_init`` notes the version a
Game was read with (no query), ``post_save`` compares, and a changed version is published
with ``transaction.on_commit``, once the change is visible to the live process's reads. A chat
line (``talk.Message``) is published as chat news.

Messages on the channel ``settings.LIVE_CHANNEL`` are ASCII text (``parse`` reads them):

    "<game code> <version>"          e.g. "5f0c...-...e1 42"
    "<game code> <version> private"  the same, of a game that this change closed to viewers
                                     without a seat (``games.access.open_to_all``; e.g. a
                                     game that is not public begins): their streams close
    "<game code> chat <channel>"     the channel "players" or "watchers"

Without ``settings.REDIS_URL`` (``make run``) nothing is published: the live process reads the
versions itself. A Redis that does not answer is never raised: the move stands, and the pages'
fallback poll finds it. The client goes through the process's Redis breaker
(``africa_site.redis_health``): after one failure, news are not sent for a few seconds, at no
cost and without a log line each (the breaker logs the outage once).
"""

from __future__ import annotations

import functools
import logging
import re

import redis
from django.conf import settings
from django.db import transaction

from africa_site.redis_health import OUTAGE_ERRORS, BreakerConnectionPool
from games.access import open_to_all

logger = logging.getLogger(__name__)

MESSAGE = re.compile(
    r"(?P<code>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}) "
    r"(?:(?P<version>[0-9]{1,12})(?P<private> private)?|chat (?P<channel>players|watchers))"
)
#: Where a Game instance keeps the version it was read (or last published) with.
SEEN = "_live_version"
#: ... and whether it was open to viewers without a seat then (``games.access.open_to_all``).
SEEN_OPEN = "_live_open"


@functools.cache
def client(url: str) -> redis.Redis:
    """The one Redis client (with its connection pool) of this process for ``url``; short
    timeouts, so that a Redis that is away costs a move half a second at worst, once per
    outage (the breaker's pool refuses at once after a failure)."""
    pool = BreakerConnectionPool.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
    return redis.Redis(connection_pool=pool)


def publish(message: str) -> None:
    """PUBLISH ``message`` (see the module) on ``settings.LIVE_CHANNEL`` when
    ``settings.REDIS_URL`` is set; never raises. An unreachable Redis is logged by the breaker
    (once per outage), any other Redis error here as a warning."""
    if not settings.REDIS_URL:
        return
    try:
        client(settings.REDIS_URL).publish(settings.LIVE_CHANNEL, message)
    except OUTAGE_ERRORS:
        pass  # the breaker has logged the outage
    except redis.RedisError as error:
        logger.warning("live news not published (%s): %s", type(error).__name__, error)


def parse(message: str | bytes) -> tuple[str, str, int | str] | None:
    """``(code, "version", N)``, ``(code, "private", N)`` or ``(code, "chat", channel)`` for
    a message of the channel; None for anything else."""
    if isinstance(message, bytes):
        message = message.decode("ascii", "replace")
    match = MESSAGE.fullmatch(message)
    if match is None:
        return None
    if match["version"] is not None:
        kind = "private" if match["private"] else "version"
        return match["code"], kind, int(match["version"])
    return match["code"], "chat", match["channel"]


def _open_to_all(instance) -> bool | None:
    """``games.access.open_to_all`` of a Game as read (None when a field it needs was not)."""
    values = [instance.__dict__.get(name) for name in ("status", "public", "invite_only")]
    return None if None in values else open_to_all(*values)


def game_read(sender, instance, **kwargs) -> None:
    """``post_init`` of Game: note the version it was read (or made) with, if it was read, and
    whether it was open to viewers without a seat."""
    instance.__dict__[SEEN] = instance.__dict__.get("version")
    instance.__dict__[SEEN_OPEN] = _open_to_all(instance)


def game_saved(sender, instance, created, using, **kwargs) -> None:
    """``post_save`` of Game: when its version changed since it was read, publish the new
    version after the commit (at once outside a transaction)."""
    version = instance.__dict__.get("version")
    if created or version is None or version == instance.__dict__.get(SEEN):
        instance.__dict__[SEEN] = version
        return
    instance.__dict__[SEEN] = version
    message = f"{instance.code} {version}"
    was_open = instance.__dict__.get(SEEN_OPEN)
    instance.__dict__[SEEN_OPEN] = now_open = _open_to_all(instance)
    if now_open is False and was_open is not False:
        message += " private"
    transaction.on_commit(functools.partial(publish, message), using=using)


def chat_written(sender, instance, created, using, **kwargs) -> None:
    """``post_save`` of talk's Message: publish chat news for its game after the commit."""
    if not created:
        return
    game = instance.game  # the writer's game, already at hand (no query) when it made it
    message = f"{game.code} chat {instance.channel}"
    transaction.on_commit(functools.partial(publish, message), using=using)
