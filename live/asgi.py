"""The live process: the ASGI app of the open play pages' streams (``live.app``), for uvicorn.

    uvicorn live.asgi:app --host 127.0.0.1 --port 8001 --timeout-graceful-shutdown 3

It reads the site's settings (``DJANGO_SETTINGS_MODULE``, default ``africa_site.settings``,
and the same environment as the web processes: DATABASE_URL, REDIS_URL, SECRET_KEY,
LIVE_CHANNEL ...). With REDIS_URL it listens to the site's news on Redis; without, it reads
the versions of the watched games from the database every LIVE_POLL_SECONDS. A stream never
ends by itself, so uvicorn's ``--timeout-graceful-shutdown`` bounds how long a stop waits for
the open streams before closing them (the pages reconnect to another live process).
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")
django.setup()

from live.app import build  # noqa: E402  (the models need the setup above)

app = build()
