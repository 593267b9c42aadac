"""The play page's poll, answered before the session, the user and the rest of the middleware.

An open play page asks every few seconds whether its game moved on (``game_poll``). Nearly
every answer is "no" (204), and the full request (session, user, seat, 14 middlewares) costs
several times what reading one version does. So the page's poll URL carries a *poll token*
made when the page was rendered (``poll_token``): signed by the site's secret key for that
game, that viewer's seat (or for a viewer without a seat) and that viewer's session (a keyed
digest of its key, read from the session cookie: no session, no digest), with its time.
While the token is fresh (``POLL_TOKEN_SECONDS``) and comes with the session it was made
for, ``FastPollMiddleware`` answers the poll itself with one query:

- a watcher's token: the game's version; 204 when it is the page's;
- a seat's token: the game's version and the seat's last visit; 204 when the version is the
  page's and the visit was noted within the last minute (``seen_long_ago``).

Everything else goes on to the view as before: a changed version (the fresh ``game``
partial), a visit to note (once a minute, so no turn mail goes to a player looking at the
game), a token that is missing, stale, forged, for another game or another session, and any
malformed query. The token only stands for the access check the page itself passed, in the
session that passed it: copied out of a page (a shared link, a log), it tells nobody else
whether the game moved on or its player is looking at it.
"""

from __future__ import annotations

import functools
import re
import uuid
from typing import NamedTuple
from urllib.parse import urlencode

from django.conf import settings
from django.core import signing
from django.http import HttpResponse
from django.urls import reverse
from django.utils.crypto import salted_hmac

from games.models import Game, Seat
from games.queries import seen_long_ago

#: How long a poll token stands for the page's access check (seconds). An older token's polls
#: take the full path, which checks access again.
POLL_TOKEN_SECONDS = 60 * 60

DIGITS = re.compile(r"[0-9]{1,9}")
WATCHER = "w"


@functools.cache
def _poll_path() -> re.Pattern:
    """The poll URL's pattern, its game code captured as ``code`` (from the URLconf, with the
    site's script prefix, to match ``request.path``)."""
    sample = str(uuid.UUID(int=0))
    before, after = reverse("game_poll", args=[sample]).split(sample)
    return re.compile(f"{re.escape(before)}(?P<code>[0-9a-f-]{{36}}){re.escape(after)}")


def _signer(code: str) -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=f"games.poll:{code}")


def _session_digest(session_key: str | None) -> str:
    """A keyed digest of a session key (16 hex digits; "-" without a session), which a URL
    may carry without giving the key away."""
    if not session_key:
        return "-"
    return salted_hmac("games.poll.session", session_key).hexdigest()[:16]


def poll_token(game: Game, seat: Seat | None, session_key: str | None) -> str:
    """The poll token of ``game``'s page as ``seat`` sees it (None: a viewer without a seat)
    in the session ``session_key`` (None: none): a URL-safe string
    ``"<seat pk or w>:<session digest>:<time>:<signature>"``, to be sent back as the poll's
    ``t`` parameter."""
    holder = WATCHER if seat is None else str(seat.pk)
    return _signer(str(game.code)).sign(f"{holder}:{_session_digest(session_key)}")


class Grant(NamedTuple):
    """What a fresh, genuine poll token stands for: ``holder`` (the seat pk as text, or
    ``WATCHER``), ``session`` (the keyed digest of its session's key, "-" without a session)
    and ``expires`` (when it stops standing for the page's access check, a Unix time in
    seconds)."""

    holder: str
    session: str
    expires: float


def token_grant(code: str, token: str, session_key: str | None) -> Grant | None:
    """The ``Grant`` of a fresh, genuine ``token`` for game ``code`` (its UUID as text) and
    the session ``session_key``; None for any other token (forged, for another game or
    session, or older than ``POLL_TOKEN_SECONDS``). The live process's streams (``live``)
    take it for the page's access check, and end when it expires."""
    signer = _signer(code)
    try:
        value = signer.unsign(token, max_age=POLL_TOKEN_SECONDS)
    except signing.BadSignature:  # forged, for another game, or expired
        return None
    holder, _colon, digest = value.partition(":")
    if digest != _session_digest(session_key):
        return None
    signed_at = signing.b62_decode(token.rsplit(signer.sep, 2)[1])
    return Grant(holder, digest, signed_at + POLL_TOKEN_SECONDS)


def token_holder(code: str, token: str, session_key: str | None) -> str | None:
    """The seat pk (or ``WATCHER``) a fresh, genuine ``token`` for game ``code`` and the
    session ``session_key`` stands for (``token_grant``); None for any other token. The poll
    takes it for the page's access check."""
    grant = token_grant(code, token, session_key)
    return None if grant is None else grant.holder


def stream_url(game: Game, token: str) -> str:
    """The URL of the live stream of ``game``'s page for the poll token ``token`` (from
    ``poll_token``): ``settings.LIVE_URL`` + "games/<code>/?t=<token>", served by the live
    process (``live``), which tells the page each new version of the game; "" when
    ``LIVE_URL`` is empty (no live process: the page polls)."""
    if not settings.LIVE_URL:
        return ""
    return f"{settings.LIVE_URL}games/{game.code}/?{urlencode({'t': token})}"


class FastPollMiddleware:
    """Answers a play page's poll 204 when its token is good and nothing changed (see the
    module); hands every other request on untouched. Placed right after
    ``SecurityMiddleware``, so that the answer still carries the site's security headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET" and (match := _poll_path().fullmatch(request.path)):
            session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
            if self._unchanged(match["code"], request.GET, session_key):
                return HttpResponse(status=204)
        return self.get_response(request)

    @staticmethod
    def _unchanged(code: str, query, session_key: str | None) -> bool:
        """Whether the poll ``query`` (its ``version`` and ``t``), sent in the session
        ``session_key``, may be answered 204 here."""
        version, token = query.get("version", ""), query.get("t", "")
        if not DIGITS.fullmatch(version) or not token.isascii():
            return False
        try:
            code = str(uuid.UUID(code))
        except ValueError:
            return False
        holder = token_holder(code, token, session_key)
        if holder is None:
            return False
        if holder == WATCHER:
            found = Game.objects.filter(code=code).values_list("version", flat=True)[:1]
            return list(found) == [int(version)]
        if not DIGITS.fullmatch(holder):
            return False
        # A slice, not first(): no ORDER BY for a lookup of one row by its key.
        rows = list(
            Seat.objects.filter(pk=int(holder), game__code=code).values_list(
                "game__version", "last_seen_at"
            )[:1]
        )
        if not rows:
            return False
        [(current, seen)] = rows
        return current == int(version) and not seen_long_ago(seen)
