"""Fixtures and rules shared by the whole suite.

Personas, defined once: alice and bob are verified players; carol signed up but never
verified her address; staff is a member of staff who may use the admin.

Tests that need a service are marked ``needs_postgres``, ``needs_redis`` or ``browser``. They
skip with a message when the service is missing, except when AFRICA_REQUIRE_SERVICES is set
(.ci/run sets it under CI): then a missing service fails them, so CI cannot pass by skipping.
"""

import os
import shutil

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings

REQUIRE_SERVICES = bool(os.environ.get("AFRICA_REQUIRE_SERVICES"))
PASSWORD = "correct horse battery staple"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def missing_service(reason: str):
    """Skip the current test because a service is missing, or fail it under CI."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (required: AFRICA_REQUIRE_SERVICES is set)", pytrace=False)
    pytest.skip(reason)


def pytest_sessionstart(session):
    if REQUIRE_SERVICES and "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        pytest.exit("AFRICA_REQUIRE_SERVICES is set but DATABASE_URL is not PostgreSQL", 1)


def pytest_runtest_setup(item):
    if item.get_closest_marker("needs_postgres"):
        if "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
            missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    if item.get_closest_marker("needs_redis") and not os.environ.get("REDIS_URL"):
        missing_service("needs Redis: set REDIS_URL=redis://...")
    if item.get_closest_marker("browser"):
        if not shutil.which(CHROMIUM):
            missing_service(f"needs Chromium at {CHROMIUM} (Debian package chromium)")


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    """Each test gets an empty in-process cache, so rate limits never leak between tests."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _celery_eager():
    """Tasks run in the test's process when enqueued (after commit); tests that need a real
    worker switch this off."""
    from africa_site.celery import app

    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


@pytest.fixture(autouse=True)
def _no_board_pictures(settings):
    """Mails leave out the board's PNG picture, which takes a fraction of a second to draw;
    the tests of the picture turn it on (``pictures``)."""
    settings.MAIL_BOARD_PICTURES = False


@pytest.fixture
def pictures(settings):
    """Mails show the board as a PNG picture, as in production."""
    settings.MAIL_BOARD_PICTURES = True


@pytest.fixture(autouse=True)
def _reset_language():
    """A request may activate another language; the next test starts in English again."""
    yield
    from django.utils import translation

    translation.deactivate()


def make_player(email: str, display_name: str, verified: bool = True, **extra):
    """A user with PASSWORD whose address is verified unless ``verified`` is False."""
    from accounts.models import User

    user = User.objects.create_user(
        email=email, password=PASSWORD, display_name=display_name, **extra
    )
    EmailAddress.objects.create(user=user, email=email, verified=verified, primary=True)
    return user


@pytest.fixture
def alice(db):
    return make_player("alice@example.com", "Alice")


@pytest.fixture
def bob(db):
    return make_player("bob@example.com", "Bob")


@pytest.fixture
def carol(db):
    return make_player("carol@example.com", "Carol", verified=False)


@pytest.fixture
def staff(db):
    return make_player("staff@example.com", "Staff", is_staff=True, is_superuser=True)
