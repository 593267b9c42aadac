"""Replies with moves: what is applied, what is refused, and what the answer mail says.

In the duel (seed 2024) P1 starts in C2 and P2 in D7; then P1 may uncover B3 (a nomad, which
asks where it goes), C3 or D2 (goods). Only the seat's own player may move by mail; carol is
a stranger to the game."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from kombu.exceptions import OperationalError

from accounts.services import end_vacation, start_vacation
from games import services
from games.models import Game, Move
from mailplay.inbound import handle_message
from mailplay.models import ProcessedMessage
from mailplay.parsing import parse_bytes
from notifications import tasks
from tests.fixtures import shows
from tests.support.mail import (
    answer_by_mail,
    compose,
    last_mail_to,
    mover,
    reply_to,
)
from tests.support.play import AFRICA_ONLY, player_to_move

pytestmark = [AFRICA_ONLY, pytest.mark.django_db]


@pytest.fixture
def underway(duel, django_capture_on_commit_callbacks):
    """The duel after both start cities were chosen: P1's first turn, its mail sent."""
    with django_capture_on_commit_callbacks(execute=True):
        game = services.submit_action(duel, player_to_move(duel), "start C2", duel.version)
        game = services.submit_action(game, player_to_move(game), "start D7", game.version)
    return game


def snapshot(game: Game):
    game.refresh_from_db()
    return game.version, game.state, Move.objects.filter(game=game).count()


