"""Where the live process hears of new versions: Redis pub/sub, or the database itself.

- ``RedisSource`` (``settings.REDIS_URL`` set, production): subscribes to
  ``settings.LIVE_CHANNEL``, on which the site publishes (``live.publish``). When Redis goes
  away it tries again with a growing pause (``BACKOFF``); after each (re)subscription it reads
  the versions of the watched games from the database, so that a move published while it was
  away is told all the same.
- ``PollSource`` (no Redis, ``make run``): reads the versions of the watched games in one
  query every ``settings.LIVE_POLL_SECONDS``, and their newest chat lines every second.

Both feed the hub (``live.hub``) and keep ``ok`` (whether their last attempt worked) for the
health endpoint. ``versions`` runs the one query in one thread of its own (``DATABASE``), so
that one database connection serves the whole process (asgiref's ``sync_to_async`` would
carry each task's context along, and with it a connection per task). Streams that open
together share one query: while a query is on its way, the codes asked for meanwhile gather
into the next one (``Versions``), so that 2,000 pages coming back after a restart cost a few
queries, not 2,000 in a row.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import redis.asyncio
from django.apps import apps
from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Max

from games.access import open_to_all
from games.models import Game
from live.hub import Hub
from live.publish import parse

logger = logging.getLogger(__name__)

#: The pauses between attempts to reach Redis again (seconds): doubled each time, up to the last.
BACKOFF = (0.5, 10.0)
#: The one thread that reads the database, with the process's one connection.
DATABASE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-database")


@functools.lru_cache(maxsize=4)
def _query(codes: tuple[str, ...]) -> tuple[str, list, dict]:
    """The SQL and parameters of the one query for ``codes``, and {database value of a code:
    code}; kept while the watched games stay the same (tick after tick, mostly)."""
    field, quote = Game._meta.get_field("code"), connection.ops.quote_name
    keys = {field.get_db_prep_value(uuid.UUID(code), connection): code for code in codes}
    if connection.vendor == "postgresql":
        where, params = "= ANY(%s)", [list(keys)]
    else:
        where, params = f"IN ({', '.join(['%s'] * len(keys))})", list(keys)
    table = quote(Game._meta.db_table)
    columns = ", ".join(quote(name) for name in ("code", "version", *RULE))
    sql = f"SELECT {columns} FROM {table} WHERE {quote('code')} {where}"
    return sql, params, keys


#: The columns ``games.access.open_to_all`` reads, in its order.
RULE = ("status", "public", "invite_only")


class Found(NamedTuple):
    """A game's ``version`` and whether viewers without a seat may see it (``open_to_all``:
    ``games.access.open_to_all``, None read as True: the page's own check stands)."""

    version: int
    open_to_all: bool


def _read_versions(codes: list[str]) -> dict[str, Found]:
    """The one query, in SQL: the ORM took several times as long to build it and read its
    rows, four times a second in the embedded mode."""
    connection.close_if_unusable_or_obsolete()
    sql, params, keys = _query(tuple(codes))
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    except DatabaseError:
        connection.close()  # a fresh connection next time (the server may have restarted)
        raise
    return {
        keys[code]: Found(version, open_to_all(*rule) is not False) for code, version, *rule in rows
    }


def client_name() -> str:
    """The name this process's subscription has in Redis (CLIENT LIST): "live-<pid>"."""
    return f"live-{os.getpid()}"


async def versions(codes: list[str]) -> dict[str, Found]:
    """{code: ``Found``} of the games among ``codes`` that exist, in one query. Raises
    django.db.DatabaseError when the database does not answer."""
    if not codes:
        return {}
    return await asyncio.get_running_loop().run_in_executor(DATABASE, _read_versions, codes)


class Versions:
    """``versions`` for streams that open together: ``await batch.read(code)`` is the game's
    ``Found`` (None when there is no such game), read in one query with the codes other
    streams asked for meanwhile. One query is on its way at a time; the codes asked for while
    it is gather into the next. Raises django.db.DatabaseError when the database does not
    answer (to every stream of the failed query)."""

    def __init__(self):
        self.gathering: tuple[set[str], asyncio.Future] | None = None
        self.turn = asyncio.Lock()
        self.queries = 0  # how many queries were made (for the tests and the bench)

    async def read(self, code: str) -> Found | None:
        if self.gathering is None:
            self.gathering = (set(), asyncio.get_running_loop().create_future())
            asyncio.create_task(self._query(self.gathering))
        codes, future = self.gathering
        codes.add(code)
        found = await asyncio.shield(future)
        return found.get(code)

    async def _query(self, batch: tuple[set[str], asyncio.Future]) -> None:
        codes, future = batch
        await asyncio.sleep(0)  # the streams whose requests arrived with this one join it
        async with self.turn:  # the query before it ends first, while this batch gathers
            if self.gathering is batch:
                self.gathering = None
            self.queries += 1
            try:
                future.set_result(await versions(sorted(codes)))
            except Exception as error:  # every stream of the batch hears of it
                future.set_exception(error)
                future.exception()  # retrieved, even when no stream waits any more


