"""A newcomer signs up, verifies the address, signs out and in again, in a real browser (welcomed,
not welcomed back, on the day the account was made)."""

import re

import pytest
from django.core import mail

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_newcomer_signs_up_verifies_and_logs_in(live_server, page, tmp_path, settings):
    settings.SITE_URL = live_server.url  # the mails link to the site's address
    password = "a long and private passphrase"
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Create an account").click()

    page.get_by_label("Email").fill("dora@example.com")
    page.get_by_label("Display name").fill("Dora")
    page.get_by_label("Password:", exact=True).fill(password)
    page.get_by_label("Password (again):", exact=True).fill(password)
    page.get_by_role("button", name="Sign Up").click()
    page.wait_for_url("**/accounts/confirm-email/")
    page.screenshot(path=tmp_path / "1-verification-sent.png", full_page=True)

    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", mail.outbox[-1].body).group(0)
    page.goto(link)
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url(live_server.url + "/")
    assert page.get_by_text("Welcome, Dora.").is_visible()

    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("link", name="Sign in").first.click()
    page.get_by_label("Email").fill("dora@example.com")
    page.get_by_label("Password").fill(password)
    page.keyboard.press("Enter")  # keyboard alone submits the form
    page.wait_for_url(live_server.url + "/")
    assert page.get_by_text("Welcome, Dora.").is_visible()
    page.screenshot(path=tmp_path / "2-signed-in.png", full_page=True)
    assert (tmp_path / "2-signed-in.png").stat().st_size > 0
    # Nothing is wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
