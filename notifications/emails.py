"""Mails to players: rendered by naming convention in the recipient's language and time zone,
sent from the outbox (``notifications.sender``).

``make_message(name, user, context)`` renders ``emails/<name>-subject.txt``,
``emails/<name>-body.txt`` and ``emails/<name>-body.html``. Every mail carries a one-click
unsubscribe link (RFC 8058) signed for its recipient.
"""

from __future__ import annotations

import hashlib
from email.mime.image import MIMEImage

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from africa_site.elision import elide

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
    return get_user_model().objects.filter(pk=pk).first()


def unsubscribe_url(user) -> str:
    return absolute_url(reverse("unsubscribe", args=[unsubscribe_token(user)]))


def message_id(key: str) -> str:
    """A Message-ID that is the same for every attempt at the mail ``key``, on the site's
    own domain (settings.MESSAGE_ID_DOMAIN, by default SITE_URL's host name; RFC 5322 3.6.4)."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return f"<{digest}@{settings.MESSAGE_ID_DOMAIN}>"


def make_message(
    name: str, user, context: dict, *, key: str = "", images=()
) -> EmailMultiAlternatives:
    """The mail ``name`` for ``user``, rendered in their language and time zone.

    ``context`` is passed to the three templates with ``user``, ``site_name``, ``site_url``
    and ``unsubscribe_url`` added; its "reply_to" address, if any, becomes the Reply-To.
    ``key`` names the mail (its Message-ID is made from it). ``images`` [(content_id, PNG
    bytes, alt text)] are attached inline (multipart/related) for the HTML to show as
    ``cid:<content_id>``.
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
    if images:
        message.mixed_subtype = "related"
        for content_id, data, _alt in images:
            image = MIMEImage(data, "png")
            image.add_header("Content-ID", f"<{content_id}>")
            image.add_header("Content-Disposition", "inline", filename=f"{content_id}.png")
            message.attach(image)
    return message
