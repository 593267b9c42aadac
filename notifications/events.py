"""Events in: the one door through which the apps tell ``notifications`` what happened.

An app calls ``notify(event, user, game, version, ...)`` inside the transaction that caused the
event (a move, a timeout, an invitation, the digest hour); nothing else of the app knows of
mails. ``notify`` writes one outbox row per channel that carries the event (``channels``), so
the notification exists exactly when its cause does. What each row then says, and whether it
still goes out (the player's choices per event and channel: ``preferences``; quiet hours; the
turn moved on; the player is looking at the game), is decided when the row is sent, by the
channel's ``compose(row)``, so that a choice changed meanwhile counts.

The events (each also the template of its mail):

- ``your_turn``: the turn of ``user``'s seat began (game, version, seat).
- ``reminder``: ``user``'s turn is at 80 % of its time (game, version, seat).
- ``game_started``, ``game_finished``, ``game_aborted``: the game's news, to each player.
- ``timed_out``, ``taken_over``: ``user``'s turn ran out; after too many, a bot took the seat.
- ``invitation``: ``user`` is invited to an open game (``about`` is the invitation's id,
  ``payload`` {"invitation": id}).
- ``daily_digest``: the games waiting for ``user``, once a local day (``about`` is
  "<user id>:<day>", no game).
"""

from __future__ import annotations

from notifications import channels, outbox

EVENTS = (
    "your_turn",
    "reminder",
    "game_started",
    "game_finished",
    "game_aborted",
    "timed_out",
    "taken_over",
    "invitation",
    "daily_digest",
)
#: The first word of a row's key when it is not the event's name (the keys, and the mails'
#: Message-IDs made from them, stay what they were).
KEY_WORDS = {"your_turn": "turn", "daily_digest": "digest"}


def notify(
    event: str,
    user,
    game=None,
    version: int | None = None,
    *,
    seat: int | None = None,
    about: str | int | None = None,
    payload: dict | None = None,
) -> bool:
    """Tell ``user`` (None: a computer player's seat, told nothing) of ``event`` (one of
    EVENTS) about ``game`` at ``version`` (a game's version: ``Game.version``) from the seat
    numbered ``seat``; call inside the transaction that caused it.

    ``about`` names the occurrence (by default "<game id>:<version>:<user id>"): the same event
    about the same occurrence is told once, however often it is reported. ``payload`` (JSON)
    is kept for the channel's composer. Writes one outbox row per channel of the event
    (``channels.carrying``); returns whether any row was new. Raises ValueError for an event
    not in EVENTS."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    if about is None:
        about = f"{getattr(game, 'pk', None)}:{version}:{getattr(user, 'pk', None)}"
    key = f"{KEY_WORDS.get(event, event)}:{about}"
    written = False
    for name in channels.carrying(event):
        written |= outbox.queue(
            key if name == channels.MAIL else f"{name}:{key}",
            user,
            event,
            game=game,
            version=version,
            seat=seat,
            payload=payload,
        )
    return written
