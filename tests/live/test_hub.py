"""The hub of a live process: each stream is told each newer version once, in order, and the
players' chat news reach only the players' streams."""

import asyncio

from live.hub import QUEUE_SIZE, Hub

CODE = "5f0c0000-0000-0000-0000-0000000000e1"


def drain(subscriber) -> list:
    news = []
    while not subscriber.queue.empty():
        news.append(subscriber.queue.get_nowait())
    return news


def test_each_newer_version_is_told_once_and_an_older_one_never():
    async def scenario():
        hub = Hub()
        early = hub.subscribe(CODE, seated=True)
        late = hub.subscribe(CODE, seated=False)
        late.last = 3  # it read version 3 from the database when it opened
        for version in (2, 3, 3, 4, 2, 4):
            hub.version(CODE, version)
        return drain(early), drain(late)

    early, late = asyncio.run(scenario())

    assert early == [("version", 2), ("version", 3), ("version", 4)]
    assert late == [("version", 4)]


def test_a_stream_that_falls_behind_keeps_the_newest_news():
    async def scenario():
        hub = Hub()
        slow = hub.subscribe(CODE, seated=True)
        for version in range(1, QUEUE_SIZE + 5):
            hub.version(CODE, version)
        return drain(slow)

    news = asyncio.run(scenario())

    assert len(news) == QUEUE_SIZE
    assert news[-1] == ("version", QUEUE_SIZE + 4)


def test_the_players_chat_is_news_for_the_players_streams_only():
    async def scenario():
        hub = Hub()
        player = hub.subscribe(CODE, seated=True)
        watcher = hub.subscribe(CODE, seated=False)
        hub.chat(CODE, players_only=True)
        hub.chat(CODE, players_only=False)
        return drain(player), drain(watcher)

    player, watcher = asyncio.run(scenario())

    assert player == [("chat", 1), ("chat", 1)]
    assert watcher == [("chat", 1)]


def test_a_game_is_forgotten_with_its_last_stream():
    hub = Hub()
    first, second = hub.subscribe(CODE, seated=True), hub.subscribe(CODE, seated=False)
    hub.unsubscribe(first)
    assert hub.codes() == [CODE] and hub.streams() == 1
    hub.unsubscribe(second)
    hub.unsubscribe(second)  # twice is harmless
    assert hub.codes() == [] and hub.streams() == 0 and hub.versions == {}


def test_a_ping_goes_only_to_the_streams_with_nothing_to_say():
    async def scenario():
        hub = Hub()
        quiet = hub.subscribe(CODE, seated=False)
        busy = hub.subscribe(CODE, seated=False)
        busy.put(("chat", 1))
        hub.ping()
        return drain(quiet), drain(busy)

    quiet, busy = asyncio.run(scenario())

    assert quiet == [("ping", 0)]
    assert busy == [("chat", 1)]
