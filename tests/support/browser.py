"""Pages of the site in headless Chromium (Playwright, Debian's chromium): a signed-in page, and
a click that waits for the game's next version. The ``browser`` and ``page`` fixtures are in
``tests.fixtures``, so that every game's folder can use them."""

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.backends import SESSION_BACKEND


def signed_in_page(browser, live_server, user, **options):
    """A new browser page (phone-sized) with ``user`` signed in; ``options`` go to the
    browser context (e.g. ``bypass_csp=True`` to inject a test script)."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = SESSION_BACKEND
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context = browser.new_context(viewport={"width": 390, "height": 844}, **options)
    context.set_default_timeout(15_000)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session.session_key,
                "url": live_server.url,
            }
        ]
    )
    return context.new_page()


def version(page) -> str:
    return page.locator("#game-sync").get_attribute("data-version")


def click_and_wait(page, locator):
    """Click ``locator`` and wait until htmx has swapped in the game's next version."""
    before = version(page)
    locator.click()
    page.wait_for_function(
        "v => document.querySelector('#game-sync').dataset.version !== v", arg=before
    )


def play_a_turn(page):
    """In Africa: uncover a marker next to the researcher, settle what it asks, then end the
    turn."""
    click_and_wait(page, page.locator('a[aria-label^="Uncover"]').first)
    if page.get_by_role("button", name="Keep it").count():
        click_and_wait(page, page.get_by_role("button", name="Keep it"))
    elif page.locator('a[aria-label^="Place the"]').count():
        click_and_wait(page, page.locator('a[aria-label^="Place the"]').first)
    if page.get_by_role("button", name="End your turn").count():
        click_and_wait(page, page.get_by_role("button", name="End your turn"))
