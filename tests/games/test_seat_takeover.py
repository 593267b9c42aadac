"""A newcomer takes over the seat a robot plays for a player who left, from the lobby.

The table: four players ("Player 1" to "Player 4") start a game; Player 3 resigns, so a robot
plays their seat. Dave, who plays nowhere at that table, may take the seat over until half the
game is played; Player 3 may not take it back.
"""

import threading

import pytest
from django.db import connections, transaction

from games import services
from games.models import Game, Seat
from games.services.play import apply_action, schedule_bot_move
from notifications import tasks
from notifications.models import OutboundMail
from ratings.models import PlayerRating, RatingChange
from ratings.services import rebuild_ratings, reliability
from tests.support.play import play

pytestmark = pytest.mark.django_db


def _table(players, game_name: str, seed: int = 7) -> Game:
    """A running game of ``game_name`` for Player 1-4, its first action played."""
    game = services.create_game(players[0], engine=game_name, num_players=4, seed=seed)
    for player in players[1:4]:
        services.join_game(game, player)
    game.refresh_from_db()
    return play(game, game.kind.engine.legal_actions(game.state)[0])


def _left_seat(game: Game, leaver) -> Seat:
    services.resign(game, leaver)
    return game.seats.get(user=leaver)


def test_the_lobby_offers_a_seat_a_robot_plays_and_the_newcomer_plays_on_with_it(
    players, dave, client, game_name
):
    game = _table(players, game_name)
    leaver = players[2]
    seat = _left_seat(game, leaver)
    game.refresh_from_db()
    holdings = game.kind.engine.observation(game.state, seat.number)

    client.force_login(dave)
    lobby = client.get("/games/").content.decode()
    assert "Take over" in lobby and "Robot" in lobby
    assert f"/games/{game.code}/take-over/{seat.number}/" in lobby
    answer = client.post(f"/games/{game.code}/take-over/{seat.number}/", follow=True)

    page = answer.content.decode()
    assert answer.redirect_chain[-1][0] == f"/games/{game.code}/"
    assert "The seat is yours" in page
    seat.refresh_from_db()
    game.refresh_from_db()
    assert (seat.user, seat.substitute_for, seat.left_at) == (dave, leaver, None)
    assert game.kind.engine.observation(game.state, seat.number) == holdings
    assert "Dave took over" in page  # the log line
    assert "played by a robot" not in page
    assert f"/games/{game.code}/take-over/" not in client.get("/games/").content.decode()


def test_the_others_are_told_and_the_newcomer_is_not(players, dave, game_name):
    game = _table(players, game_name)
    seat = _left_seat(game, players[2])

    services.take_over_seat(game, dave, seat.number)

    told = set(
        OutboundMail.objects.filter(template="seat_taken", game=game).values_list("user__email")
    )
    assert told == {(p.email,) for p in (players[0], players[1], players[3])}
    row = OutboundMail.objects.filter(template="seat_taken").first()
    assert row.payload["newcomer"] == "Dave" and "Robot" in row.payload["robot"]


def test_the_player_who_left_cannot_take_the_seat_back(players, client, game_name):
    game = _table(players, game_name)
    leaver = players[2]
    seat = _left_seat(game, leaver)

    client.force_login(leaver)
    assert "/take-over/" not in client.get("/games/").content.decode()
    answer = client.post(f"/games/{game.code}/take-over/{seat.number}/", follow=True)

    assert "you cannot take it back" in answer.content.decode()
    seat.refresh_from_db()
    assert seat.user == leaver and seat.left_at is not None


@pytest.mark.games("toy")
def test_a_seat_of_a_game_by_invitation_only_is_not_offered(players, dave, client, game_name):
    game = services.create_game(players[0], engine="toy", num_players=3, invite_only=True)
    for player in players[1:3]:
        services.invite(game, players[0], player.display_name)
        services.join_game(game, player)
    seat = _left_seat(game, players[2])

    client.force_login(dave)
    assert "/take-over/" not in client.get("/games/").content.decode()
    with pytest.raises(services.GameError, match="by invitation only"):
        services.take_over_seat(game, dave, seat.number)


def test_a_player_of_the_game_cannot_take_over_a_second_seat(players, game_name):
    game = _table(players, game_name)
    seat = _left_seat(game, players[2])

    with pytest.raises(services.GameError, match="already play"):
        services.take_over_seat(game, players[0], seat.number)


