"""One-click links in mails and notifications: 24 more hours, a vacation, the daily digest,
joining a game, the answer to a question of at most two answers (the pages that confirm them
are in ``mailplay.views``).

A link is ``/mail/do/<purpose>/<token>/``; the token is ``django.core.signing.dumps`` of one
id (a seat, a user or an invitation), or for an answer of [seat id, the game's version, the
action], with the salt ``mailplay.link.<purpose>`` and a timestamp, valid for LINK_DAYS.
Opening it (GET) shows a page that asks to confirm and changes nothing (mail scanners open
links); its button POSTs, which acts through the services. A forged or expired link shows an
error page and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.urls import reverse

from accounts.models import User
from games.models import Game, Invitation, Seat
from notifications.emails import absolute_url

LINK_SALT = "mailplay.link"
LINK_DAYS = 14
PURPOSES = ("extension", "vacation", "digest", "accept", "answer")
#: A question gets one-click answers when it has at most this many.
MOST_ANSWERS = 2


@dataclass(frozen=True)
class Answer:
    """What an answer link names: ``seat`` answers ``action`` (in the move notation) to the
    question of its game at ``version``."""

    seat: Seat
    version: int
    action: str

    @property
    def user(self) -> User:
        return self.seat.user

    @property
    def game(self) -> Game:
        return self.seat.game


def link_url(purpose: str, pk: int | list) -> str:
    """The absolute one-click link for ``purpose`` about the object with id ``pk`` (a seat for
    "extension", a user for "vacation" and "digest", an invitation for "accept"; for "answer"
    the list [seat id, version, action])."""
    token = signing.dumps(pk, salt=f"{LINK_SALT}.{purpose}")
    return absolute_url(reverse("mailplay_link", args=[purpose, token]))


def target_of(purpose: str, token: str):
    """The seat, user or invitation a link names, or None when forged or expired."""
    try:
        pk = signing.loads(token, salt=f"{LINK_SALT}.{purpose}", max_age=timedelta(days=LINK_DAYS))
    except signing.BadSignature:  # SignatureExpired is a BadSignature
        return None
    if purpose == "extension":
        return Seat.objects.select_related("game", "user").filter(pk=pk).first()
    if purpose == "answer":
        seat_pk, version, action = pk
        seat = Seat.objects.select_related("game", "user").filter(pk=seat_pk).first()
        return Answer(seat, version, action) if seat and seat.user else None
    if purpose == "accept":
        return Invitation.objects.select_related("game", "user", "invited_by").filter(pk=pk).first()
    return User.objects.filter(pk=pk, is_active=True).first()


def turn_links(seat: Seat, game: Game) -> dict[str, str]:
    """The one-click links of a your-turn mail: {"extension", "vacation", "digest"}; the
    extension only while the seat has not taken it. ``game`` is the seat's game: one without
    deadlines (a solo game, ``Game.is_solo``) offers neither the extension nor the vacation,
    which only move deadlines."""
    links = {"digest": link_url("digest", seat.user_id)}
    if game.is_solo:
        return links
    links["vacation"] = link_url("vacation", seat.user_id)
    if seat.extension_taken_at is None:
        links["extension"] = link_url("extension", seat.pk)
    return links


def answer_links(seat: Seat, game: Game, context: dict) -> list[tuple[str, str]]:
    """The one-click answers of the question in a your-turn ``context`` (``position_context``
    for ``seat`` in ``game``): [(the answer in words, its link)], one per legal action when
    there is a question and at most MOST_ANSWERS actions, else []. The links name the game's
    version, so that an answer to a question already answered is refused."""
    actions = context.get("actions") or []
    if not context.get("question") or not 0 < len(actions) <= MOST_ANSWERS:
        return []
    return [
        (words, link_url("answer", [seat.pk, game.version, action])) for action, words in actions
    ]
