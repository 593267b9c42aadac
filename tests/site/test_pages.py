"""Every page: a Content-Security-Policy, nothing from another host, usable on a phone."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PUBLIC_PAGES = ["home", "account_login", "account_signup", "account_reset_password"]
PRIVATE_PAGES = ["account_settings", "account_email", "account_change_password"]


def assert_self_contained(response):
    html = response.content.decode()
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    # No script, style, image or font is fetched from another host.
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert 'href="#main"' in html  # the skip link for keyboard users


@pytest.mark.parametrize("name", PUBLIC_PAGES)
def test_public_pages(client, name):
    response = client.get(reverse(name))

    assert response.status_code == 200
    assert_self_contained(response)


@pytest.mark.parametrize("name", PRIVATE_PAGES)
def test_pages_of_a_signed_in_player(client, alice, name):
    client.force_login(alice)
    response = client.get(reverse(name))

    assert response.status_code == 200
    assert_self_contained(response)


def test_htmx_is_served_by_the_site_itself(client):
    html = client.get(reverse("home")).content.decode()

    assert re.search(r'<script src="/static/django_htmx/htmx-2[^"]*\.js"', html)
    assert 'hx-headers=\'{"X-CSRFToken": "' in html


def test_every_page_offers_the_four_languages(client):
    html = client.get(reverse("home")).content.decode()

    languages = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands"), ("de", "Deutsch")]
    for code, name in languages:
        assert f'<option value="{code}" lang="{code}"' in html
        assert name in html
