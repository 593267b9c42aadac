"""A soak test of the local site: simulated play against a running ``make run``, with figures.

    make run                                   # in one terminal
    .venv/bin/python bench/soak.py --minutes 30 [--users 6] [--think 0.5]

Run from the same checkout (and with the same VAR_DIR, if set) as ``make run``: the script
creates its players and games in the site's database, signs them in by session, then runs
``--users`` virtual users for ``--minutes`` against http://127.0.0.1:PORT (loopback only).
Each plays a 2-player game through the web pages, both seats, as the play page offers (an htmx
POST per action), with about ``--think`` seconds between requests; a finished game is replaced
by a new one, whose start notices go through the worker. Every 10 seconds it reads the pids of
the site's processes from supervisord, so a process that died and was started again counts as
a restart. Bounded: at most 50 users and 240 minutes.

Prints: requests, server errors (5xx, refused or timed-out connections), moves, games
finished, restarts, mails written by the worker to var/mail/ and deadline sweeps run by beat
during the run. A healthy run has 0 errors and 0 restarts.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from play import ACTION_VALUE, CSRF, VERSION, request  # noqa: E402

MAX_USERS, MAX_MINUTES = 50, 240
PROCESSES = ("web", "worker", "beat")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--users", type=int, default=6)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds between requests")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    args = parser.parse_args()
    if not (0 < args.users <= MAX_USERS and 0 < args.minutes <= MAX_MINUTES):
        parser.error(f"--users must be 1..{MAX_USERS} and --minutes at most {MAX_MINUTES}")
    return args


class Site:
    """The site's database, reached in this process with the checkout's settings."""

    def __init__(self):
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")
        import django

        django.setup()
        from django.conf import settings

        self.settings = settings
        self.lock = threading.Lock()
        self.rng = random.Random(13)

    def new_game(self, players) -> dict:
        """A started 2-player game of ``players`` with a session cookie for each seat."""
        from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
        from django.contrib.sessions.backends.cached_db import SessionStore
        from django.db import close_old_connections

        from games.simulation import play_game

        with self.lock:
            close_old_connections()
            game = play_game(players, rng=self.rng, plies=0)
            cookies = {}
            for seat in game.seats.select_related("user"):
                session = SessionStore()
                session[SESSION_KEY] = str(seat.user.pk)
                session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
                session[HASH_SESSION_KEY] = seat.user.get_session_auth_hash()
                session.save()
                cookies[seat.number] = f"{self.settings.SESSION_COOKIE_NAME}={session.session_key}"
        return {"url": game.get_absolute_url(), "code": str(game.code), "cookies": cookies}

    def choose(self, rng, code: str, actions: list[str]) -> str:
        """The action the engine's easy bot picks for the player to move in game ``code`` (as
        the site's simulated players play, so games end), if the page offers it; else one of
        the page's ``actions``."""
        from games.models import Game
        from games.simulation import bot_action

        action = bot_action(Game.objects.get(code=code), rng)
        return action if action in actions else rng.choice(actions)

    def players(self, count: int):
        from games.simulation import simulated_players

        return simulated_players(count)

    def mails(self) -> int:
        folder = Path(self.settings.EMAIL_FILE_PATH)
        return len(list(folder.iterdir())) if folder.is_dir() else 0

    def sweeps(self) -> int:
        """How often beat has sent the deadline sweep (django-celery-beat's counter)."""
        from django_celery_beat.models import PeriodicTask

        task = PeriodicTask.objects.filter(name="sweep-deadlines").first()
        return task.total_run_count if task else 0


def process_ids() -> dict[str, str]:
    """The pid of each process supervisord runs ("" when it is not running or cannot be
    asked), from one ``supervisorctl status``."""
    result = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "supervisorctl"), "-c", "supervisord.conf", "status"],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
        env={"VAR_DIR": str(ROOT / "var"), "PORT": "0", **os.environ},
    )
    found = dict(re.findall(r"^(\w+)\s+RUNNING\s+pid (\d+)", result.stdout, re.MULTILINE))
    return {name: found.get(name, "") for name in PROCESSES}


def play(site, players, base, stop_at, counts, rng, think):
    """One virtual user: plays games between ``players`` until ``stop_at``."""
    game = site.new_game(players)
    seat, csrf = 0, ""
    pause = threading.Event()
    while time.monotonic() < stop_at:
        pause.wait(rng.uniform(0.5, 1.5) * think)
        try:
            page, _elapsed, set_cookie = request(base + game["url"], game["cookies"][seat] + csrf)
            counts["requests"] += 1
            fresh = [h.split(";")[0] for h in set_cookie if h.startswith("csrftoken=")]
            csrf = f"; {fresh[0]}" if fresh else csrf
            if "The game is over." in page:
                counts["games finished"] += 1
                game, seat = site.new_game(players), 0
                continue
            if "Your turn." not in page:
                seat = 1 - seat
                continue
            actions = [html.unescape(a) for a in ACTION_VALUE.findall(page)]
            request(
                f"{base}/games/{game['code']}/act/",
                game["cookies"][seat] + csrf,
                {
                    "action": site.choose(rng, game["code"], actions),
                    "version": VERSION.search(page)[1],
                },
                {"X-CSRFToken": CSRF.search(page)[1], "HX-Request": "true"},
            )
            counts["requests"] += 1
            counts["moves"] += 1
        except urllib.error.HTTPError as error:
            counts["requests"] += 1
            counts["server errors" if error.code >= 500 else "client errors"] += 1
        except (urllib.error.URLError, TimeoutError, ConnectionError):
            counts["requests"] += 1
            counts["server errors"] += 1


def main():
    args = parse_args()
    base = f"http://127.0.0.1:{args.port}"
    site = Site()
    players = site.players(2 * args.users)
    counts = Counter()
    mails, sweeps, pids = site.mails(), site.sweeps(), process_ids()
    stop_at = time.monotonic() + 60 * args.minutes
    users = [
        threading.Thread(
            target=play,
            args=(site, players[2 * n : 2 * n + 2], base, stop_at, counts, random.Random(n)),
            kwargs={"think": args.think},
        )
        for n in range(args.users)
    ]
    started = time.monotonic()
    for user in users:
        user.start()
    while time.monotonic() < stop_at:
        threading.Event().wait(10)
        now = process_ids()
        counts["restarts"] += sum(1 for n in PROCESSES if now[n] != pids[n] and pids[n])
        pids = now
    for user in users:
        user.join()
    minutes = (time.monotonic() - started) / 60
    print(f"soak: {args.users} users for {minutes:.1f} min against {base} (make run)")
    print(f"  requests         {counts['requests']} ({counts['requests'] / minutes / 60:.1f}/s)")
    for name in ("server errors", "client errors", "moves", "games finished", "restarts"):
        print(f"  {name:<16} {counts[name]}")
    print(f"  mails sent       {site.mails() - mails}")
    print(f"  deadline sweeps  {site.sweeps() - sweeps}")


if __name__ == "__main__":
    main()
