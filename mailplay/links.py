"""One-click links in mails: 24 more hours, a vacation, the daily digest, joining a game.

A link is ``/mail/do/<purpose>/<token>/``; the token is ``django.core.signing.dumps`` of one
id (a seat, a user or an invitation) with the salt ``mailplay.link.<purpose>`` and a
timestamp, valid for LINK_DAYS. Opening it (GET) shows a page that asks to confirm and changes
nothing (mail scanners open links); its button POSTs, which acts through the services. A
forged or expired link shows an error page and changes nothing.
"""

from __future__ import annotations

from datetime import timedelta

from django.core import signing
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from accounts.services import VacationError, start_vacation, vacation_days_left
from games import services
from games.models import Invitation, Seat
from notifications.emails import absolute_url

LINK_SALT = "mailplay.link"
LINK_DAYS = 14
PURPOSES = ("extension", "vacation", "digest", "accept")


def link_url(purpose: str, pk: int) -> str:
    """The absolute one-click link for ``purpose`` about the object with id ``pk`` (a seat for
    "extension", a user for "vacation" and "digest", an invitation for "accept")."""
    token = signing.dumps(pk, salt=f"{LINK_SALT}.{purpose}")
    return absolute_url(reverse("mailplay_link", args=[purpose, token]))


def _target(purpose: str, token: str):
    """The seat, user or invitation a link names, or None when forged or expired."""
    try:
        pk = signing.loads(token, salt=f"{LINK_SALT}.{purpose}", max_age=timedelta(days=LINK_DAYS))
    except signing.BadSignature:  # SignatureExpired is a BadSignature
        return None
    if purpose == "extension":
        return Seat.objects.select_related("game", "user").filter(pk=pk).first()
    if purpose == "accept":
        return Invitation.objects.select_related("game", "user", "invited_by").filter(pk=pk).first()
    return User.objects.filter(pk=pk, is_active=True).first()


def switch_to_digest(user: User) -> None:
    """From now on ``user`` gets one daily digest instead of a mail for each turn."""
    user.notifications = User.Notifications.DAILY_DIGEST
    user.save(update_fields=["notifications"])


def _act(purpose: str, target) -> dict:
    """Do what the link offers; the page's context. Raises GameError or VacationError."""
    if purpose == "extension":
        game = services.take_extension(target.game, target.user)
        return {"game": game}
    if purpose == "vacation":
        start_vacation(target)
        return {}
    if purpose == "digest":
        switch_to_digest(target)
        return {}
    services.join_game(target.game, target.user)
    return {"game": target.game}


def confirm(request, purpose: str, token: str):
    """GET: the page asking to confirm the link's action. POST: do it and say so; a refusal
    (no longer possible, done already) is shown as a message. Forged or expired: error page."""
    if purpose not in PURPOSES:
        raise Http404
    target = _target(purpose, token)
    if target is None:
        return render(request, "mailplay/link_invalid.html", status=400)
    person = target if isinstance(target, User) else target.user
    context = {"purpose": purpose, "target": target, "person": person, "token": token}
    with translation.override(person.language):
        if purpose == "vacation":
            context["days_left"] = int(vacation_days_left(person))
        if request.method == "POST":
            try:
                context.update(_act(purpose, target))
            except (services.GameError, VacationError) as error:
                context["error"] = error.message
                return render(request, "mailplay/link_refused.html", context, status=409)
            return render(request, "mailplay/link_done.html", context)
        return render(request, "mailplay/link_confirm.html", context)


def turn_links(seat: Seat) -> dict[str, str]:
    """The one-click links of a your-turn mail: {"extension", "vacation", "digest"}; the
    extension only while the seat has not taken it."""
    links = {
        "vacation": link_url("vacation", seat.user_id),
        "digest": link_url("digest", seat.user_id),
    }
    if seat.extension_taken_at is None:
        links["extension"] = link_url("extension", seat.pk)
    return links
