"""Enqueueing the review of a finished game: ``archive.tasks.review_game`` by its registered
name (the archive reads the games; the games do not import the archive).

The archive's app registers the task in every process (its ``tasks`` module, found by Celery's
autodiscovery), so that Celery's eager mode (tests) runs it in place and a worker or the web
process sends it to the broker.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction

from africa_site.enqueue import send_once

REVIEW_GAME = "archive.tasks.review_game"


def enqueue_review(game_id: int) -> None:
    """After the current transaction commits, enqueue the statistics and the bot's review of
    the finished game ``game_id``. A broker that does not take it is logged, not raised: the
    archive's sweep (``archive.tasks.review_finished_games``) enqueues it again."""

    def send() -> None:
        signature = current_app.signature(REVIEW_GAME, args=(game_id,))
        send_once(signature, what=f"the review of game {game_id}")

    transaction.on_commit(send)
