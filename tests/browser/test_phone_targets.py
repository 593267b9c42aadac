"""The boards for a finger on a 360-pixel phone, for every game (WCAG 2.2, target size): the
board opens zoomed enough that every place to click in view is at least 24 by 24 CSS pixels,
the words shown on it are at least 11 pixels high (smaller ones are hidden until the player
zooms in), this turn's targets are in view above the pinned move panel on arrival, and axe's
target-size rule finds nothing on the play page."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from games import GAMES, services
from games.models import Game
from games.simulation import bot_action, play_game
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
TARGET = 24
TEXT = 11
#: The most actions played to reach a position whose player to move has places to click.
SEARCH = 60

#: What the page shows on arrival, measured in the page: the board's viewport, the pinned
#: panel's top, the boxes of the places to click (hit area or hex, else the link) and of this
#: turn's targets, and the heights of the words shown, all in CSS pixels of the window.
MEASURE = """() => {
  const view = document.querySelector(".board-zoom-viewport").getBoundingClientRect();
  const panel = document.querySelector(".actions");
  const box = (el) => {
    const r = (el.querySelector(".hit, .hex") || el).getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height};
  };
  const inView = (r) => r.right > view.left && r.left < view.right
    && r.bottom > view.top && r.top < view.bottom && r.width > 0;
  const links = [...document.querySelectorAll(".board-zoom-viewport svg a[href]")];
  const texts = [...document.querySelectorAll(".board-zoom-viewport svg text")]
    .filter((t) => getComputedStyle(t).visibility !== "hidden" && t.textContent.trim())
    .map((t) => [t.textContent.trim(), t.getBoundingClientRect()])
    .filter(([_w, r]) => inView(r))
    .map(([words, r]) => [words, r.height]);
  return {
    view: {top: view.top, bottom: view.bottom},
    panelTop: panel ? panel.getBoundingClientRect().top : innerHeight,
    clickable: links.map(box).filter(inView),
    targets: links.filter((a) => !a.classList.contains("why-not")).map(box).filter(inView),
    allTargets: links.filter((a) => !a.classList.contains("why-not")).length,
    texts,
  };
}"""


def new_game(engine: str, players) -> tuple[Game, dict, random.Random]:
    """A new game of ``engine`` between ``players``, its {seat number: user} and the random
    source of the bot's actions that follow."""
    rng = random.Random(3)
    game = play_game(players, rng=rng, engine=engine, plies=0)
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    return game, by_seat, rng


@pytest.mark.parametrize("engine", GAMES)
def test_every_place_to_click_on_a_phone_is_large_enough_and_in_view_above_the_panel(
    browser, live_server, alice, bob, engine
):
    game, by_seat, rng = new_game(engine, [alice, bob])
    pages = {}
    for _ply in range(SEARCH):
        mover = by_seat[game.current_seat]
        if mover not in pages:
            pages[mover] = signed_in_page(browser, live_server, mover)
            pages[mover].context.add_init_script(path=str(AXE))
            pages[mover].set_viewport_size({"width": 360, "height": 740})
        page = pages[mover]
        page.goto(live_server.url + game.get_absolute_url())
        seen = page.evaluate(MEASURE)
        if seen["allTargets"]:
            break
        action = bot_action(game, rng)
        game = services.submit_action(game, mover, action, game.version)
    else:
        pytest.fail(f"{engine}: no position with places to click on the board")

    small = [r for r in seen["clickable"] if min(r["width"], r["height"]) < TARGET - 0.5]
    assert seen["clickable"] and small == []
    assert [(words, h) for words, h in seen["texts"] if h < TEXT - 0.5] == []
    # This turn's targets: some in view, and every one in view above the panel.
    assert seen["targets"]
    for target in seen["targets"]:
        assert target["top"] >= 0
        assert min(target["bottom"], seen["view"]["bottom"]) <= seen["panelTop"] + 0.5
    violations = page.evaluate(
        """async () => (await axe.run(document, {runOnly: ["target-size"]})).violations
            .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}`)"""
    )
    assert violations == []
    for other in pages.values():
        other.context.close()


#: Every word shown on the board with its contrast to what is behind it: the halo drawn
#: under it (a stroke painted first, two units wide or more), else the fill of the shape
#: under its centre (the first with a flat colour), else the page's background.
CONTRASTS = """() => {
  const rgb = (c) => { const m = (c || "").match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null; const p = m[1].split(",").map(Number);
    return p.length > 3 && p[3] === 0 ? null : p.slice(0, 3); };
  const lum = (p) => { const l = p.map((v) => { v /= 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const out = [];
  for (const text of document.querySelectorAll(".board-zoom-viewport svg text")) {
    const style = getComputedStyle(text);
    const view = document.querySelector(".board-zoom-viewport").getBoundingClientRect();
    let box = text.getBoundingClientRect();
    if (style.visibility === "hidden" || !text.textContent.trim() || box.width === 0) continue;
    let x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < view.left || x > view.right || y < view.top || y > view.bottom) continue;
    window.scrollBy(0, y - innerHeight / 2);  // on screen, where the browser can point at it
    box = text.getBoundingClientRect();
    [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const ink = rgb(style.fill);
    if (!ink) continue;
    let behind = null;
    if (style.paintOrder.startsWith("stroke") && parseFloat(style.strokeWidth) >= 2) {
      behind = rgb(style.stroke);
    }
    for (const el of behind ? [] : document.elementsFromPoint(x, y)) {
      const shape = el instanceof SVGGeometryElement || el instanceof SVGUseElement;
      if (el === text || el.closest("text") || !shape) continue;
      behind = rgb(getComputedStyle(el).fill);
      if (behind) break;
    }
    behind = behind || rgb(getComputedStyle(document.body).backgroundColor) || [255, 255, 255];
    out.push([text.textContent.trim(), Math.round(ratio(ink, behind) * 100) / 100]);
  }
  return out;
}"""


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("engine", GAMES)
def test_the_words_on_the_board_read_at_aa_contrast(
    browser, live_server, alice, bob, engine, width
):
    game = play_game([alice, bob], rng=random.Random(5), engine=engine, plies=12)
    mover = game.seats.get(number=game.current_seat).user
    page = signed_in_page(browser, live_server, mover)
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(live_server.url + game.get_absolute_url())
    words = page.evaluate(CONTRASTS)
    for _step in range(2):  # zoomed in, more of the words are shown
        page.get_by_role("button", name="Zoom in").click()
        words += page.evaluate(CONTRASTS)

    assert words
    assert [(text, contrast) for text, contrast in words if contrast < 4.5] == []
    page.context.close()
