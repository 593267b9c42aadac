"""Computer players on the site: the new-game form fills seats with bots; a game of one person
against bots starts at once; a bot moves from the task ``games.tasks.play_bot``, once per
version however often the task is delivered; an absent player's seat is played through the
same task; each bot level is rated like a player.

Personas: alice plays; bob and carol join where a test seats them."""

import random
import uuid
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from archive.records import game_record
from archive.services import import_record
from games import services, tasks
from games.models import Game, Move
from ratings.models import PlayerRating
from tests.support.play import player_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_bots(settings):
    """The hard bot searches a few iterations, and bots move without a pause."""
    settings.BOT_HARD_ITERATIONS = 4
    settings.BOT_PAUSE_SECONDS = 0


def bot_turn(game: Game) -> bool:
    seat = game.seats.get(number=game.current_seat)
    return seat.is_bot


# -- the new-game form ---------------------------------------------------------------------


def test_the_form_shows_only_the_chosen_games_options(client, alice):
    client.force_login(alice)

    africa = client.get(reverse("new_game"), {"game": "africa"}).content.decode()
    africana = client.get(reverse("new_game"), {"game": "africana"}).content.decode()
    nile = client.get(reverse("new_game"), {"game": "nile"}).content.decode()

    assert 'name="variant"' in africa
    assert 'name="variant"' not in africana
    assert 'name="variant"' not in nile
    assert 'value="africana"' in africana and 'name="engine"' in africana


def test_the_player_counts_and_bot_levels_are_the_chosen_games(client, alice):
    client.force_login(alice)

    africa = client.get(reverse("new_game"), {"game": "africa"}).context["form"]
    nile = client.get(reverse("new_game"), {"game": "nile"}).context["form"]

    assert [n for n, _label in africa.fields["num_players"].choices] == [2, 3, 4, 5]
    assert [n for n, _label in nile.fields["num_players"].choices][0] == 1
    assert [level for level, _label in africa.fields["bot_level"].choices] == ["easy", "hard"]
    assert [level for level, _label in nile.fields["bot_level"].choices] == ["easy", "hard"]


def test_an_unknown_game_shows_the_first_game(client, alice):
    client.force_login(alice)

    form = client.get(reverse("new_game"), {"game": "chess"}).context["form"]

    assert form.kind.name == "africa"


