"""The devices a player has notified: the endpoint that takes the browser's subscription, the
settings page's switch, list and choices, the key on every signed-in page, the keys' command
and the check that a production site has them."""

import base64
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from notifications.checks import check_vapid_keys
from notifications.models import ChannelChoice, PushSubscription
from notifications.vapid import b64url_decode, generate_pair, public_key_of
from tests.support.push_service import Browser

pytestmark = pytest.mark.django_db

URL = "/notifications/push/subscriptions/"


def post(client, data, method="post"):
    return getattr(client, method)(URL, json.dumps(data), content_type="application/json")


@pytest.fixture
def signed_in(client, alice, vapid):
    client.force_login(alice)
    return client


def test_the_url_is_the_one_the_pages_use():
    assert reverse("push_subscriptions") == URL


def test_a_new_device_is_201_and_the_same_again_200(signed_in, alice):
    browser = Browser("https://push.example.com/send/abc")

    first = post(signed_in, browser.to_json())
    again = post(signed_in, browser.to_json())

    assert (first.status_code, again.status_code) == (201, 200)
    [device] = PushSubscription.objects.filter(user=alice)
    assert device.endpoint == browser.endpoint
    assert device.auth == browser.to_json()["keys"]["auth"]


def test_keys_in_standard_base64_are_kept_url_safe(signed_in, alice):
    data = Browser("https://push.example.com/send/abc").to_json()
    url_safe = dict(data["keys"])
    data["keys"] = {
        name: base64.b64encode(b64url_decode(value)).decode() for name, value in url_safe.items()
    }

    assert post(signed_in, data).status_code == 201

    device = PushSubscription.objects.get(user=alice)
    assert (device.p256dh, device.auth) == (url_safe["p256dh"], url_safe["auth"])


