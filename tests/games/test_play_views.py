"""The play page and its actions: only the player to move acts, and only legally; a stale page
gets the fresh board; htmx gets fragments, plain browsers POST/redirect/GET."""

import html as htmllib
import re

import pytest
from django.urls import reverse

from games.models import Move
from tests.fixtures import shows
from tests.support.play import (
    AFRICA_ONLY,
    first_with,
    other_player,
    play,
    player_to_move,
    uncover_and_decide,
)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def act(client, game, action, version=None, headers=None):
    return client.post(
        reverse("game_act", args=[game.code]),
        {"action": action, "version": game.version if version is None else version},
        headers=headers or {},
    )


@AFRICA_ONLY
def test_the_player_to_move_is_offered_the_legal_actions(client, duel):
    client.force_login(player_to_move(duel))

    html = htmllib.unescape(client.get(duel.get_absolute_url()).content.decode())

    assert "Your turn." in html
    for action in duel.kind.engine.legal_actions(duel.state):
        assert f'"action": "{action}"' in html  # each start city is one click away


def test_the_other_player_is_offered_nothing(client, duel):
    client.force_login(other_player(duel))

    html = client.get(duel.get_absolute_url()).content.decode()

    assert "Waiting for" in html
    assert "hx-post" not in html.split('id="game"')[1].split('id="game-sync"')[0]
    assert 'name="action"' not in html


def test_a_plain_post_applies_and_redirects_to_the_game(client, duel):
    mover = player_to_move(duel)
    client.force_login(mover)
    action = duel.kind.engine.legal_actions(duel.state)[0]

    response = act(client, duel, action)

    assert response.status_code == 302
    assert response["Location"] == duel.get_absolute_url()
    assert Move.objects.get().action == action


