"""Fixtures of the push tests: the site's VAPID keys, a push service on 127.0.0.1, and a
player's browser subscribed to it."""

import pytest

from notifications.models import PushSubscription
from notifications.vapid import generate_pair
from tests.support.push_service import PushService


@pytest.fixture
def vapid(settings):
    """Push on, with a new VAPID key pair: (private key, public key)."""
    private, public = generate_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_VAPID_PUBLIC_KEY = public
    settings.WEBPUSH_VAPID_SUBJECT = "mailto:webmaster@example.com"
    settings.WEBPUSH_ENABLED = True
    return private, public


@pytest.fixture
def push_service(vapid):
    with PushService(vapid[1]) as service:
        yield service


@pytest.fixture
def subscribe(push_service):
    """``subscribe(user)``: a new browser of ``user`` subscribed to the push service (stored as
    the site's endpoint would store it); returns the Browser."""

    def subscribe(user):
        browser = push_service.browser()
        data = browser.to_json()
        PushSubscription.objects.create(
            user=user, endpoint=data["endpoint"], label="Test browser", **data["keys"]
        )
        return browser

    return subscribe
