"""Each tutorial played to its end in a real browser on a 360-pixel phone, by clicking only what
each step highlights: from the home page's "Learn to play" to the final table and the offer of
a real game (the first steps and the last ones are clicked; the steps between are played by
the same service the page posts to, so that the long tutorials stay quick to check). The board
places the step names are highlighted too, and no script error or Content-Security-Policy
violation happens on the way. The learn page, a step and the end pass the checks of every page
of the site (tests/browser/test_every_page.py: both widths, axe)."""

import pytest
from django.urls import reverse

from tests.browser import test_every_page as every_page
from tests.support.browser import signed_in_page
from tutorials import script, services
from tutorials.models import Tutorial

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

GAMES = ("africa", "africana", "nile")
#: How many steps are clicked at the start of a tutorial, and at its end.
FIRST, LAST = 8, 5


def fits(page) -> bool:
    """Whether the page is no wider than the window (nothing scrolls sideways)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_is_learnt_at_360_pixels_by_clicking_what_is_highlighted(
    browser, live_server, alice, game
):
    page = signed_in_page(browser, live_server, alice)
    page.set_viewport_size({"width": 360, "height": 740})
    problems = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(every_page.CSP_LISTENER)
    page.goto(live_server.url + "/")
    page.locator(f'a.learn-to-play[href="/learn/{game}/"]').click()
    page.locator(".tutorial-target").click()
    steps = script.load(game, "en").steps
    for number, step in enumerate(steps, 1):
        if FIRST < number <= len(steps) - LAST:
            tutorial = Tutorial.objects.get(user=alice, engine=game)
            services.play_step(tutorial, alice, number - 1, step.do or "")
            if number == len(steps) - LAST:
                page.reload()
            continue
        page.wait_for_selector(f"text=Step {number} of {len(steps)}")
        for place in step.highlight:
            assert page.locator(f"#place-{place}.tutorial-highlight").count() == 1, place
        assert fits(page), f"step {number} scrolls sideways"
        target = page.locator(".tutorial-target")
        assert target.count() == 1 and target.is_visible()
        box = target.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        target.click()
    page.wait_for_selector("table.breakdown")
    assert fits(page)
    every_page.SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(every_page.SHOTS / f"tutorial-{game}-end-360.png"), full_page=True)
    assert page.get_by_role("button", name="Play now against the computer").is_visible()
    assert problems == []
    assert page.evaluate("() => window.__cspViolations") == []


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_pages_fit_both_widths_and_pass_axe(browser, live_server, alice, game):
    tutorial = services.start(alice, game)
    page = signed_in_page(browser, live_server, alice)
    page.context.add_init_script(every_page.CSP_LISTENER)
    page.context.add_init_script(path=str(every_page.AXE))
    console = []
    page.on("console", lambda line: line.type == "error" and console.append(line.text))
    every_page.SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []

    def look(name, url):
        for width, height in every_page.WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            console.clear()
            page.goto(live_server.url + url)
            problems.extend(every_page.check(page, f"{name}-{game}", width, console))

    look("tutorial-learn", reverse("tutorials:learn", args=[game]))
    look("tutorial-step", tutorial.get_absolute_url())
    looked_at_moves = False
    for step in script.load(game, "en").steps:
        if step.moves and not looked_at_moves:
            look("tutorial-moves", tutorial.get_absolute_url())
            looked_at_moves = True
        tutorial = services.play_step(tutorial, alice, tutorial.step, step.do or "")
    look("tutorial-end", tutorial.get_absolute_url())
    assert not problems, "\n".join(problems)
