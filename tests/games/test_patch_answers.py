"""What a move, an undo or a poll answers a page with: with htmx, only the pieces of the page
that changed (a patch), smaller than the whole game and the same page once applied; the whole
game when the page is too far behind, unknown, or has a message to show; without JavaScript,
a redirect as before."""

import re

import pytest
from django.urls import reverse

from games.models import Game, Move
from tests.kinds.patching import apply_patch, element, normalised
from tests.support.play import AFRICA_ONLY, first_with, other_player, play, player_to_move

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PAGE_KEY = re.compile(r'name="page" value="([0-9a-f]{16})"')


def open_page(client, game) -> tuple[str, str]:
    """The ``#game`` partial the viewer's page shows, and its page key."""
    html = client.get(game.get_absolute_url(), headers=HTMX).content.decode()
    return html, PAGE_KEY.search(html)[1]


def act(client, game, action, page=None, headers=HTMX, version=None):
    data = {"action": action, "version": game.version if version is None else version}
    if page is not None:
        data["page"] = page
    return client.post(reverse("game_act", args=[game.code]), data, headers=headers)


@AFRICA_ONLY
def test_a_move_with_htmx_answers_with_a_smaller_patch_that_gives_the_fresh_page(client, duel):
    client.force_login(player_to_move(duel))
    page, key = open_page(client, duel)
    action = first_with(duel, "")

    answer = act(client, duel, action, page=key)

    assert answer.status_code == 200
    assert answer["HX-Reswap"] == "none"
    patch = answer.content.decode()
    fresh = open_page(client, duel)[0]
    assert len(patch) < len(fresh)
    # the places of the board that changed (the start city, the cells no longer offered),
    # not the whole board
    assert 'id="game-board"' not in patch
    assert 'hx-swap-oob="outerHTML" data-place=""' in patch
    assert 'id="game-sync" hx-swap-oob="outerHTML"' in patch
    assert 'id="game-fairness"' not in patch  # unchanged
    assert normalised(apply_patch(page, patch)) == normalised(fresh)


def test_a_move_without_the_page_key_answers_with_the_whole_game(client, duel):
    client.force_login(player_to_move(duel))

    answer = act(client, duel, first_with(duel, ""))

    assert "HX-Reswap" not in answer
    assert answer.content.decode().lstrip().startswith('<div id="game"')


def test_a_page_too_far_behind_gets_the_whole_game(client, duel, settings):
    settings.GAME_PATCH_VERSIONS = 2
    watcher = other_player(duel)
    client.force_login(watcher)
    _page, key = open_page(client, duel)
    game = play(duel, *duel.kind.engine.legal_actions(duel.state)[:1])
    poll = reverse("game_poll", args=[duel.code])
    near = client.get(poll, {"version": duel.version, "page": key}, headers=HTMX)
    game = play(game, game.kind.engine.legal_actions(game.state)[0])
    while game.version - duel.version <= 2:
        game = play(game, game.kind.engine.legal_actions(game.state)[0])

    far = client.get(poll, {"version": duel.version, "page": key}, headers=HTMX)

    assert near["HX-Reswap"] == "none"
    assert "HX-Reswap" not in far
    assert far.content.decode().lstrip().startswith('<div id="game"')


def test_an_unknown_page_key_gets_the_whole_game(client, duel):
    client.force_login(other_player(duel))
    play(duel, first_with(duel, ""))
    poll = reverse("game_poll", args=[duel.code])

    answer = client.get(poll, {"version": duel.version, "page": "0" * 16}, headers=HTMX)

    assert "HX-Reswap" not in answer
    assert answer.content.decode().lstrip().startswith('<div id="game"')


def test_a_stale_move_gets_the_whole_game_with_its_message(client, duel):
    mover = player_to_move(duel)
    client.force_login(mover)
    _page, key = open_page(client, duel)
    action = first_with(duel, "")
    act(client, duel, action, page=key)  # the first tab

    answer = act(client, duel, action, page=key)  # the second tab, one version behind

    assert "HX-Reswap" not in answer
    html = answer.content.decode()
    assert "The game has moved on since this page was shown." in html
    assert Move.objects.count() == 1


def test_the_next_answer_takes_away_a_message_the_page_showed(client, duel):
    mover = player_to_move(duel)
    client.force_login(mover)
    action = first_with(duel, "")
    act(client, duel, action)
    shown = act(client, duel, action).content.decode()  # stale: the message
    assert "The game has moved on" in shown
    key = PAGE_KEY.search(shown)[1]
    game = Game.objects.get(pk=duel.pk)
    game = play(game, first_with(game, ""))

    answer = client.get(
        reverse("game_poll", args=[game.code]), {"version": duel.version + 1, "page": key}
    )

    patch = answer.content.decode()
    assert answer["HX-Reswap"] == "none"
    assert "moved on" not in patch
    assert normalised(element(patch, "game-messages")) == (
        '<div id="game-messages" hx-swap-oob="outerHTML"></div>'
    )


def test_without_javascript_a_move_with_a_page_key_still_redirects(client, duel):
    client.force_login(player_to_move(duel))
    _page, key = open_page(client, duel)

    answer = act(client, duel, first_with(duel, ""), page=key, headers={})

    assert answer.status_code == 302
    assert answer["Location"] == duel.get_absolute_url()
    assert Move.objects.count() == 1


def test_a_patch_replaces_only_elements_the_page_has(client, duel):
    """Every piece of a patch is an element with a stable id found on the page."""
    watcher = other_player(duel)
    client.force_login(watcher)
    page, key = open_page(client, duel)
    game = play(duel, first_with(duel, ""))

    answer = client.get(
        reverse("game_poll", args=[game.code]), {"version": duel.version, "page": key}
    )

    for ident in re.findall(r'id="(game-[a-z]+)" hx-swap-oob="outerHTML"', answer.content.decode()):
        assert f'id="{ident}"' in page
