"""The settings page: display name, language, time zone and notifications."""

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

VALID = {
    "display_name": "Alice",
    "language": "en",
    "time_zone": "UTC",
    "notifications": "each_turn",
    "quiet_hours_start": "",
    "quiet_hours_end": "",
}


def test_visitor_is_sent_to_login(client):
    response = client.get(reverse("account_settings"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_player_changes_settings_and_sees_them_saved(client, alice):
    client.force_login(alice)
    data = VALID | {
        "display_name": "Alice Tinné",
        "time_zone": "Africa/Cairo",
        "notifications": "daily_digest",
        "quiet_hours_start": "22:00",
        "quiet_hours_end": "07:30",
    }

    response = client.post(reverse("account_settings"), data, follow=True)

    alice.refresh_from_db()
    assert alice.display_name == "Alice Tinné"
    assert alice.time_zone == "Africa/Cairo"
    assert alice.notifications == "daily_digest"
    assert alice.quiet_hours_start.strftime("%H:%M") == "22:00"
    assert "Your settings are saved." in response.content.decode()


def test_choosing_french_serves_the_site_in_french(client, alice):
    client.force_login(alice)

    response = client.post(reverse("account_settings"), VALID | {"language": "fr"}, follow=True)

    assert response["Content-Language"] == "fr"
    assert '<html lang="fr">' in response.content.decode()
    assert client.get(reverse("home"))["Content-Language"] == "fr"


def test_the_switcher_changes_this_browsers_pages_not_the_other_browsers_nor_the_mails(
    client, alice
):
    other_browser = Client()
    client.force_login(alice)
    other_browser.force_login(alice)

    client.post(reverse("set_language"), {"language": "nl", "next": "/"})

    assert client.get(reverse("home"))["Content-Language"] == "nl"
    assert other_browser.get(reverse("home"))["Content-Language"] == "en"
    alice.refresh_from_db()
    assert alice.language == "en"  # the mails' language


def test_a_browser_without_a_choice_shows_the_accounts_language(client, alice):
    alice.language = "de"
    alice.save()
    client.force_login(alice)

    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "de"


def test_the_settings_say_the_language_is_the_mails_and_the_switcher_the_browsers(
    client, alice
):
    client.force_login(alice)

    html = client.get(reverse("account_settings")).content.decode()

    assert "Language of your mails" in html
    assert "The switcher changes the pages of that browser only, never your mails." in html


def test_saving_other_settings_keeps_this_browsers_language(client, alice):
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})

    client.post(reverse("account_settings"), VALID | {"display_name": "Alicia"})

    assert client.get(reverse("home"))["Content-Language"] == "fr"


def test_language_switcher_works_for_visitors(client):
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})

    assert client.get(reverse("home"))["Content-Language"] == "fr"


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"time_zone": "Mars/Olympus"}, "Select a valid choice"),
        ({"quiet_hours_start": "22:00"}, "Give both ends of your quiet hours, or neither."),
        ({"display_name": "bob"}, "This display name is already taken."),
        ({"language": "it"}, "Select a valid choice"),
    ],
)
def test_bad_settings_are_refused_and_change_nothing(client, alice, bob, change, error):
    client.force_login(alice)

    response = client.post(reverse("account_settings"), VALID | {"language": "fr"} | change)

    assert response.status_code == 200
    assert error in response.content.decode()
    alice.refresh_from_db()
    assert alice.language == "en"


def test_the_time_zones_are_grouped_by_region_and_the_browsers_is_offered(client, alice):
    client.force_login(alice)

    html = client.get(reverse("account_settings")).content.decode()

    europe = html.split('<optgroup label="Europe">')[1].split("</optgroup>")[0]
    assert '<option value="Europe/Amsterdam">Amsterdam</option>' in europe
    assert "Africa/Cairo" not in europe
    assert html.count("<optgroup") >= 10
    assert "js/time-zone.js" in html
