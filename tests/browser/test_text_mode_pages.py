"""The text mode of the play page in Chromium at 1280 and 360 pixels, for each game: at the start,
mid-game (with a question pending when one comes up) and finished, as the player to move sees
it: no sideways scrolling, no console error or CSP violation, no serious or critical axe
violation (WCAG 2.2 AA and target size), as every page (test_every_page.py). Screenshots are
kept under var/browser-screenshots/ as "text-<game>-<moment>-<width>.png"."""

from __future__ import annotations

import random

import pytest

from games.kinds import all_kinds
from games.simulation import play_game
from tests.browser.test_every_page import (
    AXE,
    CSP_LISTENER,
    SHOTS,
    WIDTHS,
    check,
    mid_game_with_question,
)
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_text_mode_fits_a_phone_and_passes_axe(browser, live_server, alice, bob):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for player in (alice, bob):
        player.text_mode = True
        player.save()
    pages = []
    for kind in all_kinds():
        start = play_game([alice, bob], rng=random.Random(1), engine=kind.name, plies=0)
        middle = mid_game_with_question(kind, [alice, bob])
        finished = play_game([alice, bob], rng=random.Random(2), engine=kind.name)
        for moment, game in (("start", start), ("question", middle), ("finished", finished)):
            who = game.seats.get(number=game.current_seat or 0).user
            pages.append((f"text-{kind.name}-{moment}", game.get_absolute_url(), who))
    viewers = {}
    console: list[str] = []
    problems = []
    for name, url, who in pages:
        if who not in viewers:
            page = signed_in_page(browser, live_server, who)
            page.context.add_init_script(CSP_LISTENER)
            page.context.add_init_script(path=str(AXE))
            page.on("console", lambda line: line.type == "error" and console.append(line.text))
            page.on("pageerror", lambda error: console.append(str(error)))
            viewers[who] = page
        page = viewers[who]
        for width, height in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            console.clear()
            page.goto(live_server.url + url)
            page.wait_for_load_state("load")
            assert page.locator("#text-board-heading").count() == 1, name
            problems += check(page, name, width, console)
    assert not problems, "\n".join(problems)
