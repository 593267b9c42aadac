"""One-click unsubscribe from the links and headers of the site's mails."""

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from notifications.emails import user_from_unsubscribe_token


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
