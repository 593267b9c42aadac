"""The live play page in Chromium: a move shows on the other players' open pages at once,
through the live process's stream, without a reload; the bots' actions show one by one; a
page whose stream is refused still follows the game by polling."""

import copy
import time
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
import time_machine
from django.utils import timezone

from games import services
from games.models import Game
from games.polling import POLL_TOKEN_SECONDS
from games.services import bots as bot_moves
from games.services import play as play_service
from tests.live.conftest import LiveServer, wait_until
from tests.support.browser import play_a_turn, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_stream(live_server, settings):
    """A live process beside the test server, on the page's host name (so that the session
    cookie goes with the stream), its origin allowed by the CORS answer and the CSP."""
    settings.LIVE_POLL_SECONDS = 0.05
    server = LiveServer()
    host = urlsplit(live_server.url).hostname
    port = urlsplit(server.url).port
    settings.LIVE_URL = f"http://{host}:{port}/live/"
    settings.LIVE_ALLOWED_ORIGINS = [live_server.url]
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"]["connect-src"] = ["'self'", f"http://{host}:{port}"]
    settings.CONTENT_SECURITY_POLICY = policy
    yield server
    server.stop()


def sync_version(page) -> int:
    return int(page.locator("#game-sync").get_attribute("data-version"))


def wait_for_version(page, version: int) -> None:
    page.wait_for_function(
        "v => parseInt(document.getElementById('game-sync').dataset.version) >= v", arg=version
    )


def polls(page) -> list[str]:
    """The poll requests ``page`` makes, as they are made."""
    made = []
    page.on("request", lambda request: "/poll/" in request.url and made.append(request.url))
    return made


def errors(page) -> list[str]:
    """The console errors of ``page`` (a CSP violation is one), as they come."""
    found = []
    page.on("console", lambda message: message.type == "error" and found.append(message.text))
    return found


def play_something(page) -> None:
    """Play the first start city while the game begins, else a whole turn."""
    start = page.locator('a[aria-label^="Start in"]')
    if start.count():
        before = sync_version(page)
        start.first.click()
        wait_for_version(page, before + 1)
    else:
        play_a_turn(page)


def wait_for_streams(server, count: int) -> None:
    wait_until(lambda: server.hub.streams() >= count, f"{count} open streams")


@pytest.fixture
def duel(live_stream, browser, live_server, alice, bob):
    """A 2-player game between alice and bob: (the game, the first player, their page, the
    other player's page), both pages signed in, not opened yet."""
    game = services.create_game(alice, num_players=2, seed=31)
    services.join_game(game, bob)
    game.refresh_from_db()
    first, second = (game.seats.get(number=n).user for n in (0, 1))
    pages = [signed_in_page(browser, live_server, user) for user in (first, second)]
    return game, first, *pages


def open_game(live_server, game, *pages) -> None:
    for page in pages:
        page.goto(f"{live_server.url}/games/{game.code}/")


def test_a_move_shows_on_the_other_players_page_without_a_reload(live_stream, live_server, duel):
    game, first, mover, other = duel
    other_polls, other_errors = polls(other), errors(other)
    loads = []
    other.on("load", lambda _page: loads.append(1))
    open_game(live_server, game, mover, other)
    wait_for_streams(live_stream, 2)
    assert other.get_by_text(f"Waiting for {first.display_name}.").count()
    polled_before = len(other_polls)

    play_something(mover)
    game.refresh_from_db()
    wait_for_version(other, game.version)

    other.get_by_text("Your turn.").wait_for()
    assert len(loads) == 1, "the other player's page was loaded again"
    # Told by the stream: the page asked for the news only once the game had moved on, never
    # on the clock (the first poll of a page without a stream would come after 4 s).
    assert polled_before == 0 and other_polls, "the page polled instead of hearing the stream"
    assert other_errors == []
    # Now the other player moves, and the first page follows.
    play_something(other)
    game.refresh_from_db()
    wait_for_version(mover, game.version)
    mover.get_by_text("Your turn.").wait_for()


def test_the_page_follows_by_polling_when_its_stream_is_refused(live_stream, live_server, duel):
    game, _first, mover, other = duel
    other.route("**/live/**", lambda route: route.abort())
    other_polls = polls(other)
    open_game(live_server, game, mover, other)

    play_something(mover)
    game.refresh_from_db()
    other.get_by_text("Your turn.").wait_for(timeout=30_000)
    assert sync_version(other) == game.version
    assert other_polls, "the page followed the game without polling"
    assert live_stream.hub.streams() == 1  # only the mover's page holds a stream


def until_in(page, condition, what: str) -> None:
    """Wait (up to 30 s) until ``condition()``, letting ``page``'s events be handled."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"waited 30 s for {what}"
        page.wait_for_timeout(50)


def test_a_stream_whose_token_expires_is_opened_again_with_a_fresh_token(
    live_stream, live_server, duel
):
    game, _first, mover, other = duel
    open_game(live_server, game, mover)
    opened, traveling = [], [True]

    def stream(route):  # no stream while the clock is set back (the page polls meanwhile)
        opened.append(route.request.url)
        route.abort() if traveling else route.continue_()

    other.route("**/live/**", stream)
    # The other page is shown with a token that has 8 s to live.
    with time_machine.travel(timezone.now() - timedelta(seconds=POLL_TOKEN_SECONDS - 8)):
        open_game(live_server, game, other)
    traveling.clear()

    # Waited for in the page, so that the route above is answered meanwhile.
    until_in(other, lambda: len(set(opened)) >= 2, "the stream opened with a fresh token")
    until_in(other, lambda: live_stream.hub.streams() == 2, "both pages' streams")
    play_something(mover)  # the fresh stream tells the page of the move
    game.refresh_from_db()
    wait_for_version(other, game.version)


@pytest.fixture
def bot_queue(monkeypatch, settings):
    """The bots' moves held back in a list of (game id, version) instead of enqueued, so
    that the test plays them one at a time, as the worker does after each pause."""
    settings.BOT_HARD_ITERATIONS = 4
    queued = []
    monkeypatch.setattr(
        play_service, "enqueue_bot_move", lambda game_id, version: queued.append((game_id, version))
    )
    return queued


def test_a_game_against_bots_shows_each_bot_action_as_it_is_played(
    live_stream, browser, live_server, alice, bot_queue
):
    game = services.create_game(alice, num_players=3, bots=2, seed=5)
    page = signed_in_page(browser, live_server, alice)
    page_errors = errors(page)
    page.goto(f"{live_server.url}/games/{game.code}/")
    wait_for_streams(live_stream, 1)
    shown = []
    for _turn in range(2):
        while bot_queue:  # the bots move first when they sit before alice
            game_id, version = bot_queue.pop(0)
            assert bot_moves.play_bot_move(game_id, version)
            game.refresh_from_db()
            wait_for_version(page, game.version)
            newest = page.locator("#game-log li").first.inner_text()
            shown.append(newest)
            assert "Robot" in newest, newest
        page.get_by_text("Your turn.").wait_for()
        play_something(page)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert len(shown) >= 2, "the page did not show the bots' actions one by one"
    assert page_errors == []
