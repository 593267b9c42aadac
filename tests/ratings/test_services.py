"""Ratings: each finished rated game moves its players' ratings (Plackett-Luce, shared places
as ties, leavers last) in the transaction that finishes it; a rebuild gives the same numbers."""

import io
import random

import pytest
from django.core.management import call_command

from accounts.models import User
from games import services
from games.models import Game, Move
from games.simulation import play_game
from ratings.models import PROVISIONAL_GAMES, PlayerRating, RatingChange
from ratings.services import rate, rebuild_ratings, reliability
from tests.fixtures import make_player
from tests.ratings.conftest import finished_game
from tests.support.play import AFRICA_ONLY, player_to_move

pytestmark = pytest.mark.django_db


def players(count):
    return [make_player(f"p{n}@example.com", f"Player {n}") for n in range(1, count + 1)]


def rating_of(user):
    return PlayerRating.objects.get(user=user, engine="africa")


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_each_place_ends_with_a_rating_above_the_next(count):
    users = players(count)

    finished_game(users, list(range(1, count + 1)))

    ordinals = [rating_of(user).ordinal for user in users]
    assert ordinals == sorted(ordinals, reverse=True)
    assert len(set(ordinals)) == count
    assert rating_of(users[0]).ordinal > 0  # a new player's rating is 0
    assert [rating_of(user).wins for user in users] == [1] + [0] * (count - 1)
    assert RatingChange.objects.filter(game__isnull=False).count() == count


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_players_sharing_a_place_get_the_same_rating(count):
    users = players(count)

    finished_game(users, [1, 1] + list(range(3, count + 1)))

    first, second = rating_of(users[0]), rating_of(users[1])
    assert (first.mu, first.sigma) == (second.mu, second.sigma)
    assert first.wins == second.wins == 1


def test_a_shared_place_is_rated_as_a_tie_by_the_model():
    new = (25.0, 25.0 / 3)

    tied = rate([new, new], [1, 1])
    won = rate([new, new], [1, 2])

    assert tied[0] == tied[1]
    assert tied[0][0] == pytest.approx(25.0)
    assert won[0][0] > 25.0 > won[1][0]


def test_every_change_keeps_the_rating_before_and_after_its_game(alice, bob):
    first = finished_game([alice, bob], [1, 2])
    second = finished_game([alice, bob], [2, 1])

    change = RatingChange.objects.get(game=second, user=alice)
    earlier = RatingChange.objects.get(game=first, user=alice)
    assert (change.mu_before, change.sigma_before) == (earlier.mu_after, earlier.sigma_after)
    assert change.ordinal_after < change.ordinal_before
    assert (change.mu_after, change.sigma_after) == (rating_of(alice).mu, rating_of(alice).sigma)
    assert rating_of(alice).games == 2


def test_an_unrated_game_changes_no_rating(alice, bob):
    finished_game([alice, bob], [1, 2], rated=False)

    assert not PlayerRating.objects.exists()
    assert not RatingChange.objects.exists()


@AFRICA_ONLY
def test_a_resignation_ends_a_duel_and_rates_it_in_the_same_transaction(duel_underway):
    loser = player_to_move(duel_underway)
    winner = duel_underway.seats.exclude(user=loser).get().user

    services.resign(duel_underway, loser)

    assert Game.objects.get().status == Game.Status.FINISHED
    assert rating_of(winner).ordinal > rating_of(loser).ordinal
    assert RatingChange.objects.get(user=loser).place == 2


def test_players_who_left_rank_last_the_first_to_leave_lowest(
    alice, bob, dave, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, num_players=3, seed=11)
    services.join_game(game, bob)
    services.join_game(game, dave)
    game.refresh_from_db()
    first_out = player_to_move(game)
    with django_capture_on_commit_callbacks(execute=True):  # a robot plays the seat's turn
        services.resign(game, first_out)
    game.refresh_from_db()
    second_out = player_to_move(game)
    stayer = next(u for u in (alice, bob, dave) if u not in (first_out, second_out))

    services.resign(game, second_out)

    places = {c.user: c.place for c in RatingChange.objects.all()}
    assert places == {stayer: 1, second_out: 2, first_out: 3}
    assert rating_of(stayer).ordinal > rating_of(second_out).ordinal > rating_of(first_out).ordinal


