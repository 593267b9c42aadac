"""The push channel (``notifications.channels``): an outbox row becomes a Web Push to each of
the player's subscribed devices (``PushSubscription``).

It carries every event a mail tells of (``carries``), and only to a player with a device
(``reaches``). ``compose(row)`` decides as the mail does, with the same composer
(``outbox.composers``, run with ``row.channel`` "push" so that the player's choices for push
count): quiet hours put it off to their end; a turn that moved on or an event the player does
not want by push closes it; and where the mail would wait because the player is looking at the
game, the push is closed ("looking"): they see it already. What it says is the mail's subject,
in the player's language, as JSON::

    {"title", "body", "url", "tag", "badge"[, "actions": [{"action", "title", "url"}]]}

``url`` is the game's page (My games for the digest), ``tag`` the game's code (a newer push of
a game replaces the older one on the phone), ``badge`` the games waiting for the player
(``counts_games_waiting``), and ``actions`` the mail's one-click links where a notification can
offer them (the invitation's "Accept", the reminder's "24 more hours"): at most two.

``deliver(push)`` sends it with pywebpush, encrypted (aes128gcm, RFC 8291) and signed (VAPID,
RFC 8292, the keys of settings WEBPUSH_VAPID_*), with the headers of RFC 8030: TTL 12 hours,
Urgency high for the player's turn and normal otherwise, Topic the tag. A device whose push
service answers 404 or 410 is deleted; any other failure (5xx, a timeout, no connection) is
raised, and the sender tries the row again after its backoff, skipping the devices that took
it already (their ids are kept in the row's payload "pushed_to"): none gets it twice.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from africa_site.elision import elide
from notifications import outbox
from notifications.emails import absolute_url
from notifications.events import EVENTS
from notifications.models import OutboundMail, PushSubscription
from notifications.outbox import QUIET_HOURS_EXEMPT, Close, Defer, quiet_hours_end

logger = logging.getLogger(__name__)

NAME = "push"
#: Seconds a push service keeps a push for a device that is off (RFC 8030 5.2): 12 hours.
TTL = 12 * 60 * 60
#: The events whose pushes are urgent (RFC 8030 5.3): the player's turn.
URGENT = ("your_turn", "reminder")
#: The push service answers that the subscription is no more (RFC 8030 7.3).
GONE = (404, 410)
#: A Topic is at most 32 characters of the URL-safe base64 alphabet (RFC 8030 5.4).
TOPIC_LENGTH = 32

_count_waiting: list[Callable] = []


def counts_games_waiting(function: Callable) -> Callable:
    """Register ``function(user) -> int``, the number of games waiting for ``user``: the
    ``badge`` of every push. The app that knows the games registers it when it is ready."""
    _count_waiting[:] = [function]
    return function


@dataclass
class Push:
    """One push to the devices ``subscriptions`` of the row ``row_pk``: ``data`` (the JSON
    payload), ``urgency`` and ``topic`` (RFC 8030 headers); ``payload`` is the row's payload
    (its "pushed_to" grows as devices take it)."""

    row_pk: int
    data: dict
    subscriptions: list[PushSubscription]
    urgency: str
    topic: str
    payload: dict = field(default_factory=dict)


def enabled() -> bool:
    """Whether push is on (settings.WEBPUSH_ENABLED, with both keys set)."""
    return bool(
        settings.WEBPUSH_ENABLED
        and settings.WEBPUSH_VAPID_PRIVATE_KEY
        and settings.WEBPUSH_VAPID_PUBLIC_KEY
    )


def carries(event: str) -> bool:
    """Whether a push tells of ``event``: push is on and a mail tells of it."""
    return enabled() and event in EVENTS and event in outbox.composers


def reaches(user) -> bool:
    """Whether ``user`` has a device subscribed."""
    return PushSubscription.objects.filter(user=user).exists()


def compose(row: OutboundMail) -> Push | Close | Defer:
    """The push of ``row``, or why it goes out later (quiet hours) or not at all (see the
    module's docstring). Raises KeyError for a template no composer builds."""
    if not enabled():
        return Close("push off")
    if row.template not in QUIET_HOURS_EXEMPT and (
        end := quiet_hours_end(row.user, timezone.now())
    ):
        return Defer(end)
    with translation.override(row.user.language), timezone.override(row.user.zone):
        decision = outbox.composers[row.template](row)
        if isinstance(decision, Defer):  # the mail waits while the player looks at the game
            return Close("looking")
        if isinstance(decision, Close):
            return decision
        data = _payload(row, decision.context)
    pushed_to = set(row.payload.get("pushed_to", []))
    subscriptions = [
        subscription
        for subscription in PushSubscription.objects.filter(user=row.user)
        if subscription.pk not in pushed_to
    ]
    if not subscriptions:
        return Close("no device")
    return Push(
        row_pk=row.pk,
        data=data,
        subscriptions=subscriptions,
        urgency="high" if row.template in URGENT else "normal",
        topic=data["tag"].replace("-", "")[:TOPIC_LENGTH],
        payload=dict(row.payload),
    )


def _payload(row: OutboundMail, context: dict) -> dict:
    """The JSON of ``row``'s push from its mail's ``context``, in the active language."""
    game = context.get("game") or row.game
    context = {**context, "user": row.user, "site_name": settings.SITE_NAME}
    title = elide(" ".join(render_to_string(f"emails/{row.template}-subject.txt", context).split()))
    if game is not None and row.template != "daily_digest":
        url = absolute_url(game.get_absolute_url())
        tag = str(game.code)
        body = _("Tap to open the game.")
    else:
        url = absolute_url(reverse("my_games"))
        tag = row.template
        body = _("Tap to see your games.")
    data = {
        "title": title,
        "body": body,
        "url": url,
        "tag": tag,
        "badge": _count_waiting[0](row.user) if _count_waiting else 0,
    }
    if actions := _actions(context):
        data["actions"] = actions
    return data


def _actions(context: dict) -> list[dict]:
    """The one-click links that a notification offers as its buttons (at most two): the
    answers to the question of the turn, else those of the mail (accept an invitation, 24
    more hours)."""
    actions = [
        {"action": f"answer-{number}", "title": words, "url": url}
        for number, (words, url) in enumerate(context.get("answer_links", []), start=1)
    ]
    if context.get("accept_url"):
        actions.append({"action": "accept", "title": _("Accept"), "url": context["accept_url"]})
    if extension := context.get("mail_links", {}).get("extension"):
        actions.append({"action": "extension", "title": _("24 more hours"), "url": extension})
    return actions[:2]


@cache
def _vapid(private_key: str) -> Vapid:
    return Vapid.from_string(private_key)


def deliver(push: Push) -> Close | None:
    """Send ``push`` to each of its devices; a Close when none was left to take it (all
    unsubscribed). Raises the push service's error (WebPushException) or the connection's
    (requests' ConnectionError, Timeout): the row is tried again later, for the devices that
    did not take it yet."""
    body = json.dumps(push.data, ensure_ascii=False, separators=(",", ":"))
    headers = {"Urgency": push.urgency, "Topic": push.topic}
    pushed_to = list(push.payload.get("pushed_to", []))
    for subscription in push.subscriptions:
        try:
            webpush(
                subscription.subscription_info(),
                data=body,
                vapid_private_key=_vapid(settings.WEBPUSH_VAPID_PRIVATE_KEY),
                vapid_claims={"sub": settings.WEBPUSH_VAPID_SUBJECT},  # aud, exp: pywebpush
                ttl=TTL,
                headers=dict(headers),
                timeout=settings.WEBPUSH_TIMEOUT,
            )
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status not in GONE:
                raise
            logger.info("push subscription %s is gone (%s)", subscription.pk, status)
            subscription.delete()
            continue
        # Kept at once, device by device: a retry, or a sender that takes the row over after
        # this one died, skips the devices that have it.
        pushed_to.append(subscription.pk)
        OutboundMail.objects.filter(pk=push.row_pk).update(
            payload={**push.payload, "pushed_to": pushed_to}
        )
        PushSubscription.objects.filter(pk=subscription.pk).update(last_used_at=timezone.now())
    return None if pushed_to else Close("no device")
