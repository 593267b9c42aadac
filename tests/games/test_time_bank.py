"""The clocks with a time bank, at fixed moments: the move's own time runs first, then the
seat's bank; a timeout only when both are spent, and then a robot takes the seat; weekends
and vacations pause the bank; 24 more hours asked or given; the reminders; the clock in words
on the page, in the turn mail and in the calendar feed; the refusals of +24 h."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts import services as accounts_services
from calendars import feeds
from games import clocks, services, tasks
from games.deadlines import Clock
from games.engines import turn_of
from games.models import Game
from notifications.tasks import send_outbox
from tests.support.play import player_to_move

pytestmark = [pytest.mark.django_db, pytest.mark.games("africa", "africana", "nile", "toy")]

MONDAY = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
FRIDAY_NOON = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)
DAY, HOUR = timedelta(days=1), timedelta(hours=1)


def make_table(game_name, people, *, start=MONDAY, skip_weekends=False, bank_days=3):
    """A running game of ``game_name`` for ``people`` (its creator first) at 2 days per move
    and a bank of ``bank_days``, started at ``start``: the first turn's clock runs."""
    with time_machine.travel(start, tick=False):
        game = services.create_game(
            people[0],
            engine=game_name,
            num_players=len(people),
            days_per_move=2,
            bank_days=bank_days,
            skip_weekends=skip_weekends,
            seed=2024,
        )
        for person in people[1:]:
            services.join_game(game, person)
    game.refresh_from_db()
    return game


@pytest.fixture
def table(game_name, alice, bob, carol):
    return make_table(game_name, [alice, bob, carol])


def clock_at(game: Game, moment) -> str:
    game.refresh_from_db()
    return clocks.turn_clock(game, moment)


def end_turn(game: Game) -> Game:
    """The player to move ends their turn with the actions that change least."""
    turn = turn_of(game.kind.engine, game.state)
    while game.status == Game.Status.ACTIVE and turn_of(game.kind.engine, game.state) == turn:
        action = game.kind.engine.timeout_action(game.state)
        game = services.submit_action(game, player_to_move(game), action, game.version)
    return game


def sweep(capture) -> dict:
    with capture(execute=True):
        return tasks.sweep_deadlines.apply().get()


def test_the_clock_runs_on_the_move_time_first_then_on_the_bank(table):
    assert table.move_deadline == MONDAY + 2 * DAY
    assert table.turn_deadline == MONDAY + 5 * DAY
    assert clock_at(table, MONDAY + DAY - 4 * HOUR) == "1 day 4 h, then 3 days of bank"
    assert clock_at(table, MONDAY + 2 * DAY + 4 * HOUR) == "2 days 20 h of bank"
    assert clock_at(table, MONDAY + 5 * DAY - 10 * 60 * timedelta(seconds=1)) == "10 min of bank"


def test_a_timeout_comes_only_when_both_are_spent_and_then_a_robot_takes_the_seat(
    table, django_capture_on_commit_callbacks, mailoutbox
):
    mover = player_to_move(table)
    for moment in (MONDAY + 2 * DAY + HOUR, MONDAY + 5 * DAY - HOUR):
        with time_machine.travel(moment, tick=False):
            assert sweep(django_capture_on_commit_callbacks)["timed_out"] == 0
    with time_machine.travel(MONDAY + 5 * DAY + HOUR, tick=False):
        assert sweep(django_capture_on_commit_callbacks)["timed_out"] == 1
        send_outbox.apply()

    table.refresh_from_db()
    seat = table.seats.get(user=mover)
    assert (seat.timeouts, seat.taken_over, seat.bank_left(table)) == (1, True, timedelta(0))
    assert seat.left_at is not None
    assert any("A robot has taken over your seat" in m.subject for m in mailoutbox)
    assert player_to_move(table) != mover


def test_a_move_made_in_the_bank_spends_it_and_the_next_turn_gets_the_rest(table):
    mover = player_to_move(table)
    with time_machine.travel(MONDAY + 3 * DAY, tick=False):  # a day into the bank
        game = end_turn(table)
        while player_to_move(game) != mover:
            game = end_turn(game)
        assert game.turn_deadline == MONDAY + 3 * DAY + 2 * DAY + 2 * DAY

    seat = game.seats.get(user=mover)
    assert seat.bank_left(game) == 2 * DAY
    assert clock_at(game, MONDAY + 3 * DAY) == "2 days, then 2 days of bank"