@pytest.mark.games("toy")
def test_from_half_the_game_on_the_seat_stays_with_the_robot(players, dave, client, game_name):
    game = services.create_game(
        players[0], engine="toy", num_players=4, seed=3, options={"goal": 20}
    )
    for player in players[1:4]:
        services.join_game(game, player)
    game.refresh_from_db()
    seat = _left_seat(game, players[2])
    game = _play_until(game, 0.5)
    assert game.status == Game.Status.ACTIVE

    client.force_login(dave)
    assert "/take-over/" not in client.get("/games/").content.decode()
    with pytest.raises(services.GameError, match="Half of this game is played"):
        services.take_over_seat(game, dave, seat.number)


@pytest.mark.games("toy")
def test_the_lobby_tells_the_move_and_about_how_many_the_game_takes(
    players, dave, client, game_name
):
    game = services.create_game(
        players[0], engine="toy", num_players=4, seed=3, options={"goal": 20}
    )
    for player in players[1:4]:
        services.join_game(game, player)
    game.refresh_from_db()
    _left_seat(game, players[2])
    game = _play_until(game, 0.2)
    progress = game.kind.engine.progress(game.state)
    moves = game.moves.count()

    client.force_login(dave)
    lobby = client.get("/games/").content.decode().replace("&#x27;", "'")

    about = round(moves / progress)
    assert f"'s seat in Toy game, move {moves + 1} of about {about}" in lobby


def _play_until(game: Game, progress: float) -> Game:
    """``game`` played on (people draw while they may, robots end their turn) until its
    engine's ``progress`` reaches ``progress``."""
    game.refresh_from_db()
    while game.kind.engine.progress(game.state) < progress:
        mover = game.seats.get(number=game.current_seat)
        if mover.left_at is not None:  # the robot's turn: the sweep would play it
            action = game.kind.engine.timeout_action(game.state)
        else:
            action = "draw" if "draw" in game.kind.engine.legal_actions(game.state) else "pass"
        game = _play_for(game, mover, action)
    return game


def _play_for(game: Game, seat: Seat, action: str) -> Game:
    """``action`` for ``seat``, whoever holds it (a robot's move as the bot service makes it)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        seats = list(game.seats.select_related("user"))
        apply_action(game, seat.number, action, automatic=seat.left_at is not None, seats=seats)
        schedule_bot_move(game, seats)
        game.save()
    return game


def test_the_newcomer_is_not_rated_and_the_player_who_left_ranks_last(players, dave):
    game = _table(players, "toy")
    leaver = players[2]
    seat = _left_seat(game, leaver)
    services.take_over_seat(game, dave, seat.number)
    game.refresh_from_db()

    for player in (players[0], players[1], players[3]):
        services.vote_end(game, player)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not RatingChange.objects.filter(user=dave).exists()
    left = RatingChange.objects.get(user=leaver, game=game)
    assert left.place == 4
    assert RatingChange.objects.filter(game=game).count() == 4
    assert not dave.ratings.exists()
    assert reliability(leaver).games_completed == 0 and reliability(leaver).games == 1
    assert reliability(dave).games_completed == 1
    ratings = sorted(PlayerRating.objects.values_list("user_id", "mu", "sigma"))
    rebuild_ratings()
    assert sorted(PlayerRating.objects.values_list("user_id", "mu", "sigma")) == ratings


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.games("toy")
def test_two_newcomers_at_once_one_gets_the_seat_the_other_a_clear_refusal(
    players, dave, alice, game_name
):
    game = _table(players, "toy")
    seat = _left_seat(game, players[2])
    barrier = threading.Barrier(2)
    results = {}

    def take(user):
        barrier.wait()
        try:
            services.take_over_seat(game, user, seat.number)
            results[user.display_name] = "seated"
        except services.GameError as error:
            results[user.display_name] = error.message
        finally:
            connections.close_all()

    threads = [threading.Thread(target=take, args=(user,)) for user in (dave, alice)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(results.values()) == ["Someone else has just taken over this seat.", "seated"]
    seat.refresh_from_db()
    assert results[seat.user.display_name] == "seated"


@pytest.mark.games("toy")
def test_the_mails_tell_of_the_newcomer_and_of_the_end_by_vote(
    players, dave, mailoutbox, game_name
):
    game = _table(players, game_name)
    seat = _left_seat(game, players[2])
    services.take_over_seat(game, dave, seat.number)
    game.refresh_from_db()
    for player in (players[0], players[1], dave):
        services.vote_end(game, player)

    tasks.send_outbox.apply()

    taken = [m for m in mailoutbox if "Dave now plays a seat" in m.subject]
    assert {m.to[0] for m in taken} == {players[0].email, players[1].email, players[3].email}
    assert "has taken over the seat that" in taken[0].body
    over = [m for m in mailoutbox if "is over" in m.subject and m.to == [dave.email]]
    assert "Its players voted to end it" in over[0].body
