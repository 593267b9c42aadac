"""A whole game of each kind played in the text mode of the play page in Chromium, by keyboard
only (Tab, Enter and typing; no click), reading only the text mode's words: the buttons of the
actions and the notation beside them, the board in words, the status. alice plays against an
easy computer player (Africa, Africana) or alone (the Nile); the bots answer at once (their task
runs in the test's process). Each game is kept short: Africa's nine monuments lie face down
next to Casablanca (the 2-player game ends with the ninth found), the Nile lasts two rounds;
Africana ends when its expeditions run out, alice passing ("done") when she may. On the way the
typed line plays an action, and the live region reads out the moves of the others."""

from __future__ import annotations

import re

import pytest

from games import services
from games.africa.engine.legal import BOARD as AFRICA_BOARD
from games.models import Game
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: The most decisions a game may take here before the test gives up.
MAX_DECISIONS = 150
#: The most Tab presses to reach an element.
MAX_TABS = 400
CELL_LINE = re.compile(r"^([A-M]\d{1,2}): (.*)$")


@pytest.fixture(autouse=True)
def quick_bots(settings):
    settings.BOT_PAUSE_SECONDS = 0


def monuments_by_casablanca() -> dict[str, str]:
    """A layout with the nine monuments on the nine cells nearest to Casablanca (C2)."""
    seen, cells, index = ["C2"], [], 0
    while len(cells) < 9:
        for cell in AFRICA_BOARD.neighbors(seen[index]):
            if cell not in seen:
                seen.append(cell)
                if cell not in AFRICA_BOARD.start_cities:
                    cells.append(cell)
        index += 1
    return {cell: "monument" for cell in cells[:9]}


def status(page) -> str:
    return page.locator("#game-status .turn-status").inner_text()


def wait_for_my_turn_or_the_end(page) -> bool:
    """Wait until the status says it is alice's turn (True) or the game is over (False)."""
    page.wait_for_function(
        """() => {
            const s = document.querySelector("#game-status .turn-status");
            return s && /Your turn\\.|The game is over\\./.test(s.textContent);
        }""",
        timeout=60_000,
    )
    return "The game is over." not in status(page)


def offered(page) -> list[tuple[str, str]]:
    """The actions offered, as (the words on the button, the action in the notation): the
    notation is the words beside the button, or the button's own words when they are it."""
    items = page.locator("#game-actions .text-action-list li")
    found = []
    for index in range(items.count()):
        item = items.nth(index)
        words = item.locator("button").inner_text().strip()
        notation = item.locator(".notation")
        found.append((words, notation.inner_text().strip() if notation.count() else words.lower()))
    return found


def board_lines(page) -> list[str]:
    return page.locator("#game-board li").all_inner_texts()


def focused(page, script: str, arg) -> bool:
    return page.evaluate(f"arg => {{ const e = document.activeElement; return {script}; }}", arg)


def tab_to(page, script: str, arg=None) -> None:
    """Press Tab until the focused element meets ``script`` (a JS expression of ``e``, the
    focused element, and ``arg``)."""
    for _n in range(MAX_TABS):
        page.keyboard.press("Tab")
        if focused(page, script, arg):
            return
    raise AssertionError(f"no element meets {script} within {MAX_TABS} tabs")


def to_the_actions(page) -> None:
    """Jump to the actions with the skip link "Your move" at the top of the page."""
    tab_to(page, "e.matches('a[href=\"#game-actions\"]')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'game-actions'")


def wait_past(page, before: int) -> None:
    """Wait until the page shows a version of the game after ``before``."""
    page.wait_for_function(
        "v => +document.querySelector('#game-sync').dataset.version > v", arg=before
    )


def version(page) -> int:
    return int(page.locator("#game-sync").get_attribute("data-version"))


def play_button(page, notation: str) -> None:
    """Play the offered action ``notation``: to the actions, Tab to its button, Enter."""
    before = version(page)
    to_the_actions(page)
    words = dict((n, w) for w, n in offered(page))[notation]
    tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === arg", words)
    page.keyboard.press("Enter")
    wait_past(page, before)


