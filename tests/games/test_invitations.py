"""Invitations on the site: "My games" lists an invitation waiting for an answer (accept,
decline), and the header counts the games waiting for the signed-in player on every page.

alice creates invitation-only games and invites bob; carol is never invited."""

import pytest
from django.urls import reverse

from games import services
from games.models import Game, Invitation
from tests.support.play import player_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitation(alice, bob):
    game = services.create_game(alice, num_players=3, invite_only=True)
    return services.invite(game, alice, "Bob")


def header_count(client, url="/") -> str | None:
    """The number in the header's "My games" link, or None when it shows none."""
    html = client.get(url).content.decode()
    start = html.find('class="waiting-count">')
    if start < 0:
        return None
    start += len('class="waiting-count">')
    return html[start : html.index("<", start)]


def test_my_games_lists_an_invitation_with_accept_and_decline(client, bob, invitation):
    client.force_login(bob)
    page = client.get(reverse("my_games")).content.decode()
    assert "Alice invites you" in page
    assert reverse("game_join", args=[invitation.game.code]) in page
    assert reverse("game_decline", args=[invitation.game.code]) in page


def test_an_outsider_sees_no_invitation(client, carol, invitation):
    client.force_login(carol)
    page = client.get(reverse("my_games")).content.decode()
    assert "invites you" not in page
    assert header_count(client) is None


def test_accepting_seats_the_invitee_and_the_invitation_leaves_the_list(client, bob, invitation):
    client.force_login(bob)
    client.post(reverse("game_join", args=[invitation.game.code]))
    assert invitation.game.seats.filter(user=bob).exists()
    assert "invites you" not in client.get(reverse("my_games")).content.decode()


def test_declining_withdraws_the_invitation_and_closes_the_game_to_the_invitee(
    client, bob, invitation
):
    client.force_login(bob)
    response = client.post(reverse("game_decline", args=[invitation.game.code]), follow=True)
    assert "You have declined the invitation." in response.content.decode()
    assert not Invitation.objects.filter(pk=invitation.pk).exists()
    assert client.get(invitation.game.get_absolute_url()).status_code == 403


def test_declining_without_an_invitation_changes_nothing(client, carol, invitation):
    client.force_login(carol)
    version = Game.objects.get(pk=invitation.game.pk).version
    response = client.post(reverse("game_decline", args=[invitation.game.code]), follow=True)
    assert "You have no invitation to this game." in response.content.decode()
    assert Invitation.objects.filter(pk=invitation.pk).exists()
    assert Game.objects.get(pk=invitation.game.pk).version == version


def test_the_header_counts_invitations_and_turns_on_every_page(client, alice, bob, invitation):
    duel = services.create_game(alice, num_players=2)
    services.join_game(duel, bob)
    duel.refresh_from_db()
    mover = player_to_move(duel)
    client.force_login(mover)
    expected = 2 if mover == bob else 1  # bob also has the invitation
    pages = ("/", reverse("lobby"), reverse("archive"), reverse("account_settings"))
    for url in (*pages, reverse("my_games")):
        assert header_count(client, url) == str(expected), url


def test_the_header_count_costs_one_query(client, bob, invitation, django_assert_num_queries):
    from games.context_processors import games_waiting_for

    with django_assert_num_queries(1):
        assert games_waiting_for(bob) == 1
