"""Redis unreachable under real processes: a web server, a Celery worker and ``manage.py
receive_mail`` reach Redis (cache and broker) through a proxy that the test cuts, as in an
outage, and restores. Nothing is lost: the reply that arrives meanwhile is applied and
answered once, pages and moves work, the worker is still running afterwards, and a deadline
that fell due during the outage is timed out once, right after Redis returns."""

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from games import services
from games.models import Game
from mailplay.models import ProcessedMessage
from tests.fixtures import missing_service
from tests.integration.tcp_proxy import TcpProxy
from tests.integration.test_worker_mail import ROOT, WAIT, _wait, free_port, turn_mails
from tests.support.mail import compose
from tests.support.play import first_with, player_to_move

CSRF = "a" * 32  # a CSRF token of the right length, sent as cookie and header

pytestmark = [
    pytest.mark.needs_postgres,
    pytest.mark.needs_redis,
    pytest.mark.processes,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def proxy():
    """A proxy to the Redis server of the test's settings, and the URL of its database
    through the proxy."""
    if not settings.CELERY_BROKER_URL.startswith("redis"):
        missing_service("needs CELERY_BROKER_URL=redis://...")
    parts = urlsplit(settings.REDIS_URL)
    proxy = TcpProxy(parts.hostname or "127.0.0.1", parts.port or 6379)
    url = urlunsplit(parts._replace(netloc=f"127.0.0.1:{proxy.port}"))
    yield proxy, url
    proxy.close()


@pytest.fixture
def site(proxy, broker_queue, smtp_port):
    """Start a worker and a web server that reach Redis through the proxy; the environment
    for further processes (receive_mail); stop them at the end."""
    _proxy, redis_url = proxy
    db = connection.settings_dict
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_TASK_DEFAULT_QUEUE": broker_queue,
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "SITE_URL": "http://testserver",
        "MAIL_RETRY_BACKOFF": "1",
        "BOT_PAUSE_SECONDS": "0",
    }
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "--app", "africa_site", "worker", "--pool", "solo"]
        + ["--queues", broker_queue, "--loglevel", "WARNING", "--hostname", f"{broker_queue}@h"]
        + ["--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT,
        env=env,
    )
    web = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env={**env, "ALLOWED_HOSTS": "127.0.0.1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    assert _wait(lambda: get(base + "/health/", "")[0] in (200, 500))
    yield {"worker": worker, "web": web, "base": base, "env": env}
    for process in (worker, web):
        if process.poll() is None:
            process.terminate()
            process.wait(WAIT)


def get(url: str, cookie: str, data: dict | None = None, headers=None) -> tuple[int, str]:
    """(status, body) of a GET, or of a POST of ``data``; (0, "") when nothing answers."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers={"Cookie": cookie, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""
    except OSError:
        return 0, ""


def session_cookie(client, user) -> str:
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF}"


def receive_mail(raw: bytes, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "receive_mail"],
        input=raw,
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=WAIT,
    )


def mailed_duel(inbox, alice, bob):
    """(the SMTP inbox, a started duel, its first player, the turn mail they received)."""
    box, start_smtp = inbox
    start_smtp()
    duel = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(duel, bob)
    duel.refresh_from_db()
    first = player_to_move(duel)
    [turn_mail] = turn_mails(box.wait_until(lambda ms: turn_mails(ms, first)), first)
    return box, duel, first, turn_mail


def test_nothing_is_lost_while_redis_is_unreachable(proxy, site, inbox, alice, bob, client):
    cut, _url = proxy
    box, duel, first, turn_mail = mailed_duel(inbox, alice, bob)
    # A second game whose deadline falls due during the outage.
    late = services.create_game(alice, num_players=2, seed=7)
    services.join_game(late, bob)
    late.refresh_from_db()

    cut.cut()
    Game.objects.filter(pk=late.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    # A reply by mail is applied, a page is read and a move is posted, all without Redis.
    reply = compose(turn_mail["Reply-To"], first_with(duel, "start "), sender=first.email)
    handled = receive_mail(reply, site["env"])
    assert (handled.returncode, handled.stdout.decode().strip()) == (0, "applied")
    duel.refresh_from_db()
    second = player_to_move(duel)
    cookie = session_cookie(client, second)
    status, page = get(site["base"] + duel.get_absolute_url(), cookie)
    assert status == 200 and "Your turn." in page
    version = re.search(r'data-version="(\d+)"', page)[1]
    status, _page = get(
        f"{site['base']}/games/{duel.code}/act/",
        cookie,
        {"action": first_with(duel, "start "), "version": version},
        {"X-CSRFToken": CSRF, "HX-Request": "true", "Referer": site["base"]},
    )
    assert status == 200
    assert Game.objects.get(pk=duel.pk).version == duel.version + 1

    cut.restore()

    # The timeout that fell due is applied once, without waiting for beat (not running here).
    assert _wait(lambda: Game.objects.get(pk=late.pk).seats.filter(timeouts=1).exists())
    assert sum(s.timeouts for s in Game.objects.get(pk=late.pk).seats.all()) == 1
    # The answer to the reply, and the turn mail of the first player, arrive once each.
    answers = box.wait_until(lambda ms: [m for m in ms if m["In-Reply-To"]])
    assert len([m for m in answers if m["In-Reply-To"]]) == 1
    assert site["worker"].poll() is None, "the worker died during the outage"
    assert site["web"].poll() is None
    # The same mail delivered again is a duplicate now: it was applied.
    again = receive_mail(reply, site["env"])
    assert again.stdout.decode().strip() == "duplicate"


def test_a_reply_that_cannot_be_handled_is_left_to_the_mail_server_to_deliver_again(
    site, inbox, alice, bob
):
    _box, duel, first, turn_mail = mailed_duel(inbox, alice, bob)
    reply = compose(turn_mail["Reply-To"], first_with(duel, "start "), sender=first.email)
    dead_database = {
        **site["env"],
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/nothing",
    }

    deferred = receive_mail(reply, dead_database)
    assert (deferred.returncode, deferred.stdout.decode().strip()) == (75, "deferred")
    assert not ProcessedMessage.objects.exists()

    handled = receive_mail(reply, site["env"])
    assert (handled.returncode, handled.stdout.decode().strip()) == (0, "applied")
