"""Readers of games: questions the pages, the poll and the writers ask without changing
anything (the writers are ``games.services``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.cache import cache
from django.utils import timezone

from games.engines import replay
from games.models import Game, Move

#: How often a seat's visit is noted at most (``services.mark_seen``).
SEEN_EVERY = timedelta(minutes=1)
#: How long ``undoable``'s answer for a version is kept.
UNDOABLE_SECONDS = 60 * 60


def seen_long_ago(last_seen_at: datetime | None) -> bool:
    """Whether a seat's last visit (``Seat.last_seen_at``) is older than the minute
    ``mark_seen`` waits between writes (or never happened)."""
    return last_seen_at is None or last_seen_at < timezone.now() - SEEN_EVERY


def undoable(game: Game, seat_number: int | None) -> bool:
    """Whether ``seat_number`` could undo its last action now (for offering the button).

    The answer is kept in the cache by game and version (a version is one position for
    good), so that a page shown again does not replay the game to find it."""
    if game.status != Game.Status.ACTIVE or seat_number != game.current_seat:
        return False
    key = undoable_key(game, seat_number)
    known = cache.get(key)
    if known is None:
        known = undoable_move(game, seat_number) is not None
        cache.set(key, known, UNDOABLE_SECONDS)
    return known


def undoable_key(game: Game, seat_number: int) -> str:
    return f"game:{game.pk}:{game.version}:undoable:{seat_number}"


def undoable_move(game: Game, seat_number: int) -> Move | None:
    """The last standing move if ``seat_number`` played it by hand and it revealed nothing
    (the engine's ``reveals``, judged in the position before it), else None."""
    standing = game.moves.filter(taken_back=False)
    last = standing.order_by("-version").first()
    if last is None or last.seat != seat_number or last.automatic:
        return None
    rules = game.kind.engine
    earlier = standing.exclude(pk=last.pk).order_by("version").values_list("action", flat=True)
    before = replay(rules, game.num_players, game.seed, game.options, earlier)
    return None if rules.reveals(before, last.action) else last
