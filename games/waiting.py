"""The games waiting for a player, kept in the shared cache: the header's count on every page,
the play page's "Next game", the phone's badge.

A player's list is read in one query and kept until something that can change it happens:
a game of theirs changes its status, its player to move or its turn deadline; a seat of
theirs is taken, left or given up; an invitation to them is made or withdrawn. Each of those
forgets the list of the players it concerns once it is committed (``forget``), so that a read
made meanwhile is not kept; ``WAITING_SECONDS`` bounds what a change made without the models'
signals (a queryset ``update``) could leave behind.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable

from django.db import models
from django.db.models.signals import post_delete, post_init, post_save

from africa_site import cached
from games.models import Game, Invitation, Seat

#: How long a player's list of waiting games stays in the shared cache at most (seconds).
WAITING_SECONDS = 10 * 60

#: Where a Game keeps what it was read with, to tell whether a save changed a player's list.
READ = "_waiting_read"

#: The fields of a Game that decide whose turn it is and in what order the games come.
FIELDS = ("status", "current_seat", "turn_deadline")

_NEVER = datetime.datetime.max.replace(tzinfo=datetime.UTC)


def key(user_id: int) -> str:
    """The shared cache's key of the list of games waiting for the user ``user_id``."""
    return f"waiting:{user_id}"


def waiting_codes(user) -> list[str]:
    """The codes (UUIDs as text) of the games waiting for ``user``, in the order to play them:
    the active games at their turn, the nearest turn deadline first (one without a deadline
    after those with one), then the open games they are invited to and have not joined, the
    first invitation first. One SQL query on a miss (the union of the two lists: an OR of
    both made the planner read every game), none while the list is kept."""
    return cached.kept(key(user.pk), WAITING_SECONDS, functools.partial(_read, user))


def _read(user) -> list[str]:
    """``waiting_codes`` of ``user`` read from the database."""
    no_time = models.Value(None, output_field=models.DateTimeField())
    turn = (
        Game.objects.awaiting_move_by(user)
        .order_by()
        .values_list("pk", "code", "turn_deadline", no_time)
    )
    invited = (
        Invitation.objects.filter(user=user, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
        .order_by()
        .values_list("game_id", "game__code", no_time, "created_at")
    )
    rows = list(turn.union(invited))
    turns = sorted((r for r in rows if r[3] is None), key=lambda r: (r[2] or _NEVER, r[0]))
    invitations = sorted((r for r in rows if r[3] is not None), key=lambda r: (r[3], r[0]))
    return list(dict.fromkeys(str(row[1]) for row in [*turns, *invitations]))


def forget(user_ids: Iterable[int | None], using: str = "default") -> None:
    """Forget the lists of the users ``user_ids`` (None, a robot's seat, is skipped) at once
    and, inside a transaction, again when it commits: a list read meanwhile by another
    request, which cannot see the change yet, is not kept."""
    cached.forget([key(user_id) for user_id in user_ids if user_id is not None], using)


def game_read(sender, instance, **kwargs) -> None:
    """``post_init`` of Game: note the fields it was read with (``FIELDS``)."""
    instance.__dict__[READ] = tuple(instance.__dict__.get(name) for name in FIELDS)


def game_saved(sender, instance, created, using, **kwargs) -> None:
    """``post_save`` of Game: when its status, player to move or turn deadline changed, forget
    the lists of its seated players, and of the players invited to it while it is or was open.
    A new game waits for nobody until a seat or an invitation is made (their own signals)."""
    now = tuple(instance.__dict__.get(name) for name in FIELDS)
    read = instance.__dict__.get(READ)
    instance.__dict__[READ] = now
    if created or read == now:
        return
    seats = instance.__dict__.get("seat_list")
    if seats is not None:
        users = {seat.user_id for seat in seats}
    else:
        users = set(Seat.objects.filter(game=instance).values_list("user_id", flat=True))
    if Game.Status.OPEN in (instance.status, read[0] if read else None):
        users |= set(Invitation.objects.filter(game=instance).values_list("user_id", flat=True))
    forget(users, using)


def seat_read(sender, instance, **kwargs) -> None:
    """``post_init`` of Seat: note the user it was read with (a newcomer may take it over)."""
    instance.__dict__[READ] = instance.__dict__.get("user_id")


#: The fields of a Seat whose change can change a player's list.
SEAT_FIELDS = frozenset({"user", "user_id", "left_at", "number", "game", "game_id"})


def seat_changed(sender, instance, using, update_fields=None, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of Seat: forget the lists of its user, and of the one
    it was read with; a save of other fields only (the last visit, the time bank) forgets
    nothing."""
    if update_fields is not None and not SEAT_FIELDS & set(update_fields):
        return
    forget({instance.user_id, instance.__dict__.get(READ)}, using)
    instance.__dict__[READ] = instance.user_id


def invitation_changed(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of Invitation: forget the invited user's list."""
    forget([instance.user_id], using)


def connect() -> None:
    """Connect the models' signals that forget players' lists (``GamesConfig.ready``)."""
    post_init.connect(game_read, sender=Game, dispatch_uid="games.waiting.game_read")
    post_save.connect(game_saved, sender=Game, dispatch_uid="games.waiting.game_saved")
    post_init.connect(seat_read, sender=Seat, dispatch_uid="games.waiting.seat_read")
    for name, signal in (("save", post_save), ("delete", post_delete)):
        signal.connect(seat_changed, sender=Seat, dispatch_uid=f"games.waiting.seat_{name}")
        signal.connect(
            invitation_changed, sender=Invitation, dispatch_uid=f"games.waiting.invitation_{name}"
        )