def test_htmx_gets_only_the_part_that_depends_on_the_game(client, alice):
    client.force_login(alice)

    response = client.get(reverse("new_game"), {"game": "africana"}, headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="game-part">')
    assert 'name="bots"' in html and 'name="days_per_move"' not in html


def test_a_person_against_two_hard_bots_starts_at_once(
    client, alice, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    data = {
        "engine": "africa",
        "num_players": 3,
        "bots": 2,
        "bot_level": "hard",
        "variant": "standard",
        "days_per_move": 3,
        "rated": "on",
    }

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("new_game"), data)

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.status == Game.Status.ACTIVE
    seats = list(game.seats.all())
    assert sorted(s.bot_level for s in seats) == ["", "hard", "hard"]
    assert player_to_move(game) == alice  # the bots before her have moved
    assert game.turn_deadline is not None
    page = client.get(game.get_absolute_url()).content.decode()
    names = sorted(seat.name for seat in seats if seat.bot_level)
    assert names[0] != names[1]
    for name in names:
        assert name.startswith("\N{ROBOT FACE} Robot ") and name.endswith(" (hard)")
        assert name in page


def test_the_form_leaves_a_seat_for_a_person(client, alice):
    client.force_login(alice)
    data = {"engine": "africa", "num_players": 3, "bots": 3, "days_per_move": 3}

    response = client.post(reverse("new_game"), data)

    assert response.status_code == 200
    assert "Leave at least one seat for a person." in response.content.decode()
    assert not Game.objects.exists()


def test_a_level_the_game_lacks_is_refused(client, alice):
    client.force_login(alice)
    # Every game now has both levels: a level none of them has stands for the missing one.
    data = {
        "engine": "nile",
        "num_players": 2,
        "bots": 1,
        "bot_level": "expert",
        "days_per_move": 3,
    }

    response = client.post(reverse("new_game"), data)

    assert response.status_code == 200
    assert not Game.objects.exists()


def test_bot_seats_wait_for_the_people_still_missing(alice, bob):
    game = services.create_game(alice, num_players=4, bots=2, bot_level="easy")

    assert game.status == Game.Status.OPEN
    services.join_game(game, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


# -- the bot's task ------------------------------------------------------------------------


@pytest.fixture
def bot_to_move(alice):
    """Alice against an easy bot, the bot to move (its task not run yet)."""
    for seed in range(50):
        game = services.create_game(alice, num_players=2, bots=1, seed=seed)
        game.refresh_from_db()
        if bot_turn(game):
            return game
    raise AssertionError("no seating put the bot first")


def test_a_bot_moves_once_however_often_its_task_is_delivered(bot_to_move):
    game = bot_to_move
    version = game.version

    first = tasks.play_bot.apply(args=(game.pk, version)).get()
    second = tasks.play_bot.apply(args=(game.pk, version)).get()

    assert (first, second) == (True, False)
    assert Move.objects.filter(game=game).count() == 1
    assert Move.objects.get(game=game).automatic


def test_a_bot_never_moves_for_a_person(bot_to_move, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        tasks.play_bot.apply(args=(bot_to_move.pk, bot_to_move.version))
    game = Game.objects.get(pk=bot_to_move.pk)
    assert not bot_turn(game)
    moves = Move.objects.filter(game=game).count()

    assert tasks.play_bot.apply(args=(game.pk, game.version)).get() is False
    assert Move.objects.filter(game=game).count() == moves


def test_a_bot_answers_a_move_after_it_is_committed_not_in_the_request(
    alice, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, engine="africa", num_players=2, bots=1, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        pass
    game.refresh_from_db()
    if bot_turn(game):
        with django_capture_on_commit_callbacks(execute=True):
            tasks.play_bot.apply(args=(game.pk, game.version))
        game.refresh_from_db()
    action = game.kind.engine.legal_actions(game.state)[0]

    with django_capture_on_commit_callbacks() as callbacks:
        game = services.submit_action(game, alice, action, game.version)
    assert bot_turn(game)  # the request returned with the bot still to move
    before = Move.objects.filter(game=game).count()
    for callback in callbacks:
        callback()

    assert Move.objects.filter(game=game).count() > before


def test_deadlines_are_for_people_only(bot_to_move):
    assert bot_to_move.turn_deadline is None
    assert bot_to_move.reminder_due_at is None


def test_a_player_who_times_out_three_times_is_played_by_the_easy_bot_through_the_task(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, num_players=3, days_per_move=1, bank_days=0, seed=9)
    services.join_game(game, bob)
    services.join_game(game, carol)
    game.refresh_from_db()
    sleeper = game.seats.get(number=0).user
    for _round in range(3):
        while player_to_move(game) != sleeper:
            game = services.submit_action(
                game,
                player_to_move(game),
                game.kind.engine.legal_actions(game.state)[0],
                game.version,
            )
        with time_machine.travel(game.turn_deadline + timedelta(minutes=1), tick=False):
            with django_capture_on_commit_callbacks(execute=True):
                tasks.sweep_deadlines.apply()
        game.refresh_from_db()
    seat = game.seats.get(user=sleeper)
    assert seat.taken_over and seat.playing_level == "easy"

    with django_capture_on_commit_callbacks() as callbacks:
        while player_to_move(game) != sleeper:
            game = services.submit_action(
                game,
                player_to_move(game),
                game.kind.engine.legal_actions(game.state)[0],
                game.version,
            )
    assert player_to_move(game) == sleeper  # the request did not play the absent seat
    version = game.version
    assert (tasks.play_bot.apply(args=(game.pk, version)).get()) is True
    assert tasks.play_bot.apply(args=(game.pk, version)).get() is False
    assert callbacks  # and the move had been enqueued
    last = Move.objects.filter(game=game).order_by("-version").first()
    assert (last.seat, last.automatic) == (seat.number, True)


def test_a_person_who_resigns_against_bots_ends_the_game(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=3, bots=2)
    game.refresh_from_db()

    game = services.resign(game, alice)

    assert game.status == Game.Status.FINISHED


# -- records -------------------------------------------------------------------------------


def finished_against_bots(alice, capture, seed=4) -> Game:
    """A finished game of alice against two easy bots (she plays at random)."""
    rng = random.Random(seed)
    with capture(execute=True):
        game = services.create_game(alice, engine="africa", num_players=3, bots=2)
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE:
        with capture(execute=True):
            game = services.submit_action(
                game, alice, rng.choice(game.kind.engine.legal_actions(game.state)), game.version
            )
        game.refresh_from_db()
    return game


def test_a_record_names_the_computer_players_and_imports_them_as_such(
    alice, django_capture_on_commit_callbacks
):
    game = finished_against_bots(alice, django_capture_on_commit_callbacks)
    record = game_record(game)
    assert sorted(str(p["bot_level"]) for p in record["players"]) == ["None", "easy", "easy"]
    record["code"] = str(uuid.uuid4())

    copy = import_record(record)

    assert sorted(s.bot_level for s in copy.seats.all()) == ["", "easy", "easy"]
    assert copy.seats.get(bot_level="").user == alice


# -- ratings -------------------------------------------------------------------------------


def test_each_robot_at_a_table_has_a_name_of_its_own_everywhere(
    client, alice, mailoutbox, django_capture_on_commit_callbacks
):
    game = finished_against_bots(alice, django_capture_on_commit_callbacks)
    names = [seat.name for seat in game.seats.all() if seat.is_bot]
    assert len(set(names)) == 2
    client.force_login(alice)
    page = client.get(game.get_absolute_url() + "?log=all").content.decode()
    breakdown = page.split('class="final-breakdown"')[1].split("</table>")[0]
    log = page.split('id="log-heading"')[1]
    replay = client.get(reverse("replay", args=[game.code])).content.decode()
    record = [player["name"] for player in game_record(game)["players"]]
    mails = " ".join(message.body for message in mailoutbox)
    for name in names:
        assert name in page.split('id="players-heading"')[1]
        assert name in breakdown
        assert name in log
        assert name in replay
        assert name in record
        assert name.replace("\N{ROBOT FACE} ", "") in mails


def test_each_bot_level_is_rated_per_game_like_a_player(
    client, alice, django_capture_on_commit_callbacks
):
    finished_against_bots(alice, django_capture_on_commit_callbacks)

    easy = PlayerRating.objects.get(engine="africa", bot_level="easy", user=None)
    assert easy.games == 1
    assert PlayerRating.objects.get(engine="africa", user=alice).games == 1
    page = client.get(reverse("leaderboard", args=["africa"])).content.decode()
    assert "Computer players" in page
    assert "\N{ROBOT FACE} Robot (easy)" in page


def test_the_sweep_enqueues_again_a_bot_move_whose_task_was_lost(bot_to_move):
    later = bot_to_move.turn_started_at + timedelta(minutes=6)

    with time_machine.travel(later, tick=False):
        tasks.sweep_deadlines.apply()

    assert Move.objects.filter(game=bot_to_move, automatic=True).count() == 1
