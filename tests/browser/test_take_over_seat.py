"""A signed-in player takes over, from the lobby, the seat a robot plays for a player who left,
and plays on in it: the lobby's button, the game page with the seat's holdings, their turn."""

import pytest

from games import services
from tests.support.browser import signed_in_page
from tests.support.play import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_takes_over_a_seat_from_the_lobby_and_plays_it(
    browser, live_server, players, dave, tmp_path
):
    game = services.create_game(players[0], num_players=4, seed=17)
    for player in players[1:4]:
        services.join_game(game, player)
    game.refresh_from_db()
    leaver = game.seats.get(number=1).user  # the second to play: not the one to move now
    services.resign(game, leaver)

    page = signed_in_page(browser, live_server, dave)
    page.goto(live_server.url + "/games/")
    button = page.get_by_role("button", name="Take over")
    assert "Robot" in button.inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]  # the long button wraps on a phone
    page.screenshot(path=tmp_path / "0-lobby.png", full_page=True)
    button.click()

    page.get_by_text("The seat is yours").wait_for()
    assert page.url == live_server.url + game.get_absolute_url()
    assert page.locator("#game-players").get_by_text("Dave").is_visible()
    page.screenshot(path=tmp_path / "1-taken-over.png", full_page=True)

    game.refresh_from_db()
    play(game, game.kind.engine.legal_actions(game.state)[0])  # the player before Dave moves

    page.get_by_text("Your turn.").wait_for()
    assert page.locator('a[aria-label^="Start in"]').count() > 0
    page.screenshot(path=tmp_path / "2-dave-to-move.png", full_page=True)
