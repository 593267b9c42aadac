"""The live process's hub: which open streams watch which game, and the news for them.

One hub per process (``HUB``). A stream subscribes to its game's code and reads its
``Subscriber.queue``; a source (``live.sources``) tells the hub of each new version, or of a
chat line, and the hub puts the news on the queue of every stream of that game. The hub keeps
the last version it heard of each watched game, and each stream the last version it was told
(the one read at its opening, then each newer one), so that a version heard twice (from Redis
and from a re-read after a reconnection, from the database poll every tick) is told once, and
an older one never.

News are tuples: ``("version", N)`` (N an int), ``("chat", 1)``, ``("ping", 0)`` (every
LIVE_PING_SECONDS, from ``ping``, for all the streams at once: one timer for the process, not
one per stream) and ``("close", 0)``, the last news of a stream that must end: its game is
no longer open to viewers without a seat (``version(..., open_to_all=False)``: for the
streams of such viewers), or the process stops (``close_all``). Nothing else is ever queued:
no position, no name, no seed.

Bounds (``Limits``): a stream holds *keys* (its poll token, its session's digest, its client's
address), and ``subscribe`` refuses a new one (``Refused``) when the process, or any of its
keys, already holds as many open streams as the bounds allow, so that one client cannot fill
the process.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses

#: A stream that falls this many news behind loses the oldest (versions only grow, so the
#: newest tells it all).
QUEUE_SIZE = 8


@dataclasses.dataclass(frozen=True)
class Limits:
    """The most open streams one live process holds in all (``process``), and for one poll
    token, one session and one client address (``token``, ``session``, ``address``); 0: no
    bound."""

    process: int = 0
    token: int = 0
    session: int = 0
    address: int = 0


class Refused(Exception):
    """A stream ``subscribe`` did not open: ``bound`` names the bound it would pass
    ("process", "token", "session" or "address")."""

    def __init__(self, bound: str):
        super().__init__(f"too many open streams for this {bound}")
        self.bound = bound


@dataclasses.dataclass(eq=False)
class Subscriber:
    """One open stream of game ``code``: ``seated`` when its token is a seat's (it hears the
    players' chat too), ``keys`` the (bound, value) pairs it counts under (see ``Limits``),
    ``last`` the last version it was told (-1: none yet), ``closed`` once it was told to
    end, and the queue of its news (see the module)."""

    code: str
    seated: bool
    keys: tuple[tuple[str, str], ...] = ()
    last: int = -1
    closed: bool = False
    queue: asyncio.Queue = dataclasses.field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE_SIZE)
    )

    def put(self, news: tuple[str, int]) -> None:
        """Queue ``news``, dropping the oldest queued news when the queue is full; a version
        not newer than ``last`` is left out, and nothing after ``("close", 0)``."""
        kind, value = news
        if self.closed:
            return
        if kind == "close":
            self.closed = True
        elif kind == "version":
            if value <= self.last:
                return
            self.last = value
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(news)


class Hub:
    """The streams of one live process, by game code (the game's UUID as lowercase text)."""

    def __init__(self):
        self.watchers: dict[str, set[Subscriber]] = {}
        self.versions: dict[str, int] = {}
        self.held: collections.Counter[tuple[str, str]] = collections.Counter()
        self.open = 0

    def subscribe(
        self,
        code: str,
        *,
        seated: bool,
        keys: dict[str, str] | None = None,
        limits: Limits = Limits(),
    ) -> Subscriber:
        """A new subscriber of game ``code``, counted under ``keys`` ({bound: value}, e.g.
        {"token": ..., "address": "203.0.113.5"}); the caller must ``unsubscribe`` it when its
        stream ends. Raises ``Refused`` (and subscribes nothing) when the process or one of
        ``keys`` already holds the open streams ``limits`` allow."""
        if limits.process and self.open >= limits.process:
            raise Refused("process")
        pairs = tuple((keys or {}).items())
        for pair in pairs:
            bound = getattr(limits, pair[0])
            if bound and self.held[pair] >= bound:
                raise Refused(pair[0])
        subscriber = Subscriber(code, seated, pairs)
        self.watchers.setdefault(code, set()).add(subscriber)
        self.held.update(pairs)
        self.open += 1
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Forget ``subscriber`` (and its game, when it was the game's last stream); forgetting
        it twice does nothing."""
        group = self.watchers.get(subscriber.code)
        if group is None or subscriber not in group:
            return
        group.discard(subscriber)
        self.open -= 1
        self.held.subtract(subscriber.keys)
        for pair in subscriber.keys:
            if self.held[pair] <= 0:
                del self.held[pair]
        if not group:
            del self.watchers[subscriber.code]
            self.versions.pop(subscriber.code, None)

    def codes(self) -> list[str]:
        """The codes of the games at least one stream watches."""
        return list(self.watchers)

    def streams(self) -> int:
        """How many streams are open."""
        return self.open

    def version(self, code: str, version: int, *, open_to_all: bool = True) -> int:
        """Tell every stream of game ``code`` that it is at ``version``, unless the hub told
        them of this version or a newer one already; when the game is no longer
        ``open_to_all`` (``games.access.open_to_all`` is False), its streams without a seat
        are told to close instead. Returns how many streams were told."""
        group = self.watchers.get(code)
        if not group or version <= self.versions.get(code, -1):
            return 0
        self.versions[code] = version
        for subscriber in list(group):
            closing = not open_to_all and not subscriber.seated
            subscriber.put(("close", 0) if closing else ("version", version))
        return len(group)

    def close_all(self) -> None:
        """Tell every open stream to end (the process stops)."""
        for group in self.watchers.values():
            for subscriber in group:
                subscriber.put(("close", 0))

    def ping(self) -> None:
        """Queue a ping for every stream whose queue is empty (one with news says enough)."""
        for group in self.watchers.values():
            for subscriber in group:
                if subscriber.queue.empty() and not subscriber.closed:
                    subscriber.queue.put_nowait(("ping", 0))

    def chat(self, code: str, *, players_only: bool) -> int:
        """Tell the streams of game ``code`` that a chat line was written (when
        ``players_only``, in the players' channel: only the seated streams hear of it);
        returns how many streams were told."""
        told = 0
        for subscriber in list(self.watchers.get(code, ())):
            if subscriber.seated or not players_only:
                subscriber.put(("chat", 1))
                told += 1
        return told


#: The hub of this process.
HUB = Hub()