@AFRICA_ONLY
def test_an_htmx_post_answers_with_the_fresh_game_fragment(client, duel):
    client.force_login(player_to_move(duel))
    action = duel.kind.engine.legal_actions(duel.state)[0]

    response = act(client, duel, action, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="game"')
    assert "<html" not in html
    assert "starts in" in html  # the log already shows the move


def test_a_stale_submit_shows_the_fresh_board_and_applies_nothing(client, duel):
    mover = player_to_move(duel)
    client.force_login(mover)
    action = duel.kind.engine.legal_actions(duel.state)[0]
    act(client, duel, action)  # the first tab

    response = act(client, duel, action, version=duel.version, headers=HTMX)  # the second tab

    html = response.content.decode()
    assert "The game has moved on since this page was shown." in html
    assert Move.objects.count() == 1
    assert f'data-version="{duel.version + 1}"' in html


def test_playing_out_of_turn_is_refused_with_a_message(client, duel):
    client.force_login(other_player(duel))
    action = duel.kind.engine.legal_actions(duel.state)[0]

    response = act(client, duel, action, headers=HTMX)

    assert "It is not your turn." in response.content.decode()
    assert not Move.objects.exists()


def test_an_illegal_action_is_refused_with_the_reason(client, duel_underway):
    client.force_login(player_to_move(duel_underway))

    response = act(client, duel_underway, "uncover Z99", headers=HTMX)

    assert "Z99" in response.content.decode()
    assert Move.objects.filter(game=duel_underway).count() == 2


def test_outsiders_can_neither_see_nor_act_in_a_running_game(client, duel, carol):
    client.force_login(carol)
    action = duel.kind.engine.legal_actions(duel.state)[0]

    assert client.get(duel.get_absolute_url()).status_code == 403
    assert act(client, duel, action).status_code == 403
    assert client.get(duel.get_absolute_url()).status_code == 403
    assert not Move.objects.exists()


def test_visitors_are_sent_to_sign_in_before_acting(client, duel):
    response = act(client, duel, "end")

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


@AFRICA_ONLY
def test_polling_answers_204_until_the_game_changes(client, duel):
    watcher = other_player(duel)
    client.force_login(watcher)
    poll = reverse("game_poll", args=[duel.code])

    assert client.get(poll, {"version": duel.version}, headers=HTMX).status_code == 204
    play(duel, duel.kind.engine.legal_actions(duel.state)[0])
    response = client.get(poll, {"version": duel.version}, headers=HTMX)

    assert response.status_code == 200
    assert "starts in" in response.content.decode()


@AFRICA_ONLY
def test_a_cell_with_several_actions_asks_which_one(client, duel_underway):
    game = uncover_and_decide(duel_underway)
    game = play(game, "end", "end")  # back to the first player, at the start of a turn
    legal = game.kind.engine.legal_actions(game.state)
    cell = next(a.split()[1] for a in legal if a.startswith("move "))
    assert f"anywhere {cell}" in legal
    client.force_login(player_to_move(game))

    html = client.get(game.get_absolute_url(), {"cell": cell}).content.decode()

    assert f'value="move {cell}"' in html
    assert f'value="anywhere {cell}"' in html
    assert "Move your researcher to" in html


@AFRICA_ONLY
def test_undo_is_offered_after_a_move_and_takes_it_back(client, duel_underway):
    game = uncover_and_decide(duel_underway)
    game = play(game, first_with(game, "move "))
    client.force_login(player_to_move(game))
    assert "Undo my last action" in client.get(game.get_absolute_url()).content.decode()

    client.post(reverse("game_undo", args=[game.code]), {"version": game.version})

    assert Move.objects.filter(game=game, taken_back=True).count() == 1


CSRF = re.compile(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"')
#: The poll token in the play page's poll and stream URLs, signed with the time the page was
#: served.
POLL_TOKEN = re.compile(r'(data-(?:poll|stream)="[^"]*\?t=)[^"&]+')


def page_texts(client, game, users):
    """Every page and fragment the players are served, with the per-request CSRF masks and
    poll tokens removed."""
    texts = []
    for user in users:
        client.force_login(user)
        for headers in ({}, HTMX):
            html = client.get(game.get_absolute_url(), headers=headers).content.decode()
            texts.append(POLL_TOKEN.sub(r"\1", CSRF.sub("", html)))
        poll = reverse("game_poll", args=[game.code])
        answer = client.get(poll, {"version": 0}).content.decode()
        texts.append(POLL_TOKEN.sub(r"\1", CSRF.sub("", answer)))
    return texts


@AFRICA_ONLY
def test_no_page_reveals_a_face_down_marker_or_the_seed(client, duel_underway):
    game = duel_underway
    users = [seat.user for seat in game.seats.all()]
    before = page_texts(client, game, users)
    hidden = game.state["hidden"]
    cells = sorted(hidden)
    # Deal the face-down markers differently: what players are served must not change.
    game.state = {
        **game.state,
        "hidden": dict(zip(cells, reversed([hidden[c] for c in cells]), strict=True)),
    }
    game.save()

    assert page_texts(client, game, users) == before
    for text in before:
        assert not shows(text, game.seed)
        assert game.salt not in text


@AFRICA_ONLY
def test_without_javascript_a_cell_link_leads_to_a_form_for_its_action(client, duel):
    client.force_login(player_to_move(duel))
    action = duel.kind.engine.legal_actions(duel.state)[0]
    cell = action.split()[1]

    html = client.get(duel.get_absolute_url()).content.decode()
    assert f'href="{duel.get_absolute_url()}?cell={cell}"' in html
    page = client.get(duel.get_absolute_url(), {"cell": cell}).content.decode()

    assert f'<button type="submit" name="action" value="{action}"' in page
    assert f'<form method="post" action="{reverse("game_act", args=[duel.code])}"' in page


def test_a_public_game_can_be_watched_without_hidden_markers_or_actions(client, alice, bob, carol):
    from games import services

    game = services.create_game(alice, num_players=2, public=True, seed=5)
    services.join_game(game, bob)
    game.refresh_from_db()
    client.force_login(carol)

    html = client.get(game.get_absolute_url()).content.decode()

    assert "Waiting for" in html
    assert 'name="action"' not in html
    assert html.count('class="marker-back"') >= 90  # face-down markers drawn alike
    assert act(client, game, game.kind.engine.legal_actions(game.state)[0]).status_code == 403


def test_polling_a_private_game_is_refused_before_its_version_is_compared(client, duel, carol):
    poll = reverse("game_poll", args=[duel.code])

    for visitor in (None, carol):
        if visitor is not None:
            client.force_login(visitor)
        for version in (duel.version - 1, duel.version, duel.version + 1):
            response = client.get(poll, {"version": version}, headers=HTMX)
            assert response.status_code in (302, 403)
