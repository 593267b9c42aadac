"""The play page's "Next game (n)": the waiting game with the nearest deadline, one tap away,
and the count of games waiting that every answer of the page carries for the tab's title."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game
from tests.support.play import play, player_to_move

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def games_at_the_turn_of(user, opponent, count: int) -> list[Game]:
    """``count`` running toy games between ``user`` and ``opponent``, each at ``user``'s turn
    (the opponent passes where the game begins with their turn: "pass" ends a toy turn)."""
    games = []
    for _n in range(count):
        game = services.create_game(user, engine="toy", num_players=2)
        services.join_game(game, opponent)
        game.refresh_from_db()
        if player_to_move(game) != user:
            game = play(game, "pass")
        assert player_to_move(game) == user
        games.append(game)
    return games


def set_deadlines(games, days):
    now = timezone.now()
    for game, day in zip(games, days, strict=True):
        deadline = None if day is None else now + timedelta(days=day)
        Game.objects.filter(pk=game.pk).update(turn_deadline=deadline)


def next_game_link(client, game) -> str | None:
    html = client.get(game.get_absolute_url()).content.decode()
    if 'id="next-game"' not in html:
        return None
    start = html.index('id="next-game"')
    return html[start : html.index("</a>", start)]


def test_next_game_goes_to_the_waiting_game_with_the_nearest_deadline(client, alice, bob):
    here, later, sooner = games_at_the_turn_of(alice, bob, 3)
    set_deadlines([here, later, sooner], [1, 3, 2])
    client.force_login(alice)

    link = next_game_link(client, here)

    assert f'href="{sooner.get_absolute_url()}"' in link
    assert "Next game (2" in link


def test_next_game_never_leads_to_the_page_itself(client, alice, bob):
    here, later, sooner = games_at_the_turn_of(alice, bob, 3)
    set_deadlines([here, later, sooner], [1, 3, 2])
    client.force_login(alice)

    assert f'href="{here.get_absolute_url()}"' in next_game_link(client, sooner)


def test_a_game_without_a_deadline_comes_after_those_with_one(client, alice, bob):
    here, no_deadline, far = games_at_the_turn_of(alice, bob, 3)
    set_deadlines([here, no_deadline, far], [1, None, 9])
    client.force_login(alice)

    assert f'href="{far.get_absolute_url()}"' in next_game_link(client, here)


def test_an_invitation_waiting_is_a_next_game_too(client, alice, bob, carol):
    (here,) = games_at_the_turn_of(alice, bob, 1)
    invited = services.create_game(carol, engine="toy", num_players=2, invite_only=True)
    services.invite(invited, carol, alice.display_name)
    client.force_login(alice)

    link = next_game_link(client, here)

    assert f'href="{invited.get_absolute_url()}"' in link
    assert "Next game (1" in link


def test_there_is_no_next_game_when_nothing_else_waits(client, alice, bob):
    (here,) = games_at_the_turn_of(alice, bob, 1)

    client.force_login(alice)
    assert next_game_link(client, here) is None
    client.force_login(bob)  # no game waits for bob
    assert next_game_link(client, here) is None


def test_a_move_tells_the_page_how_many_games_still_wait(client, alice, bob):
    here, _other = games_at_the_turn_of(alice, bob, 2)
    client.force_login(alice)

    response = client.post(
        reverse("game_act", args=[here.code]),
        {"action": "pass", "version": here.version},
        headers=HTMX,
    )

    assert response.status_code == 200
    assert response["X-Games-Waiting"] == "1"


def test_the_waiting_games_are_kept_until_a_turn_passes_or_a_game_is_opened(
    client, alice, bob, carol, django_assert_num_queries
):
    from games.context_processors import games_waiting_for

    here, other = games_at_the_turn_of(alice, bob, 2)
    client.force_login(alice)
    assert next_game_link(client, here) is not None
    with django_assert_num_queries(0):  # kept since the page was read
        assert games_waiting_for(alice) == 2

    other = play(other, "pass")  # alice plays: the turn passes to bob
    assert next_game_link(client, here) is None

    other = play(other, "pass")  # bob plays: alice's turn again
    assert f'href="{other.get_absolute_url()}"' in next_game_link(client, here)

    invited = services.create_game(carol, engine="toy", num_players=2, invite_only=True)
    services.invite(invited, carol, alice.display_name)
    assert "Next game (2" in next_game_link(client, here)

    services.join_game(invited, alice)  # no longer an invitation: a game at someone's turn
    invited.refresh_from_db()
    expected = 2 if player_to_move(invited) == alice else 1
    assert f"Next game ({expected}<" in next_game_link(client, here)
    assert games_waiting_for(alice) == expected + 1
