"""``manage.py receive_mail`` while Redis (the broker and the cache) is unreachable: the reply
is applied and its mails written at once, the broker is tried for the first task only (not
once per mail or bot move, each try waiting for kombu's retries), and the periodic sender and
the deadline sweep do the rest."""

import os
import socket
import struct
import threading

import pytest
from django.db import connection
from django.utils import timezone

from games import services
from games.services import bots
from mailplay.models import ProcessedMessage
from notifications import sender
from notifications.models import OutboundMail
from tests.integration.test_redis_outage import receive_mail
from tests.integration.test_worker_mail import free_port
from tests.support.mail import compose, last_mail_to, mover, reply_to
from tests.support.play import AFRICA_ONLY, first_with

pytestmark = [
    AFRICA_ONLY,  # the reply plays Africa's start city
    pytest.mark.needs_postgres,
    pytest.mark.processes,
    pytest.mark.django_db(transaction=True),
]


class Unreachable:
    """A port where every connection is reset as soon as it is made, as by a Redis that went
    away; ``attempts`` counts the connections tried."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.attempts = 0
        threading.Thread(target=self._refuse, daemon=True).start()

    def _refuse(self):
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:  # closed
                return
            self.attempts += 1
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.close()

    def close(self):
        self.listener.close()


@pytest.fixture
def broker():
    unreachable = Unreachable()
    yield unreachable
    unreachable.close()


def environment(broker_url: str, redis_url: str) -> dict[str, str]:
    """The environment of a process that uses the test's database, ``broker_url`` as its
    broker and ``redis_url`` as its cache and live news."""
    db = connection.settings_dict
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": broker_url,
        "LOG_LEVEL": "WARNING",
    }


def test_a_reply_tries_the_unreachable_broker_once_and_its_mails_go_out_later(
    duel, broker, mailoutbox
):
    first = mover(duel)
    action = first_with(duel, "start ")
    raw = compose(reply_to(last_mail_to(mailoutbox, first)), action, sender=first.email)
    closed = f"redis://127.0.0.1:{free_port()}/0"  # the cache and the live news: nothing there
    sent_before = len(mailoutbox)

    handled = receive_mail(raw, environment(f"redis://127.0.0.1:{broker.port}/0", closed))

    assert (handled.returncode, handled.stdout.decode().strip()) == (0, "applied")
    assert list(duel.moves.values_list("action", flat=True)) == [action]
    assert ProcessedMessage.objects.get().outcome == "applied"
    waiting = OutboundMail.objects.filter(status=OutboundMail.Status.PENDING)
    assert {(row.template, row.user) for row in waiting} == {
        ("play_answer", first),
        ("your_turn", mover(duel)),
    }
    # Two mails were written: the first one's kick tried the broker once, the second none.
    assert broker.attempts == 1

    assert sender.send_due()["sent"] == 2  # the periodic sender
    answer = last_mail_to(mailoutbox[sent_before:], first)
    assert answer.subject.startswith("Your move is applied")
    assert last_mail_to(mailoutbox[sent_before:], mover(duel)).subject.startswith("Your turn")


def test_a_reply_against_a_computer_player_waits_on_no_broker_and_the_bot_moves_later(
    alice, broker, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, bots=1, seed=2024)
    game.refresh_from_db()
    assert mover(game) == alice  # the bot, if it began, moved already (eager tasks)
    action = first_with(game, "start ")
    raw = compose(reply_to(last_mail_to(mailoutbox, alice)), action, sender=alice.email)
    closed = f"redis://127.0.0.1:{free_port()}/0"

    handled = receive_mail(raw, environment(f"redis://127.0.0.1:{broker.port}/0", closed))

    assert (handled.returncode, handled.stdout.decode().strip()) == (0, "applied")
    game.refresh_from_db()
    assert game.moves.filter(action=action).exists()
    # The answer's kick and the bot's move: the broker was tried for the first only.
    assert broker.attempts == 1
    # The bot's move is not lost: the deadline sweep finds it and the bot plays.
    later = timezone.now() + bots.STALLED_AFTER
    assert (game.pk, game.version) in set(bots.stalled(later))
    assert bots.play_bot_move(game.pk, game.version)
    game.refresh_from_db()
    assert mover(game) == alice
