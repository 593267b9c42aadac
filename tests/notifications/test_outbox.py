"""The outbox: a mail is a row written with its move, sent by the periodic sender once, even
when the broker is down during the move, when the player is in quiet hours, or when two
senders run at the same time."""

import smtplib
import threading
from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.core import mail as django_mail
from django.core.mail.backends.locmem import EmailBackend as LocmemBackend
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from accounts.models import User
from games import notices, services
from notifications import outbox, sender, tasks
from notifications.models import OutboundMail
from tests.support.play import first_with, play, player_to_move

HTMX = {"HX-Request": "true"}


def turn_mails_to(user):
    return [m for m in django_mail.outbox if m.to == [user.email] and "turn" in m.subject]


@pytest.fixture
def broker_down(monkeypatch):
    """Every message to the broker fails as it does when Redis is stopped."""

    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.send_outbox, "apply_async", refuse)


@pytest.mark.django_db(transaction=True)
def test_a_move_while_the_broker_is_down_succeeds_and_its_mail_goes_out_once_later(
    client, alice, bob, broker_down, mailoutbox
):
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    mover = player_to_move(game)
    client.force_login(mover)
    action = first_with(game, "start ")

    response = client.post(
        reverse("game_act", args=[game.code]),
        {"action": action, "version": game.version},
        headers=HTMX,
    )

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.moves.get(version=game.version).action == action
    second = player_to_move(game)
    assert turn_mails_to(second) == []  # nothing was sent: the kick did not reach a worker
    assert OutboundMail.objects.filter(user=second, template="your_turn", status="pending")

    assert tasks.send_outbox.apply().get()["sent"] >= 1  # beat's periodic run
    tasks.send_outbox.apply()

    [turn_mail] = turn_mails_to(second)
    assert turn_mail.subject.startswith("Your turn in Africa")


