"""System checks of Web Push: a production site with push on has its VAPID key pair."""

from django.conf import settings
from django.core import checks

from notifications.vapid import check_point, public_key_of


@checks.register(checks.Tags.security)
def check_vapid_keys(app_configs, **kwargs):
    """notifications.E001: push is on (WEBPUSH_ENABLED) outside DEBUG, and a VAPID key is
    missing, is not a P-256 key, the two keys are not a pair, or the subject is neither
    mailto: nor https:. Every command that runs the
    checks (``migrate``, ``check --deploy``, ``runserver``) then refuses to go on."""
    if settings.DEBUG or not settings.WEBPUSH_ENABLED:
        return []
    private, public = settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_VAPID_PUBLIC_KEY
    problem = None
    if not private or not public:
        missing = [
            name
            for name, value in (
                ("WEBPUSH_VAPID_PRIVATE_KEY", private),
                ("WEBPUSH_VAPID_PUBLIC_KEY", public),
            )
            if not value
        ]
        verb = "is" if len(missing) == 1 else "are"
        problem = f"Web Push is on (WEBPUSH_ENABLED) but {' and '.join(missing)} {verb} not set."
    else:
        try:
            check_point(public)
            if public_key_of(private) != public.strip().rstrip("="):
                problem = "WEBPUSH_VAPID_PUBLIC_KEY is not the public key of the private key."
        except ValueError as error:
            problem = f"A VAPID key is not a P-256 key in URL-safe base64: {error}."
    if problem is None and not settings.WEBPUSH_VAPID_SUBJECT.startswith(("mailto:", "https:")):
        problem = "WEBPUSH_VAPID_SUBJECT is neither a mailto: nor an https: address (RFC 8292)."
    if problem is None:
        return []
    return [
        checks.Error(
            problem,
            hint="Make a pair with `manage.py vapid_keys` and set both settings, or turn push "
            "off with WEBPUSH_ENABLED=false (README.md, Web Push).",
            id="notifications.E001",
        )
    ]
