"""The clocks in words: what is left of the move's time and of the bank of the player to
move, as the play page, the turn mails and the calendar feed say it ("1 day 4 h, then 6 days
of bank")."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from africa_site.cached import forget, kept
from games.deadlines import GIFT_EVERY, Clock
from games.models import Game, TimeGift

HOUR = timedelta(hours=1)


def duration_words(span: timedelta) -> str:
    """``span`` in days and hours ("1 day 4 h", "6 days", "5 h"), in minutes under an hour
    ("12 min"); rounded down to the unit shown, translated with a plural for every count."""
    days, rest = span.days, span - timedelta(days=span.days)
    hours = int(rest // HOUR)
    parts = []
    if days:
        parts.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours:
        parts.append(ngettext("%(count)d h", "%(count)d h", hours) % {"count": hours})
    if parts:
        return " ".join(parts)
    minutes = int(rest.total_seconds() // 60)
    return ngettext("%(count)d min", "%(count)d min", minutes) % {"count": minutes}


def clock_words(clock: Clock) -> str:
    """A ``deadlines.Clock`` in words: "1 day 4 h, then 6 days of bank" while the move's own
    time runs and a bank follows, "1 day 4 h" without a bank, "6 days of bank" once the
    move's time is spent."""
    if not clock.bank:
        return duration_words(clock.move)
    bank = _("%(time)s of bank") % {"time": duration_words(clock.bank)}
    if not clock.move:
        return bank
    return _("%(move)s, then %(bank)s") % {"move": duration_words(clock.move), "bank": bank}


def turn_clock(game: Game, now=None, seats=None) -> str:
    """The clock of the player to move in ``game`` at ``now`` (default: now) in words
    (``clock_words``), "" when the turn has no deadline (a bot's, a solo game, a game over).
    The weekends are counted in the mover's time zone; ``seats`` are the game's seats with
    their users when the caller has them (else read)."""
    if game.turn_deadline is None or game.current_seat is None:
        return ""
    seats = game.seats_with_users() if seats is None else seats
    mover = next((s for s in seats if s.number == game.current_seat), None)
    if mover is None or mover.user is None:
        return ""
    return clock_words(game.clock_for(mover.user, now or timezone.now()))


def time_choices(game: Game, seat, seats, my_turn: bool) -> dict:
    """What ``seat`` (the viewer's, None for a watcher) may do about the clock on the play
    page: {"can_ask_time": the player to move has not taken their 24 h of the game,
    "can_give_time": another seated player may give the player to move 24 h (not in the
    last day)}, both only while a person's clock runs. The services check it all again."""
    running = game.status == Game.Status.ACTIVE and game.turn_deadline is not None
    seated = running and seat is not None and seat.left_at is None
    mover = next((s for s in seats if s.number == game.current_seat), None)
    recent = seat is not None and seat.time_given_at is not None
    return {
        "can_ask_time": seated and my_turn and seat.extension_taken_at is None,
        "can_give_time": seated
        and not my_turn
        and mover is not None
        and not mover.playing_level
        and not (recent and timezone.now() - seat.time_given_at < GIFT_EVERY),
    }


def stamp(game: Game) -> str:
    """What changes when time is given in ``game`` without a move (the end of the move's
    time), for the key of the cached log, which tells the time given."""
    return game.move_deadline.isoformat() if game.move_deadline else "-"


def gift_words(gift: TimeGift, names: list[str]) -> str:
    """A ``TimeGift`` in words for the log: "Bob took 24 more hours for this move." or "Carol
    gave Bob 24 more hours." (``names``: the seats' names in seat order)."""
    if gift.giver is None:
        return _("%(player)s took 24 more hours for this move.") % {"player": names[gift.seat]}
    return _("%(giver)s gave %(player)s 24 more hours.") % {
        "giver": names[gift.giver],
        "player": names[gift.seat],
    }


#: How long the shared cache keeps the time given in a game (seconds); a gift forgets it.
GIFTS_SECONDS = 24 * 60 * 60


def gifts_key(game_id: int) -> str:
    """The shared cache's key of the time given in the game ``game_id``."""
    return f"time-gifts:{game_id}"


def time_gifts(game: Game) -> list[TimeGift]:
    """The ``TimeGift`` rows of ``game``, newest first (by version, then time): kept in the
    shared cache until time is given again (``forget_gifts``), so that the log, rendered
    anew at every move, reads them without a query (most games have none)."""
    gifts = game.time_gifts.order_by("-version", "-created_at")
    return kept(gifts_key(game.pk), GIFTS_SECONDS, lambda: list(gifts))


def forget_gifts(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of TimeGift: forget the time given in its game."""
    forget([gifts_key(instance.game_id)], using)


def with_time_gifts(entries: list[dict], game: Game, names: list[str]) -> list[dict]:
    """The log ``entries`` (newest first, each {"ply", "lines": [{"text", "event"}]}) with the
    time given in ``game`` among them, each after the move it followed; none older than the
    oldest entry shown (a shortened log)."""
    oldest = entries[-1]["ply"] if entries else 0
    merged, pending = [], [gift for gift in time_gifts(game) if gift.version >= oldest]
    for entry in entries:
        while pending and pending[0].version >= entry["ply"]:
            merged.append(_gift_entry(pending.pop(0), names))
        merged.append(entry)
    merged.extend(_gift_entry(gift, names) for gift in pending)
    return merged


def _gift_entry(gift: TimeGift, names: list[str]) -> dict:
    return {"ply": gift.version, "lines": [{"text": gift_words(gift, names), "event": {}}]}
