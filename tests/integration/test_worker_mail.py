"""Turn mails end to end: a real Celery worker process, Redis as the broker, PostgreSQL, and
an SMTP server started by the test. The mail arrives once, even when the mail server is down
for a while or the worker is killed in the middle of a task."""

import email
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import uuid
from email import policy
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings
from django.db import connection

from africa_site.celery import app
from games import services
from notifications import sender
from notifications.models import OutboundMail
from tests.fixtures import missing_service
from tests.support.play import first_with, player_to_move

pytestmark = [
    pytest.mark.needs_postgres,
    pytest.mark.needs_redis,
    pytest.mark.processes,
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60  # seconds at most for anything the worker does


class Inbox:
    """What the SMTP server received; ``hold`` makes it stall a delivery at RCPT TO."""

    def __init__(self):
        self.messages = []
        self.arrived = threading.Condition()
        self.hold = None  # a threading.Event the server waits on, if set
        self.stalled = threading.Event()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.hold is not None:
            self.stalled.set()
            self.hold.wait(WAIT)
            return "451 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 Message accepted for delivery"

    def wait_until(self, condition) -> list:
        """The messages once ``condition(messages)`` holds (at most WAIT seconds)."""
        with self.arrived:
            assert self.arrived.wait_for(lambda: condition(self.messages), WAIT)
            return list(self.messages)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def broker_queue():
    """Tasks of this test go through Redis on a queue of their own, to a real worker."""
    if not settings.CELERY_BROKER_URL.startswith("redis"):
        missing_service("needs CELERY_BROKER_URL=redis://...")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    yield queue
    app.conf.task_default_queue = "celery"


@pytest.fixture
def smtp_port():
    return free_port()


def start_smtp(inbox: Inbox, port: int) -> Controller:
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


@pytest.fixture
def inbox(smtp_port):
    inbox = Inbox()
    controllers = []
    yield inbox, lambda: controllers.append(start_smtp(inbox, smtp_port))
    if inbox.hold is not None:
        inbox.hold.set()
    for controller in controllers:
        controller.stop()


@pytest.fixture
def start_worker(broker_queue, smtp_port):
    """Start (and at the end stop) Celery worker processes on the test's database."""
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "SITE_URL": "http://testserver",
        "MAIL_RETRY_BACKOFF": "1",
        "MAIL_CLAIM_SECONDS": "2",
        "CELERY_VISIBILITY_TIMEOUT": "3",
    }
    workers = []

    def start():
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "--app",
                "africa_site",
                "worker",
                "--pool",
                "solo",
                "--queues",
                broker_queue,
                "--loglevel",
                "WARNING",
                "--hostname",
                f"{broker_queue}-{len(workers)}@localhost",
            ],
            cwd=ROOT,
            env=env,
        )
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        if worker.poll() is None:
            worker.terminate()
            worker.wait(WAIT)


@pytest.fixture
def duel(alice, bob):
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


def turn_mails(messages, user):
    return [m for m in messages if m["To"] == user.email and m["Subject"].startswith("Your turn")]


def test_a_move_ends_with_a_turn_mail_whose_link_opens_the_game(inbox, start_worker, duel, client):
    box, start_server = inbox
    start_server()
    start_worker()
    first = player_to_move(duel)

    game = services.submit_action(duel, first, first_with(duel, "start "), duel.version)
    second = player_to_move(game)

    [mail] = turn_mails(box.wait_until(lambda ms: turn_mails(ms, second)), second)
    text = mail.get_body(("plain",)).get_content()
    link = re.search(r"http://testserver(/games/\S+/)", text)[1]
    assert link == game.get_absolute_url()
    assert (
        mail["List-Unsubscribe"].strip().startswith("<http://testserver/notifications/unsubscribe/")
    )
    client.force_login(second)
    page = client.get(link)
    assert page.status_code == 200
    assert "Your turn." in page.content.decode()


def test_a_mail_server_down_for_a_while_gets_the_mail_once(inbox, start_worker, duel):
    box, start_server = inbox
    start_worker()
    first = player_to_move(duel)

    game = services.submit_action(duel, first, first_with(duel, "start "), duel.version)
    second = player_to_move(game)
    key = f"turn:{game.pk}:{game.version}:{second.pk}"
    outbound = OutboundMail.objects.filter(key=key)
    # The worker tries, fails (nothing listens) and retries with backoff; then the server is up.
    assert _wait(lambda: outbound.filter(attempts__gte=1).exists())
    start_server()

    assert _wait(lambda: outbound.filter(status=OutboundMail.Status.SENT).exists())
    assert len(turn_mails(box.messages, second)) == 1


def test_a_worker_killed_during_the_task_still_gets_the_mail_out_once(inbox, start_worker, duel):
    box, start_server = inbox
    box.hold = threading.Event()
    start_server()
    doomed = start_worker()
    first = player_to_move(duel)
    game = services.submit_action(duel, first, first_with(duel, "start "), duel.version)
    second = player_to_move(game)

    assert box.stalled.wait(WAIT)  # the worker is in the middle of sending
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(WAIT)
    box.hold.set()
    box.hold = None
    start_worker()

    key = f"turn:{game.pk}:{game.version}:{second.pk}"
    assert _wait(lambda: OutboundMail.objects.filter(key=key, status="sent").exists())
    assert len(turn_mails(box.messages, second)) == 1


def _wait(condition, seconds=WAIT) -> bool:
    """Wait until ``condition()`` holds, checking on a short event wait (no fixed sleep)."""
    tick = threading.Event()
    for _n in range(int(seconds * 10)):
        if condition():
            return True
        tick.wait(0.1)
    return condition()


def test_a_worker_killed_while_sending_many_mails_loses_none_and_repeats_at_most_one(
    inbox, start_worker, alice, bob
):
    box, start_server = inbox
    start_server()
    for seed in range(4):  # 4 games: a start notice to each player and a turn mail each
        game = services.create_game(alice, num_players=2, seed=seed)
        services.join_game(game, bob)
    rows = OutboundMail.objects.all()
    total = rows.count()
    box.hold = threading.Event()
    doomed = start_worker()

    assert box.stalled.wait(WAIT)  # the worker is in the middle of sending
    sent_before = len(box.messages)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(WAIT)
    claimed_by_the_dead = rows.filter(status="pending", claimed_until__isnull=False).count()
    box.hold.set()
    box.hold = None
    start_worker()

    assert _wait(lambda: rows.filter(status="sent").count() == total)
    ids = [m["Message-ID"] for m in box.wait_until(lambda ms: len(ms) >= total)]
    assert len(set(ids)) == total  # none lost
    assert len(ids) - total <= 1  # at most the mail in flight twice
    assert sent_before < total and claimed_by_the_dead <= sender.BATCH
