"""How soon an open play page shows a move, in Chromium against `make run`, printed (no
pass/fail).

    .venv/bin/python bench/live_browser.py [--moves 12] [--bot-turns 6] [--port 8790]
                                           [--var-dir DIR] [--seed 1]

Starts the whole local site with `make run` (web, worker, scheduler and the live process, on
its embedded defaults: no PostgreSQL, no Redis; in ``--var-dir``, by default a new temporary
directory; the web server on ``--port``, the live process on the next port) and drives Debian's
Chromium with Playwright, as two people would:

- **Two players.** A 2-player game of Africa between the demo accounts alice and bob, each in
  a browser context of their own with the game open. The player to move plays the first
  action the page offers (a click, htmx), over and over, ``--moves`` times. For each move:
  the time from the move's answer on the mover's page to the moment the other player's page
  shows the new version (both taken in the pages, on the machine's one clock).
- **Against the bots.** alice plays Africa against two easy computer players, who pause
  ``BOT_PAUSE_SECONDS`` (the site's setting, 1.5 s by default) before each action. For each
  bot action: the time from its commit (the move's ``created_at``) to the moment alice's page
  shows it, and the gap between two bot actions shown one after the other.

Prints the median, 95th percentile and the highest of each, next to the goals (the other's
move p95 <= 1 s after the answer; each bot action within its pause + 0.5 s). Both games are
dealt from ``--seed``.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
# Records, in the page, when each version of the game first shows: window.seenAt[version] =
# Date.now() (milliseconds), and when each htmx request of the page ends (window.answeredAt).
OBSERVER = """
window.seenAt = {};
window.answeredAt = [];
function note() {
  var sync = document.getElementById("game-sync");
  if (sync && sync.dataset.version && !(sync.dataset.version in window.seenAt)) {
    window.seenAt[sync.dataset.version] = Date.now();
  }
}
new MutationObserver(note).observe(document, {subtree: true, childList: true, attributes: true});
document.addEventListener("htmx:afterRequest", function () { window.answeredAt.push(Date.now()); });
document.addEventListener("DOMContentLoaded", note);
"""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--bot-turns", type=int, default=6)
    benchkit.add_port_flag(parser, "--port", 8790, "the web server (the live process: the next)")
    parser.add_argument(
        "--var-dir",
        type=Path,
        default=None,
        help="directory of the local site's files, its SQLite database among them (default: a "
        "new temporary directory)",
    )
    benchkit.add_seed_flag(parser, 1)
    return parser.parse_args(argv)


class LocalSite:
    """`make run` in a var/ directory of its own, stopped (the whole process group) on exit."""

    def __init__(self, port: int, var_dir: Path | None = None):
        self.var_dir = var_dir or Path(tempfile.mkdtemp(prefix="live-browser-"))
        self.var_dir.mkdir(parents=True, exist_ok=True)
        self.port = port
        env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
        env.update({"VAR_DIR": str(self.var_dir), "PORT": str(port)})
        self.env = env
        self.output: list[str] = []
        self.process = subprocess.Popen(
            ["make", "run"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.output.append(line)

    def wait_until_up(self, seconds: float = 300) -> None:
        """Wait until the web server and the live process answer."""
        deadline = time.monotonic() + seconds
        urls = [
            f"http://127.0.0.1:{self.port}/health/web/",
            f"http://127.0.0.1:{self.port + 1}/live/health",
        ]
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit("make run stopped:\n" + "".join(self.output[-40:]))
            try:
                for url in urls:
                    urllib.request.urlopen(url, timeout=2).read()
                return
            except OSError:
                time.sleep(0.5)
        raise SystemExit("the site did not come up:\n" + "".join(self.output[-40:]))

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGINT)
            self.process.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, signal.SIGKILL)


SERVICE_VARIABLES = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "SECRET_KEY")


def django_for(site: LocalSite):
    """Django set up in this process on the local site's settings (its SQLite database)."""
    for name in SERVICE_VARIABLES:
        os.environ.pop(name, None)
    os.environ["VAR_DIR"] = str(site.var_dir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # beside Playwright's loop, in one thread
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def session_cookie(user, base: str) -> dict:
    """A signed-in session of ``user``, as the browser's cookie."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    from accounts.backends import SESSION_BACKEND

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = SESSION_BACKEND
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": base}


def open_game(browser, user, base: str, game):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.set_default_timeout(30_000)
    context.add_cookies([session_cookie(user, base)])
    context.add_init_script(OBSERVER)
    page = context.new_page()
    page.goto(f"{base}/games/{game.code}/")
    page.locator("#game-sync").wait_for(state="attached")
    return page


def page_version(page) -> int:
    return int(page.locator("#game-sync").get_attribute("data-version"))


def play_first_action(page) -> None:
    """Play the first action the page offers: a button of the move, a highlighted place of
    the board, or the first of the list, and wait for the answer."""
    before = page_version(page)
    select = page.locator("#action-select")
    if page.locator(".actions form button[name=action]").count():
        page.locator(".actions form button[name=action]").first.click()
    elif page.locator("#game a.cell-link").count():
        page.locator("#game a.cell-link").first.click()
    else:
        page.locator("details.action-list summary").click()
        select.select_option(index=0)
        page.get_by_role("button", name="Play this action").click()
    page.wait_for_function(
        "v => parseInt(document.getElementById('game-sync').dataset.version) > v", arg=before
    )


def describe(name: str, seconds: list[float], goal: str) -> str:
    if not seconds:
        return f"{name:<44} no sample"
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"{name:<44} n={len(ordered):>3}  median {statistics.median(ordered):6.3f} s  "
        f"p95 {p95:6.3f} s  max {ordered[-1]:6.3f} s   goal: {goal}"
    )


def two_players(browser, base, moves: int, seed: int) -> list[float]:
    """Seconds from each move's answer on the mover's page to the other page showing it."""
    from accounts.models import User
    from games import services
    from games.models import Game

    alice = User.objects.get(email="alice@example.com")
    bob = User.objects.get(email="bob@example.com")
    game = services.create_game(alice, engine="africa", num_players=2, days_per_move=3, seed=seed)
    services.join_game(game, bob)
    pages = {
        alice.pk: open_game(browser, alice, base, game),
        bob.pk: open_game(browser, bob, base, game),
    }
    delays = []
    for _n in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        mover = game.seats.get(number=game.current_seat).user_id
        other = next(pk for pk in pages if pk != mover)
        play_first_action(pages[mover])
        version = page_version(pages[mover])
        answered = pages[mover].evaluate("window.answeredAt[window.answeredAt.length - 1]")
        pages[other].wait_for_function("v => v in window.seenAt", arg=str(version))
        seen = pages[other].evaluate("v => window.seenAt[v]", str(version))
        delays.append((seen - answered) / 1000)
    return delays


def against_bots(browser, base, turns: int, seed: int) -> tuple[list[float], list[float], float]:
    """(seconds from each bot action's commit to alice's page showing it, seconds between two
    bot actions shown one after the other, the bots' pause)."""
    from django.conf import settings

    from accounts.models import User
    from games import services
    from games.models import Game

    alice = User.objects.get(email="alice@example.com")
    game = services.create_game(
        alice, engine="africa", num_players=3, bots=2, days_per_move=3, seed=seed
    )
    page = open_game(browser, alice, base, game)
    my_turn = page.locator(".turn-status strong", has_text="Your turn.")
    shown, gaps = [], []
    for _n in range(turns):
        my_turn.wait_for(timeout=120_000)
        while my_turn.count() and Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
            play_first_action(page)
        if Game.objects.get(pk=game.pk).status != Game.Status.ACTIVE:
            break
        after = page_version(page)
        my_turn.wait_for(timeout=120_000)
        seen = page.evaluate("() => window.seenAt")
        versions = sorted(int(v) for v in seen if v.isdigit() and int(v) > after)
        mine = (
            game.moves.filter(automatic=False)
            .order_by("-version")
            .values_list("version", flat=True)
        )
        played = game.moves.filter(automatic=True, version__gt=mine[0]).order_by("version")
        commits = [m.created_at.timestamp() for m in played]
        times = [seen[str(v)] / 1000 for v in versions]
        shown += [t - c for t, c in zip(times, commits, strict=False)]
        gaps += [b - a for a, b in zip(times, times[1:], strict=False)]
    return shown, gaps, settings.BOT_PAUSE_SECONDS


def main():
    args = parse_args()
    site = LocalSite(args.port, args.var_dir)
    try:
        site.wait_until_up()
        django_for(site)
        from playwright.sync_api import sync_playwright

        from tests.fixtures import CHROMIUM, CHROMIUM_ARGS

        base = f"http://127.0.0.1:{args.port}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            delays = two_players(browser, base, args.moves, args.seed)
            shown, gaps, pause = against_bots(browser, base, args.bot_turns, args.seed)
            browser.close()
    finally:
        site.stop()
    print(f"Chromium against `make run` (embedded defaults), {socket.gethostname()}")
    print(describe("the other player's page shows a move", delays, "p95 <= 1 s after the answer"))
    print(describe("a bot's action shows, from its commit", shown, "<= 0.5 s"))
    print(describe("between two bot actions on the page", gaps, f"<= pause {pause} s + 0.5 s"))


if __name__ == "__main__":
    main()
