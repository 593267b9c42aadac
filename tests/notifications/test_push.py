"""Pushes to a player's devices: queued with the move, sent by the outbox's sender to a push
service that checks the VAPID signature and decrypts the payload, once; a device gone is
deleted, a service down is tried again later; quiet hours and the player's choices hold."""

import socket
from datetime import timedelta

import pytest
import time_machine
from django.core import signing
from django.utils import timezone

from accounts.models import User
from games import notices, services
from games.models import Invitation
from notifications import sender
from notifications.emails import absolute_url
from notifications.models import OutboundMail, PushSubscription
from notifications.preferences import save_choices
from tests.support.play import first_with, play, player_to_move

pytestmark = pytest.mark.django_db


def start(alice, bob):
    """A 2-player game of Africa whose first player is to move; (game, the other player)."""
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game, next(s.user for s in game.seats.all() if s.user != player_to_move(game))


def move(game):
    """The player to move plays their first start action; the game after it."""
    return services.submit_action(
        game, player_to_move(game), first_with(game, "start "), game.version
    )


def push_row(user, template="your_turn"):
    return OutboundMail.objects.get(user=user, template=template, channel="push")


def test_a_move_pushes_the_next_player_once_signed_and_encrypted(
    alice, bob, push_service, subscribe, mailoutbox
):
    game, second = start(alice, bob)
    subscribe(second)

    game = move(game)
    assert push_row(second).status == OutboundMail.Status.PENDING
    sender.send_due()
    sender.send_due()

    [push] = push_service.received
    assert push_service.refused == []
    [action] = push.payload.pop("actions")  # the mail's one-click "24 more hours"
    assert (action["action"], action["title"]) == ("extension", "24 more hours")
    assert action["url"].startswith(absolute_url("/mail/do/extension/"))
    assert push.payload == {
        "title": "Your turn in Africa (Alice)" if second == bob else "Your turn in Africa (Bob)",
        "body": "Tap to open the game.",
        "url": absolute_url(game.get_absolute_url()),
        "tag": str(game.code),
        "badge": 1,
    }
    assert push.headers["ttl"] == "43200"
    assert push.headers["urgency"] == "high"
    assert push.headers["topic"] == game.code.hex
    assert push.claims["sub"] == "mailto:webmaster@example.com"
    assert push_row(second).status == OutboundMail.Status.SENT
    assert PushSubscription.objects.get(user=second).last_used_at is not None
    assert [m for m in mailoutbox if m.to == [second.email]]  # the mail goes out as well


def test_a_player_without_a_device_gets_no_push_row(alice, bob, push_service):
    game, second = start(alice, bob)

    move(game)

    assert not OutboundMail.objects.filter(channel="push").exists()
    assert OutboundMail.objects.filter(user=second, channel="mail", template="your_turn")


def test_a_device_gone_410_is_deleted_and_the_push_closed(alice, bob, push_service, subscribe):
    game, second = start(alice, bob)
    subscribe(second)
    move(game)
    push_service.answer(410)

    sender.send_due()

    assert not PushSubscription.objects.filter(user=second).exists()
    row = push_row(second)
    assert (row.status, row.reason) == (OutboundMail.Status.CLOSED, "no device")
    assert push_service.received == []


def test_a_push_service_down_503_is_tried_again_after_the_backoff_and_sent_once(
    alice, bob, push_service, subscribe, settings
):
    game, second = start(alice, bob)
    subscribe(second)
    move(game)
    push_service.answer(503)

    assert sender.send_due()["failed"] == 1
    row = push_row(second)
    assert row.status == OutboundMail.Status.PENDING
    assert row.send_after > timezone.now()
    sender.send_due()  # not yet due: nothing goes
    assert push_service.received == []

    with time_machine.travel(row.send_after + timedelta(seconds=1)):
        sender.send_due()
        sender.send_due()

    assert len(push_service.received) == 1
    assert push_row(second).status == OutboundMail.Status.SENT


def test_a_push_service_that_cannot_be_reached_is_tried_again_later(
    alice, bob, push_service, subscribe
):
    game, second = start(alice, bob)
    subscribe(second)
    move(game)
    unreachable = socket.socket()
    unreachable.bind(("127.0.0.1", 0))  # a port nothing listens on
    PushSubscription.objects.filter(user=second).update(
        endpoint=f"http://127.0.0.1:{unreachable.getsockname()[1]}/push/1"
    )
    try:
        counts = sender.send_due()
    finally:
        unreachable.close()

    assert counts["failed"] == 1
    row = push_row(second)
    assert (row.status, row.attempts) == (OutboundMail.Status.PENDING, 1)
    assert "ConnectionError" in row.last_error
    assert PushSubscription.objects.filter(user=second).exists()


def test_a_retry_skips_the_devices_that_took_the_push(alice, bob, push_service, subscribe):
    game, second = start(alice, bob)
    phone, laptop = subscribe(second), subscribe(second)
    move(game)
    push_service.answer(201, 503)  # the phone takes it, the laptop's service is down

    sender.send_due()
    with time_machine.travel(push_row(second).send_after + timedelta(seconds=1)):
        sender.send_due()

    assert sorted(push.endpoint for push in push_service.received) == sorted(
        [phone.endpoint, laptop.endpoint]
    )


