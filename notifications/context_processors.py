"""Template context of the push channel for every page."""

from django.conf import settings

from notifications import push as push_channel


def push(request):
    """``{"vapid_public_key": str}``: the site's VAPID public key (URL-safe base64 of its raw
    point) for a signed-in visitor while push is on, which the page's ``<meta
    name="vapid-public-key">`` gives the browser to subscribe with; "" otherwise."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not push_channel.enabled():
        return {"vapid_public_key": ""}
    return {"vapid_public_key": settings.WEBPUSH_VAPID_PUBLIC_KEY}
