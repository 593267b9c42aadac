"""A finished game replayed in Chromium on a phone: arrow keys and the slider step through it
with htmx, with no error from the Content-Security-Policy."""

import random

import pytest

from games.simulation import play_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_arrow_keys_and_the_slider_step_through_a_replay(page, live_server, alice, bob):
    game = play_game([alice, bob], rng=random.Random(3))
    last = game.moves.filter(taken_back=False).count()
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/archive/{game.code}/?step=3")
    status = page.locator(".replay-slider label")

    page.keyboard.press("ArrowRight")
    page.wait_for_url("**?step=4")
    assert status.inner_text() == f"Step 4 of {last}"
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**?step=3")
    assert page.locator(".replay-log li.current .step-number").inner_text() == "3."

    page.locator("#replay-step").fill(str(last))
    page.wait_for_url(f"**?step={last}")
    assert status.inner_text() == f"Step {last} of {last}"
    log = page.locator(".replay-log")
    assert log.evaluate("l => l.scrollTop") > 0  # the last entry is scrolled into view
    assert page.evaluate("document.documentElement.scrollWidth") <= 360 + 1
    assert errors == []