def test_a_game_that_ends_by_play_rates_its_players(alice, bob):
    game = play_game([alice, bob], rng=random.Random(5))

    changes = RatingChange.objects.filter(game=game)
    assert sorted(c.place for c in changes) == sorted(s.place for s in game.seats.all())
    assert PlayerRating.objects.filter(games=1).count() == 2


def test_a_rating_is_provisional_until_ten_games(alice, bob):
    for n in range(PROVISIONAL_GAMES - 1):
        finished_game([alice, bob], [1 + n % 2, 2 - n % 2])
    assert rating_of(alice).provisional

    finished_game([alice, bob], [1, 2])

    assert not rating_of(alice).provisional
    assert PlayerRating.objects.established().count() == 2


def test_a_rebuild_gives_identical_ratings_and_history(alice, bob, dave):
    erin = make_player("erin@example.com", "Erin")
    finished_game([alice, bob, dave], [1, 2, 3])
    finished_game([dave, erin], [1, 1])
    finished_game([alice, bob, dave, erin], [2, 1, 4, 3], left=(2,))
    finished_game([bob, erin], [1, 2], rated=False)
    finished_game([erin, alice, bob, dave], [1, 2, 2, 4])

    def snapshot():
        ratings = PlayerRating.objects.order_by("user_id").values_list(
            "user_id", "mu", "sigma", "ordinal", "games", "wins"
        )
        changes = RatingChange.objects.order_by("game_id", "user_id").values_list(
            "game_id", "user_id", "place", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
        return list(ratings), list(changes)

    before = snapshot()
    PlayerRating.objects.update(mu=0, sigma=1, ordinal=-3)

    rated = rebuild_ratings()

    assert rated == 4
    assert snapshot() == before
    assert len(before[1]) == 13


def test_the_rebuild_command_replays_in_the_order_games_finished(alice, bob):
    later = finished_game([alice, bob], [1, 2])
    finished_game([alice, bob], [2, 1], finished_at=later.finished_at.replace(year=2000))
    expected = (rating_of(alice).mu, rating_of(alice).sigma)

    call_command("rebuild_ratings", stdout=io.StringIO())

    assert (rating_of(alice).mu, rating_of(alice).sigma) != expected  # live order differed
    first = RatingChange.objects.history(alice, "africa").first()
    assert first.finished_at.year == 2000


def test_reliability_counts_moves_played_for_the_seat_and_games_taken_over(alice, bob):
    finished_game([alice, bob], [1, 2])
    finished_game([alice, bob], [2, 1], left=(0,))
    game = finished_game([alice, bob], [1, 2])
    for ply, automatic in enumerate([False, False, True, False], start=1):
        Move.objects.create(game=game, version=ply, seat=0, action="end", automatic=automatic)
    Move.objects.create(game=game, version=9, seat=1, action="end", automatic=True)

    figures = reliability(alice)

    assert (figures.moves, figures.moves_in_time) == (4, 3)
    assert (figures.games, figures.games_completed) == (3, 2)
    assert figures.figure == pytest.approx(2 / 3)
    assert reliability(User.objects.get(pk=bob.pk)).moves_share == 0.0


def test_a_game_that_cannot_be_rated_does_not_finish(duel_underway, monkeypatch):
    loser = player_to_move(duel_underway)

    def broken(game, seats):
        raise RuntimeError("ratings unavailable")

    monkeypatch.setattr(services.play, "record_result", broken)
    with pytest.raises(RuntimeError):
        services.resign(duel_underway, loser)

    assert Game.objects.get().status == Game.Status.ACTIVE
    assert not Game.objects.get().seats.exclude(left_at=None).exists()
