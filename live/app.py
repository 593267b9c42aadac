"""The live process's web app (Starlette): the open play pages' streams and a health endpoint.

- ``GET /live/games/<code>/?t=<poll token>``: the stream of the game ``code`` for the page
  whose poll token is ``t`` (``games.polling.poll_token``), checked with
  ``games.polling.token_holder`` in the session of the request's session cookie: 403 for a
  missing, forged, expired token, one of another game or another session, and a malformed
  code, and a viewer without a seat once the game is no longer open to such viewers
  (``games.access.open_to_all``); 404 when the game is gone; 429 when the stream's token,
  session or client address holds as many open streams as allowed already
  (``LIVE_STREAMS_PER_TOKEN``, ``LIVE_STREAMS_PER_SESSION``, ``LIVE_STREAMS_PER_ADDRESS``), 503
  when the process does (``LIVE_MAX_STREAMS``) or the database does not answer, both with
  ``Retry-After``. Else ``text/event-stream`` (``event_bytes`` spells each message):

      event: version\\ndata: <N>\\n\\n     at once (the current version), then each new one
      event: chat\\ndata: 1\\n\\n          a chat line the page's viewer may read was written
      : ping\\n\\n                         every LIVE_PING_SECONDS (unless news wait)
      event: reopen\\ndata: 0\\n\\n        the token expired: the stream ends, and the page
                                        opens it again with a fresh token

  A stream also ends, with no last message, when its viewer has no seat and the game is no
  longer open to such viewers, and when the process stops (``live.starting``; the pages
  reconnect).

  The client's address is the one the site's sign-in limits read: the
  ``ALLAUTH_TRUSTED_CLIENT_IP_HEADER`` a trusted proxy sets, or the entry of X-Forwarded-For
  ``ALLAUTH_TRUSTED_PROXY_COUNT`` from its end, else the connection's peer.

- ``GET /live/health``: 200 (503 when the source of news fails) with
  ``{"ok": bool, "source": "redis"|"embedded", "streams": int, "games": int}``.

An Origin listed in ``settings.LIVE_ALLOWED_ORIGINS`` (the site's own, when the stream is
served on another port) may read the answers with credentials (CORS).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from types import SimpleNamespace

from allauth.account.adapter import get_adapter
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.db import DatabaseError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route

from games.polling import WATCHER, Grant, token_grant
from live.hub import HUB, Hub, Limits, Refused, Subscriber
from live.sources import PollSource, RedisSource, Versions, close_connection

PING = b": ping\n\n"
#: How long a refused client is asked to wait before it tries again (seconds).
RETRY_AFTER = 30


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


class EventStream:
    """The stream of one subscriber, a plain ASGI answer: its messages (see the module) until
    the client leaves, the token expires, or the hub tells it to close; the subscriber is
    forgotten however it ends. One small task per stream hears the client leave (Starlette's
    StreamingResponse spent a task group and its cancel scopes on each, most of the cost of
    opening a stream)."""

    def __init__(self, hub: Hub, subscriber: Subscriber, headers: dict[str, str], expires: float):
        self.hub, self.subscriber, self.expires = hub, subscriber, expires
        headers = {
            "Content-Type": "text/event-stream; charset=utf-8",
            "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
            **headers,
        }
        self.headers = [
            (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()
        ]

    async def messages(self):
        """The bytes of each message, the current version first, until a "close" news or
        the token's expiry (``expires``, a Unix time)."""
        queue = self.subscriber.queue
        told = self.subscriber.last
        yield event_bytes("version", told)
        while True:
            try:
                async with asyncio.timeout(max(0.0, self.expires - time.time())):
                    kind, value = await queue.get()
            except TimeoutError:
                yield event_bytes("reopen", 0)
                return
            if kind == "close":
                return
            if kind == "version":
                # A version queued while the stream's opening read it (a source's read in
                # the meantime) was told already, as the first message.
                if value <= told:
                    continue
                told = value
            yield PING if kind == "ping" else event_bytes(kind, value)

    async def listen(self, receive) -> None:
        """Wait for the client to leave, then close the stream."""
        while (await receive())["type"] != "http.disconnect":
            pass
        self.subscriber.put(("close", 0))

    async def __call__(self, scope, receive, send) -> None:
        listener = asyncio.create_task(self.listen(receive))
        try:
            start = {"type": "http.response.start", "status": 200, "headers": self.headers}
            await send(start)
            async for chunk in self.messages():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        except OSError:  # the client left while a message was on its way
            pass
        finally:
            listener.cancel()
            self.hub.unsubscribe(self.subscriber)


def _grant(request: Request) -> tuple[str, Grant] | None:
    """(canonical code, the token's grant) when the request's token stands for its game and
    session; else None."""
    token = request.query_params.get("t", "")
    try:
        code = str(uuid.UUID(request.path_params["code"]))
    except ValueError:
        return None
    if not token.isascii() or code != request.path_params["code"].lower():
        return None
    grant = token_grant(code, token, request.cookies.get(settings.SESSION_COOKIE_NAME))
    return None if grant is None else (code, grant)


def client_address(request: Request) -> str:
    """The client's address as the site's sign-in limits read it: allauth's adapter, from the
    trusted proxy settings (see the module), given the request's headers and peer; "" when it
    cannot be told."""
    peer = request.client.host if request.client else ""
    view = SimpleNamespace(headers=request.headers, META={"REMOTE_ADDR": peer})
    try:
        return get_adapter().get_client_ip(view)
    except (PermissionDenied, ImproperlyConfigured):
        return ""


def limits() -> Limits:
    """The bounds of open streams the settings ask for."""
    return Limits(
        process=settings.LIVE_MAX_STREAMS,
        token=settings.LIVE_STREAMS_PER_TOKEN,
        session=settings.LIVE_STREAMS_PER_SESSION,
        address=settings.LIVE_STREAMS_PER_ADDRESS,
    )


def refusal(status: int, text: str, cors: dict[str, str]) -> PlainTextResponse:
    """A refused stream that may be tried again later (``Retry-After``)."""
    headers = {"Retry-After": str(RETRY_AFTER), **cors}
    return PlainTextResponse(text, status_code=status, headers=headers)


async def stream(request: Request):
    """The stream of a game for one page (see the module)."""
    hub: Hub = request.app.state.hub
    cors = cors_headers(request)
    checked = _grant(request)
    if checked is None:
        return PlainTextResponse("Forbidden", status_code=403, headers=cors)
    code, grant = checked
    keys = {"token": request.query_params["t"], "address": client_address(request)}
    if grant.session != "-":
        keys["session"] = grant.session
    # Subscribed before the version is read: a version published meanwhile is not lost.
    try:
        subscriber = hub.subscribe(code, seated=grant.holder != WATCHER, keys=keys, limits=limits())
    except Refused as refused:
        if refused.bound == "process":
            return refusal(503, "Busy", cors)
        return refusal(429, "Too many streams", cors)
    try:
        found = await request.app.state.versions.read(code)
    except DatabaseError:
        hub.unsubscribe(subscriber)
        return refusal(503, "Unavailable", cors)
    if found is None:
        hub.unsubscribe(subscriber)
        return PlainTextResponse("Not found", status_code=404, headers=cors)
    if not found.open_to_all and not subscriber.seated:
        hub.unsubscribe(subscriber)
        return PlainTextResponse("Forbidden", status_code=403, headers=cors)
    subscriber.last = max(subscriber.last, found.version)
    return EventStream(hub, subscriber, cors, grant.expires)


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
    app.state.versions = Versions()
    return app
