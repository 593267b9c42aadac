"""Every page of the site in Chromium at 1280 and 360 pixels: nothing scrolls sideways (the
document is no wider than the window); the browser logs no console error and no
Content-Security-Policy violation; axe-core, with the WCAG 2.2 AA rules and its target-size
rule (targets of at least 24 by 24 CSS pixels) switched on, finds no serious or critical
accessibility violation at either width, in each of the site's languages; and on the phone a
game's board has its top edge in view on arrival, above the pinned move panel, which covers
at most a quarter of the screen. A screenshot of each page at each width is kept under
var/browser-screenshots/ (CI keeps it as an artefact).

axe-core 4.10.3 comes from the npm registry, vendored in tests/browser/vendor/axe-core/ with
its licence; the browser context runs it as an init script (which the page's CSP does not
govern), so the pages are exactly as served, CSP included.

The pages: public ones for a visitor; signed-in ones for alice (her games, an invitation from
bob, settings, the account pages); for each game kind, a game at its start, mid-game with a
question pending for the player to move (or, when none comes up, mid-game), and finished, as
its players and the replay show them; the error pages.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from archive.tasks import review_game
from games import services
from games.kinds import all_kinds
from games.models import Game
from games.simulation import bot_action, play_game
from leagues import services as league_services
from rulebooks import services as rulebook_services
from tests.fixtures import make_player
from tests.support.browser import signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
SHOTS = Path(settings.BASE_DIR) / "var" / "browser-screenshots"
WIDTHS = {1280: 800, 360: 740}
#: The most of the phone's screen the pinned move panel may cover.
PANEL_SHARE = 0.25
#: Records CSP violations as they happen (the page's own scripts cannot see this one).
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
});
"""
#: The rules axe runs: those of WCAG 2.2 at levels A and AA (target size is one of them).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
#: The languages each test reads the pages in: two tests, so that two test processes share
#: the work.
LANGUAGE_GROUPS = [("en", "fr"), ("nl", "de")]
#: The language whose words are the longest, kept on the phone's screenshots too.
LONGEST = "de"
#: The most random actions played to reach a pending question.
QUESTION_SEARCH = 150


def mid_game_with_question(kind, players) -> Game:
    """A game of ``kind`` between ``players`` where the player to move faces the kind's
    question (a pending decision), or after a few turns when none comes up."""
    rng = random.Random(7)
    game = play_game(players, rng=rng, engine=kind.name, plies=0)
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    fallback = None
    for ply in range(QUESTION_SEARCH):
        observation = game.kind.engine.observation(game.state, game.current_seat)
        if ply >= 6 and kind.page.question(observation):
            return game
        if ply == 12:
            fallback = game.version
        action = bot_action(game, rng)
        game = services.submit_action(game, by_seat[game.current_seat], action, game.version)
        if game.status != Game.Status.ACTIVE:
            break
    assert fallback is not None, f"{kind.name}: no mid-game position"
    # No question came up: replay the same game to its twelfth action.
    return play_game(players, rng=random.Random(7), engine=kind.name, plies=12)


def the_pages(alice, bob, carol) -> list[tuple[str, str, object]]:
    """(name, url, who looks) for every page; who is None for a visitor."""
    rulebook_services.load_site_rulebooks()
    pages = [
        ("home", "/", None),
        ("lobby", reverse("lobby"), None),
        ("rules", reverse("rulebooks:index"), None),
        ("archive", reverse("archive"), None),
        ("ratings", reverse("leaderboards"), None),
        ("sign-in", reverse("account_login"), None),
        ("sign-up", reverse("account_signup"), None),
        ("password-reset", reverse("account_reset_password"), None),
        ("not-found", "/no-such-page/", None),
        ("my-games", reverse("my_games"), alice),
        ("new-game", reverse("new_game"), alice),
        ("settings", reverse("account_settings"), alice),
        ("account-email", reverse("account_email"), alice),
        ("password-change", reverse("account_change_password"), alice),
    ]
    invitation = services.create_game(bob, num_players=3, invite_only=True)
    services.invite(invitation, bob, "Alice")
    pages.append(("waiting-room", invitation.get_absolute_url(), alice))
    for kind in all_kinds():
        pages.append((f"rules-{kind.name}", reverse("rulebooks:game", args=[kind.name]), None))
        pages.append((f"ratings-{kind.name}", reverse("leaderboard", args=[kind.name]), None))
        start = play_game([alice, bob], rng=random.Random(1), engine=kind.name, plies=0)
        first = start.seats.get(number=start.current_seat).user
        pages.append((f"{kind.name}-start", start.get_absolute_url(), first))
        middle = mid_game_with_question(kind, [alice, bob])
        mover = middle.seats.get(number=middle.current_seat).user
        pages.append((f"{kind.name}-question", middle.get_absolute_url(), mover))
        pages.append((f"{kind.name}-resign", reverse("game_resign", args=[middle.code]), mover))
        if kind.name == "africa":
            pages.append(("forbidden", middle.get_absolute_url(), carol))
        finished = play_game([alice, bob], rng=random.Random(2), engine=kind.name)
        pages.append((f"{kind.name}-finished", finished.get_absolute_url(), alice))
        pages.append((f"{kind.name}-replay", reverse("replay", args=[finished.code]), None))
        if kind.name == "africa":  # the bot's review, on the game's page and a page of its own
            review_game(finished.pk)
            pages.append(("review", reverse("game_review", args=[finished.code]), alice))
    pages.append(("profile", reverse("player_profile", args=["Alice"]), None))
    pages.append(("leagues", reverse("leagues:list"), None))
    pages.append(("league", a_league_under_way(alice, bob).get_absolute_url(), alice))
    return pages


