"""The live process's hub: which open streams watch which game, and the news for them.

One hub per process (``HUB``). A stream subscribes to its game's code and reads its
``Subscriber.queue``; a source (``live.sources``) tells the hub of each new version, or of a
chat line, and the hub puts the news on the queue of every stream of that game. The hub keeps
the last version it heard of each watched game, and each stream the last version it was told
(the one read at its opening, then each newer one), so that a version heard twice (from Redis
and from a re-read after a reconnection, from the database poll every tick) is told once, and
an older one never.

News are tuples: ``("version", N)`` (N an int), ``("chat", 1)`` and ``("ping", 0)`` (every
LIVE_PING_SECONDS, from ``ping``, for all the streams at once: one timer for the process, not
one per stream). Nothing else is ever queued: no position, no name, no seed.
"""

from __future__ import annotations

import asyncio
import dataclasses

#: A stream that falls this many news behind loses the oldest (versions only grow, so the
#: newest tells it all).
QUEUE_SIZE = 8


@dataclasses.dataclass(eq=False)
class Subscriber:
    """One open stream of game ``code``: ``seated`` when its token is a seat's (it hears the
    players' chat too), ``last`` the last version it was told (-1: none yet), and the queue
    of its news (see the module)."""

    code: str
    seated: bool
    last: int = -1
    queue: asyncio.Queue = dataclasses.field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE_SIZE)
    )

    def put(self, news: tuple[str, int]) -> None:
        """Queue ``news``, dropping the oldest queued news when the queue is full; a version
        not newer than ``last`` is left out."""
        kind, value = news
        if kind == "version":
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

    def subscribe(self, code: str, *, seated: bool) -> Subscriber:
        """A new subscriber of game ``code``; the caller must ``unsubscribe`` it when its
        stream ends."""
        subscriber = Subscriber(code, seated)
        self.watchers.setdefault(code, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Forget ``subscriber`` (and its game, when it was the game's last stream)."""
        group = self.watchers.get(subscriber.code)
        if group is None:
            return
        group.discard(subscriber)
        if not group:
            del self.watchers[subscriber.code]
            self.versions.pop(subscriber.code, None)

    def codes(self) -> list[str]:
        """The codes of the games at least one stream watches."""
        return list(self.watchers)

    def streams(self) -> int:
        """How many streams are open."""
        return sum(len(group) for group in self.watchers.values())

    def version(self, code: str, version: int) -> int:
        """Tell every stream of game ``code`` that it is at ``version``, unless the hub told
        them of this version or a newer one already; returns how many streams were told."""
        group = self.watchers.get(code)
        if not group or version <= self.versions.get(code, -1):
            return 0
        self.versions[code] = version
        for subscriber in list(group):
            subscriber.put(("version", version))
        return len(group)

    def ping(self) -> None:
        """Queue a ping for every stream whose queue is empty (one with news says enough)."""
        for group in self.watchers.values():
            for subscriber in group:
                if subscriber.queue.empty():
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
