"""Fixtures and rules shared by the whole suite.

Personas, defined once: alice and bob are verified players; carol signed up but never
verified her address; staff is a member of staff who may use the admin; dave and "players"
(Player 1 to 5) are more verified players.

Tests that need a service are marked ``needs_postgres``, ``needs_redis`` or ``browser``. They
skip with a message when the service is missing, except when AFRICA_REQUIRE_SERVICES is set
(.ci/run sets it under CI): then a missing service fails them, so CI cannot pass by skipping.

`make test` runs the suite in parallel processes (pytest-xdist). Each process has its own test
database (pytest-django adds the worker's name to it), its own Redis database and its own
embedded broker file (``_isolate_worker_services``). Tests marked ``processes`` start real
workers or servers: they all run in one process, one after another, so that they never compete
with each other for the machine.
"""

import os
import re
import shutil
from urllib.parse import urlsplit, urlunsplit

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings

from africa_site.broker import embedded_broker_url
from africa_site.redis_health import BREAKER

REQUIRE_SERVICES = bool(os.environ.get("AFRICA_REQUIRE_SERVICES"))
PASSWORD = "correct horse battery staple"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# How Chromium is started, headless, as root, on a machine without a network: without the
# background-networking flags it keeps trying to reach Google's hosts.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# "gw0", "gw1", ... in a pytest-xdist worker process; empty when the suite runs in one process.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
REDIS_DATABASES = 16  # Redis's default number of databases: 0 to 15


def worker_redis_url(url: str, worker: int) -> str:
    """The Redis URL of xdist worker number ``worker`` (0, 1, ...): the database ``url`` names
    for worker 0, then one less for each further worker, wrapping from 0 round to 15.

    ``redis://host:6379/15`` gives ``.../15`` for worker 0 and ``.../14`` for worker 1; a URL
    without a database counts down from 0. Raises ValueError on a database that is no number.
    """
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(database - worker) % REDIS_DATABASES}"))


def _isolate_worker_services() -> None:
    """Under pytest-xdist, point this worker process at its own Redis database and broker file.

    Django's settings are read before this module, so the environment (which the processes a
    test starts inherit), the settings and the Celery app are all set here. With no
    CELERY_BROKER_URL the embedded broker's file is ``var/tests/<worker>/celery.sqlite3``.
    """
    if not XDIST_WORKER:
        return
    from africa_site.celery import app

    worker = int(XDIST_WORKER.removeprefix("gw"))
    for name in ("REDIS_URL", "CELERY_BROKER_URL"):
        url = os.environ.get(name, "")
        if url.startswith(("redis://", "rediss://")):
            os.environ[name] = worker_redis_url(url, worker)
    if settings.REDIS_URL:
        settings.REDIS_URL = os.environ["REDIS_URL"]
        cache = settings.CACHES["default"]
        settings.CACHES = {"default": {**cache, "LOCATION": settings.REDIS_URL}}
    broker = os.environ.get("CELERY_BROKER_URL")
    if not broker:
        var_dir = settings.VAR_DIR / "tests" / XDIST_WORKER
        var_dir.mkdir(parents=True, exist_ok=True)
        broker = embedded_broker_url(var_dir)
    settings.CELERY_BROKER_URL = broker
    app.conf.broker_url = broker


_isolate_worker_services()


def missing_service(reason: str):
    """Skip the current test because a service is missing, or fail it under CI."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (required: AFRICA_REQUIRE_SERVICES is set)", pytrace=False)
    pytest.skip(reason)


def pytest_sessionstart(session):
    if REQUIRE_SERVICES and "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        pytest.exit("AFRICA_REQUIRE_SERVICES is set but DATABASE_URL is not PostgreSQL", 1)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Tests that start real processes all go to one xdist worker (run with --dist loadgroup)."""
    for item in items:
        if item.get_closest_marker("processes"):
            item.add_marker(pytest.mark.xdist_group("processes"))


