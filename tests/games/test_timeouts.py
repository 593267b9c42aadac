"""Deadlines swept every minute: the reminder at 80 %, the timeout at 100 %, a robot after
three timeouts in a row; vacations and weekend-free games move the deadline."""

import threading
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import connections
from django.utils import timezone

from accounts import services as accounts_services
from games import services, tasks
from games.models import Game, Move
from notifications.tasks import send_outbox
from tests.support.play import first_with, play, player_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob, mailoutbox):
    """A 2-player game at 2 days per move, start cities chosen: the first player's turn (the
    mails of the start sent and left out of ``mailoutbox``)."""
    game = services.create_game(alice, num_players=2, days_per_move=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    game = play(game, first_with(game, "start "))
    game = play(game, first_with(game, "start "))
    send_outbox.apply()
    mailoutbox.clear()
    return game


def sweep(capture):
    with capture(execute=True):
        return tasks.sweep_deadlines.apply().get()


def subjects(mailoutbox, user):
    return [m.subject for m in mailoutbox if m.to == [user.email]]


def test_the_reminder_goes_out_at_80_percent_of_the_time(
    game, django_capture_on_commit_callbacks, mailoutbox
):
    mover = player_to_move(game)
    start = game.turn_started_at

    with time_machine.travel(start + timedelta(hours=38), tick=False):
        assert sweep(django_capture_on_commit_callbacks) == {"reminded": 0, "timed_out": 0}
    with time_machine.travel(start + timedelta(hours=39), tick=False):
        assert sweep(django_capture_on_commit_callbacks) == {"reminded": 1, "timed_out": 0}
        assert sweep(django_capture_on_commit_callbacks) == {"reminded": 0, "timed_out": 0}

    assert subjects(mailoutbox, mover) == ["Reminder: your move in Africa, 9 hours left"]


def test_a_late_sweep_sends_the_timeout_notice_and_no_reminder_with_a_passed_deadline(
    game, django_capture_on_commit_callbacks, mailoutbox, monkeypatch
):
    mover = player_to_move(game)
    timeouts = []  # the timeout tasks, run after the outbox has had its turn
    monkeypatch.setattr(
        tasks.time_out_turn, "apply_async", lambda args, **kw: timeouts.append(args)
    )

    with time_machine.travel(game.turn_deadline + timedelta(minutes=2), tick=False):
        assert sweep(django_capture_on_commit_callbacks) == {"reminded": 1, "timed_out": 1}
        send_outbox.apply()
        for args in timeouts:
            services.time_out(*args)
        send_outbox.apply()

    mine = subjects(mailoutbox, mover)
    assert "Your time ran out in Africa" in mine
    assert not [s for s in mine if s.startswith("Reminder")]


def test_at_the_deadline_the_turn_is_ended_for_the_player_and_they_are_told(
    game, django_capture_on_commit_callbacks, mailoutbox
):
    mover = player_to_move(game)
    other = game.seats.exclude(user=mover).get().user

    with time_machine.travel(game.turn_deadline + timedelta(minutes=1), tick=False):
        result = sweep(django_capture_on_commit_callbacks)

    game.refresh_from_db()
    assert result["timed_out"] == 1
    assert player_to_move(game) == other
    assert Move.objects.filter(game=game, automatic=True).last().action == "end"
    assert game.seats.get(user=mover).timeouts == 1
    assert "Your time ran out in Africa" in subjects(mailoutbox, mover)
    assert any(s.startswith("Your turn in Africa") for s in subjects(mailoutbox, other))


def test_a_pending_decision_is_settled_the_way_that_changes_least(
    game, django_capture_on_commit_callbacks
):
    game = play(game, first_with(game, "uncover "))
    pending = game.kind.engine.observation(game.state, None)["pending"]
    if pending is None:  # a marker that asks nothing: uncover again next slot
        game = play(game, first_with(game, "uncover "))
        pending = game.kind.engine.observation(game.state, None)["pending"]

    with time_machine.travel(game.turn_deadline + timedelta(minutes=1), tick=False):
        sweep(django_capture_on_commit_callbacks)

    automatic = list(
        Move.objects.filter(game=game, automatic=True).values_list("action", flat=True)
    )
    expected = "keep" if pending["type"] == "goods" else f"place {pending['cell']}"
    assert automatic[0] == expected


def test_without_a_bank_three_timeouts_in_a_row_hand_the_seat_to_a_robot(
    alice, bob, carol, django_capture_on_commit_callbacks, mailoutbox
):
    game = services.create_game(alice, num_players=3, days_per_move=1, bank_days=0, seed=9)
    services.join_game(game, bob)
    services.join_game(game, carol)
    game.refresh_from_db()
    sleeper = game.seats.get(number=0).user
    moment = timezone.now()
    for _round in range(3):
        while player_to_move(game) != sleeper:
            game = play(game, game.kind.engine.legal_actions(game.state)[0])
        moment = game.turn_deadline + timedelta(minutes=1)
        with time_machine.travel(moment, tick=False):
            sweep(django_capture_on_commit_callbacks)
        game.refresh_from_db()

    seat = game.seats.get(user=sleeper)
    assert (seat.consecutive_timeouts, seat.taken_over) == (3, True)
    assert seat.left_at is not None
    assert "A robot has taken over your seat in Africa" in subjects(mailoutbox, sleeper)
    assert game.status == Game.Status.ACTIVE
    assert player_to_move(game) != sleeper


def test_a_move_in_time_resets_the_count_of_timeouts_in_a_row(
    game, django_capture_on_commit_callbacks
):
    mover = player_to_move(game)
    with time_machine.travel(game.turn_deadline + timedelta(minutes=1), tick=False):
        sweep(django_capture_on_commit_callbacks)
    game.refresh_from_db()
    game = play(game, "end")  # the other player
    game = play(game, "end")  # the player who timed out, in time

    seat = game.seats.get(user=mover)
    assert (seat.timeouts, seat.consecutive_timeouts) == (1, 0)


def test_a_vacation_stops_the_clock_and_moves_the_deadline(
    game, django_capture_on_commit_callbacks
):
    mover = player_to_move(game)
    deadline = game.turn_deadline
    with time_machine.travel(game.turn_started_at + timedelta(hours=1), tick=False):
        accounts_services.start_vacation(mover)
    with time_machine.travel(deadline + timedelta(days=3), tick=False):
        assert sweep(django_capture_on_commit_callbacks)["timed_out"] == 0
        mover.refresh_from_db()
        accounts_services.end_vacation(mover)

    game.refresh_from_db()
    mover.refresh_from_db()
    assert game.turn_deadline == deadline + (timedelta(days=5) + timedelta(hours=-1))
    assert round(mover.vacation_days_used, 2) == round(5 - 1 / 24, 2)
    assert player_to_move(game) == mover


def test_vacation_days_are_limited_to_20_a_year(alice):
    alice.vacation_year = timezone.now().year
    alice.vacation_days_used = 20
    alice.save()

    with pytest.raises(accounts_services.VacationError, match="used all your vacation days"):
        accounts_services.start_vacation(alice)


def test_a_vacation_ends_by_itself_when_the_days_run_out(alice):
    accounts_services.start_vacation(alice)

    with time_machine.travel(timezone.now() + timedelta(days=21), tick=False):
        assert tasks.end_used_up_vacations.apply().get() == 1

    alice.refresh_from_db()
    assert not alice.on_vacation
    assert alice.vacation_days_used == 20


def test_a_game_without_weekends_gives_the_weekend_back(alice, bob):
    friday_noon = datetime(2026, 11, 20, 12, tzinfo=UTC)
    with time_machine.travel(friday_noon, tick=False):
        game = services.create_game(alice, num_players=2, days_per_move=1, skip_weekends=True)
        services.join_game(game, bob)

    game.refresh_from_db()
    assert game.turn_deadline == friday_noon + timedelta(days=3)


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_sweepers_at_once_time_a_turn_out_once(game):
    barrier = threading.Barrier(2)
    results = []

    def sweeper():
        barrier.wait()
        try:
            results.append(tasks.sweep_deadlines.run()["timed_out"])
        finally:
            connections.close_all()

    with time_machine.travel(game.turn_deadline + timedelta(minutes=1), tick=False):
        threads = [threading.Thread(target=sweeper) for _n in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    assert sorted(results) == [0, 1]
    assert Move.objects.filter(game=game, automatic=True).count() == 1


def test_the_players_left_may_vote_to_call_off_a_game_a_robot_plays_in(alice, bob, carol, client):
    game = services.create_game(alice, num_players=3, seed=4)
    services.join_game(game, bob)
    services.join_game(game, carol)
    game.refresh_from_db()
    with pytest.raises(services.GameError, match="only after a player has left"):
        services.vote_abort(game, alice)
    services.resign(game, carol)

    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Vote to call the game off" in page
    client.post(f"/games/{game.code}/abort/")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # bob has not agreed yet
    services.vote_abort(game, bob)

    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert game.turn_deadline is None


def test_the_settings_page_starts_and_ends_a_vacation(client, alice):
    client.force_login(alice)

    page = client.post("/accounts/vacation/", {"action": "start"}, follow=True)
    assert "Your vacation has begun" in page.content.decode()
    alice.refresh_from_db()
    assert alice.on_vacation
    page = client.post("/accounts/vacation/", {"action": "end"}, follow=True)

    alice.refresh_from_db()
    assert not alice.on_vacation
    assert "Days left this year" not in page.content.decode()
    assert "You have 20.0 of 20 days left this year." in page.content.decode()
