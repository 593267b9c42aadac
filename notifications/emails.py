"""Mails to players: rendered by naming convention in the recipient's language and time zone,
sent at most once each.

``make_message(name, user, context)`` renders ``emails/<name>-subject.txt``,
``emails/<name>-body.txt`` and ``emails/<name>-body.html``. Every mail carries a one-click
unsubscribe link (RFC 8058) signed for its recipient.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import User
from africa_site.elision import elide
from notifications.models import OutboundMail

UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def absolute_url(path: str) -> str:
    """``path`` on the site's public address (settings.SITE_URL)."""
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_token(user) -> str:
    """A signed token naming ``user``, for the unsubscribe link of their mails."""
    return signing.dumps(user.pk, salt=UNSUBSCRIBE_SALT)


def user_from_unsubscribe_token(token: str):
    """The user a token names, or None for a forged or garbled token."""
    try:
        pk = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return User.objects.filter(pk=pk).first()


def unsubscribe_url(user) -> str:
    return absolute_url(reverse("unsubscribe", args=[unsubscribe_token(user)]))


def message_id(key: str) -> str:
    """A Message-ID that is the same for every attempt at the mail ``key``."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    domain = settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip(">") or "localhost"
    return f"<{digest}@{domain}>"


def make_message(name: str, user, context: dict, *, key: str = "") -> EmailMultiAlternatives:
    """The mail ``name`` for ``user``, rendered in their language and time zone.

    ``context`` is passed to the three templates with ``user``, ``site_name``, ``site_url``
    and ``unsubscribe_url`` added; its "reply_to" address, if any, becomes the Reply-To.
    """
    unsubscribe = unsubscribe_url(user)
    context = {
        **context,
        "user": user,
        "site_name": settings.SITE_NAME,
        "site_url": settings.SITE_URL,
        "unsubscribe_url": unsubscribe,
    }
    with translation.override(user.language), timezone.override(user.zone):
        subject = " ".join(render_to_string(f"emails/{name}-subject.txt", context).split())
        text = render_to_string(f"emails/{name}-body.txt", context)
        html = render_to_string(f"emails/{name}-body.html", context)
        subject, text, html = (elide(part) for part in (subject, text, html))
    headers = {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }
    if key:
        headers["Message-ID"] = message_id(key)
    message = EmailMultiAlternatives(
        subject,
        text,
        settings.DEFAULT_FROM_EMAIL,
        [user.email],
        headers=headers,
        reply_to=[context["reply_to"]] if context.get("reply_to") else None,  # play by email
    )
    message.attach_alternative(html, "text/html")
    return message


def send_once(key: str, user, name: str, context: dict) -> bool:
    """Send the mail ``key`` unless it went out already; True if this call sent it.

    Steps: create or find the mail's row; claim it (MAIL_CLAIM_SECONDS) with a conditional UPDATE
    (a second task running at the same time finds it claimed and stops); send; mark it sent.
    Raises the mail backend's error (SMTPException, OSError) when sending fails, leaving the
    row pending with its claim released, so that the caller's retry sends it.
    """
    mail, _created = OutboundMail.objects.get_or_create(
        key=key, defaults={"user": user, "template": name}
    )
    now = timezone.now()
    claimed = (
        OutboundMail.objects.filter(pk=mail.pk, status=OutboundMail.Status.PENDING)
        .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
        .update(
            claimed_until=now + timedelta(seconds=settings.MAIL_CLAIM_SECONDS),
            attempts=F("attempts") + 1,
        )
    )
    if not claimed:
        return False
    try:
        make_message(name, user, context, key=key).send()
    except Exception:
        OutboundMail.objects.filter(pk=mail.pk).update(claimed_until=None)
        raise
    OutboundMail.objects.filter(pk=mail.pk).update(
        status=OutboundMail.Status.SENT, sent_at=timezone.now(), claimed_until=None
    )
    return True
