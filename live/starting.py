"""The live process's start and stop: listen at once, build the app in the background, and end
the open streams cleanly when told to stop.

Django's setup (every installed app's models, the settings' imports of Celery, kombu, Sentry)
costs the live process a few seconds of CPU, and uvicorn listens only once the ASGI app is
imported and its lifespan has started. So ``live.asgi`` imports only this module (Starlette
and uvicorn's cost, a few tenths of a second), and ``Starting``:

1. answers the lifespan's startup at once: uvicorn listens;
2. sets Django up and builds the app (the function ``target`` names, e.g. ``live.app.build``)
   in a thread, then runs the app's own lifespan (its source of news, its pinger);
3. holds the requests that come meanwhile until the app is built (pages that reconnect after
   a restart get their stream as soon as it can be served; none is refused), at most
   ``wait`` seconds, then 503 with ``Retry-After``;
4. on SIGTERM or SIGINT (uvicorn's own handlers still run: this one is chained before them),
   tells the hub to end every open stream (``Hub.close_all``), so that uvicorn's graceful
   shutdown finds no request to cancel (a cancelled stream logs a traceback) and the pages
   reconnect at once to another live process;
5. at the lifespan's shutdown, stops the app's lifespan.

When the app cannot be built (a broken setting, a missing module), the process logs why and
stops (SIGTERM to itself), so that its supervisor starts it again, rather than holding
requests it will never serve.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading

import django
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _setup(target: str):
    """Django's setup, then the object ``target`` names (in a thread)."""
    django.setup()
    return import_string(target)


class Starting:
    """The ASGI app uvicorn serves (see the module): ``target`` is the dotted path of a
    function that returns the real app (a Starlette app with a lifespan, and the hub of its
    streams as ``app.state.hub``); ``wait`` how long a request waits for it (seconds)."""

    def __init__(self, target: str, wait: float = 30.0):
        self.target = target
        self.wait = wait
        self.app = None
        self.ready = asyncio.Event()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(scope, receive, send)
            return
        if self.app is None:
            try:
                async with asyncio.timeout(self.wait):
                    await self.ready.wait()
            except TimeoutError:
                await self.busy(send)
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def busy(send) -> None:
        """503 with Retry-After: the app is not built yet."""
        headers = [(b"content-type", b"text/plain"), (b"retry-after", b"5")]
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": b"Starting"})

    async def lifespan(self, scope, receive, send) -> None:
        """uvicorn's lifespan: started at once, the app built meanwhile (see the module)."""
        await receive()  # lifespan.startup
        inbox, outbox = asyncio.Queue(), asyncio.Queue()
        boot = asyncio.create_task(self.boot(scope, inbox, outbox))
        await send({"type": "lifespan.startup.complete"})
        await receive()  # lifespan.shutdown
        if not boot.done():
            boot.cancel()
        await asyncio.gather(boot, return_exceptions=True)
        if self.app is not None:
            await inbox.put({"type": "lifespan.shutdown"})
            await outbox.get()
        await send({"type": "lifespan.shutdown.complete"})

    async def boot(self, scope, inbox: asyncio.Queue, outbox: asyncio.Queue) -> None:
        """Build the app, start its lifespan, and chain the stop signals (see the module)."""
        try:
            build = await asyncio.to_thread(_setup, self.target)
            app = build()
            asyncio.create_task(app(scope, inbox.get, outbox.put))
            await inbox.put({"type": "lifespan.startup"})
            answer = await outbox.get()
            if answer["type"] != "lifespan.startup.complete":
                raise RuntimeError(answer.get("message") or "the app did not start")
        except Exception:  # stop, so that the supervisor starts the process again
            logger.exception("live: the app did not start")
            signal.raise_signal(signal.SIGTERM)
            return
        self.app = app
        self.ready.set()
        self.chain_signals(app.state.hub.close_all)

    @staticmethod
    def chain_signals(stop) -> None:
        """Call ``stop()`` in the event loop on SIGINT and SIGTERM, before the handlers that
        were there (uvicorn's); only in the main thread (where signals are handled)."""
        if threading.current_thread() is not threading.main_thread():
            return
        loop = asyncio.get_running_loop()
        for number in SIGNALS:
            previous = signal.getsignal(number)
            if not callable(previous):
                continue

            def handler(sig, frame, previous=previous):
                loop.call_soon_threadsafe(stop)
                previous(sig, frame)

            signal.signal(number, handler)
