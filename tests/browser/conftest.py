"""Headless Chromium (Debian's package) driven by Playwright against the live test server.

Playwright's own browser downloads are never used: the launch names /usr/bin/chromium.
"""

import pytest
from django.db import connections

from tests.fixtures import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture
def browser(monkeypatch):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in the test's thread; the ORM calls that
    # fixtures make in that thread are still synchronous.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        # The test's queries ran beside Playwright's event loop, in a context of their own:
        # close their connection here, or the test database cannot be dropped at the end
        # (PostgreSQL: "is being accessed by other users").
        connections.close_all()
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()