@pytest.mark.django_db
def test_a_mail_held_for_quiet_hours_is_sent_once_when_they_end(
    alice, bob, django_capture_on_commit_callbacks, mailoutbox
):
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    second = [s.user for s in game.seats.all() if s.user != player_to_move(game)][0]
    now = timezone.now().astimezone(second.zone)
    User.objects.filter(pk=second.pk).update(
        quiet_hours_start=(now - timedelta(hours=1)).time(),
        quiet_hours_end=(now + timedelta(hours=1)).time(),
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = services.submit_action(
            game, player_to_move(game), first_with(game, "start "), game.version
        )
    row = OutboundMail.objects.get(user=second, template="your_turn")
    assert row.send_after > timezone.now() + timedelta(minutes=45)

    tasks.send_outbox.apply()
    assert turn_mails_to(second) == []
    with time_machine.travel(row.send_after + timedelta(minutes=1)):
        tasks.send_outbox.apply()
        tasks.send_outbox.apply()
    with time_machine.travel(row.send_after + timedelta(hours=3)):
        tasks.send_outbox.apply()

    assert len(turn_mails_to(second)) == 1
    row.refresh_from_db()
    assert row.status == OutboundMail.Status.SENT


@pytest.mark.django_db
def test_a_reminder_whose_turn_moved_on_is_closed_with_its_reason(alice, bob, mailoutbox):
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    notices.reminder(game.pk, game.version)
    game = play(game, first_with(game, "start "))
    mailoutbox.clear()

    tasks.send_outbox.apply()

    reminder = OutboundMail.objects.get(template="reminder")
    assert (reminder.status, reminder.reason) == (OutboundMail.Status.CLOSED, "moved on")
    assert not [m for m in mailoutbox if "still waiting" in m.body]


@pytest.mark.django_db
def test_one_mail_connection_is_opened_for_a_batch(alice, bob, carol, settings, mailoutbox):
    settings.EMAIL_BACKEND = "tests.notifications.counting_backend.EmailBackend"
    from tests.notifications import counting_backend

    counting_backend.OPENED.clear()
    game = services.create_game(alice, num_players=3, seed=7)
    services.join_game(game, bob)
    services.join_game(game, carol)

    counts = tasks.send_outbox.apply().get()

    assert counts["sent"] >= 3  # two "game started" mails (carol started it) and a turn mail
    assert counting_backend.OPENED == [counts["sent"]]  # one connection carried them all


def _notices(host, count):
    """``count`` due "game aborted" notices about one game of ``host``."""
    game = services.create_game(host, num_players=2, seed=1)
    OutboundMail.objects.all().delete()
    for n in range(count):
        OutboundMail.objects.create(
            key=f"notice:{n}", user=host, template="game_aborted", game=game
        )


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_senders_at_once_send_each_due_mail_once(alice, mailoutbox):
    _notices(alice, 30)
    start = threading.Barrier(2)
    results = []

    def run_a_sender():
        start.wait()
        try:
            results.append(sender.send_due(limit=5))
        finally:
            connection.close()

    threads = [threading.Thread(target=run_a_sender) for _n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sum(r["sent"] for r in results) == 30
    ids = [m.extra_headers["Message-ID"] for m in mailoutbox]
    assert len(ids) == len(set(ids)) == 30
    assert set(OutboundMail.objects.values_list("status", flat=True)) == {"sent"}


class InterruptingBackend(LocmemBackend):
    """While the first sender sends its first mail, a second sender runs in another thread."""

    second_run: list = []

    def send_messages(self, messages):
        if not self.second_run:
            self.second_run.append(None)
            thread = threading.Thread(target=self._second_sender)
            thread.start()
            thread.join()
        return super().send_messages(messages)

    def _second_sender(self):
        try:
            self.second_run[0] = sender.send_due()
        finally:
            connection.close()


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_sender_skips_the_rows_another_sender_holds(alice, settings, mailoutbox):
    _notices(alice, 3)
    settings.EMAIL_BACKEND = f"{__name__}.InterruptingBackend"
    InterruptingBackend.second_run.clear()

    first = sender.send_due()

    assert InterruptingBackend.second_run == [{"sent": 0, "closed": 0, "deferred": 0, "failed": 0}]
    assert first["sent"] == 3
    assert len(mailoutbox) == 3


class WorldMovesOnBackend(LocmemBackend):
    """While the first mail of a batch goes out, ``change`` runs once: the world moves on
    between the claim of the batch and the building of its later mails."""

    change = None

    def send_messages(self, messages):
        change, WorldMovesOnBackend.change = WorldMovesOnBackend.change, None
        if change is not None:
            change()
        return super().send_messages(messages)


@pytest.mark.django_db
def test_later_mails_of_a_batch_decide_on_the_game_as_it_is_when_they_are_built(
    settings, mailoutbox
):
    from tests.fixtures import make_player

    settings.EMAIL_BACKEND = f"{__name__}.WorldMovesOnBackend"
    games = []
    for n in range(sender.FRESH + 2):  # the last two are read after the first mail is sent
        host = make_player(f"host{n}@example.com", f"Host {n}")
        guest = make_player(f"guest{n}@example.com", f"Guest {n}")
        game = services.create_game(host, num_players=2, seed=n)
        services.join_game(game, guest)
        game.refresh_from_db()
        games.append(game)
    OutboundMail.objects.all().delete()
    start = timezone.now()
    for n, game in enumerate(games):
        notices.turn(game)
        OutboundMail.objects.filter(game=game).update(send_after=start + timedelta(seconds=n))
    moved_on, looking = games[-2], games[-1]
    looker = player_to_move(looking)

    def change():
        play(moved_on, first_with(moved_on, "start "))  # a move from the page
        looking.seats.filter(user=looker).update(last_seen_at=timezone.now())  # a look at it

    WorldMovesOnBackend.change = change
    with time_machine.travel(start + timedelta(minutes=1), tick=False):
        counts = sender.send_due()

    assert counts == {"sent": sender.FRESH, "closed": 1, "deferred": 1, "failed": 0}
    before_the_move = OutboundMail.objects.get(game=moved_on, version=moved_on.version)
    assert (before_the_move.status, before_the_move.reason) == (
        OutboundMail.Status.CLOSED,
        "moved on",
    )
    assert OutboundMail.objects.get(game=looking).status == OutboundMail.Status.PENDING
    assert turn_mails_to(looker) == []


@pytest.mark.django_db
def test_a_mail_held_for_quiet_hours_goes_out_at_their_end_to_the_second(alice):
    # Quiet from 22:00 to 07:00 in Brussels; a turn mail written at 23:07:41 waits until 07:00:00
    # exactly, not until a quarter-hour step counted from when it was written.
    User.objects.filter(pk=alice.pk).update(
        time_zone="Europe/Brussels",
        quiet_hours_start=time(22, 0),
        quiet_hours_end=time(7, 0),
    )
    alice.refresh_from_db()
    written = datetime(2026, 3, 10, 22, 7, 41, tzinfo=UTC)  # 23:07:41 in Brussels
    end = outbox.quiet_hours_end(alice, written)
    assert end.astimezone(alice.zone).replace(tzinfo=None) == datetime(2026, 3, 11, 7, 0)
    assert outbox.quiet_hours_end(alice, end) is None
    assert alice.in_quiet_hours(end - timedelta(seconds=1))


class ServerDownBackend(LocmemBackend):
    """A mail server that refuses every connection while ``down`` is set, and refuses the
    recipients in ``refused`` (an address it does not know) when it is up."""

    down = True
    refused: set[str] = set()

    def send_messages(self, messages):
        if ServerDownBackend.down:
            raise ConnectionRefusedError("the mail server is down")
        for message in messages:
            if set(message.to) & self.refused:
                raise smtplib.SMTPRecipientsRefused({message.to[0]: (550, b"no such user")})
        return super().send_messages(messages)


@pytest.mark.django_db
def test_when_the_mail_server_is_back_the_mails_that_waited_for_it_go_out_at_once(
    alice, bob, settings, mailoutbox
):
    settings.EMAIL_BACKEND = f"{__name__}.ServerDownBackend"
    ServerDownBackend.down, ServerDownBackend.refused = True, {bob.email}
    _notices(alice, 3)
    game = OutboundMail.objects.first().game
    # Each run while the server is down fails one mail, which then waits on its backoff.
    for _run in range(3):
        assert tasks.send_outbox.apply().get()["failed"] == 1
    ServerDownBackend.down = False
    OutboundMail.objects.create(key="notice:bob", user=bob, template="game_aborted", game=game)
    assert tasks.send_outbox.apply().get() == {
        "sent": 0,
        "closed": 0,
        "deferred": 0,
        "failed": 1,
    }  # refused for its recipient, not for want of a server: it waits on its backoff
    waiting = OutboundMail.objects.filter(status="pending", send_after__gt=timezone.now())
    assert waiting.count() == 4 and mailoutbox == []

    OutboundMail.objects.create(key="notice:new", user=alice, template="game_aborted", game=game)
    counts = tasks.send_outbox.apply().get()

    assert counts == {"sent": 4, "closed": 0, "deferred": 0, "failed": 0}
    ids = [m.extra_headers["Message-ID"] for m in mailoutbox]
    assert len(ids) == len(set(ids)) == 4 and {m.to[0] for m in mailoutbox} == {alice.email}
    assert list(waiting.values_list("key", flat=True)) == ["notice:bob"]
    assert tasks.send_outbox.apply().get()["sent"] == 0  # nothing goes out twice


@pytest.mark.django_db
def test_a_mail_queued_twice_under_one_key_is_written_once_in_one_statement_each(
    alice, django_assert_num_queries
):
    with django_assert_num_queries(1):
        first = outbox.queue("turn:twice", alice, "your_turn")
    with django_assert_num_queries(1):
        second = outbox.queue("turn:twice", alice, "reminder")

    assert (first, second) == (True, False)
    row = OutboundMail.objects.get(key="turn:twice")
    assert row.template == "your_turn"  # the first one stays as it was
