"""How allauth creates our users (with the display name from the sign-up form), signs its
mails (with the site's name, not the host the request came by) and counts failed sign-ins
(per address and client together)."""

from types import SimpleNamespace
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, filling the fields our User model adds before the first save."""

    def save_user(self, request, user, form, commit=True):
        """Set the display name and the language the visitor was reading in, then save."""
        user.display_name = form.cleaned_data["display_name"]
        language = translation.get_language_from_request(request)
        if language in dict(settings.LANGUAGES):
            user.language = language
        return super().save_user(request, user, form, commit=commit)

    def send_mail(self, template_prefix, email, context):
        """allauth's mail (address confirmation, password reset, ...), greeting and signing
        with SITE_NAME and SITE_URL's host instead of the host the request came by."""
        site = SimpleNamespace(name=settings.SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)
        super().send_mail(template_prefix, email, {"current_site": site, **context})

    def _get_login_attempts_cache_key(self, request, **credentials):
        """The key the failed sign-ins are counted under (``ACCOUNT_RATE_LIMITS["login_failed"]``
        "/key" rates): the address typed *and* the client's address, so that a guesser
        elsewhere slows down only themselves and never locks the owner out."""
        key = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{key}:{self.get_client_ip(request)}"