def test_quiet_hours_hold_a_push_until_they_end(alice, bob, push_service, subscribe):
    game, second = start(alice, bob)
    subscribe(second)
    now = timezone.now().astimezone(second.zone)
    User.objects.filter(pk=second.pk).update(
        quiet_hours_start=(now - timedelta(hours=1)).time(),
        quiet_hours_end=(now + timedelta(hours=1)).time(),
    )
    move(game)

    sender.send_due()
    assert push_service.received == []
    with time_machine.travel(push_row(second).send_after + timedelta(minutes=1)):
        sender.send_due()

    assert len(push_service.received) == 1


@pytest.mark.parametrize("turned_off", ["push", "mail"])
def test_a_player_who_turned_off_one_channel_of_their_turn_gets_the_other_only(
    alice, bob, push_service, subscribe, mailoutbox, turned_off
):
    game, second = start(alice, bob)
    subscribe(second)
    save_choices(second, {("your_turn", turned_off): False})
    move(game)

    sender.send_due()

    pushed = len(push_service.received) == 1
    mailed = bool([m for m in mailoutbox if m.to == [second.email] and "turn" in m.subject])
    assert (pushed, mailed) == (turned_off == "mail", turned_off == "push")
    if turned_off == "push":
        assert push_row(second).reason == "not wanted"


def test_the_daily_digest_choice_holds_for_pushes(alice, bob, push_service, subscribe):
    game, second = start(alice, bob)
    subscribe(second)
    User.objects.filter(pk=second.pk).update(notifications=User.Notifications.DAILY_DIGEST)
    move(game)

    sender.send_due()

    assert push_service.received == []
    assert push_row(second).reason == "not wanted"


def test_no_push_while_the_player_looks_at_the_game(alice, bob, push_service, subscribe):
    game, second = start(alice, bob)
    subscribe(second)
    game = move(game)
    game.seats.filter(user=second).update(last_seen_at=timezone.now())

    sender.send_due()

    assert push_service.received == []
    assert push_row(second).reason == "looking"


def test_an_invitation_push_offers_the_one_click_accept(alice, bob, push_service, subscribe):
    subscribe(bob)
    game = services.create_game(alice, num_players=2, seed=2024)
    invitation = Invitation.objects.create(game=game, user=bob, invited_by=alice)
    notices.invitation(invitation)

    sender.send_due()

    [push] = push_service.received
    assert push.payload["title"] == "Alice invites you to play Africa"
    assert push.headers["urgency"] == "normal"
    [action] = push.payload["actions"]
    assert action["action"] == "accept"
    assert action["url"].startswith(absolute_url("/mail/do/accept/"))


def test_a_push_is_written_in_the_players_language(alice, bob, push_service, subscribe):
    game, second = start(alice, bob)
    User.objects.filter(pk=second.pk).update(language="fr")
    subscribe(second)
    move(game)

    sender.send_due()

    [push] = push_service.received
    assert push.payload["title"].startswith("À vous de jouer dans Africa")
    assert push.payload["body"] == "Touchez pour ouvrir la partie."


#: An Africana duel (seed 24) after which the second player holds too many cards and must
#: discard one of two: a question of two answers.
DISCARD = (
    "go tripolis joker", "go tanger orange", "done", "draw", "draw", "draw", "discard joker",
    "draw", "draw", "discard orange",
)  # fmt: skip


def last_action(game):
    game.refresh_from_db()
    return game.moves.order_by("version").last().action


def question_of_two(alice, bob):
    """The Africana duel one action before the question; (the game, the player asked)."""
    game = services.create_game(alice, engine="africana", num_players=2, seed=24)
    services.join_game(game, bob)
    game.refresh_from_db()
    return play(game, *DISCARD[:-1]), game.seats.get(number=1).user  # seat 1 is asked


def test_a_question_of_two_answers_is_pushed_with_both_as_one_click_buttons(
    alice, bob, push_service, subscribe, client
):
    game, player = question_of_two(alice, bob)
    subscribe(player)
    game = play(game, DISCARD[-1])
    assert player_to_move(game) == player
    assert sorted(game.kind.engine.legal_actions(game.state)) == ["discard gray", "discard magenta"]
    # Here the question comes within the player's turn; the Nile asks one as a turn begins
    # (a stranded explorer drops an item or water). Told of their turn now, the player gets:
    notices.turn(game)
    sender.send_due()

    [push] = push_service.received
    actions = push.payload["actions"]
    assert [action["action"] for action in actions] == ["answer-1", "answer-2"]
    assert all(action["url"].startswith(absolute_url("/mail/do/answer/")) for action in actions)
    gray = next(action for action in actions if "gray" in action["title"].lower())
    path = gray["url"].removeprefix(absolute_url(""))
    path = "/" + path.lstrip("/")

    assert client.get(path).status_code == 200  # the page asks first and plays nothing
    assert last_action(game) == "discard orange"
    done = client.post(path)
    assert done.status_code == 200 and b"Your answer is played." in done.content
    assert last_action(game) == "discard gray"

    again = client.post(path)  # the question was answered: refused, nothing changes
    assert again.status_code == 409
    assert last_action(game) == "discard gray"


def test_a_forged_answer_link_is_refused(alice, bob, client):
    game, player = question_of_two(alice, bob)
    game = play(game, DISCARD[-1])
    seat = game.seats.get(user=player)
    token = signing.dumps([seat.pk, game.version, "discard gray"], salt="another.salt")

    response = client.post(f"/mail/do/answer/{token}/")

    assert response.status_code == 400
    assert last_action(game) == "discard orange"
