"""One circuit breaker for Redis per process, shared by everything of the site that reaches
Redis during a request: the cache (django-redis, and through it the sessions' cache, allauth's
sign-in limits and django-ratelimit's hourly limits) and the live news (``live.publish``).

Without it, a Redis that is away costs every call its own connect timeout, and logs its own
traceback: a move makes about fifteen calls. With it, the first failure opens the breaker and
the site stops asking Redis for ``settings.REDIS_RETRY_SECONDS`` (5 s by default); the calls
in between fail at once, without a socket, as a cache miss, a dropped write, news not sent
and a limit that lets the request through.

States of ``BREAKER`` (a ``Breaker``):

- **closed**: Redis is taken to be there; every call goes to it. A connection error or
  timeout (connecting, sending or reading) opens the breaker and logs one warning,
  "Redis is unreachable".
- **open**: no call reaches Redis: a connection is refused at once with ``RedisUnavailable``
  (a ``redis.ConnectionError``), which the callers already survive. Nothing is logged.
- **probing** (open, the pause is over): the next call is let through as a probe, and the
  pause starts again, so that the other calls go on being refused meanwhile (one probe per
  pause, per process). A response read closes the breaker and logs one warning, "Redis is
  back"; a failure keeps it open, silently.

The pieces: ``BreakerConnectionPool`` (redis-py's pool, whose connections ask the breaker;
``live.publish`` and django-redis's ``CONNECTION_POOL_CLASS`` use it), ``RedisCache``
(django-redis's cache whose ``add`` fails open, because allauth's limiter takes a lock with
``add`` and answers 429 when it cannot) and ``OutageFilter`` (drops django-redis's traceback of
a call that the breaker has already told of).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable

import redis
from django.conf import settings
from django_redis.cache import RedisCache as DjangoRedisCache
from django_redis.exceptions import ConnectionInterrupted

logger = logging.getLogger(__name__)

#: The errors that say Redis cannot be reached (redis-py's TimeoutError is no ConnectionError).
OUTAGE_ERRORS = (redis.ConnectionError, redis.TimeoutError)


class RedisUnavailable(redis.ConnectionError):
    """Raised instead of connecting while the breaker is open: Redis was not asked."""


class Breaker:
    """The breaker's state (see the module) for one process; thread-safe.

    ``pause`` is a callable giving the seconds between probes (read at each failure, so
    settings may change it); ``clock`` gives monotonic seconds (tests move it by hand).
    """

    def __init__(self, pause: Callable[[], float], clock: Callable[[], float] = time.monotonic):
        self.pause, self.clock = pause, clock
        self.lock = threading.Lock()
        self.is_open = False
        self.probe_at = 0.0  # when open: the clock's time from which a call may probe

    def allow(self) -> bool:
        """Whether a call may go to Redis now: always when closed; when open, only the first
        call after the pause (the probe), which starts the next pause."""
        if not self.is_open:
            return True
        with self.lock:
            now = self.clock()
            if not self.is_open or now >= self.probe_at:
                self.probe_at = now + self.pause()
                return True
            return False

    def failed(self, error: BaseException) -> None:
        """A call could not reach Redis (``error``): open the breaker, or keep it open; the
        warning is logged on opening only."""
        with self.lock:
            self.probe_at = self.clock() + self.pause()
            if self.is_open:
                return
            self.is_open = True
        logger.warning(
            "Redis is unreachable (%s: %s); not asked again for %g s",
            type(error).__name__,
            error,
            self.pause(),
        )

    def succeeded(self) -> None:
        """Redis answered: close the breaker, logging that Redis is back if it was open."""
        if not self.is_open:
            return
        with self.lock:
            if not self.is_open:
                return
            self.is_open = False
        logger.warning("Redis is back")

    def reset(self) -> None:
        """Close the breaker without a word (a test's clean slate)."""
        with self.lock:
            self.is_open, self.probe_at = False, 0.0


#: The breaker of this process.
BREAKER = Breaker(lambda: settings.REDIS_RETRY_SECONDS)


class BreakerConnectionMixin:
    """A redis-py connection that asks ``BREAKER`` before connecting and tells it how each
    connection, command and response went. Mixed by ``BreakerConnectionPool`` into the pool's
    connection class (plain TCP, TLS or a Unix socket, from the URL)."""

    def connect(self, *args, **kwargs):
        if not BREAKER.allow():
            raise RedisUnavailable("Redis was unreachable a moment ago; not asked")
        with _reported():
            return super().connect(*args, **kwargs)

    def send_packed_command(self, *args, **kwargs):
        with _reported():
            return super().send_packed_command(*args, **kwargs)

    def read_response(self, *args, **kwargs):
        with _reported():
            response = super().read_response(*args, **kwargs)
        BREAKER.succeeded()
        return response


class _reported:
    """Tell ``BREAKER`` of an outage error raised in the block (and raise it on)."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if isinstance(error, OUTAGE_ERRORS) and not isinstance(error, RedisUnavailable):
            BREAKER.failed(error)
        return False


@functools.cache
def _with_breaker(connection_class: type) -> type:
    """``connection_class`` with ``BreakerConnectionMixin`` in front (one class per class)."""
    return type(
        f"Breaker{connection_class.__name__}", (BreakerConnectionMixin, connection_class), {}
    )


class BreakerConnectionPool(redis.ConnectionPool):
    """redis-py's connection pool whose connections go through ``BREAKER``: while it is open,
    ``get_connection`` raises ``RedisUnavailable`` at once. Build it with ``from_url`` as
    the plain pool."""

    def __init__(self, connection_class=redis.Connection, **kwargs):
        super().__init__(connection_class=_with_breaker(connection_class), **kwargs)


class RedisCache(DjangoRedisCache):
    """django-redis's cache (with ``IGNORE_EXCEPTIONS``: misses and dropped writes while Redis
    is away) whose ``add`` answers True when the error was ignored: a limiter that cannot count
    lets the request through. allauth's sign-in limits take a lock with ``add`` and would
    answer 429 to every sign-in; django-ratelimit then counts 1 (``RATELIMIT_FAIL_OPEN``)."""

    def add(self, *args, **kwargs) -> bool:
        added = super().add(*args, **kwargs)
        return True if added is None else added  # None: the error was ignored


class OutageFilter(logging.Filter):
    """A logging filter for django-redis's logger: drops the traceback of a call that failed
    because Redis is unreachable (the breaker logs the outage once); keeps every other."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not (
            isinstance(error, ConnectionInterrupted) and isinstance(error.__cause__, OUTAGE_ERRORS)
        )
