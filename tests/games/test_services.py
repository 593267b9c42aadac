"""Game services: the only writers. A refused request raises and changes nothing."""

import hashlib
import random
import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from games import services
from games.engines import replay
from games.models import Game, Move
from games.simulation import bot_action
from tests.support.play import (
    AFRICA_ONLY,
    first_with,
    other_player,
    play,
    player_to_move,
    uncover_and_decide,
)

pytestmark = pytest.mark.django_db


def test_create_game_seats_the_creator_and_commits_to_a_secret_seed(alice):
    game = services.create_game(alice, num_players=3, days_per_move=5, invite_only=True)

    assert game.status == Game.Status.OPEN
    assert [seat.user for seat in game.seats.all()] == [alice]
    expected = hashlib.sha256(f"{game.seed}:{game.salt}".encode()).hexdigest()
    assert game.seed_commitment == expected


def test_a_player_count_the_game_does_not_allow_is_refused(alice):
    with pytest.raises(services.GameError, match="2 to 5 players"):
        services.create_game(alice, num_players=6)

    assert not Game.objects.exists()


def test_the_game_starts_when_the_last_seat_is_taken(alice, bob):
    game = services.create_game(alice, num_players=2, days_per_move=2)
    before = timezone.now()

    services.join_game(game, bob)

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert sorted(seat.number for seat in game.seats.all()) == [0, 1]
    assert len({seat.colour for seat in game.seats.all()}) == 2
    assert game.current_seat == 0
    assert before + timedelta(days=2) <= game.turn_deadline <= timezone.now() + timedelta(days=2)
    assert game.kind.engine.legal_actions(game.state)[0].startswith("start ")


def test_joining_twice_or_a_full_game_is_refused(duel, alice, carol):
    with pytest.raises(services.GameError, match="no longer gathering"):
        services.join_game(duel, carol)
    game = services.create_game(alice, num_players=3)
    with pytest.raises(services.GameError, match="already play"):
        services.join_game(game, alice)


def test_invitation_only_games_need_an_invitation_or_the_link(alice, bob, carol, dave):
    game = services.create_game(alice, num_players=4, invite_only=True)

    with pytest.raises(services.GameError, match="invitation only"):
        services.join_game(game, bob)
    with pytest.raises(services.GameError, match="invitation only"):
        services.join_game(game, bob, token=services.invite_token(game) + "x")
    services.join_game(game, bob, token=services.invite_token(game))
    services.invite(game, alice, "CAROL")
    services.join_game(game, carol)

    assert game.seats.count() == 3
    with pytest.raises(services.GameError, match="invitation only"):
        services.join_game(game, dave)


def test_a_link_for_another_game_does_not_open_this_one(alice, bob):
    game = services.create_game(alice, num_players=2, invite_only=True)
    other = services.create_game(alice, num_players=2, invite_only=True)

    with pytest.raises(services.GameError):
        services.join_game(game, bob, token=services.invite_token(other))


def test_only_the_creator_starts_early_and_only_with_two_players(alice, bob):
    game = services.create_game(alice, num_players=4)
    with pytest.raises(services.GameError, match="At least 2"):
        services.start_game(game, alice)
    services.join_game(game, bob)
    with pytest.raises(services.GameError, match="created the game"):
        services.start_game(game, bob)

    services.start_game(game, alice)

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.num_players == 2


def test_leaving_frees_the_seat_and_the_creator_calls_the_game_off(alice, bob):
    game = services.create_game(alice, num_players=3)
    services.join_game(game, bob)

    services.leave_game(game, bob)
    assert list(game.seats.values_list("user", flat=True)) == [alice.pk]
    services.leave_game(game, alice)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


@AFRICA_ONLY
def test_an_action_is_applied_and_logged(duel):
    mover = player_to_move(duel)
    action = duel.kind.engine.legal_actions(duel.state)[0]

    game = services.submit_action(duel, mover, action.upper(), duel.version)

    move = Move.objects.get(game=duel)
    assert move.action == action  # stored in the canonical spelling
    assert move.events[0]["type"] == "start"
    assert game.version == duel.version + 1
    game.refresh_from_db()
    assert game.current_seat == 1


def test_a_stale_version_changes_nothing(duel):
    mover = player_to_move(duel)
    action = duel.kind.engine.legal_actions(duel.state)[0]

    with pytest.raises(services.StaleVersion):
        services.submit_action(duel, mover, action, duel.version - 1)

    assert not Move.objects.exists()


