"""What happened in the games that players are told of: each function finds who is concerned
and tells ``notifications`` the event (``notifications.events.notify``), once per occurrence.

Called inside the transaction of the move or event (``games.services``, ``games.tasks``), so the
notification exists exactly when its cause does. Nothing here knows of channels or mails:
``notifications`` decides what goes out where, and play by mail composes the mails.
"""

from __future__ import annotations

from django.db.models import F

from accounts.models import User
from games.models import Game, Invitation, Seat
from notifications.events import notify


def turn(game: Game, seats: list[Seat] | None = None) -> None:
    """Tell the player to move in ``game`` that their turn began (at the game's version);
    ``seats``, the game's seats with their players when the caller has read them, spares
    reading them again."""
    if seats is None:
        seat = game.seats.select_related("user").filter(number=game.current_seat).first()
    else:
        seat = next((s for s in seats if s.number == game.current_seat), None)
    if seat is None:
        return
    notify("your_turn", seat.user, game, game.version, seat=seat.number)


def reminder(game_id: int, version: int, *, bank: bool = False) -> None:
    """Remind the player to move in game ``game_id`` at version ``version`` (nothing when the
    game has moved on): before their move's time ends, or with ``bank`` before their time bank
    runs out (a reminder of its own, told once like the first)."""
    seat = (
        Seat.objects.select_related("user", "game")
        .filter(game_id=game_id, game__version=version, number=F("game__current_seat"))
        .first()
    )
    if seat is None:
        return
    about = f"{game_id}:{version}:{seat.user_id}" + (":bank" if bank else "")
    notify("reminder", seat.user, seat.game, version, seat=seat.number, about=about)


def notice(
    game: Game,
    name: str,
    seat_number: int | None = None,
    *,
    but: User | None = None,
    payload: dict | None = None,
) -> None:
    """Tell each player of ``game`` (but the user ``but``), or only the one at
    ``seat_number``, the news ``name`` (one of ``notifications.events.NEWS``), with
    ``payload`` (JSON: what the news says beyond the game, for its mail)."""
    seats = game.seats.select_related("user")
    if seat_number is not None:
        seats = seats.filter(number=seat_number)
    if but is not None:
        seats = seats.exclude(user=but)
    for seat in seats:
        notify(name, seat.user, game, game.version, seat=seat.number, payload=payload)


def invitation(invitation: Invitation) -> None:
    """Tell ``invitation.user`` they are invited to the open game."""
    notify(
        "invitation",
        invitation.user,
        invitation.game,
        about=invitation.pk,
        payload={"invitation": invitation.pk},
    )


def digest(user: User, day) -> bool:
    """Tell ``user`` the games waiting for them on their local date ``day`` (a date); False if
    they were told before that day."""
    return notify("daily_digest", user, about=f"{user.pk}:{day}", payload={"day": str(day)})
