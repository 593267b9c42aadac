"""The settings page's "Notify this device" in Chromium: the browser asks for the permission
only after the tap, the subscription goes to the site as JSON with the CSRF header, and the
device is then listed; no console error or CSP violation, nothing wider than a phone, and
axe finds nothing serious on the page with push on.

Chromium here has no push service to reach, so the page's ``pushManager`` and service worker
are stand-ins (an init script) that give the subscription a browser would; everything else is
the page as served, CSP included.
"""

import json

import pytest

from notifications.models import PushSubscription
from notifications.vapid import generate_pair
from tests.browser.test_every_page import AXE, CSP_LISTENER, SHOTS, check
from tests.support.browser import signed_in_page
from tests.support.push_service import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Counts the permission requests and hands out the subscription ``__SUBSCRIPTION__``.
STAND_INS = """
window.__asked = 0;
const ask = Notification.requestPermission.bind(Notification);
Notification.requestPermission = () => { window.__asked += 1; return ask(); };
const subscription = { toJSON: () => (__SUBSCRIPTION__) };
const registration = {
  pushManager: {
    getSubscription: async () => null,
    subscribe: async (options) => {
      sessionStorage.setItem("key", options.applicationServerKey.length);
      return subscription;
    },
  },
};
Object.defineProperty(navigator.serviceWorker, "ready", { value: Promise.resolve(registration) });
navigator.serviceWorker.register = async () => registration;
"""


@pytest.fixture
def push_on(settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_VAPID_PUBLIC_KEY = generate_pair()
    settings.WEBPUSH_ENABLED = True


def test_notify_this_device_subscribes_after_the_tap(browser, live_server, alice, push_on):
    device = Browser("https://push.example.com/send/phone").to_json()
    page = signed_in_page(browser, live_server, alice)
    page.set_viewport_size({"width": 360, "height": 740})
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.add_init_script(STAND_INS.replace("__SUBSCRIPTION__", json.dumps(device)))
    page.add_init_script(CSP_LISTENER)
    page.add_init_script(path=str(AXE))
    SHOTS.mkdir(parents=True, exist_ok=True)

    page.goto(f"{live_server.url}/accounts/settings/")
    button = page.get_by_role("button", name="Notify this device")
    button.wait_for()
    assert page.evaluate("window.__asked") == 0
    assert check(page, "settings-push", 360, errors) == []  # width, console, CSP, axe

    button.focus()
    with page.expect_navigation():  # the page reloads to list the new device
        page.keyboard.press("Enter")

    assert page.evaluate("sessionStorage.getItem('key')") == "65"  # the raw key of the meta tag
    [stored] = PushSubscription.objects.filter(user=alice)
    assert stored.endpoint == device["endpoint"]
    assert page.get_by_role("button", name="Remove").count() == 1
    assert errors == []
