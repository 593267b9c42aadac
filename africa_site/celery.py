"""The Celery application: the web processes enqueue, the worker runs, beat schedules.

Configuration comes from Django's settings under the CELERY_ prefix (broker, time zone, beat's
database scheduler, reconnecting for ever); tasks are found in each installed app's tasks.py.
Workers run with ``--without-gossip --without-mingle --without-heartbeat``: closing the
gossip channel while Redis drops crashed the worker ("'NoneType' object has no attribute
'hostname'" in kombu's Redis transport), and a single site needs neither.
"""

import logging
import os

from celery import Celery, bootsteps

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")

logger = logging.getLogger(__name__)

#: Run at once whenever a worker (re)connects to the broker: what fell due meanwhile. The
#: outbox's sender runs as when a move asks for it (kicked: a failed mail is tried again soon).
CATCH_UP_TASKS = {
    "games.tasks.sweep_deadlines": {},
    "notifications.tasks.send_outbox": {"kicked": True},
}


class CatchUp(bootsteps.StartStopStep):
    """A step of the worker's consumer, started on each connection to the broker, the first
    and every one after an outage: it sends the deadline sweep and the outbox's sender to the
    worker's own queue, so that the deadlines and mails that fell due while the broker was away
    are handled at once instead of at beat's next tick (which an outage may have skipped)."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, c):
        queues = c.task_consumer.queues if c.task_consumer is not None else []
        queue = queues[0].name if queues else None
        for name, kwargs in CATCH_UP_TASKS.items():
            try:
                c.app.send_task(name, kwargs=kwargs, queue=queue, retry=False)
            except Exception:  # the broker dropped again: the next connection catches up
                logger.warning("catch-up task %s not sent", name)


app = Celery("africa_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.steps["consumer"].add(CatchUp)
app.autodiscover_tasks()
