"""The new-game form in Chromium: choosing 1 player hides what does not apply to a solo game
(computer players, days per move, rated)."""

import pytest

from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_solo_game_hides_the_deadline_and_the_rating(browser, live_server, alice):
    page = signed_in_page(browser, live_server, alice)
    page.goto(live_server.url + "/games/new/?game=nile")
    days = page.get_by_label("Days per move", exact=False).first
    rated = page.get_by_label("Rated game", exact=False).first
    page.get_by_label("Players:", exact=True).select_option("2")
    assert days.is_visible() and rated.is_visible()

    page.get_by_label("Players:", exact=True).select_option("1")

    assert not days.is_visible() and not rated.is_visible()