def _close() -> None:
    connection.close()  # the connection of the thread this runs in


async def close_connection() -> None:
    """Close the database connection of the thread ``versions`` runs in (at the end)."""
    await asyncio.get_running_loop().run_in_executor(DATABASE, _close)


async def refresh(hub: Hub) -> None:
    """Tell the hub the versions of all its watched games, read from the database."""
    for code, found in (await versions(hub.codes())).items():
        hub.version(code, found.version, open_to_all=found.open_to_all)


def _read_chat(codes: list[str]) -> dict[tuple[str, str], int]:
    """{(code, channel): the id of the newest chat line} of the games among ``codes`` that
    have one, in one query (talk's Message, looked up by name: ``live`` imports no app but
    ``games``)."""
    message = apps.get_model("talk", "Message")
    rows = (
        message.objects.filter(game__code__in=codes)
        .values_list("game__code", "channel")
        .annotate(newest=Max("id"))
        .order_by()
    )
    return {(str(code), channel): newest for code, channel, newest in rows}


async def chat_lines(codes: list[str]) -> dict[tuple[str, str], int]:
    """``_read_chat`` in the database's thread. Raises django.db.DatabaseError when the
    database does not answer."""
    if not codes:
        return {}
    return await asyncio.get_running_loop().run_in_executor(DATABASE, _read_chat, codes)


class PollSource:
    """The embedded source: the database, read every ``settings.LIVE_POLL_SECONDS``."""

    name = "embedded"

    #: How many ticks between two readings of the chat (every second at 0.25 s a tick).
    CHAT_TICKS = 4

    def __init__(self, hub: Hub):
        self.hub = hub
        self.ok = True
        self.chat_seen: dict[tuple[str, str], int] = {}  # {(code, channel): newest line id}
        self.ticks = 0

    async def tell_chat(self) -> None:
        """Tell the hub of the chat lines written since the last reading (none the first
        time a game is read: a stream opens with the chat as its page shows it)."""
        codes = self.hub.codes()
        newest = await chat_lines(codes)
        for key, line in newest.items():
            seen = self.chat_seen.get(key)
            if seen is not None and line > seen:
                self.hub.chat(key[0], players_only=key[1] == "players")
        self.chat_seen = {
            (code, channel): newest.get((code, channel), 0)
            for code in codes
            for channel in ("players", "watchers")
        }

    async def run(self) -> None:
        """Read and tell, tick after tick, until cancelled; a failed read is logged once and
        tried again at the next tick."""
        while True:
            try:
                await refresh(self.hub)
                self.ticks += 1
                if self.ticks % self.CHAT_TICKS == 0:
                    await self.tell_chat()
            except DatabaseError as error:
                if self.ok:
                    logger.warning("live: the database does not answer: %s", error)
                self.ok = False
            else:
                self.ok = True
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)


class RedisSource:
    """The production source: Redis pub/sub on ``settings.LIVE_CHANNEL``."""

    name = "redis"

    def __init__(self, hub: Hub, url: str):
        self.hub = hub
        self.url = url
        self.ok = False

    async def run(self) -> None:
        """Listen until cancelled, connecting again with a backoff whenever Redis or the
        database fails."""
        pause = BACKOFF[0]
        while True:
            try:
                await self._listen()
            except (redis.RedisError, OSError, DatabaseError) as error:
                logger.warning("live: news lost (%s), trying again in %.1f s", error, pause)
            if self.ok:  # it had worked: start the backoff over
                pause = BACKOFF[0]
            self.ok = False
            await asyncio.sleep(pause)
            pause = min(pause * 2, BACKOFF[1])

    async def _listen(self) -> None:
        client = redis.asyncio.Redis.from_url(
            self.url,
            socket_connect_timeout=2,
            health_check_interval=30,
            client_name=client_name(),
        )
        try:
            async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
                await pubsub.subscribe(settings.LIVE_CHANNEL)
                await refresh(self.hub)  # what was published while nobody listened
                self.ok = True
                logger.info("live: listening on %s", settings.LIVE_CHANNEL)
                async for message in pubsub.listen():
                    self.tell(message.get("data"))
        finally:
            await client.aclose()

    def tell(self, data) -> None:
        """Hand one message of the channel (see ``live.publish``) to the hub."""
        news = parse(data) if isinstance(data, bytes | str) else None
        if news is None:
            return
        code, kind, value = news
        if kind == "version":
            self.hub.version(code, value)
        elif kind == "private":
            self.hub.version(code, value, open_to_all=False)
        else:
            self.hub.chat(code, players_only=value == "players")
