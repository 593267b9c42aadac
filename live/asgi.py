"""The live process: the ASGI app of the open play pages' streams (``live.app``), for uvicorn.

    uvicorn live.asgi:app --host 127.0.0.1 --port 8001 --timeout-graceful-shutdown 3

It reads the site's settings (``DJANGO_SETTINGS_MODULE``, default ``africa_site.settings``,
and the same environment as the web processes: DATABASE_URL, REDIS_URL, SECRET_KEY,
LIVE_CHANNEL ...). With REDIS_URL it listens to the site's news on Redis; without, it reads
the versions of the watched games from the database every LIVE_POLL_SECONDS. It listens at
once and sets Django up in the background (``live.starting``); on SIGTERM it ends its open
streams (the pages reconnect to another live process), and uvicorn's
``--timeout-graceful-shutdown`` bounds how long a stop waits for any that remain.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")

from live.starting import Starting  # noqa: E402  (the settings module named first)

app = Starting("live.app.build")
