"""The play page in a real browser: on a phone the question and the buttons stay reachable
without scrolling past the board, and a tab left open tells its player when the turn comes
(title, live region; a browser notification only after the player asks for it)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from tests.support.browser import signed_in_page
from tests.support.play import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def started(alice, bob):
    game = services.create_game(alice, num_players=2, seed=31)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


def test_the_action_bar_stays_on_screen_over_the_board_on_a_phone(browser, live_server, started):
    mover = started.seats.get(number=0).user
    page = signed_in_page(browser, live_server, mover)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + started.get_absolute_url())
    box = page.evaluate(
        """() => {
            const actions = document.querySelector('.actions').getBoundingClientRect();
            const board = document.querySelector('.board-area').getBoundingClientRect();
            return {top: actions.top, bottom: actions.bottom, boardBottom: board.bottom,
                    height: window.innerHeight};
        }"""
    )
    assert box["boardBottom"] > box["top"]  # the board goes on below the bar's top...
    assert 0 <= box["top"] < box["bottom"] <= box["height"] + 1  # ...and the bar is on it
    page.mouse.wheel(0, 300)  # still there while the player scrolls over the board
    page.wait_for_function("() => window.scrollY > 0")
    top = page.evaluate("() => document.querySelector('.actions').getBoundingClientRect().top")
    assert 0 <= top < box["height"]
    assert page.get_by_role("heading", name="Your move").is_visible()


def test_an_open_tab_tells_its_player_when_the_turn_comes(browser, live_server, started):
    first = started.seats.get(number=0).user
    second = started.seats.get(number=1).user
    page = signed_in_page(browser, live_server, second)
    page.goto(live_server.url + started.get_absolute_url())
    assert not page.title().startswith("(Your turn)")
    permission = page.evaluate("() => Notification.permission")
    # The offer to notify is a button the player may press; nothing is asked by itself.
    assert page.locator("#turn-notification").is_visible() == (permission == "default")
    assert page.evaluate("() => Notification.permission") == permission

    game = play(started, started.kind.engine.legal_actions(started.state)[0])
    assert game.seats.get(number=game.current_seat).user == second
    page.wait_for_function("() => document.title.includes('(Your turn)')", timeout=15_000)
    # The games waiting for the player come first (static/js/app.js): this one now.
    page.wait_for_function("() => document.title === '(1) (Your turn) Africa'")
    assert page.locator("#turn-announcer").text_content() == (
        "It is your turn in this game of Africa."
    )
    assert first != second


def test_the_settings_form_fits_a_phone_with_each_radio_button_beside_its_words(
    browser, live_server, alice
):
    page = signed_in_page(browser, live_server, alice)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/accounts/settings/")
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    radios = page.locator('input[type="radio"]')
    assert radios.count() >= 2
    for index in range(radios.count()):
        radio = radios.nth(index).bounding_box()
        label = radios.nth(index).locator("xpath=..").bounding_box()  # the label around it
        assert (
            label["y"] <= radio["y"]
            and radio["y"] + radio["height"] <= label["y"] + label["height"]
        )
        assert radio["width"] < 40  # a box, not a 44-px-high field beside the words
    assert page.locator("fieldset legend").count() >= 2


def test_moves_since_the_last_visit_leave_the_board_high_on_a_phone(browser, live_server, started):
    waiting = started.seats.get(number=1)
    waiting.last_seen_at = timezone.now() - timedelta(minutes=1)  # before the moves below
    waiting.save(update_fields=["last_seen_at"])
    mover = started.seats.get(number=0).user
    game = started
    for _move in range(3):  # up to three moves, each a line or two of the list
        action = game.kind.engine.legal_actions(game.state)[0]
        game = services.submit_action(game, mover, action, game.version)
        if game.current_seat != 0:
            break
    page = signed_in_page(browser, live_server, waiting.user)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + game.get_absolute_url())

    assert page.locator(".since-last-visit").is_visible()
    top = page.evaluate("() => document.querySelector('.board-area').getBoundingClientRect().top")
    assert top < 0.6 * 740  # the header, the status and the list leave the board room
    page.locator(".since-last-visit ol").focus()  # the list scrolls, by keyboard too
    assert page.evaluate("() => document.activeElement.matches('.since-last-visit ol')")
