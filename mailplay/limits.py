"""Limits on emailed replies, counted in the database from the replies already handled.

Two limits, each over the last hour (a sliding window), each the setting ``HOURLY_LIMITS``
("N/h"):

- ``mail_reply_game``: the replies of one player about one game. Honest moves count here, so
  the limit is high (a solo game played in one sitting stays well below it); it stops a mail
  loop or a flood about one game, and no other game of the player is held up.
- ``mail_reply_unplayed``: the replies of one player, about any game, that played nothing
  (refused, rejected, about a game that moved on). A player who plays is never held up by it.

They are counted from ``ProcessedMessage`` rows, not in the shared cache, so that they hold,
and no reply is lost, while the cache is away. Each refusal says when a reply will be read
again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from mailplay.models import ProcessedMessage

WINDOW = timedelta(hours=1)
#: The outcomes of a reply that played nothing.
UNPLAYED = ("refused", "rejected", "stale", "limited")


@dataclass(frozen=True)
class Limited:
    """A reply over a limit: which one (``kind``, a key of ``HOURLY_LIMITS``) and the moment
    (aware) from which a reply is read again."""

    kind: str
    retry_at: datetime


def _hourly(kind: str) -> int:
    """The number of ``HOURLY_LIMITS[kind]`` ("N/h"). Raises KeyError for a kind not set."""
    return int(settings.HOURLY_LIMITS[kind].split("/", 1)[0])


def _over(rows, limit: int) -> datetime | None:
    """When the replies ``rows`` (a queryset of the window) fall back under ``limit``, or
    None when they are under it now."""
    times = list(rows.order_by("-received_at").values_list("received_at", flat=True)[:limit])
    if len(times) < limit:
        return None
    return times[limit - 1] + WINDOW


def check(user, game, message_id: str) -> Limited | None:
    """Whether the reply ``message_id`` (already recorded, and not counted) of ``user`` about
    ``game`` goes over a limit; the first one it goes over, or None."""
    since = timezone.now() - WINDOW
    earlier = ProcessedMessage.objects.filter(user=user, received_at__gte=since).exclude(
        message_id=message_id
    )
    for kind, rows in (
        ("mail_reply_game", earlier.filter(game=game)),
        ("mail_reply_unplayed", earlier.filter(outcome__in=UNPLAYED)),
    ):
        retry_at = _over(rows, _hourly(kind))
        if retry_at is not None:
            return Limited(kind, retry_at)
    return None
