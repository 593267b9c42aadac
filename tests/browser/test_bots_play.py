"""One person sets up a game of Africa against two hard computer players on the new-game
form and plays it to the end in Chromium; the bots answer each move (their task runs in the
test's process, without the pause that lets watchers follow)."""

import re

import pytest

from games.models import Game
from tests.support.browser import click_and_wait, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

MAX_DECISIONS = 400


@pytest.fixture(autouse=True)
def quick_bots(settings):
    settings.BOT_HARD_ITERATIONS = 4
    settings.BOT_PAUSE_SECONDS = 0


def play_one_decision(page):
    """Play an uncover when the list offers one (the game ends once all are uncovered), else
    the first action; without the list, the first button or highlighted cell of the move."""
    select = page.locator("#action-select")
    if select.count():
        values = select.locator("option").evaluate_all("options => options.map(o => o.value)")
        choice = next((v for v in values if v.startswith("uncover")), values[0])
        page.locator("details.action-list summary").click()
        select.select_option(choice)
        click_and_wait(page, page.get_by_role("button", name="Play this action"))
    elif page.locator(".actions form button[name=action]").count():
        click_and_wait(page, page.locator(".actions form button[name=action]").first)
    else:
        click_and_wait(page, page.locator("#game a.cell-link:not(.why-not)").first)


def test_a_person_plays_africa_against_two_hard_bots_to_the_end(
    browser, live_server, alice, tmp_path
):
    page = signed_in_page(browser, live_server, alice)
    page.goto(live_server.url + "/games/new/?game=africana")
    assert page.locator('input[name="variant"]').count() == 0
    page.locator("#game-part").get_by_role("link", name="Africa", exact=True).click()
    page.locator('input[name="variant"]').first.wait_for()
    page.screenshot(path=tmp_path / "new-game.png", full_page=True)
    page.get_by_label("Players:", exact=True).select_option("3")
    page.get_by_label("Computer players").select_option("2")
    page.get_by_label("Their level").select_option("hard")
    page.get_by_role("button", name="Create the game").click()
    page.locator("#game").wait_for()

    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert page.get_by_text(re.compile(r"Robot \w+ \(hard\)")).count() >= 2
    for _n in range(MAX_DECISIONS):
        if page.get_by_text("The game is over.").count():
            break
        page.get_by_text("Your turn.").wait_for()
        play_one_decision(page)
    page.screenshot(path=tmp_path / "end.png", full_page=True)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert page.get_by_text("The game is over.").is_visible()
    assert sorted(s.place for s in game.seats.all())[0] == 1
    assert game.moves.filter(seat__in=[s.number for s in game.seats.exclude(bot_level="")]).exists()