def test_several_lines_are_one_turn_and_the_answer_confirms_it(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    outcome = answer_by_mail(
        mailoutbox, user, "uncover C3\nkeep\nend\n\nBye", django_capture_on_commit_callbacks
    )

    assert outcome.status == "applied"
    assert outcome.applied == ["uncover C3", "keep", "end"]
    underway.refresh_from_db()
    assert list(underway.moves.order_by("version").values_list("action", flat=True))[2:] == [
        "uncover C3",
        "keep",
        "end",
    ]
    answer = last_mail_to(mailoutbox, user)
    assert answer.subject.startswith("Your move is applied")
    assert "Your turn is over" in answer.body
    assert answer.reply_to == []
    assert player_to_move(underway) != user


def test_when_the_second_of_three_lines_is_illegal_nothing_is_applied(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    before = snapshot(underway)

    outcome = answer_by_mail(
        mailoutbox, user, "end\nuncover H16\nend", django_capture_on_commit_callbacks
    )

    assert outcome.status == "rejected"
    assert outcome.failed_line == "uncover H16"
    assert snapshot(underway) == before
    answer = last_mail_to(mailoutbox, user)
    assert answer.subject.startswith("Your reply was not applied")
    assert 'the line "uncover H16" failed' in answer.body
    assert "It is not your turn." in answer.body  # the engine's reason: "end" passed the turn


def test_an_illegal_action_gets_the_engines_reason(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    before = snapshot(underway)

    answer_by_mail(mailoutbox, user, "uncover H16", django_capture_on_commit_callbacks)

    assert snapshot(underway) == before
    answer = last_mail_to(mailoutbox, user)
    assert "H16 is not next to your researcher" in answer.body
    assert reply_to(answer)  # the player may try again by replying to the answer


def test_a_line_failing_after_an_uncover_keeps_the_uncover_and_reports_the_rest(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    version = snapshot(underway)[0]

    outcome = answer_by_mail(
        mailoutbox, user, "uncover B3\nkeep\nend", django_capture_on_commit_callbacks
    )

    assert (outcome.status, outcome.applied, outcome.failed_line) == (
        "partial",
        ["uncover B3"],
        "keep",
    )
    assert outcome.not_applied == ["keep", "end"]
    underway.refresh_from_db()
    assert underway.version == version + 1
    assert underway.moves.order_by("-version").first().action == "uncover B3"
    answer = last_mail_to(mailoutbox, user)
    assert answer.subject.startswith("Your reply was applied in part")
    assert 'Then the line "keep" failed.' in answer.body
    assert "Not applied:\n  keep\n  end\n" in answer.body
    assert reply_to(answer)  # the nomad still waits to be placed


def test_lines_since_the_last_uncover_are_taken_back_when_a_later_line_fails(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    version = snapshot(underway)[0]

    outcome = answer_by_mail(
        mailoutbox, user, "uncover C3\nkeep\nuncover H16", django_capture_on_commit_callbacks
    )

    assert (outcome.status, outcome.applied) == ("partial", ["uncover C3"])
    assert outcome.not_applied == ["keep", "uncover H16"]
    underway.refresh_from_db()
    assert underway.version == version + 1


def test_an_unknown_word_is_named_and_nothing_changes(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    before = snapshot(underway)

    answer_by_mail(mailoutbox, user, "uncovr C3\nend", django_capture_on_commit_callbacks)

    assert snapshot(underway) == before
    assert '"uncovr" is not an action' in last_mail_to(mailoutbox, user).body


def test_a_decision_mid_turn_is_asked_and_answered_by_replying_to_the_answer(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    first_address = reply_to(last_mail_to(mailoutbox, user))

    answer_by_mail(mailoutbox, user, "uncover B3", django_capture_on_commit_callbacks)

    question = last_mail_to(mailoutbox, user)
    assert question.subject.startswith("Applied; your turn goes on")
    assert 'Where does the nomad go? Reply "place B3"' in question.body
    assert "  place B3  (Place the nomad on B3)" in question.body
    assert reply_to(question) != first_address

    outcome = answer_by_mail(mailoutbox, user, "place B3", django_capture_on_commit_callbacks)

    assert outcome.status == "applied"
    underway.refresh_from_db()
    assert underway.moves.order_by("-version").first().action == "place B3"


def test_the_same_mail_delivered_twice_is_applied_once(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), "uncover C3\nkeep", sender=user.email)

    with django_capture_on_commit_callbacks(execute=True):
        first = handle_message(parse_bytes(raw))
    after_first = snapshot(underway)
    mails = len(mailoutbox)
    with django_capture_on_commit_callbacks(execute=True):
        second = handle_message(parse_bytes(raw))

    assert (first.status, second.status) == ("applied", "duplicate")
    assert snapshot(underway) == after_first
    assert len(mailoutbox) == mails  # no second answer
    assert ProcessedMessage.objects.count() == 1


def test_a_forged_token_is_refused_and_nothing_changes(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    address = reply_to(last_mail_to(mailoutbox, user))
    local, domain = address.split("@")
    game_id, seat, version, signature = local.removeprefix("play+").split(".")
    forged = f"play+{game_id}.{seat}.{int(version) + 1}.{signature}@{domain}"
    before = snapshot(underway)

    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(compose(forged, "end", sender=user.email)))

    assert outcome.status == "refused"
    assert snapshot(underway) == before
    assert "reply address of this mail is not valid" in last_mail_to(mailoutbox, user).body


def test_a_token_read_in_capitals_still_works(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    address = reply_to(last_mail_to(mailoutbox, user)).upper()

    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(compose(address, "end", sender=user.email)))

    assert outcome.status == "applied"


def test_an_expired_token_is_refused_and_nothing_changes(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), "end", sender=user.email)
    before = snapshot(underway)

    with time_machine.travel(underway.turn_deadline + timedelta(minutes=1)):
        with django_capture_on_commit_callbacks(execute=True):
            outcome = handle_message(parse_bytes(raw))

    assert outcome.status == "refused"
    assert snapshot(underway) == before
    answer = last_mail_to(mailoutbox, user)
    assert "reply address has expired" in answer.body
    assert answer.reply_to == []


def test_a_reply_from_another_address_is_refused(
    underway, mailoutbox, carol, django_capture_on_commit_callbacks
):
    user = mover(underway)
    address = reply_to(last_mail_to(mailoutbox, user))
    before = snapshot(underway)

    with django_capture_on_commit_callbacks(execute=True):
        from_carol = handle_message(parse_bytes(compose(address, "end", sender=carol.email)))
        from_stranger = handle_message(
            parse_bytes(compose(address, "end", sender="mallory@evil.example"))
        )

    assert (from_carol.status, from_stranger.status) == ("refused", "refused")
    assert snapshot(underway) == before
    assert "own address" in last_mail_to(mailoutbox, carol).body
    assert not [m for m in mailoutbox if m.to == ["mallory@evil.example"]]


def test_the_senders_address_is_compared_in_any_case(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    address = reply_to(last_mail_to(mailoutbox, user))

    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(compose(address, "end", sender=user.email.upper())))

    assert outcome.status == "applied"


def test_a_reply_to_an_old_mail_says_the_game_moved_on(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    old = compose(reply_to(last_mail_to(mailoutbox, user)), "end", sender=user.email)
    answer_by_mail(mailoutbox, user, "uncover C3", django_capture_on_commit_callbacks)
    before = snapshot(underway)

    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(old))

    assert outcome.status == "stale"
    assert snapshot(underway) == before
    answer = last_mail_to(mailoutbox, user)
    assert "The game has moved on" in answer.body
    assert reply_to(answer)  # a fresh address for the game as it is now


def test_a_reply_when_it_is_not_your_turn_says_so(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    old = compose(reply_to(last_mail_to(mailoutbox, user)), "end", sender=user.email)
    answer_by_mail(mailoutbox, user, "end", django_capture_on_commit_callbacks)

    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(old))

    assert outcome.status == "stale"
    assert "It is not your turn" in last_mail_to(mailoutbox, user).body


def test_a_mail_nobody_can_be_found_for_is_dropped_without_an_answer(db, mailoutbox):
    garbled = b"From: someone@nowhere.example\r\nTo: play+garbage@localhost\r\n\r\nhello"
    not_a_mail = b"\x00\xff\xfe garbage without headers"

    outcomes = [handle_message(parse_bytes(raw)) for raw in (garbled, not_a_mail)]

    assert [o.status for o in outcomes] == ["dropped", "dropped"]
    assert mailoutbox == []


def test_a_player_writing_to_a_garbled_address_gets_a_clear_answer(
    alice, mailoutbox, django_capture_on_commit_callbacks
):
    raw = compose("play+1.0.1.zzzz@localhost", "end", sender=alice.email)

    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(raw))

    assert outcome.status == "refused"
    assert "reply address of this mail is not valid" in last_mail_to(mailoutbox, alice).body


@pytest.mark.parametrize(
    "header", [b"Auto-Submitted: auto-replied", b"Precedence: bulk", b"X-Autoreply: yes"]
)
def test_automatic_replies_are_never_answered(underway, mailoutbox, header):
    user = mover(underway)
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), "I am away", sender=user.email)
    raw = header + b"\r\n" + raw
    count = len(mailoutbox)

    assert handle_message(parse_bytes(raw)).status == "dropped"
    assert len(mailoutbox) == count


def test_the_answer_is_in_the_players_language(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    user.language = "fr"
    user.save()

    answer_by_mail(mailoutbox, user, "uncovr C3", django_capture_on_commit_callbacks)

    answer = last_mail_to(mailoutbox, user)
    assert "Bonjour" in answer.body


def test_log_lines_hold_no_token(underway, mailoutbox, caplog, django_capture_on_commit_callbacks):
    user = mover(underway)
    address = reply_to(last_mail_to(mailoutbox, user))
    signature = address.split("@")[0].rsplit(".", 1)[1]
    caplog.set_level("DEBUG")

    with django_capture_on_commit_callbacks(execute=True):
        handle_message(parse_bytes(compose(address, "end", sender="x@y.example")))
        handle_message(parse_bytes(compose(address, "end", sender=user.email)))

    assert [r.getMessage() for r in caplog.records if r.name == "mailplay.inbound"]
    assert signature not in caplog.text


def test_tokens_hold_only_ids_and_the_version(underway, mailoutbox):
    user = mover(underway)
    local = reply_to(last_mail_to(mailoutbox, user)).split("@")[0]
    seat = underway.seats.get(user=user).number

    assert local.split(".")[:3] == [f"play+{underway.pk}", str(seat), str(underway.version)]
    assert not shows(local, underway.seed)
    assert len(local) <= 64 and local == local.lower()


def test_a_deadline_passed_during_a_vacation_does_not_expire_the_token(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    user.vacation_started_at = timezone.now()
    user.save()
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), "end", sender=user.email)

    with time_machine.travel(underway.turn_deadline + timedelta(hours=1)):
        with django_capture_on_commit_callbacks(execute=True):
            assert handle_message(parse_bytes(raw)).status == "applied"


def test_uncovered_goods_ask_keep_or_swap_in_the_answer(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)

    answer_by_mail(mailoutbox, user, "uncover C3", django_capture_on_commit_callbacks)

    question = last_mail_to(mailoutbox, user)
    assert 'Keep the drum (reply "keep")' in question.body
    assert "  keep  (Keep it)" in question.body


def test_a_reply_while_the_broker_is_down_is_applied_and_answered_once_later(
    duel, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    def refuse(*args, **kwargs):
        raise OperationalError("Connection refused")

    user = player_to_move(duel)
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), "Hallo,\n\nstart C2", sender=user.email)
    sent_before = len(mailoutbox)
    monkeypatch.setattr(tasks.send_outbox, "apply_async", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        outcome = handle_message(parse_bytes(raw))
    monkeypatch.undo()

    assert outcome.status == "applied"
    assert len(mailoutbox) == sent_before  # the answer waits in the outbox
    tasks.send_outbox.apply()
    tasks.send_outbox.apply()
    [answer] = [m for m in mailoutbox[sent_before:] if m.to == [user.email]]
    assert "start C2" in answer.body
    reply_id = parse_bytes(raw)["Message-ID"]
    assert answer.extra_headers["In-Reply-To"] == reply_id
    assert not answer.extra_headers["Message-ID"].endswith("@localhost>")


def test_a_vacation_started_and_ended_leaves_the_mailed_reply_address_playing(
    underway, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(underway)
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), "end", sender=user.email)
    deadline = underway.turn_deadline
    start_vacation(user)
    with time_machine.travel(timezone.now() + timedelta(hours=5)):
        end_vacation(user)
        underway.refresh_from_db()
        assert underway.turn_deadline >= deadline + timedelta(hours=5)
        with django_capture_on_commit_callbacks(execute=True):
            assert handle_message(parse_bytes(raw)).status == "applied"
