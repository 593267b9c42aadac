"""Sending a task to the broker without making a person wait on a broker that is away.

Every task the site sends while a person waits (the mail kick after a move or a reply, a
computer player's move, a claimed timeout) goes through ``send_once``:

1. while this process is *paused* (the broker failed a moment ago), nothing is sent and
   ``send_once`` answers False at once;
2. otherwise the broker is tried once, with no retries (kombu's retries sleep about a second
   each while the player waits): a connection that cannot be made raises here;
3. on any broker error, this process pauses for ``PAUSE_SECONDS`` and answers False.

A caller that gets False leaves the work to its periodic sweep, which finds it in the database
(due outbox rows, a stalled bot, a claimed deadline), so nothing is lost. In Celery's eager mode
(tests) the task runs in place and no connection is made.
"""

from __future__ import annotations

import logging
import time

from celery import current_app

#: After the broker failed, this process sends it nothing for this many seconds.
PAUSE_SECONDS = 15.0

logger = logging.getLogger(__name__)


class _Pause:
    """Until when (``time.monotonic()``) this process sends no task: the broker just failed."""

    until = 0.0


def send_once(signature, *, countdown: float | None = None, what: str) -> bool:
    """Send ``signature`` (a Celery signature, e.g. ``task.s(1, 2)``) to the broker once,
    ``countdown`` seconds later (None: now); ``what`` names it in the log ("the mail kick").
    Returns whether the broker took it; never raises a broker error (see the module)."""
    if time.monotonic() < _Pause.until:
        logger.info("%s not sent: the broker was away a moment ago", what)
        return False
    try:
        if not current_app.conf.task_always_eager:
            with current_app.pool.acquire(block=True) as connection:
                connection.ensure_connection(max_retries=0)  # one attempt, no sleeping
        signature.apply_async(countdown=countdown, retry=False)
    except Exception:  # any broker error: the caller's sweep does the work
        _Pause.until = time.monotonic() + PAUSE_SECONDS
        logger.warning("the broker did not take %s; it waits for the periodic sweep", what)
        return False
    return True


def resume() -> None:
    """End this process's pause: the next ``send_once`` tries the broker again."""
    _Pause.until = 0.0
