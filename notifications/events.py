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
- ``reminder``: ``user``'s turn is at 80 % of its move's time, or of their time bank (game,
  version, seat).
- ``game_started``, ``game_finished``, ``game_aborted``: the game's news, to each player.
- ``timed_out``, ``taken_over``: ``user``'s turn ran out; after too many, a bot took the seat.
- ``seat_taken``: a newcomer took over the seat a bot played for a player who left (payload
  {"newcomer", "robot", "seat"}), to the other players. ``game_finished`` has the payload
  {"reason": "vote"} when the players voted to end the game.
- ``invitation``: ``user`` is invited to an open game (``about`` is the invitation's id,
  ``payload`` {"invitation": id}).
- ``chat_line``: a line of a game's players' chat addressed to ``user`` (``about`` is
  "<message id>:<user id>", ``payload`` {"message": id}).
- ``daily_digest``: the games waiting for ``user``, once a local day (``about`` is
  "<user id>:<day>", no game).
- ``season_started``: a season of a league ``user`` entered started, all its games at once
  (``about`` is "<season id>:<user id>", ``payload`` {"season": id}, no game).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from notifications import channels, outbox


@dataclass(frozen=True)
class Event:
    """One event of EVENTS: its ``name`` (also its mail's template), the ``label`` the settings
    page shows for it (lazily translated), whether it is a game's ``news`` told to its players
    (``games.notices.notice``, composed by one mail composer), and the ``key_word`` that begins
    its outbox rows' keys (the event's name unless the keys, and the Message-IDs made from them,
    were given another word before)."""

    name: str
    label: str
    news: bool = False
    key_word: str = ""


#: Every event, in the order of the settings page's table.
EVENT_LIST = (
    Event("your_turn", _("Your turn"), key_word="turn"),
    Event("reminder", _("A reminder before the deadline")),
    Event("game_started", _("A game starts"), news=True),
    Event("game_finished", _("A game is over"), news=True),
    Event("game_aborted", _("A game is called off"), news=True),
    Event("timed_out", _("Your time for a move ran out"), news=True),
    Event("taken_over", _("A computer player took your seat"), news=True),
    Event("seat_taken", _("Someone takes over a seat in your game"), news=True),
    Event("invitation", _("An invitation to a game")),
    Event("daily_digest", _("The daily digest"), key_word="digest"),
    Event("season_started", _("A season of your league starts")),
    Event("chat_line", _("A chat line addressed to you")),
)
#: The events by name.
BY_NAME = {event.name: event for event in EVENT_LIST}
#: The events' names.
EVENTS = tuple(BY_NAME)
#: The names of the games' news told to their players (``games.notices.notice``).
NEWS = tuple(event.name for event in EVENT_LIST if event.news)


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
    (``channels.carrying``) that can reach ``user`` (``channels.reaches``); returns whether
    any row was new. Raises ValueError for an event not in EVENTS."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    if about is None:
        about = f"{getattr(game, 'pk', None)}:{version}:{getattr(user, 'pk', None)}"
    key = f"{BY_NAME[event].key_word or event}:{about}"
    written = False
    for name in channels.carrying(event):
        if not channels.reaches(name, user):
            continue
        written |= outbox.queue(
            key if name == channels.MAIL else f"{name}:{key}",
            user,
            event,
            game=game,
            version=version,
            seat=seat,
            payload=payload,
            channel=name,
        )
    return written