def test_a_move_in_the_move_time_keeps_the_whole_bank(table):
    mover = player_to_move(table)
    with time_machine.travel(MONDAY + DAY, tick=False):
        game = end_turn(table)
    assert game.seats.get(user=mover).bank_left(game) == 3 * DAY


def test_the_reminders_come_before_the_move_time_ends_and_before_the_bank_runs_out(
    table, django_capture_on_commit_callbacks, mailoutbox
):
    mover = player_to_move(table)
    move_reminder = MONDAY + 2 * DAY * 0.8
    bank_reminder = MONDAY + 2 * DAY + 3 * DAY * 0.8
    moments = [move_reminder - HOUR, move_reminder, move_reminder + HOUR, bank_reminder - HOUR]
    counts = []
    for moment in [*moments, bank_reminder, bank_reminder + HOUR]:
        with time_machine.travel(moment, tick=False):
            counts.append(sweep(django_capture_on_commit_callbacks)["reminded"])
            send_outbox.apply()

    assert counts == [0, 1, 0, 0, 1, 0]
    reminders = [m for m in mailoutbox if m.to == [mover.email] and "Reminder" in m.subject]
    assert len(reminders) == 2
    assert "Time left: 9 h, then 3 days of bank." in reminders[0].body
    assert "Time left: 14 h of bank." in reminders[1].body


def test_paused_weekends_stop_the_move_time_and_the_bank(
    game_name, alice, bob, carol, django_capture_on_commit_callbacks
):
    game = make_table(game_name, [alice, bob, carol], start=FRIDAY_NOON, skip_weekends=True)
    tuesday_noon, next_friday_noon = FRIDAY_NOON + 4 * DAY, FRIDAY_NOON + 7 * DAY

    assert (game.move_deadline, game.turn_deadline) == (tuesday_noon, next_friday_noon)
    saturday = FRIDAY_NOON + DAY
    assert clock_at(game, saturday) == "1 day 12 h, then 3 days of bank"
    assert clock_at(game, saturday + DAY) == "1 day 12 h, then 3 days of bank"  # Sunday
    with time_machine.travel(next_friday_noon - HOUR, tick=False):
        assert sweep(django_capture_on_commit_callbacks)["timed_out"] == 0
    with time_machine.travel(next_friday_noon + HOUR, tick=False):
        assert sweep(django_capture_on_commit_callbacks)["timed_out"] == 1


def test_a_vacation_pauses_the_bank(table, django_capture_on_commit_callbacks):
    mover = player_to_move(table)
    with time_machine.travel(MONDAY + 3 * DAY, tick=False):  # a day into the bank
        accounts_services.start_vacation(mover)
    with time_machine.travel(MONDAY + 8 * DAY, tick=False):  # the bank would be spent
        assert sweep(django_capture_on_commit_callbacks)["timed_out"] == 0
    with time_machine.travel(MONDAY + 10 * DAY, tick=False):
        accounts_services.end_vacation(mover)

    table.refresh_from_db()
    assert table.turn_deadline == MONDAY + 12 * DAY
    assert clock_at(table, MONDAY + 10 * DAY) == "2 days of bank"


def test_24_hours_asked_in_the_bank_stop_it_for_a_day(table):
    mover = player_to_move(table)
    with time_machine.travel(MONDAY + 3 * DAY, tick=False):
        services.take_extension(table, mover)
    assert clock_at(table, MONDAY + 3 * DAY) == "1 day, then 2 days of bank"
    assert table.turn_deadline == MONDAY + 6 * DAY


def test_24_hours_given_by_another_player_once_a_day(table):
    mover = player_to_move(table)
    giver = next(s.user for s in table.seats.all() if s.user != mover)
    with time_machine.travel(MONDAY + DAY, tick=False):
        services.give_time(table, giver)
    table.refresh_from_db()
    assert (table.move_deadline, table.turn_deadline) == (MONDAY + 3 * DAY, MONDAY + 6 * DAY)

    with time_machine.travel(MONDAY + 2 * DAY - HOUR, tick=False):
        with pytest.raises(services.GameError, match="once a day"):
            services.give_time(table, giver)
    with time_machine.travel(MONDAY + 2 * DAY + HOUR, tick=False):
        services.give_time(table, giver)
    table.refresh_from_db()
    assert table.turn_deadline == MONDAY + 7 * DAY


