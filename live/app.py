"""The live process's web app (Starlette): the open play pages' streams and a health endpoint.

- ``GET /live/games/<code>/?t=<poll token>``: the stream of the game ``code`` for the page
  whose poll token is ``t`` (``games.polling.poll_token``), checked with
  ``games.polling.token_holder`` in the session of the request's session cookie: 403 for a
  missing, forged, expired token, one of another game or another session, and a malformed
  code; 404 when the game is gone. Else ``text/event-stream`` (``event_bytes`` spells each
  message):

      event: version\\ndata: <N>\\n\\n     at once (the current version), then each new one
      event: chat\\ndata: 1\\n\\n          a chat line the page's viewer may read was written
      : ping\\n\\n                         every LIVE_PING_SECONDS (unless news wait)

- ``GET /live/health``: 200 (503 when the source of news fails) with
  ``{"ok": bool, "source": "redis"|"embedded", "streams": int, "games": int}``.

An Origin listed in ``settings.LIVE_ALLOWED_ORIGINS`` (the site's own, when the stream is
served on another port) may read the answers with credentials (CORS).
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid

from django.conf import settings
from django.db import DatabaseError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, StreamingResponse
from starlette.routing import Mount, Route

from games.polling import WATCHER, token_holder
from live.hub import HUB, Hub, Subscriber
from live.sources import PollSource, RedisSource, close_connection, versions

PING = b": ping\n\n"


def event_bytes(kind: str, value: int) -> bytes:
    """One message of the stream: ``b"event: <kind>\\ndata: <value>\\n\\n"``."""
    return f"event: {kind}\ndata: {int(value)}\n\n".encode("ascii")


def cors_headers(request: Request) -> dict[str, str]:
    """The CORS headers for ``request``'s Origin (none when it is not allowed)."""
    origin = request.headers.get("origin")
    if origin and origin in settings.LIVE_ALLOWED_ORIGINS:
        return {
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Credentials": "true",
            "Vary": "Origin",
        }
    return {"Vary": "Origin"}


class EventStream(StreamingResponse):
    """The stream of one subscriber: its messages (see the module) until the client leaves
    or the process stops; the subscriber is forgotten however it ends."""

    def __init__(self, hub: Hub, subscriber: Subscriber, headers: dict[str, str]):
        self.hub, self.subscriber = hub, subscriber
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", **headers}
        super().__init__(self.messages(), media_type="text/event-stream", headers=headers)

    async def messages(self):
        """The bytes of each message, the current version first."""
        queue = self.subscriber.queue
        yield event_bytes("version", self.subscriber.last)
        while True:
            kind, value = await queue.get()
            yield PING if kind == "ping" else event_bytes(kind, value)

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.unsubscribe(self.subscriber)


def _holder(request: Request) -> tuple[str, str] | None:
    """(canonical code, token holder) when the request's token stands for its game and
    session; else None."""
    token = request.query_params.get("t", "")
    try:
        code = str(uuid.UUID(request.path_params["code"]))
    except ValueError:
        return None
    if not token.isascii() or code != request.path_params["code"].lower():
        return None
    holder = token_holder(code, token, request.cookies.get(settings.SESSION_COOKIE_NAME))
    return None if holder is None else (code, holder)


async def stream(request: Request):
    """The stream of a game for one page (see the module)."""
    hub: Hub = request.app.state.hub
    cors = cors_headers(request)
    checked = _holder(request)
    if checked is None:
        return PlainTextResponse("Forbidden", status_code=403, headers=cors)
    code, holder = checked
    # Subscribed before the version is read: a version published meanwhile is not lost.
    subscriber = hub.subscribe(code, seated=holder != WATCHER)
    try:
        found = await versions([code])
    except DatabaseError:
        hub.unsubscribe(subscriber)
        return PlainTextResponse("Unavailable", status_code=503, headers=cors)
    if code not in found:
        hub.unsubscribe(subscriber)
        return PlainTextResponse("Not found", status_code=404, headers=cors)
    subscriber.last = max(subscriber.last, found[code])
    return EventStream(hub, subscriber, cors)


async def health(request: Request) -> JSONResponse:
    """How the process is (see the module)."""
    hub: Hub = request.app.state.hub
    source = request.app.state.source
    body = {
        "ok": source.ok,
        "source": source.name,
        "streams": hub.streams(),
        "games": len(hub.watchers),
    }
    return JSONResponse(body, status_code=200 if source.ok else 503)


def make_source(hub: Hub):
    """The source of news the settings ask for: Redis when ``REDIS_URL`` is set, else the
    database's poll."""
    if settings.REDIS_URL:
        return RedisSource(hub, settings.REDIS_URL)
    return PollSource(hub)


def build(hub: Hub = HUB, source=None) -> Starlette:
    """The app, with ``hub`` and ``source`` (``make_source(hub)`` when None), which runs as
    long as the app does (started and cancelled by the ASGI lifespan), as does the pinger of
    the hub's streams."""
    source = source or make_source(hub)

    async def pings():
        while True:
            await asyncio.sleep(settings.LIVE_PING_SECONDS)
            hub.ping()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        tasks = [asyncio.create_task(source.run()), asyncio.create_task(pings())]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await close_connection()

    app = Starlette(
        routes=[
            Mount(
                "/live",
                routes=[
                    Route("/games/{code}/", stream, methods=["GET"]),
                    Route("/health", health, methods=["GET"]),
                ],
            )
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.source = source
    return app
