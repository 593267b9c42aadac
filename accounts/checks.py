"""System checks of the sign-in settings (``manage.py check --deploy``)."""

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def check_client_address(app_configs, **kwargs):
    """accounts.W001: neither ``ALLAUTH_TRUSTED_PROXY_COUNT`` nor
    ``ALLAUTH_TRUSTED_CLIENT_IP_HEADER`` is set. Behind a reverse proxy every visitor then has
    the proxy's address, and the sign-in limits that count per address (``ACCOUNT_RATE_LIMITS``)
    let one guesser slow down everybody's sign-in."""
    if settings.ALLAUTH_TRUSTED_PROXY_COUNT or settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER:
        return []
    return [
        checks.Warning(
            "Neither ALLAUTH_TRUSTED_PROXY_COUNT nor ALLAUTH_TRUSTED_CLIENT_IP_HEADER is set, so "
            "the sign-in rate limits take REMOTE_ADDR for the client's address: behind a "
            "reverse proxy, one attacker then slows down signing in for everybody.",
            hint="Behind a proxy, set ALLAUTH_TRUSTED_PROXY_COUNT=1 (one nginx or Caddy that "
            "appends to X-Forwarded-For) or ALLAUTH_TRUSTED_CLIENT_IP_HEADER=X-Real-IP; when "
            "clients reach the site directly, add accounts.W001 to SILENCED_SYSTEM_CHECKS.",
            id="accounts.W001",
        )
    ]
