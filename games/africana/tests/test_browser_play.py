"""A 3-player Africana game played in Chromium from the new-game form to the final scores, each
player in a browser of their own (a desktop, a phone and a small tablet): the creator fills the
form and invites one player by name, another joins by the invitation link, and every action of
the game is a click on a location of the map, a card in the choice under it or a button.

Which action each click makes is the engine's easy bot's pick from the player's own view (the
game then ends in a few hundred actions); how it is made is the page's business alone.
"""

from __future__ import annotations

import random
import re

import pytest

from games.models import Game
from games.simulation import bot_action
from tests.fixtures import make_player
from tests.support.browser import click_and_wait, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"Alice": (1280, 900), "Bob": (360, 740), "Chiara": (600, 900)}


def create_and_fill(pages, live_server, users) -> Game:
    """Alice creates a 3-player Africana game with the form, invites Bob by his name, Bob
    joins from the game's page and Chiara from the invitation link."""
    alice, bob, chiara = (pages[u.display_name] for u in users)
    alice.goto(live_server.url + "/games/new/")
    alice.locator("#game-part").get_by_role("link", name="Africana", exact=True).click()
    alice.get_by_text("A game of Africana.").wait_for()
    alice.locator("select[name=num_players]").select_option("3")
    alice.get_by_role("button", name="Create the game").click()
    alice.get_by_text("Waiting for players: 1 of 3").wait_for()
    game_url = alice.url
    alice.get_by_label("Display name").fill("Bob")
    alice.get_by_role("button", name="Invite", exact=True).click()
    alice.get_by_text("Bob is invited.").wait_for()
    invitation = alice.locator("#invite-link").input_value()

    bob.goto(game_url)
    bob.get_by_role("button", name="Join this game").click()
    bob.get_by_text("Waiting for players: 2 of 3").wait_for()
    chiara.goto(invitation)
    chiara.get_by_role("button", name="Join this game").click()
    chiara.locator("#game .turn-status").wait_for()

    code = re.search(r"/games/([0-9a-f-]{36})/", game_url).group(1)
    return Game.objects.get(code=code)


def click_action(page, action: str) -> None:
    """Make ``action`` by clicking: a location of the map (then, when several cards fit, the
    card under the map) or a button of the move panel."""
    words = action.split()
    if words[0] == "go":
        location = page.locator(f'svg.africana-map a.cell-link[href$="?cell={words[1]}"]')
        ring = location.locator(".hit")  # the ring or square around the location
        # On a phone the map opens zoomed on the turn's targets; a location out of the view
        # is brought into it when it gets the focus (static/js/board-zoom.js).
        location.focus()
        if location.get_attribute("hx-post"):
            click_and_wait(page, ring)
            return
        ring.click()
        page.locator(f'button[name="action"][value="{action}"]').wait_for()
    click_and_wait(page, page.locator(f'section.actions button[name="action"][value="{action}"]'))


def test_three_players_play_a_whole_game_by_clicking(browser, live_server, alice, bob, tmp_path):
    chiara = make_player("chiara@example.com", "Chiara")
    users = [alice, bob, chiara]
    pages = {}
    for user in users:
        width, height = VIEWPORTS[user.display_name]
        pages[user.display_name] = signed_in_page(browser, live_server, user)
        pages[user.display_name].set_viewport_size({"width": width, "height": height})

    game = create_and_fill(pages, live_server, users)
    assert game.status == Game.Status.ACTIVE
    assert game.engine == "africana"
    assert game.seats.count() == 3

    rng = random.Random(16)
    page = None
    for _ply in range(2000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        name = game.seats.get(number=game.current_seat).user.display_name
        if pages[name] is not page:
            # another player's turn: that player opens the game; a player who goes on plays
            # on the page that the last click brought up to date
            page = pages[name]
            page.goto(live_server.url + game.get_absolute_url())
        page.get_by_text("Your turn.").wait_for()
        action = bot_action(game, rng)
        if game.moves.count() == 40:
            for other, other_page in pages.items():
                if other_page is not page:
                    other_page.goto(live_server.url + game.get_absolute_url())
                other_page.screenshot(path=tmp_path / f"ply40-{other}.png", full_page=True)
        click_action(page, action)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.moves.filter(automatic=False).count() == game.moves.count()
    for name, page in pages.items():
        page.goto(live_server.url + game.get_absolute_url())
        assert page.get_by_text("The game is over.").is_visible()
        assert page.get_by_role("heading", name="Final scores").is_visible()
        assert page.locator("table.breakdown th", has_text="Silver coins (tie-break)").count()
        page.screenshot(path=tmp_path / f"final-{name}.png", full_page=True)
    places = sorted(game.seats.values_list("place", flat=True))
    assert places[0] == 1
