"""A player's calendar of deadlines as iCalendar (RFC 5545), built with the icalendar library.

One event per game waiting for the player's move: it ends at the turn's deadline and links to
the game. The feed's address carries a signed token (``{"u": user id, "k": key}``, salt
``FEED_SALT``, no time stamp: the address stays the same until renewed); a token whose key
is no longer the user's feed key is refused.
"""

from __future__ import annotations

from datetime import timedelta

from django.core import signing
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from accounts.models import User
from calendars.models import CalendarFeed, new_key
from games.clocks import turn_clock
from games.models import Game

FEED_SALT = "calendars.feed"
EVENT_LENGTH = timedelta(minutes=30)  # each event ends at the deadline


def feed_token(feed: CalendarFeed) -> str:
    """The signed token of ``feed``'s address."""
    return signing.Signer(salt=FEED_SALT).sign_object({"u": feed.user_id, "k": feed.key})


def feed_for_token(token: str) -> CalendarFeed | None:
    """The live feed that ``token`` opens, or None (forged, garbled or revoked)."""
    try:
        data = signing.Signer(salt=FEED_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    return (
        CalendarFeed.objects.select_related("user")
        .filter(user_id=data.get("u"), key=data.get("k"), user__is_active=True)
        .first()
    )


def renew(user: User) -> CalendarFeed:
    """Give ``user`` a feed with a new key: the old address stops working."""
    feed, _created = CalendarFeed.objects.update_or_create(user=user, defaults={"key": new_key()})
    return feed


def turn_off(user: User) -> None:
    """Delete ``user``'s feed: its address stops working."""
    CalendarFeed.objects.filter(user=user).delete()


def calendar(user: User, link) -> bytes:
    """``user``'s feed as iCalendar bytes: one event per game awaiting their move, in their
    language. ``link(game)`` gives the game's absolute URL."""
    cal = Calendar()
    cal.add("prodid", "-//Africa games//deadlines//EN")
    cal.add("version", "2.0")
    games = (
        Game.objects.awaiting_move_by(user)
        .filter(turn_deadline__isnull=False)
        .prefetch_related("seats__user")
        .order_by("turn_deadline")
    )
    now = timezone.now()
    with translation.override(user.language):
        cal.add("x-wr-calname", _("My game deadlines"))
        for game in games:
            others = ", ".join(
                s.name for s in game.seats.all() if s.user_id != user.pk
            )
            url = link(game)
            event = Event()
            event.add("uid", f"{game.code}@deadlines")
            event.add("sequence", game.version)
            event.add("dtstamp", now)
            event.add("dtstart", game.turn_deadline - EVENT_LENGTH)
            event.add("dtend", game.turn_deadline)
            event.add(
                "summary",
                _("Your move in %(game)s with %(others)s")
                % {"game": game.get_engine_display(), "others": others}
                if others
                else _("Your move in %(game)s") % {"game": game.get_engine_display()},
            )
            description = _("Play before the deadline: %(url)s") % {"url": url}
            if clock := turn_clock(game, now, seats=list(game.seats.all())):
                description += "\n" + _("Time left: %(clock)s.") % {"clock": clock}
            event.add("description", description)
            event.add("url", url)
            cal.add_component(event)
    return cal.to_ical()
