"""How allauth creates our users (with the display name from the sign-up form), signs its
mails (with the site's name, not the host the request came by) and counts failed sign-ins:
per address and client together, only for a wrong password (never for the server's own
failure), and per address across all clients, past a ceiling of which a password alone no
longer signs in (``LOGIN_CODE_AFTER_FAILURES``: the code sent by mail is asked too)."""

from types import SimpleNamespace
from urllib.parse import urlsplit, urlunsplit

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.flows.login import get_authentication_records
from django.conf import settings
from django.utils import translation
from django_ratelimit.core import get_usage


def _on_site(url: str) -> str:
    """``url`` (absolute, as allauth builds it from the request) with the scheme, host and
    path prefix of SITE_URL: "http://testserver/accounts/x/" -> "https://play.example.org/accounts/x/"."""
    site = urlsplit(settings.SITE_URL)
    bits = urlsplit(url)
    path = site.path.rstrip("/") + bits.path
    return urlunsplit((site.scheme, site.netloc, path, bits.query, bits.fragment))


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
        with SITE_NAME and linking to SITE_URL (``site_url`` in the templates under
        ``templates/account/email/``) instead of naming the host the request came by."""
        site = SimpleNamespace(name=settings.SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)
        context = {"current_site": site, **context, "site_url": settings.SITE_URL.rstrip("/") + "/"}
        super().send_mail(template_prefix, email, context)

    def get_email_confirmation_url(self, request, emailconfirmation):
        """The address confirmation link, on SITE_URL rather than the request's host."""
        return _on_site(super().get_email_confirmation_url(request, emailconfirmation))

    def get_reset_password_from_key_url(self, key):
        """The password reset link, on SITE_URL rather than the request's host."""
        return _on_site(super().get_reset_password_from_key_url(key))

    def _get_login_attempts_cache_key(self, request, **credentials):
        """The key the failed sign-ins are counted under (``ACCOUNT_RATE_LIMITS["login_failed"]``
        "/key" rates): the address typed *and* the client's address, so that a guesser
        elsewhere slows down only themselves and never locks the owner out."""
        return f"{self._account_key(request, **credentials)}:{self.get_client_ip(request)}"

    def _account_key(self, request, **credentials) -> str:
        """The address typed, as allauth counts it ("site:alice@example.com"), whatever the
        client: the key of the ceiling of failed passwords across addresses."""
        return super()._get_login_attempts_cache_key(request, **credentials)

    def authenticate(self, request, **credentials):
        """allauth's password check, which counts the attempt as failed before it checks the
        password and un-counts it on success; here it is un-counted too when the check raises
        (the database unreachable, or any error of the server's), so an outage never locks
        anybody out. Returns the user or None; re-raises the server's exception."""
        self._login_failed_rl_usage = None
        try:
            return super().authenticate(request, **credentials)
        except Exception:
            self._rollback_login_failed_rl_usage()
            raise

    def authentication_failed(self, request, **credentials):
        """A wrong password (or an unknown address): count it once more against the ceiling
        of the address typed, across every client (``LOGIN_CODE_AFTER_FAILURES``)."""
        _failed_passwords(request, self._account_key(request, **credentials), increment=True)

    def is_login_by_code_required(self, login):
        """Whether a sign-in must also give the code sent by mail: when allauth says so, or when
        the password was given for an address that has seen ``LOGIN_CODE_AFTER_FAILURES``
        failed passwords, from any clients. The owner still signs in, with password and
        code, or by the code alone; a guesser without the mailbox does not."""
        return super().is_login_by_code_required(login) or self.is_past_failure_ceiling(login)

    def is_past_failure_ceiling(self, login) -> bool:
        """Whether ``login`` (allauth's Login) was made with a password for an address that
        has seen ``LOGIN_CODE_AFTER_FAILURES`` failed passwords, from any clients."""
        records = get_authentication_records(self.request, login.user)
        if not records or records[-1]["method"] != "password" or not login.email:
            return False
        key = self._account_key(self.request, email=login.email)
        usage = _failed_passwords(self.request, key, increment=False)
        return usage is not None and usage["count"] >= usage["limit"]

    def get_login_stages(self):
        """allauth's stages of a sign-in, with ours for the code by mail (which says why it
        is asked when the ceiling of failed passwords is the reason)."""
        return [
            "accounts.stages.LoginByCodeStage" if path.endswith(".LoginByCodeStage") else path
            for path in super().get_login_stages()
        ]


def _failed_passwords(request, key: str, *, increment: bool) -> dict | None:
    """django-ratelimit's usage ({"count", "limit", ...}) of the failed passwords for ``key``
    within ``LOGIN_CODE_AFTER_FAILURES`` ("20/d": a count and a period), counting one more
    if ``increment``; None while the cache is unreachable (nothing is counted then)."""
    return get_usage(
        request,
        group="accounts:login_failed_account",
        key=lambda _group, _request: key,
        rate=settings.LOGIN_CODE_AFTER_FAILURES,
        increment=increment,
    )
