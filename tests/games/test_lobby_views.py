"""Lobby, new game, my games, joining, inviting and leaving, through the pages."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, Seat, seed_commitment
from games.views.lobby import FINISHED_PER_PAGE
from tests.support.play import play, player_to_move

pytestmark = pytest.mark.django_db


def test_a_player_creates_a_game_and_lands_in_its_waiting_room(client, alice):
    client.force_login(alice)

    response = client.post(
        reverse("new_game"),
        {
            "engine": "africa",
            "num_players": 3,
            "variant": "simple",
            "days_per_move": 7,
            "rated": "on",
        },
        follow=True,
    )

    game = Game.objects.get()
    assert (game.num_players, game.options["variant"], game.days_per_move, game.rated) == (
        3,
        "simple",
        7,
        True,
    )
    html = response.content.decode()
    assert "Waiting for players: 1 of 3" in html
    assert "invite=" in html  # the invitation link to share


def test_bad_game_settings_are_refused(client, alice):
    client.force_login(alice)

    response = client.post(
        reverse("new_game"), {"engine": "africa", "num_players": 9, "days_per_move": 4}
    )

    assert response.status_code == 200
    assert not Game.objects.exists()


def test_the_lobby_lists_open_public_games_only(client, alice, bob):
    public = services.create_game(alice, num_players=3)
    private = services.create_game(alice, num_players=3, invite_only=True)
    client.force_login(bob)

    html = client.get(reverse("lobby")).content.decode()

    assert str(public.code) in html
    assert str(private.code) not in html


def test_joining_the_last_seat_starts_the_game(client, alice, bob):
    game = services.create_game(alice, num_players=2)
    client.force_login(bob)

    response = client.post(reverse("game_join", args=[game.code]), follow=True)

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert "Monuments found: 0 of 9." in response.content.decode()


def test_an_invitation_link_lets_a_player_in(client, alice, bob, carol):
    game = services.create_game(alice, num_players=3, invite_only=True)
    token = services.invite_token(game)
    client.force_login(bob)

    assert client.get(game.get_absolute_url()).status_code == 403
    page = client.get(game.get_absolute_url(), {"invite": token})
    assert "Join this game" in page.content.decode()
    client.post(reverse("game_join", args=[game.code]), {"invite": token})
    assert game.seats.filter(user=bob).exists()

    client.force_login(carol)
    client.post(reverse("game_join", args=[game.code]), {"invite": token[:-2] + "zz"})
    assert not game.seats.filter(user=carol).exists()


def test_inviting_by_display_name(client, alice, bob):
    game = services.create_game(alice, num_players=3, invite_only=True)
    client.force_login(alice)

    response = client.post(
        reverse("game_invite", args=[game.code]), {"display_name": "bob"}, follow=True
    )
    assert "Bob is invited." in response.content.decode()
    response = client.post(
        reverse("game_invite", args=[game.code]), {"display_name": "Nobody"}, follow=True
    )
    assert "Nobody is called Nobody." in response.content.decode()

    client.force_login(bob)
    client.post(reverse("game_join", args=[game.code]))
    assert game.seats.filter(user=bob).exists()


def test_the_creator_starts_early(client, alice, bob):
    game = services.create_game(alice, num_players=4)
    services.join_game(game, bob)
    client.force_login(alice)

    client.post(reverse("game_start", args=[game.code]))

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.num_players == 2


def test_my_games_lists_games_waiting_for_me_first(client, alice, bob, carol):
    waiting = services.create_game(alice, num_players=2)
    services.join_game(waiting, bob)
    waiting.refresh_from_db()
    if player_to_move(waiting) != alice:
        waiting = play(waiting, waiting.kind.engine.legal_actions(waiting.state)[0])
    gathering = services.create_game(alice, num_players=3)
    client.force_login(alice)

    html = client.get(reverse("my_games")).content.decode()

    your_turn, others = html.split("Other games")
    assert str(waiting.code) in your_turn
    assert "left" in your_turn  # time left to move
    assert str(gathering.code) in others


def test_my_games_lists_a_solo_game_after_the_games_with_a_deadline(client, alice, bob, carol):
    duels = []
    for opponent in (bob, carol):
        duel = services.create_game(alice, num_players=2, seed=2024)
        services.join_game(duel, opponent)
        duel.refresh_from_db()
        if player_to_move(duel) != alice:
            duel = play(duel, duel.kind.engine.legal_actions(duel.state)[0])
        duels.append(duel)
    solo = services.create_game(alice, engine="nile", num_players=1, seed=2)
    Game.objects.filter(pk=duels[1].pk).update(turn_deadline=None)  # claimed by the sweep
    client.force_login(alice)

    response = client.get(reverse("my_games"))

    assert response.status_code == 200
    assert solo.turn_deadline is None
    your_turn = response.content.decode().split("Other games")[0]
    order = [your_turn.index(str(game.code)) for game in (duels[0], solo, duels[1])]
    assert order[0] < min(order[1:])


def test_resigning_asks_first_then_ends_a_duel(client, duel):
    leaver = player_to_move(duel)
    client.force_login(leaver)
    url = reverse("game_resign", args=[duel.code])

    assert "Leave the game?" in client.get(url).content.decode()
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE
    client.post(url)

    duel.refresh_from_db()
    assert duel.status == Game.Status.FINISHED
    assert duel.seats.get(user=leaver).place == 2


def test_a_finished_game_shows_its_seed_to_anyone(client, duel, carol):
    services.resign(duel, player_to_move(duel))
    client.force_login(carol)

    html = client.get(duel.get_absolute_url()).content.decode()

    assert str(duel.seed) in html and duel.seed_commitment in html
    assert "The game is over." in html


def finished_duels(alice, bob, count):
    """``count`` finished duels between alice and bob, one a day, the newest last."""
    start = timezone.now() - timedelta(days=count)
    games = []
    for n in range(count):
        game = Game.objects.create(
            num_players=2,
            status=Game.Status.FINISHED,
            seed=n,
            salt="s",
            seed_commitment=seed_commitment(n, "s"),
            finished_at=start + timedelta(days=n),
        )
        Seat.objects.create(game=game, user=alice, number=0, place=1, final_score=30)
        Seat.objects.create(game=game, user=bob, number=1, place=2, final_score=20)
        games.append(game)
    return games


def test_my_finished_games_come_a_page_at_a_time_newest_first(client, alice, bob):
    games = finished_duels(alice, bob, FINISHED_PER_PAGE + 1)
    client.force_login(alice)

    first = client.get(reverse("my_games")).content.decode()
    second = client.get(reverse("my_games"), {"page": 2}).content.decode()

    assert str(games[-1].code) in first and str(games[1].code) in first
    assert str(games[0].code) not in first
    assert "Page 1 of 2" in first
    assert str(games[0].code) in second and str(games[-1].code) not in second
    assert "place 1, 30 points" in second
