"""Enqueueing a bot's move: ``games.tasks.play_bot`` by its registered name.

The services cannot import ``games.tasks`` (the tasks import the services), so the move is
enqueued by the task's name; ``GamesConfig.ready()`` registers the task in every process, so
that Celery's eager mode (tests) runs it in place and a worker or the web process sends it to
the broker.
"""

from __future__ import annotations

from celery import current_app
from django.conf import settings
from django.db import transaction

from africa_site.enqueue import send_once

PLAY_BOT = "games.tasks.play_bot"


def enqueue_bot_move(game_id: int, version: int) -> None:
    """After the current transaction commits, enqueue one bot decision for game ``game_id``
    at ``version``, ``settings.BOT_PAUSE_SECONDS`` later (a pause so that watchers can
    follow the bots' moves; 0 in tests). A broker that does not take it is logged, not
    raised, and not asked again for a while (``africa_site.enqueue``): the move stands, and
    the deadline sweep enqueues the bot's move again (``bots.stalled``)."""
    pause = settings.BOT_PAUSE_SECONDS

    def send() -> None:  # a broker that is away: the sweep enqueues a stalled bot's move
        signature = current_app.signature(PLAY_BOT, args=(game_id, version))
        send_once(signature, countdown=pause or None, what=f"the bot's move of game {game_id}")

    transaction.on_commit(send)
