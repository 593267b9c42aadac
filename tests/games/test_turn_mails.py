"""Mails about games: the turn mail, notices, the daily digest; each preference respected."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import User
from games import services
from games import tasks as game_tasks
from games.models import Game
from notifications import tasks
from notifications.models import OutboundMail
from tests.support.play import first_with, play, player_to_move, uncover_and_decide

pytestmark = pytest.mark.django_db


def mails_to(mailoutbox, user):
    return [m for m in mailoutbox if m.to == [user.email]]


@pytest.fixture
def started_duel(alice, bob, django_capture_on_commit_callbacks, mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, seed=2024)
        services.join_game(game, bob)
    game.refresh_from_db()
    mailoutbox.clear()
    return game


def test_a_game_that_starts_at_once_against_the_computer_sends_its_creator_no_started_mail(
    alice, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, bots=1)

    assert game.status == Game.Status.ACTIVE
    assert not [m for m in mailoutbox if "has started" in m.subject]


def move(game, action, capture):
    with capture(execute=True):
        return services.submit_action(game, player_to_move(game), action, game.version)


def test_starting_a_game_tells_every_player_and_the_first_to_move(
    alice, bob, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2)
        services.join_game(game, bob)

    started = [m for m in mailoutbox if m.subject == "Your game of Africa has started"]
    assert [m.to for m in started] == [[alice.email]]  # bob started it by joining: he sees it
    first = player_to_move(Game.objects.get())
    assert [m.subject for m in mails_to(mailoutbox, first)][-1].startswith("Your turn in Africa")


def test_the_turn_mail_says_what_happened_and_links_to_the_game(
    started_duel, django_capture_on_commit_callbacks, mailoutbox
):
    game = started_duel
    first = player_to_move(game)
    game = move(game, first_with(game, "start "), django_capture_on_commit_callbacks)
    second = player_to_move(game)

    [mail] = mails_to(mailoutbox, second)
    html = mail.alternatives[0][0]
    assert mail.subject == f"Your turn in Africa ({first.display_name})"
    assert f"{first.display_name} starts in" in mail.body
    assert f"http://127.0.0.1:8000{game.get_absolute_url()}" in mail.body
    assert "left)" in mail.body
    assert f'href="http://127.0.0.1:8000{game.get_absolute_url()}"' in html
    assert mail.extra_headers["List-Unsubscribe"].startswith("<http://127.0.0.1:8000/notif")
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_turn_mail_is_in_the_players_language(
    started_duel, django_capture_on_commit_callbacks, mailoutbox
):
    game = started_duel
    second = game.seats.get(number=1).user
    User.objects.filter(pk=second.pk).update(language="fr")

    move(game, first_with(game, "start "), django_capture_on_commit_callbacks)

    [mail] = mails_to(mailoutbox, second)
    assert mail.subject.startswith("À vous de jouer")
    assert "Bonjour" in mail.body
    assert '<html lang="fr">' in mail.alternatives[0][0]


def test_no_turn_mail_while_the_player_has_the_game_open(
    started_duel, client, django_capture_on_commit_callbacks, mailoutbox
):
    game = started_duel
    second = game.seats.get(number=1).user
    client.force_login(second)
    client.get(game.get_absolute_url())

    move(game, first_with(game, "start "), django_capture_on_commit_callbacks)

    assert mails_to(mailoutbox, second) == []


@pytest.mark.parametrize("preference", ["daily_digest", "none"])
def test_no_turn_mail_for_players_who_chose_otherwise(
    started_duel, django_capture_on_commit_callbacks, mailoutbox, preference
):
    game = started_duel
    second = game.seats.get(number=1).user
    User.objects.filter(pk=second.pk).update(notifications=preference)

    move(game, first_with(game, "start "), django_capture_on_commit_callbacks)

    assert mails_to(mailoutbox, second) == []


def test_no_turn_mail_in_quiet_hours(started_duel, django_capture_on_commit_callbacks, mailoutbox):
    game = started_duel
    second = game.seats.get(number=1).user
    now = timezone.now().astimezone(second.zone)
    User.objects.filter(pk=second.pk).update(
        quiet_hours_start=(now - timedelta(hours=1)).time(),
        quiet_hours_end=(now + timedelta(hours=1)).time(),
    )

    move(game, first_with(game, "start "), django_capture_on_commit_callbacks)

    assert mails_to(mailoutbox, second) == []


def test_a_mail_queued_twice_and_sent_twice_goes_out_once(started_duel, mailoutbox):
    game = play(started_duel, first_with(started_duel, "start "))
    mailoutbox.clear()

    assert game_tasks.notify_turn.apply(args=(game.pk, game.version)).get() == "queued"
    assert game_tasks.notify_turn.apply(args=(game.pk, game.version)).get() == "queued"
    assert tasks.send_outbox.apply().get()["sent"] == 1
    assert tasks.send_outbox.apply().get()["sent"] == 0

    assert len(mailoutbox) == 1
    assert (
        OutboundMail.objects.get(key__startswith=f"turn:{game.pk}:{game.version}:").status
        == OutboundMail.Status.SENT
    )


def test_a_turn_mail_for_a_game_that_moved_on_is_not_sent(started_duel, mailoutbox):
    game = play(started_duel, first_with(started_duel, "start "))
    stale = game.version
    game = play(game, first_with(game, "start "))

    assert game_tasks.notify_turn.apply(args=(game.pk, stale)).get() == "moved on"
    tasks.send_outbox.apply()
    [first_turn] = OutboundMail.objects.filter(key__startswith=f"turn:{game.pk}:{stale}:")
    assert (first_turn.status, first_turn.reason) == (OutboundMail.Status.CLOSED, "moved on")
    assert [m for m in mailoutbox if m.subject.startswith("Your turn")] == [
        m for m in mailoutbox if m.to == [player_to_move(game).email]
    ]


def test_a_failed_send_leaves_the_mail_to_retry(started_duel, settings, mailoutbox):
    settings.MAIL_RETRY_BACKOFF = 30
    settings.EMAIL_BACKEND = "tests.notifications.failing_backend.EmailBackend"
    game = play(started_duel, first_with(started_duel, "start "))
    key = f"turn:{game.pk}:{game.version}:"

    assert tasks.send_outbox.apply().get()["failed"] == 1
    mail = OutboundMail.objects.get(key__startswith=key)
    assert (mail.status, mail.attempts) == (OutboundMail.Status.PENDING, 1)
    assert "mail server is down" in mail.last_error
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert tasks.send_outbox.apply().get()["sent"] == 0  # not before its backoff
    with time_machine.travel(timezone.now() + timedelta(seconds=31)):
        assert tasks.send_outbox.apply().get()["sent"] == 1

    mail.refresh_from_db()
    assert (mail.status, mail.attempts) == (OutboundMail.Status.SENT, 2)
    assert len(mails_to(mailoutbox, player_to_move(game))) == 1


def test_the_end_of_a_game_is_told_with_places_and_scores(
    started_duel, django_capture_on_commit_callbacks, mailoutbox
):
    game = started_duel
    leaver = player_to_move(game)
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(game, leaver)

    finished = [m for m in mailoutbox if m.subject == "Your game of Africa is over"]
    assert len(finished) == 2
    assert "2. " + leaver.display_name in finished[0].body


def test_an_invited_player_gets_a_mail_with_the_game(
    alice, bob, django_capture_on_commit_callbacks, mailoutbox
):
    game = services.create_game(alice, num_players=3, invite_only=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.invite(game, alice, "Bob")

    [mail] = mails_to(mailoutbox, bob)
    assert mail.subject == "Alice invites you to play Africa"
    assert game.get_absolute_url() in mail.body


def test_the_daily_digest_lists_waiting_games_once_a_day_in_the_local_morning(
    alice, bob, carol, mailoutbox
):
    User.objects.filter(pk=bob.pk).update(
        notifications="daily_digest", time_zone="America/New_York"
    )
    games = []
    for seed in (1, 2):
        game = services.create_game(alice, num_players=2, seed=seed, days_per_move=seed * 3)
        services.join_game(game, bob)
        game.refresh_from_db()
        if player_to_move(game) != bob:
            game = play(game, first_with(game, "start "))
        games.append(game)

    with time_machine.travel(datetime_at_local_hour("America/New_York", 8), tick=False):
        assert game_tasks.send_daily_digests.apply().get() == 1
        assert game_tasks.send_daily_digests.apply().get() == 0
        tasks.send_outbox.apply()
    with time_machine.travel(datetime_at_local_hour("America/New_York", 9), tick=False):
        assert game_tasks.send_daily_digests.apply().get() == 0
        tasks.send_outbox.apply()

    [mail] = [m for m in mails_to(mailoutbox, bob) if "waiting" in m.subject]
    assert mail.subject == "2 games are waiting for your move"
    first, second = sorted(games, key=lambda g: g.turn_deadline)
    urgent, later = first.get_absolute_url(), second.get_absolute_url()
    assert mail.body.index(urgent) < mail.body.index(later)
    # Reply plays the most urgent game; the other game's address is in the text.
    [address] = mail.reply_to
    assert address.startswith(f"play+{first.pk}.")
    assert f"play+{second.pk}." in mail.body


def datetime_at_local_hour(zone_name, hour):
    from zoneinfo import ZoneInfo

    local = timezone.now().astimezone(ZoneInfo(zone_name)) + timedelta(days=1)
    return local.replace(hour=hour, minute=10, second=0, microsecond=0)


def test_uncover_then_move_then_end_sends_the_next_player_one_mail(
    started_duel, django_capture_on_commit_callbacks, mailoutbox
):
    game = play(started_duel, first_with(started_duel, "start "))
    game = play(game, first_with(game, "start "))
    mailoutbox.clear()
    mover = player_to_move(game)
    other = game.seats.exclude(user=mover).get().user

    with django_capture_on_commit_callbacks(execute=True):
        game = uncover_and_decide(game)
        game = services.submit_action(game, mover, "end", game.version)

    assert len(mails_to(mailoutbox, other)) == 1
    assert mails_to(mailoutbox, mover) == []


def test_the_end_of_a_rated_game_tells_each_player_their_new_rating(
    started_duel, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(started_duel, player_to_move(started_duel))

    for mail in (m for m in mailoutbox if m.subject == "Your game of Africa is over"):
        assert "Your rating: " in mail.body
        assert "→" in mail.body
