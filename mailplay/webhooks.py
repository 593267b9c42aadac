"""The inbound mail webhooks of django-anymail, served only when a secret guards them.

Without a secret anymail would either fail on every request (a provider whose signing key is
missing) or accept posts from anyone on the web (basic auth left unset): so a webhook answers
404, as if not routed, unless ``MAIL_WEBHOOKS`` is on and ``ANYMAIL`` holds the shared basic
auth secret (``WEBHOOK_SECRET``) or a secret of that provider (``MAILGUN_WEBHOOK_SIGNING_KEY``,
``POSTAL_WEBHOOK_KEY``, ...). ``manage.py check --deploy`` warns when the webhooks are on
without any secret (mailplay.W001).
"""

from __future__ import annotations

import functools
import logging
import re

from anymail import urls as anymail_urls
from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.http import Http404
from django.urls import URLPattern

logger = logging.getLogger(__name__)

#: Names of anymail settings that hold a secret checking who posts to a webhook.
SECRET_NAME = re.compile(r"SECRET|SIGNING_KEY|WEBHOOK_KEY|VERIFICATION_KEY")


def secret_configured(provider: str | None = None) -> bool:
    """Whether ``settings.ANYMAIL`` guards the webhooks of ``provider`` (anymail's name, e.g.
    "mailgun"; None: any provider) with a non-empty secret."""
    prefix = f"{provider.upper()}_" if provider else ""
    return any(
        value
        and (name == "WEBHOOK_SECRET" or (name.startswith(prefix) and SECRET_NAME.search(name)))
        for name, value in getattr(settings, "ANYMAIL", {}).items()
    )


def _provider(pattern_name: str) -> str:
    """The provider of an anymail URL name ("amazon_ses_inbound_webhook" -> "amazon_ses")."""
    return re.sub(r"(_inbound|_tracking)?_webhook$", "", pattern_name or "")


def guarded(view, provider: str):
    """``view`` answering 404 unless the webhooks are on and ``provider``'s are guarded by a
    secret; a provider's missing setting that anymail requires is logged and answered 404."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if not (settings.MAIL_WEBHOOKS and secret_configured(provider)):
            raise Http404("no webhook secret is set")
        try:
            return view(request, *args, **kwargs)
        except ImproperlyConfigured:
            logger.exception("the %s webhook is missing a setting", provider)
            raise Http404("the webhook is not configured") from None

    return wrapped


urlpatterns = [
    URLPattern(p.pattern, guarded(p.callback, _provider(p.name)), p.default_args, p.name)
    for p in anymail_urls.urlpatterns
]
app_name = anymail_urls.app_name


@checks.register(checks.Tags.security, deploy=True)
def check_webhook_secret(app_configs, **kwargs):
    """mailplay.W001: inbound mail webhooks are on but no secret guards them."""
    if settings.MAIL_WEBHOOKS and not secret_configured():
        return [
            checks.Warning(
                "Inbound mail webhooks are on (MAIL_WEBHOOKS) but no ANYMAIL_* secret is set, "
                "so they refuse every post.",
                hint="Set ANYMAIL_WEBHOOK_SECRET=user:password (or your provider's signing "
                "key), or MAIL_WEBHOOKS=off when replies come through manage.py receive_mail.",
                id="mailplay.W001",
            )
        ]
    return []
