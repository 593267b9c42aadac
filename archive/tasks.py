"""Background work of the archive: the statistics and the bot's review of finished games.

``review_game`` is enqueued by name when a game ends (``games.services.review_queue``); a
broker that is away loses nothing: ``review_finished_games`` (every ten minutes) enqueues the
review of every recently finished game that has none yet. Both are harmless when repeated.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from africa_site.enqueue import send_once
from archive import review
from archive.models import GameReview
from archive.reviews import compute_statistics
from games.models import Game

#: The finished games the sweep looks at: those that ended in this many days, and longer
#: ago than ``SWEEP_AFTER`` (a review enqueued at the end has had its time), at most
#: ``SWEEP_BATCH`` a sweep.
SWEEP_DAYS = 7
SWEEP_AFTER = timedelta(minutes=15)
SWEEP_BATCH = 20


@shared_task(name="archive.tasks.review_game")
def review_game(game_id: int) -> str:
    """Count the statistics of finished game ``game_id``, then have the bot review it
    (``archive.review.review_game``, within ``settings.GAME_REVIEW_SECONDS`` of CPU and
    ``settings.GAME_REVIEW_PLAYOUTS`` playouts a position) and keep both (``GameReview``).
    Does nothing for a game that is not finished or is reviewed already."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None:
        return "not finished"
    kept, _created = GameReview.objects.get_or_create(game=game)
    if not kept.statistics:
        kept.statistics = compute_statistics(game)
        kept.save(update_fields=["statistics"])
    if kept.is_done:
        return "done already"
    actions = game.moves.filter(taken_back=False).order_by("version")
    kept.review = review.review_game(
        game.kind.engine,
        game.num_players,
        game.seed,
        game.options,
        list(actions.values_list("action", flat=True)),
        seconds=settings.GAME_REVIEW_SECONDS,
        playouts=settings.GAME_REVIEW_PLAYOUTS,
    )
    kept.reviewed_at = timezone.now()
    kept.save(update_fields=["review", "reviewed_at"])
    return "reviewed"


@shared_task(name="archive.tasks.review_finished_games")
def review_finished_games() -> int:
    """Every ten minutes: enqueue the review of the games finished in the last ``SWEEP_DAYS``
    days (and ``SWEEP_AFTER`` ago at least) that have no review yet; returns how many."""
    now = timezone.now()
    reviewed = GameReview.objects.filter(game=OuterRef("pk"), reviewed_at__isnull=False)
    waiting = (
        Game.objects.finished()
        .filter(finished_at__gte=now - timedelta(days=SWEEP_DAYS))
        .filter(finished_at__lte=now - SWEEP_AFTER)
        .filter(~Exists(reviewed))
        .order_by("finished_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    sent = 0
    for game_id in waiting:
        sent += send_once(review_game.s(game_id), what=f"the review of game {game_id}")
    return sent