@pytest.mark.parametrize(
    "change",
    [
        {"endpoint": "http://push.example.com/send/abc"},
        {"endpoint": "ftp://push.example.com/send/abc"},
        {"endpoint": "https://push.example.com/" + "a" * 1000},
        {"keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}},
        {"keys": {"p256dh": "BA" + "A" * 85, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}},  # off the curve
        {"keys": {"p256dh": None, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}},
        {"auth": "short"},
        {"endpoint": None},
    ],
)
def test_a_bad_subscription_is_400_and_nothing_is_stored(signed_in, change):
    data = Browser("https://push.example.com/send/abc").to_json()
    if "auth" in change:
        data["keys"]["auth"] = change["auth"]
    else:
        data |= change

    response = post(signed_in, data)

    assert response.status_code == 400
    assert response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_a_body_that_is_not_json_is_400(signed_in):
    response = signed_in.post(URL, "endpoint=x", content_type="application/json")

    assert response.status_code == 400
    assert not PushSubscription.objects.exists()


def test_a_local_push_service_over_http_is_taken_only_when_allowed(signed_in, settings):
    data = Browser("http://127.0.0.1:8123/push/1").to_json()
    settings.WEBPUSH_ALLOW_LOCAL_HTTP = False
    assert post(signed_in, data).status_code == 400
    settings.WEBPUSH_ALLOW_LOCAL_HTTP = True
    assert post(signed_in, data).status_code == 201


def test_a_player_may_have_twenty_devices_and_no_more(signed_in, alice):
    for n in range(20):
        taken = post(signed_in, Browser(f"https://push.example.com/{n}").to_json())
        assert taken.status_code == 201

    response = post(signed_in, Browser("https://push.example.com/21").to_json())

    assert response.status_code == 400
    assert "20 devices" in response.json()["error"]
    assert PushSubscription.objects.filter(user=alice).count() == 20
    # One already known is still taken: it is no new device.
    assert post(signed_in, Browser("https://push.example.com/3").to_json()).status_code == 200


def test_delete_removes_the_players_own_device_only(signed_in, alice, bob):
    mine = Browser("https://push.example.com/mine").to_json()
    post(signed_in, mine)
    theirs = PushSubscription.objects.create(
        user=bob, endpoint="https://push.example.com/theirs", p256dh="x", auth="y"
    )

    assert post(signed_in, {"endpoint": mine["endpoint"]}, "delete").json() == {"deleted": 1}
    assert post(signed_in, {"endpoint": theirs.endpoint}, "delete").json() == {"deleted": 0}
    assert list(PushSubscription.objects.all()) == [theirs]


def test_a_visitor_who_is_signed_out_is_refused(client, vapid):
    response = post(client, Browser("https://push.example.com/send/abc").to_json())

    assert response.status_code == 403
    assert not PushSubscription.objects.exists()


def test_the_csrf_header_is_required(alice, vapid):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    data = json.dumps(Browser("https://push.example.com/send/abc").to_json())

    refused = client.post(URL, data, content_type="application/json")
    client.get(reverse("account_settings"))
    token = client.cookies["csrftoken"].value
    taken = client.post(URL, data, content_type="application/json", headers={"X-CSRFToken": token})

    assert (refused.status_code, taken.status_code) == (403, 201)


def test_signed_in_pages_carry_the_public_key_and_others_do_not(client, alice, vapid):
    meta = f'<meta name="vapid-public-key" content="{vapid[1]}">'
    assert meta not in client.get(reverse("home")).content.decode()

    client.force_login(alice)

    assert meta in client.get(reverse("home")).content.decode()
    assert meta in client.get(reverse("account_settings")).content.decode()


def test_no_key_on_the_pages_when_push_is_off(client, alice, settings):
    settings.WEBPUSH_ENABLED = False
    client.force_login(alice)

    page = client.get(reverse("account_settings")).content.decode()

    assert "vapid-public-key" not in page
    assert "Notifications on devices are off on this site." in page
    assert 'name="your_turn__mail"' in page
    assert 'name="your_turn__push"' not in page
    client.post(reverse("account_settings"), SETTINGS | {"channel_choices": "1"})
    assert set(ChannelChoice.objects.values_list("channel", flat=True)) == {"mail"}


def test_the_settings_page_lists_the_devices_and_removes_one(signed_in, alice):
    post(signed_in, Browser("https://push.example.com/phone").to_json(), "post")
    device = PushSubscription.objects.get()

    page = signed_in.get(reverse("account_settings")).content.decode()
    assert 'id="push-subscribe"' in page
    assert "js/push-settings.js" in page
    assert reverse("push_subscription_remove", args=[device.pk]) in page

    response = signed_in.post(reverse("push_subscription_remove", args=[device.pk]), follow=True)

    assert not PushSubscription.objects.exists()
    assert "This device will no longer be notified." in response.content.decode()


def test_a_player_cannot_remove_anothers_device(signed_in, bob):
    theirs = PushSubscription.objects.create(
        user=bob, endpoint="https://push.example.com/theirs", p256dh="x", auth="y"
    )

    response = signed_in.post(reverse("push_subscription_remove", args=[theirs.pk]))

    assert response.status_code == 404
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()


SETTINGS = {
    "display_name": "Alice",
    "language": "en",
    "time_zone": "UTC",
    "notifications": "each_turn",
    "quiet_hours_start": "",
    "quiet_hours_end": "",
}


def test_the_settings_page_chooses_mail_push_both_or_none_per_event(signed_in, alice):
    ticked = {
        "channel_choices": "1",
        "your_turn__push": "on",  # push only
        "reminder__mail": "on",  # mail only
        "game_finished__mail": "on",  # both
        "game_finished__push": "on",
    }
    wanted = {"your_turn__push", "reminder__mail", "game_finished__mail", "game_finished__push"}

    signed_in.post(reverse("account_settings"), SETTINGS | ticked)

    off = set(
        ChannelChoice.objects.filter(user=alice, wanted=False).values_list("event", "channel")
    )
    assert ("your_turn", "mail") in off and ("reminder", "push") in off
    assert ("game_started", "mail") in off and ("game_started", "push") in off  # none
    assert not {f"{event}__{channel}" for event, channel in off} & wanted
    page = signed_in.get(reverse("account_settings")).content.decode()
    assert 'name="your_turn__push" id="id_your_turn__push" checked' in page
    assert 'name="your_turn__mail" id="id_your_turn__mail">' in page


def test_a_settings_form_without_the_table_changes_no_choice(signed_in, alice):
    signed_in.post(reverse("account_settings"), SETTINGS)

    assert not ChannelChoice.objects.exists()


def test_the_check_refuses_push_on_without_a_key_in_production(settings):
    settings.DEBUG = False
    settings.WEBPUSH_VAPID_SUBJECT = "mailto:webmaster@example.org"
    settings.WEBPUSH_ENABLED = True
    settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_VAPID_PUBLIC_KEY = generate_pair()
    assert check_vapid_keys(None) == []

    settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    [error] = check_vapid_keys(None)
    assert error.id == "notifications.E001"
    assert "WEBPUSH_VAPID_PUBLIC_KEY" in error.msg

    settings.WEBPUSH_VAPID_PUBLIC_KEY = generate_pair()[1]  # not the private key's
    assert [e.id for e in check_vapid_keys(None)] == ["notifications.E001"]

    settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_VAPID_PUBLIC_KEY = generate_pair()
    settings.WEBPUSH_VAPID_SUBJECT = "http://africa.example.org"
    assert [e.id for e in check_vapid_keys(None)] == ["notifications.E001"]

    settings.WEBPUSH_ENABLED = False
    assert check_vapid_keys(None) == []


def test_the_keys_command_makes_a_pair_once(tmp_path):
    call_command("vapid_keys", "--dir", str(tmp_path))
    private = (tmp_path / "vapid-private-key").read_text().strip()
    public = (tmp_path / "vapid-public-key").read_text().strip()

    call_command("vapid_keys", "--dir", str(tmp_path))

    assert (tmp_path / "vapid-private-key").read_text().strip() == private
    assert public_key_of(private) == public
    assert (tmp_path / "vapid-private-key").stat().st_mode & 0o077 == 0