def type_action(page, notation: str) -> None:
    """Play ``notation`` on the typed line: to the actions, Tab to the line, type, Enter."""
    before = version(page)
    to_the_actions(page)
    tab_to(page, "e.id === 'typed-action'")
    page.keyboard.type(notation)
    page.keyboard.press("Enter")
    wait_past(page, before)


def first(actions: list[str], *keywords: str) -> str | None:
    """The first of ``actions`` whose keyword is the first of ``keywords`` that has one."""
    for keyword in keywords:
        for action in actions:
            if action == keyword or action.startswith(keyword + " "):
                return action
    return None


def africa_choice(page, actions: list[str]) -> str:
    """Start in Casablanca; uncover and settle what that asks; else move next to a face-down
    marker (read on the board in words), else end the turn."""
    chosen = first(actions, "uncover", "keep", "place")
    if "start C2" in actions:
        return "start C2"
    if chosen:
        return chosen
    face_down = set()
    for line in board_lines(page):
        match = CELL_LINE.match(line)
        if match and "face-down marker" in match[2]:
            face_down.add(match[1])
    for keyword in ("move", "anywhere"):
        for action in actions:
            words = action.split()
            if words[0] == keyword and set(AFRICA_BOARD.neighbors(words[1])) & face_down:
                return action
    return first(actions, "end") or actions[0]


def africana_choice(page, actions: list[str]) -> str:
    """Pass when she may, else the first action offered."""
    return first(actions, "done") or actions[0]


def nile_choice(page, actions: list[str]) -> str:
    """A profession, the first port, the market left at once, then off on foot and a step."""
    return first(actions, "profession", "level", "end") or actions[0]


def play_to_the_end(page, choose, typed_once: str | None = None) -> int:
    """Play alice's decisions with ``choose`` until the game is over; the first time
    ``typed_once`` is offered it is typed instead. Returns how many decisions she made."""
    decisions = 0
    for decisions in range(MAX_DECISIONS):  # noqa: B007
        if not wait_for_my_turn_or_the_end(page):
            return decisions
        actions = [notation for _words, notation in offered(page)]
        assert actions, status(page)
        if typed_once and typed_once in actions:
            type_action(page, typed_once)
            typed_once = None
            continue
        play_button(page, choose(page, actions))
    raise AssertionError(f"the game did not end in {MAX_DECISIONS} decisions")


def start_in_text_mode(browser, live_server, alice, game):
    page = signed_in_page(browser, live_server, alice)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda line: line.type == "error" and errors.append(line.text))
    page.goto(live_server.url + game.get_absolute_url())
    # The first link of the page switches to the text mode.
    page.keyboard.press("Tab")
    assert focused(page, "e.getAttribute('href') === '?mode=text'", None)
    page.keyboard.press("Enter")
    page.locator("#text-board-heading").wait_for()
    return page, errors


def finished(page, game, errors) -> None:
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert "The game is over." in status(page)
    assert page.locator("#text-board-heading").count() == 1
    assert not errors, errors


@pytest.mark.parametrize(
    ("engine", "players", "options", "choose", "typed"),
    [
        ("africa", 2, {"layout": monuments_by_casablanca()}, africa_choice, "start C2"),
        ("africana", 2, None, africana_choice, "done"),
        ("nile", 1, {"max_rounds": 2}, nile_choice, "end"),
    ],
    ids=["africa", "africana", "nile"],
)
def test_a_whole_game_by_keyboard_in_the_text_mode(
    browser, live_server, alice, engine, players, options, choose, typed
):
    game = services.create_game(
        alice, engine=engine, num_players=players, options=options, bots=players - 1
    )
    page, errors = start_in_text_mode(browser, live_server, alice, game)

    decisions = play_to_the_end(page, choose, typed_once=typed)

    assert decisions > 1
    finished(page, game, errors)
    if players > 1:  # the others' moves were read out in the live region
        news = page.locator("#text-mode-news p").all_inner_texts()
        assert any("Robot" in line for line in news), news
