"""Why not? in Chromium: a click on a cell that is no target shows the rule that forbids it,
with its "?" link, and plays nothing; by keyboard, the typed form asks the same."""

import pytest

from games import services
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_click_on_a_cell_that_is_no_target_says_why(browser, live_server, alice, bob):
    game = services.create_game(alice, num_players=2, seed=31)
    services.join_game(game, bob)
    game.refresh_from_db()
    mover = game.seats.get(number=0).user
    page = signed_in_page(browser, live_server, mover)
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(live_server.url + game.get_absolute_url())

    page.locator('a.why-not[aria-label$="E4?"]').click()

    reason = page.locator("#game-messages li", has_text="E4 is not a start city")
    reason.wait_for()
    assert reason.locator("a.rule-link").get_attribute("href").endswith("#setup")
    assert game.moves.count() == 0

    page.get_by_text("Type an action, or ask why one is not possible").click()
    page.locator("#typed-action").fill("start F9")
    page.locator("#typed-action").press("Tab")
    page.keyboard.press("Tab")  # past "Play this action", to "Why not?"
    page.keyboard.press("Enter")
    page.locator("#game-messages li", has_text="F9 is not a start city").wait_for()
    assert game.moves.count() == 0
    assert errors == []
