"""One-click unsubscribe from the links and headers of the site's mails; the player's devices
that take pushes (``notifications.push``)."""

import json
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import JsonResponse
from django.http.request import RawPostDataException
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from notifications.emails import user_from_unsubscribe_token
from notifications.models import PushSubscription
from notifications.vapid import b64url_encode, check_auth_secret, check_point

#: The devices one player may have notified at most.
MAX_SUBSCRIPTIONS = 20


@csrf_exempt  # the signed token authenticates; mail programs POST without a form (RFC 8058)
def unsubscribe(request, token):
    """GET: a page that asks to confirm. POST (the page's button, or a mail program's one-click
    request): no more game mails for the token's user. A forged token changes nothing."""
    user = user_from_unsubscribe_token(token)
    if user is None:
        return render(request, "notifications/unsubscribe_invalid.html", status=400)
    if request.method == "POST":
        user.notifications = user.Notifications.NONE
        user.save(update_fields=["notifications"])
        return render(request, "notifications/unsubscribed.html", {"person": user})
    return render(request, "notifications/unsubscribe.html", {"person": user, "token": token})


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _parse_subscription(request, debug_http: bool) -> tuple[dict | None, str]:
    """The subscription in the JSON body of ``request`` as {"endpoint", "p256dh", "auth"}, or
    (None, why it is refused). An endpoint is https, or http on 127.0.0.1 or localhost when
    ``debug_http``; at most 1,000 characters; p256dh a P-256 point, auth 16 bytes (both kept
    as URL-safe base64 without padding, as pywebpush reads them)."""
    try:
        data = json.loads(request.body or b"null")
    except (ValueError, RawPostDataException):  # not JSON, or a form already read as one
        return None, _("The request is not JSON.")
    if not isinstance(data, dict) or not isinstance(data.get("endpoint"), str):
        return None, _("The subscription has no endpoint.")
    endpoint = data["endpoint"]
    if len(endpoint) > PushSubscription._meta.get_field("endpoint").max_length:
        return None, _("The endpoint is longer than 1,000 characters.")
    parts = urlsplit(endpoint)
    local = debug_http and parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost")
    if not (parts.scheme == "https" or local) or not parts.hostname:
        return None, _("The endpoint is not an https address.")
    keys = data.get("keys")
    if not isinstance(keys, dict):
        keys = {}
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if request.method == "DELETE":
        return {"endpoint": endpoint}, ""
    try:
        point = check_point(p256dh if isinstance(p256dh, str) else "")
        secret = check_auth_secret(auth if isinstance(auth, str) else "")
    except ValueError:
        return None, _("The subscription's keys are not a P-256 key and a 16-byte secret.")
    keys = {"p256dh": b64url_encode(point), "auth": b64url_encode(secret)}
    return {"endpoint": endpoint, **keys}, ""


@require_http_methods(["POST", "DELETE"])
def push_subscriptions(request):
    """The signed-in player's push subscriptions, as JSON (the browser's
    ``PushSubscription.toJSON()``; the CSRF token in the X-CSRFToken header).

    POST {"endpoint", "keys": {"p256dh", "auth"}}: 201 {"id"} for a new device, 200 for one
    already known (its keys are refreshed); 400 {"error"} and nothing stored for a bad one or
    beyond MAX_SUBSCRIPTIONS devices. DELETE {"endpoint"}: 200 {"deleted": n}. Signed out: 403.
    An endpoint another account holds moves to this one (the browser is now theirs)."""
    if not request.user.is_authenticated:
        return _refused(_("Sign in to be notified on this device."), status=403)
    subscription, error = _parse_subscription(request, debug_http=settings.WEBPUSH_ALLOW_LOCAL_HTTP)
    if subscription is None:
        return _refused(error)
    mine = PushSubscription.objects.filter(user=request.user)
    if request.method == "DELETE":
        deleted, _kinds = mine.filter(endpoint=subscription["endpoint"]).delete()
        return JsonResponse({"deleted": deleted})
    label = request.headers.get("User-Agent", "")[:200]
    with transaction.atomic():
        known = (
            PushSubscription.objects.select_for_update()
            .filter(endpoint=subscription["endpoint"])
            .first()
        )
        if known is None and mine.count() >= MAX_SUBSCRIPTIONS:
            return _refused(
                ngettext(
                    "You have %(count)d device notified already, the most there may be: "
                    "remove one on the settings page first.",
                    "You have %(count)d devices notified already, the most there may be: "
                    "remove one on the settings page first.",
                    MAX_SUBSCRIPTIONS,
                )
                % {"count": MAX_SUBSCRIPTIONS}
            )
        if known is not None:
            known.user = request.user
            known.p256dh, known.auth = subscription["p256dh"], subscription["auth"]
            known.label = label
            known.save(update_fields=["user", "p256dh", "auth", "label"])
            return JsonResponse({"id": known.pk}, status=200)
        created = PushSubscription.objects.create(user=request.user, label=label, **subscription)
    return JsonResponse({"id": created.pk}, status=201)


@login_required
@require_POST
def remove_push_subscription(request, pk):
    """The settings page's Remove button of one of the player's devices: it is deleted (one of
    another player's is not found), then back to the settings page."""
    subscription = get_object_or_404(PushSubscription, pk=pk, user=request.user)
    subscription.delete()
    messages.success(request, _("This device will no longer be notified."))
    return redirect("account_settings")
