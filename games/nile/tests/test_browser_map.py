"""The Source of the Nile map read in Chromium at 1280 and 360 px: port names and tribe sizes
at least 11 CSS px on a desktop screen (and no two names overlapping), the column and row
numbers of the hex ids along the map's edges, a move target's hex id shown when it is pointed
at, and move targets of at least 24 by 24 CSS px (WCAG 2.2 target size) at 1280 and, on the
phone, through the board's zoom."""

import random

import pytest

from games import services
from games.models import Game
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Per text of the map's labels: its font size in CSS px (its font-size in user units times
#: the map's scale) and its box on the screen.
LABELS = """svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('.nile-labels text, .nile-rulers text, .tribe-size')].map(t => {
    const box = t.getBoundingClientRect();
    const group = t.parentNode.getAttribute('class') || t.getAttribute('class');
    return {text: t.textContent, group: group,
            px: parseFloat(getComputedStyle(t).fontSize) * scale,
            box: [box.left, box.top, box.right, box.bottom]};
  });
}"""


def _with_move_targets(alice) -> Game:
    """A solo game played on by random legal actions until the explorer may move on the map."""
    game = services.create_game(alice, engine="nile", num_players=1)
    rng = random.Random(2)
    for _step in range(200):
        game.refresh_from_db()
        legal = game.kind.engine.legal_actions(game.state)
        if any(action.startswith("move ") for action in legal):
            return game
        quiet = [a for a in legal if not a.startswith(("end", "stay"))] or legal
        services.submit_action(game, alice, rng.choice(quiet), game.version)
    raise AssertionError("no move on the map within 200 actions")


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture
def game_page(browser, live_server):
    pages = []

    def open_page(user, game, width, height):
        page = signed_in_page(browser, live_server, user)
        page.set_viewport_size({"width": width, "height": height})
        pages.append(page)
        page.goto(live_server.url + game.get_absolute_url())
        return page

    yield open_page
    for page in pages:
        page.context.close()


def test_the_map_reads_at_1280_and_its_targets_are_large_enough(game_page, alice):
    game = _with_move_targets(alice)
    page = game_page(alice, game, 1280, 800)
    labels = page.locator("svg.nile-map").evaluate(LABELS)

    ports = [label for label in labels if label["group"] == "nile-labels"]
    assert {"Brass", "Douala", "Khartoum"} <= {label["text"] for label in ports}
    assert min(label["px"] for label in labels) >= 11
    for i, a in enumerate(ports):
        for b in ports[i + 1 :]:
            assert not _overlaps(a["box"], b["box"]), (a["text"], b["text"])
    rulers = {label["text"] for label in labels if label["group"] == "nile-rulers"}
    assert {"01", "18", "21", "23"} <= rulers

    targets = page.locator("svg.nile-map a:not(.why-not)")
    assert targets.count()
    for i in range(targets.count()):
        box = targets.nth(i).locator(".hex").bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
    target = targets.first
    hex_id = target.locator(".target-id")
    assert not hex_id.is_visible()
    target.hover()
    assert hex_id.is_visible()
    assert f"to {hex_id.text_content()}" in target.get_attribute("aria-label")


def test_on_a_phone_the_targets_reach_24_px_through_the_zoom(game_page, alice):
    game = _with_move_targets(alice)
    page = game_page(alice, game, 360, 740)
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    target = page.locator("svg.nile-map a:not(.why-not) .hex").first
    # The whole map in 360 px would make the hexes too small to tap: it opens zoomed on them.
    assert float(page.locator("svg.nile-map").get_attribute("data-scale")) > 1
    box = target.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24

    zoom_in = page.get_by_role("button", name="Zoom in")
    zoom_in.click()
    zoom_in.click()

    labels = page.locator("svg.nile-map").evaluate(LABELS)
    assert min(label["px"] for label in labels) >= 11
    box = target.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    assert errors == []
