"""A player joins a league's next season on its page, and once the season starts finds its
games in My games, each linking back to the standings."""

import pytest

from leagues import services
from leagues.models import Table
from tests.leagues.conftest import enter
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_joins_and_sees_the_season_s_games_in_my_games(
    browser, live_server, league, crowd, alice, tmp_path
):
    enter(league, crowd[:7])
    page = signed_in_page(browser, live_server, alice)
    page.goto(live_server.url + "/leagues/")
    page.get_by_role("link", name="Rift League").click()
    page.get_by_role("button", name="Join the next season").click()
    page.get_by_text("You are in the next season").wait_for()
    assert page.get_by_text("8 players entered").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=tmp_path / "0-joined.png", full_page=True)

    services.start_season(league.next_season())
    tables = Table.objects.filter(game__seats__user=alice).select_related("game")
    page.get_by_role("link", name="My games").first.click()
    for table in tables:
        assert page.locator(f'a[href="{table.game.get_absolute_url()}"]').count() == 1
    page.screenshot(path=tmp_path / "1-my-games.png", full_page=True)

    page.locator(f'a[href="{tables[0].game.get_absolute_url()}"]').click()
    page.get_by_role("link", name="Rift League, season 1, Division 1").click()
    page.get_by_role("heading", name="Division 1").wait_for()
    assert page.get_by_role("link", name="Alice").first.is_visible()
