"""Two players play the first turns of a real game by clicking the board in Chromium."""

import pytest

from games import services
from games.models import Game
from tests.support.browser import click_and_wait, play_a_turn, signed_in_page, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


MARK = """() => {
  window.samePage = true;
  document.getElementById('game-board').seen = true;
  for (const place of document.querySelectorAll('[data-place]')) place.seen = true;
}"""
#: After a move: whether the board stayed (only places swapped), how many places were swapped
#: in, whether every place is an SVG element and every swapped cell is drawn (has a size).
SWAPPED = """() => {
  const places = [...document.querySelectorAll('[data-place]')];
  const fresh = places.filter(p => !p.seen);
  return {
    board_kept: document.getElementById('game-board').seen === true,
    swapped: fresh.length,
    svg: places.every(p => p.namespaceURI === 'http://www.w3.org/2000/svg'),
    drawn: fresh.filter(p => p.tagName === 'g').every(p => p.getBoundingClientRect().width > 0),
    same_page: window.samePage === true,
  };
}"""


def test_two_players_play_by_clicking_the_board(browser, live_server, alice, bob, tmp_path):
    game = services.create_game(alice, num_players=2, seed=31)
    services.join_game(game, bob)
    game.refresh_from_db()
    first = game.seats.get(number=0).user
    second = game.seats.get(number=1).user
    pages = {}
    for user in (first, second):
        pages[user] = signed_in_page(browser, live_server, user)
        pages[user].goto(live_server.url + game.get_absolute_url())

    mover = pages[first]
    assert mover.get_by_text("Your turn.").is_visible()
    click_and_wait(mover, mover.locator('a[aria-label^="Start in"]').first)
    mover.screenshot(path=tmp_path / "1-first-start-city.png", full_page=True)

    # The other player's page learns of the move by itself, then that player uses the keyboard.
    waiting = pages[second]
    waiting.get_by_text("Your turn.").wait_for()
    before = version(waiting)
    waiting.locator('a[aria-label^="Start in"]').first.focus()
    waiting.keyboard.press("Enter")
    waiting.wait_for_function(
        "v => document.querySelector('#game-sync').dataset.version !== v", arg=before
    )

    place_patches = 0
    for turn in range(4):
        page = pages[first] if turn % 2 == 0 else pages[second]
        page.get_by_text("Your turn.").wait_for()
        page.evaluate(MARK)
        play_a_turn(page)
        after = page.evaluate(SWAPPED)
        # the board's changed places arrive alone, as SVG, drawn, and the cells' links go on
        # working through htmx (the page is never reloaded)
        assert after["svg"] and after["drawn"] and after["same_page"], after
        place_patches += after["board_kept"] and after["swapped"] > 0
        page.screenshot(path=tmp_path / f"{turn + 2}-turn.png", full_page=True)

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.moves.filter(action__startswith="uncover").count() == 4
    assert game.moves.filter(action="end").count() >= 1
    assert pages[first].get_by_text("uncovers").first.is_visible()
    assert place_patches > 0
