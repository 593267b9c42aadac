"""Play again: from a finished game a player makes a rematch with the same players, game and
options through the lobby's invitations; it starts when every other player has accepted."""

import random

import pytest

from friends.models import Rematch
from games import services
from games.kinds import get_kind
from games.models import Game, Invitation
from tests.fixtures import make_player
from tests.social import signed_in
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db



@pytest.fixture
def trio(alice, bob):
    return [alice, bob, make_player("erin@example.com", "Erin")]


@pytest.fixture
def finished(trio) -> Game:
    game = random_game(get_kind("africa"), trio, None, random.Random(3), plies=10_000)
    Game.objects.filter(pk=game.pk).update(days_per_move=5, options={"variant": "simple"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_play_again_invites_the_others_to_the_same_game_and_starts_when_all_accept(
    finished, trio, mailoutbox, django_capture_on_commit_callbacks
):
    alice, bob, erin = trio
    page = signed_in(alice).get(finished.get_absolute_url()).content.decode()
    assert f"/friends/rematch/{finished.code}/" in page

    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = signed_in(alice).post(f"/friends/rematch/{finished.code}/")

    rematch = Rematch.objects.get(previous=finished).game
    assert response["Location"] == rematch.get_absolute_url()
    assert (rematch.engine, rematch.num_players, rematch.options, rematch.days_per_move) == (
        "africa",
        3,
        {"variant": "simple"},
        5,
    )
    assert rematch.invite_only and rematch.status == Game.Status.OPEN
    invited = Invitation.objects.filter(game=rematch).values_list("user__display_name", flat=True)
    assert set(invited) == {"Bob", "Erin"}
    invitations = [m for m in mailoutbox if rematch.get_absolute_url() in m.body]
    assert sorted(m.to[0] for m in invitations) == [bob.email, erin.email]

    signed_in(bob).post(f"/games/{rematch.code}/join/")
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.OPEN
    signed_in(erin).post(f"/games/{rematch.code}/join/")
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE


def test_a_second_play_again_leads_to_the_same_rematch(finished, trio):
    alice, bob, _erin = trio
    signed_in(alice).post(f"/friends/rematch/{finished.code}/")
    response = signed_in(bob).post(f"/friends/rematch/{finished.code}/")

    assert Rematch.objects.count() == 1
    assert response["Location"] == Rematch.objects.get().game.get_absolute_url()
    page = signed_in(bob).get(finished.get_absolute_url()).content.decode()
    assert Rematch.objects.get().game.get_absolute_url() in page


def test_a_running_game_cannot_be_played_again(alice, bob):
    game = services.create_game(alice, num_players=2, seed=1)
    services.join_game(game, bob)

    signed_in(alice).post(f"/friends/rematch/{game.code}/")
    assert not Rematch.objects.exists()


def test_an_outsider_cannot_make_a_rematch(finished, carol):
    assert signed_in(carol).post(f"/friends/rematch/{finished.code}/").status_code == 404
    assert not Rematch.objects.exists()