def a_league_under_way(alice, bob):
    """A league whose first season runs, Alice and Bob among its 8 players."""
    league = league_services.create_league(engine="africa", name="Rift League")
    others = [make_player(f"league{n}@example.com", f"Leaguer {n}") for n in range(6)]
    for user in [alice, bob, *others]:
        league_services.join(league, user)
    league_services.start_season(league.next_season())
    return league


def board_on_arrival(page) -> tuple[float, float, float] | None:
    """(top of the board, height of the pinned move panel, height of the window) in CSS px on
    arrival, or None for a page without a board."""
    return page.evaluate(
        """() => {
            const board = document.querySelector(".board-area");
            if (!board) return null;
            const panel = document.querySelector(".actions");
            const pinned = panel && getComputedStyle(panel).position === "sticky";
            return [board.getBoundingClientRect().top,
                    pinned ? panel.getBoundingClientRect().height : 0, window.innerHeight];
        }"""
    )


def check(page, name: str, width: int, console: list[str], shot: bool = True) -> list[str]:
    """Problems of the page on screen: sideways overflow, console errors and CSP violations,
    serious or critical axe violations, and on the phone a board out of view or hidden by the
    move panel; saves its screenshot when ``shot``."""
    problems = []
    overflow = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    if overflow[0] > overflow[1]:
        problems.append(f"{name} @{width}: {overflow[0]} px wide on a {overflow[1]} px screen")
    problems += [f"{name} @{width}: console: {line}" for line in console]
    for violation in page.evaluate("() => window.__cspViolations || []"):
        problems.append(f"{name} @{width}: CSP violation: {violation}")
    if width <= 360 and (board := board_on_arrival(page)):
        top, panel, height = board
        if panel > PANEL_SHARE * height:
            problems.append(f"{name} @{width}: the move panel is {panel:.0f} px of {height} px")
        if not 0 <= top < height - panel:
            problems.append(f"{name} @{width}: the board's top is at {top:.0f} px, out of view")
    violations = page.evaluate(
        """async (WCAG_TAGS) => {
            const results = await axe.run(document, {
                resultTypes: ["violations"],
                runOnly: {type: "tag", values: WCAG_TAGS},
                rules: {"target-size": {enabled: true}},
            });
            return results.violations
                .filter(v => v.impact === "serious" || v.impact === "critical")
                .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3)
                    .map(n => n.target.join(" ")).join(" | ")}`);
        }""",
        WCAG_TAGS,
    )
    problems += [f"{name} @{width}: {violation}" for violation in violations]
    if shot:
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    return problems


def test_the_language_groups_cover_every_language():
    assert sorted(c for group in LANGUAGE_GROUPS for c in group) == sorted(
        code for code, _name in settings.LANGUAGES
    )
    assert settings.LANGUAGE_CODE in LANGUAGE_GROUPS[0]


@pytest.mark.parametrize("languages", LANGUAGE_GROUPS, ids="-".join)
def test_every_page_fits_a_phone_and_passes_axe(browser, live_server, alice, bob, carol, languages):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = the_pages(alice, bob, carol)  # once for the group: the same games in each language
    problems = []
    for language in languages:
        problems += check_language(browser, live_server, pages, language)
    assert not problems, "\n".join(problems)


def check_language(browser, live_server, pages, language: str) -> list[str]:
    """The problems of every page of ``pages`` at both widths, read by browsers that chose
    ``language`` (its own contexts, so that nothing is carried over from another language).
    Screenshots are kept at both widths in the site's default language and on the phone in
    the language of the longest words (where a wording overflows first)."""
    problems = []
    viewers = {}
    console = []
    for name, url, who in pages:
        if who not in viewers:
            if who is None:
                context = browser.new_context()
                context.set_default_timeout(15_000)
                page = context.new_page()
            else:
                page = signed_in_page(browser, live_server, who)
            page.context.add_cookies(  # this browser's language, as the switcher sets it
                [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
            )
            page.context.add_init_script(CSP_LISTENER)
            page.context.add_init_script(path=str(AXE))
            page.on("console", lambda line: line.type == "error" and console.append(line.text))
            page.on("pageerror", lambda error: console.append(str(error)))
            viewers[who] = page
        page = viewers[who]
        expected = {"not-found": 404, "forbidden": 403}.get(name, 200)
        for width, height in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            console.clear()
            response = page.goto(live_server.url + url)
            if response.status != expected:
                problems.append(f"{language}-{name}: status {response.status}, not {expected}")
            page.wait_for_load_state("load")
            if expected != 200:  # the browser logs the error status of the page itself
                console[:] = [line for line in console if str(expected) not in line]
            if page.evaluate("() => document.documentElement.lang") != language:
                problems.append(f"{name}: not in {language}")
            shot = language == settings.LANGUAGE_CODE or (language == LONGEST and width <= 360)
            problems += check(page, f"{language}-{name}", width, console, shot=shot)
    for page in viewers.values():
        page.context.close()
    return problems