def test_without_a_bank_the_clock_is_the_move_time(game_name, alice, bob, carol):
    game = make_table(game_name, [alice, bob, carol], bank_days=0)
    assert game.turn_deadline == game.move_deadline == MONDAY + 2 * DAY
    assert clock_at(game, MONDAY + DAY - 4 * HOUR) == "1 day 4 h"


def test_the_usual_bank_is_a_week_at_tables_of_three_or_more(alice, game_name):
    kind = Game(engine=game_name).kind
    sizes = range(kind.min_players, min(kind.max_players, 4) + 1)
    banks = {
        players: services.create_game(
            alice, engine=game_name, num_players=players, bots=players - 1
        ).bank_days
        for players in sizes
    }
    assert banks == {players: 7 if players >= 3 else 0 for players in sizes}


def test_the_page_shows_the_clock_and_the_log_tells_the_time_given(table, client):
    mover = player_to_move(table)
    giver = next(s.user for s in table.seats.all() if s.user != mover)
    with time_machine.travel(MONDAY + DAY - 4 * HOUR, tick=False):
        client.force_login(giver)
        before = client.get(table.get_absolute_url()).content.decode()
        client.post(reverse("game_give_time", args=[table.code]))
        after = client.get(table.get_absolute_url()).content.decode()

    assert "Time left: 1 day 4 h, then 3 days of bank." in before
    assert "Give the player to move 24 more hours" in before
    assert "Time left: 2 days 4 h, then 3 days of bank." in after
    assert f"{giver.display_name} gave {mover.display_name} 24 more hours." in after
    assert "Give the player to move 24 more hours" not in after  # once a day


def test_the_turn_mail_and_the_calendar_feed_show_both(
    game_name, alice, bob, carol, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_table(game_name, [alice, bob, carol])
    mover = player_to_move(game)
    with time_machine.travel(MONDAY, tick=False):
        send_outbox.apply()
        ics = feeds.calendar(mover, lambda g: "https://example.org/g").decode()
    turn = [m for m in mailoutbox if m.to == [mover.email]][-1]

    assert "Time left: 2 days, then 3 days of bank." in turn.body
    assert "Time left: 2 days\\, then 3 days of bank." in ics.replace("\r\n ", "")


def test_refusals_of_more_time_change_nothing(table, dave):
    mover = player_to_move(table)
    other = next(s.user for s in table.seats.all() if s.user != mover)
    refused = [
        (dave, "game_give_time", "403"),  # an outsider may not even see a private game
        (dave, "game_ask_time", "403"),
        (mover, "game_give_time", "It is your turn: you may ask for 24 more hours instead."),
        (other, "game_ask_time", "It is not your turn."),
    ]
    services.take_extension(table, mover)
    refused.append((mover, "game_ask_time", "already taken your 24 extra hours"))
    table.refresh_from_db()
    clock = (table.move_deadline, table.turn_deadline, table.reminder_due_at)
    for user, name, message in refused:
        client = Client()
        client.force_login(user)
        answer = client.post(reverse(name, args=[table.code]), follow=True)
        said = f"{answer.status_code} " + answer.content.decode().replace("&#x27;", "'")
        assert message in said, (user, name)
        table.refresh_from_db()
        assert (table.move_deadline, table.turn_deadline, table.reminder_due_at) == clock


def test_more_time_needs_the_csrf_token(table):
    mover = player_to_move(table)
    client = Client(enforce_csrf_checks=True)
    client.force_login(mover)
    assert client.post(reverse("game_ask_time", args=[table.code])).status_code == 403
    table.refresh_from_db()
    assert table.turn_deadline == MONDAY + 5 * DAY


@pytest.mark.parametrize(
    ("move", "bank", "words"),
    [
        (DAY + 4 * HOUR, 6 * DAY, "1 day 4 h, then 6 days of bank"),
        (2 * DAY, timedelta(0), "2 days"),
        (timedelta(0), DAY + HOUR, "1 day 1 h of bank"),
        (timedelta(minutes=59), timedelta(0), "59 min"),
    ],
)
def test_the_clock_in_words(move, bank, words):
    assert clocks.clock_words(Clock(move=move, bank=bank)) == words