def pytest_runtest_setup(item):
    if item.get_closest_marker("needs_postgres"):
        if "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
            missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    if item.get_closest_marker("needs_redis") and not os.environ.get("REDIS_URL"):
        missing_service("needs Redis: set REDIS_URL=redis://...")
    if item.get_closest_marker("browser"):
        if not shutil.which(CHROMIUM):
            missing_service(f"needs Chromium at {CHROMIUM} (Debian package chromium)")


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    """Passwords are hashed with a fast hasher: the site's PBKDF2 takes a good part of a second
    for each user a fixture makes, and no test is about the hash itself."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    """Each test gets an empty in-process cache, so rate limits never leak between tests."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _redis_breaker_closed():
    """Each test starts with the process's Redis breaker closed: an outage one test makes is
    over for the next."""
    BREAKER.reset()
    yield
    BREAKER.reset()


@pytest.fixture(autouse=True)
def _celery_eager():
    """Tasks run in the test's process when enqueued (after commit); tests that need a real
    worker switch this off. No task is held back by an earlier test's broker failure."""
    from africa_site import enqueue
    from africa_site.celery import app

    app.conf.task_always_eager = True
    enqueue.resume()
    yield
    app.conf.task_always_eager = False
    enqueue.resume()


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


def login_code(mail) -> str:
    """The sign-in code in allauth's mail ``mail`` (an EmailMessage): the line after the one
    that says it is listed below."""
    lines = [line.strip() for line in mail.body.splitlines() if line.strip()]
    return lines[lines.index(next(x for x in lines if "listed below" in x)) + 1]


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


@pytest.fixture
def dave(db):
    return make_player("dave@example.com", "Dave")


@pytest.fixture
def players(db):
    """Five verified players, "Player 1" to "Player 5"."""
    return [make_player(f"p{n}@example.com", f"Player {n}") for n in range(1, 6)]


#: The games the generic suites play: Africa, and the toy game, which is unlike the site's games
#: so that a generic path that assumes one of them fails. A module or test that is about Africa
#: itself says so with ``tests.support.play.AFRICA_ONLY`` (the mark ``games("africa")``).
GENERIC_GAMES = ("africa", "toy")


def pytest_generate_tests(metafunc):
    """A test that uses ``game_name`` (through ``duel`` or another fixture) runs once per game
    of its ``games`` mark, or of GENERIC_GAMES without one."""
    if "game_name" in metafunc.fixturenames:
        marker = metafunc.definition.get_closest_marker("games")
        metafunc.parametrize("game_name", marker.args if marker else GENERIC_GAMES, indirect=True)


@pytest.fixture
def game_name(request) -> str:
    """The registered name of the game a generic test plays (see pytest_generate_tests)."""
    return request.param


@pytest.fixture
def duel(alice, bob, game_name):
    """A running 2-player game of ``game_name`` (seed 2024) between alice, its creator, and
    bob; carol and dave are outsiders unless a test seats them."""
    from games import services

    game = services.create_game(alice, engine=game_name, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


@pytest.fixture
def duel_underway(duel):
    """The duel after its first two actions (in Africa, both players chose a start city: the
    first player's turn begins), each the first legal action."""
    from tests.support.play import play

    game = play(duel, duel.kind.engine.legal_actions(duel.state)[0])
    return play(game, game.kind.engine.legal_actions(game.state)[0])


@pytest.fixture
def mail_duel(alice, bob, game_name, django_capture_on_commit_callbacks, mailoutbox):
    """The duel started as the mail tests need it: its first your-turn mail has gone out."""
    from games import services

    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, engine=game_name, num_players=2, seed=2024)
        services.join_game(game, bob)
    game.refresh_from_db()
    return game


def shows(text: str, secret) -> bool:
    """Whether ``secret`` (a seed, a salt) stands in ``text`` as a whole word: a short seed of a
    test's fixture may stand inside a random hex string (a commitment, a token) by chance."""
    pattern = rf"(?<![0-9A-Za-z]){re.escape(str(secret))}(?![0-9A-Za-z])"
    return re.search(pattern, text) is not None


@pytest.fixture
def browser(monkeypatch):
    from django.db import connections
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
