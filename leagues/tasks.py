"""Background work on leagues: seasons start and close at their dates (beat, every ten
minutes: ``start_and_close_seasons``)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from leagues import services

logger = logging.getLogger(__name__)


@shared_task
def start_and_close_seasons() -> dict[str, int]:
    """Start the seasons whose start has come and close those whose end has come. A season
    that cannot start (too few entrants) is logged and stays open: the operator moves its
    date or starts it by hand (``manage.py league start``). Each season is re-read and
    locked by the service, so that a duplicate run does nothing twice."""
    to_start, to_close = services.seasons_due(timezone.now())
    started = closed = 0
    for season in to_close:
        try:
            services.close_season(season)
            closed += 1
        except services.LeagueError as error:
            logger.info("season %s not closed: %s", season.pk, error.message)
    for season in to_start:
        try:
            services.start_season(season)
            started += 1
        except services.LeagueError as error:
            logger.warning("season %s not started: %s", season.pk, error.message)
    return {"started": started, "closed": closed}