def test_playing_out_of_turn_or_from_outside_changes_nothing(duel, carol):
    action = duel.kind.engine.legal_actions(duel.state)[0]

    with pytest.raises(services.GameError, match="not your turn"):
        services.submit_action(duel, other_player(duel), action, duel.version)
    with pytest.raises(services.GameError, match="do not play"):
        services.submit_action(duel, carol, action, duel.version)
    assert not Move.objects.exists()


def test_an_illegal_action_gives_the_engines_reason_and_changes_nothing(duel_underway):
    game = duel_underway
    version = game.version

    with pytest.raises(services.IllegalMove) as error:
        services.submit_action(game, player_to_move(game), "uncover Z99", version)

    assert "Z99" in error.value.message
    game.refresh_from_db()
    assert game.version == version


@AFRICA_ONLY
def test_the_stored_state_is_the_replay_of_the_log(duel_underway):
    game = play(duel_underway, "end", "end", "end")
    actions = game.moves.order_by("version").values_list("action", flat=True)

    assert game.state == replay(game.kind.engine, 2, game.seed, game.options, actions)


@AFRICA_ONLY
def test_undo_takes_back_a_move_of_the_turn_under_way(duel_underway):
    game = uncover_and_decide(duel_underway)
    before = game.state
    game = play(game, first_with(game, "move "))

    game = services.undo_action(game, player_to_move(game), game.version)

    game.refresh_from_db()
    assert game.state == before
    assert game.moves.filter(taken_back=True).count() == 1
    actions = (
        game.moves.filter(taken_back=False).order_by("version").values_list("action", flat=True)
    )
    assert game.state == replay(game.kind.engine, 2, game.seed, game.options, actions)


@AFRICA_ONLY
def test_undo_never_takes_back_an_uncover(duel_underway):
    game = play(duel_underway, first_with(duel_underway, "uncover "))

    with pytest.raises(services.GameError, match="nothing to undo"):
        services.undo_action(game, player_to_move(game), game.version)


@AFRICA_ONLY
def test_undo_is_only_for_the_turn_under_way(duel_underway):
    game = uncover_and_decide(duel_underway)
    game = play(game, first_with(game, "move "), "end")

    with pytest.raises(services.GameError):
        services.undo_action(game, other_player(game), game.version)
    with pytest.raises(services.GameError, match="nothing to undo"):
        services.undo_action(game, player_to_move(game), game.version)


def test_resigning_a_duel_ends_it_with_the_other_player_first(duel_underway):
    leaver = player_to_move(duel_underway)

    game = services.resign(duel_underway, leaver)

    assert game.status == Game.Status.FINISHED
    places = {seat.user: seat.place for seat in game.seats.all()}
    assert places[leaver] == 2
    assert sorted(places.values()) == [1, 2]


def test_a_robot_plays_the_turns_of_a_player_who_left(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, num_players=3)
    services.join_game(game, bob)
    services.join_game(game, carol)
    game.refresh_from_db()
    for _n in range(3):
        game = play(game, game.kind.engine.legal_actions(game.state)[0])
    leaver = game.seats.get(number=(game.current_seat + 1) % 3).user

    services.resign(game, leaver)
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):  # the bot's move task runs
        game = play(game, "end")
    game.refresh_from_db()

    assert game.status == Game.Status.ACTIVE
    assert player_to_move(game) != leaver
    leaver_seat = game.seats.get(user=leaver).number
    robot_moves = game.moves.filter(seat=leaver_seat, automatic=True)
    assert robot_moves.exists()
    assert not game.moves.filter(
        seat=leaver_seat, automatic=False, version__gt=robot_moves.first().version
    )


def test_a_finished_game_records_scores_and_shared_places(duel):
    game, rng = duel, random.Random(7)
    while game.status == Game.Status.ACTIVE:
        game = play(game, bot_action(game, rng))

    scores = game.kind.engine.scores(game.state)
    seats = list(game.seats.all())
    for seat in seats:
        assert seat.final_score == scores[seat.number]
        assert seat.place == 1 + sum(1 for s in seats if s.final_score > seat.final_score)
    assert game.finished_at is not None and game.current_seat is None


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_submits_of_the_same_version_apply_once(duel):
    mover = player_to_move(duel)
    actions = duel.kind.engine.legal_actions(duel.state)[:2]
    barrier = threading.Barrier(2)
    outcomes = []

    def submit(action):
        barrier.wait()
        try:
            services.submit_action(Game.objects.get(pk=duel.pk), mover, action, duel.version)
            outcomes.append("applied")
        except services.StaleVersion:
            outcomes.append("stale")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(a,)) for a in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["applied", "stale"]
    assert Move.objects.filter(game=duel).count() == 1
