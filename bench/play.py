"""Speed of the play page and of a move under load, printed (no pass/fail).

    python bench/play.py [--database-url postgres://postgres@127.0.0.1:5432/africa_bench]
                         [--redis-url redis://127.0.0.1:6379/14] [--port 8765]
                         [--var-dir var/bench/play] [--seed 1] [--users 10] [--seconds 20]
                         [--plies 120] [--workers 3] [--think SECONDS]

Sets up a fresh database (migrations, one 2-player game per virtual user, each already
``--plies`` actions long), starts gunicorn on 127.0.0.1 with production settings, then runs
``--users`` virtual users at once for ``--seconds``: each loads the play page of its game as
the player to move and submits one of the actions the page offers (an htmx POST), over and
over. Prints the median and 95th percentile of both, requests per second, and the SQL
queries of one page load and one move early and late in a game (they must not grow).
Target: both medians under 50 ms at 10 concurrent users.

The games are dealt from ``--seed``, and the virtual users' choices follow from it too.
It drops and creates ``--database-url``; the cache is the Redis database of ``--redis-url``
(not emptied: the bench's games are new each run); gunicorn listens on ``--port``.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402
from benchkit import fresh_site, production_env  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
ACTION_VALUE = re.compile(r'(?:name="action" value|<option value)="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    benchkit.add_database_flag(parser, "africa_bench")
    benchkit.add_redis_flag(parser, 14, what="the cache's Redis database (not emptied)")
    benchkit.add_port_flag(parser, "--port", 8765)
    benchkit.add_var_dir_flag(parser, "play")
    benchkit.add_seed_flag(parser, 1)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--think",
        type=float,
        default=None,
        help="seconds a user waits between requests (mean; default: run both 0 and 1)",
    )
    return parser.parse_args(argv)


def set_up(args, env) -> tuple[list[dict], dict[str, tuple[int, int]]]:
    """Migrate, create the games and sessions; return the virtual users and query counts."""
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.backends import SESSION_BACKEND
    from games.models import Game
    from games.simulation import simulated_players

    call_command("migrate", verbosity=0)
    users = simulated_players(2 * args.users)
    virtual = []
    for n in range(args.users):
        game = benchkit.deal(users[2 * n : 2 * n + 2], seed=args.seed + n, plies=args.plies)
        cookies = {}
        for seat in game.seats.all():
            session = SessionStore()
            session[SESSION_KEY] = str(seat.user.pk)
            session[BACKEND_SESSION_KEY] = SESSION_BACKEND
            session[HASH_SESSION_KEY] = seat.user.get_session_auth_hash()
            session.save()
            cookies[seat.number] = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
        virtual.append({"url": game.get_absolute_url(), "code": str(game.code), "cookies": cookies})

    from django.test import Client

    counts = {}
    short = benchkit.deal(users[:2], seed=args.seed, plies=4)
    for label, game in (
        ("early (ply 4)", short),
        (f"late (ply {args.plies})", Game.objects.get(code=virtual[0]["code"])),
    ):
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(game.seats.get(number=game.current_seat).user)
        with CaptureQueriesContext(connection) as page:
            client.get(game.get_absolute_url())
        with CaptureQueriesContext(connection) as move:
            client.post(
                f"/games/{game.code}/act/",
                {"action": "end", "version": game.version},
                headers={"HX-Request": "true"},
            )
        counts[label] = (len(page), len(move))
    return virtual, counts


def wait_for_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit("gunicorn did not start")


def request(url, cookie, data=None, headers=None):
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, headers={"Cookie": cookie, **(headers or {})})
    started = time.perf_counter()
    with urllib.request.urlopen(req, timeout=30) as response:
        text = response.read().decode()
        set_cookie = response.headers.get_all("Set-Cookie") or []
    return text, time.perf_counter() - started, set_cookie


def virtual_user(user, port, stop_at, results, rng, think):
    base = f"http://127.0.0.1:{port}"
    seat = 0
    csrf_cookie = ""
    pause = threading.Event()
    while time.monotonic() < stop_at:
        if think:
            pause.wait(rng.uniform(0.5, 1.5) * think)
        cookie = user["cookies"][seat] + csrf_cookie
        page, elapsed, set_cookie = request(base + user["url"], cookie)
        for header in set_cookie:
            if header.startswith("csrftoken="):
                csrf_cookie = "; " + header.split(";")[0]
        if "Your turn." not in page:
            seat = 1 - seat
            if "The game is over." in page:
                return
            continue
        results["page"].append(elapsed)
        actions = [html.unescape(a) for a in ACTION_VALUE.findall(page)]
        version = VERSION.search(page).group(1)
        token = CSRF.search(page).group(1)
        progress = [a for a in actions if not a.startswith("anywhere")]
        action = rng.choice(progress or actions)
        _text, elapsed, _cookies = request(
            f"{base}/games/{user['code']}/act/",
            user["cookies"][seat] + csrf_cookie,
            {"action": action, "version": version},
            {"X-CSRFToken": token, "HX-Request": "true", "Referer": base + user["url"]},
        )
        results["submit"].append(elapsed)


def describe(name, samples):
    ms = sorted(1000 * s for s in samples)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    return f"  {name:<12} median {statistics.median(ms):6.1f} ms   p95 {p95:6.1f} ms   n={len(ms)}"


def main():
    args = parse_args()
    var_dir = args.var_dir
    var_dir.mkdir(parents=True, exist_ok=True)
    env = production_env(args.database_url, var_dir, args.redis_url)
    fresh_site(args.database_url, env)
    virtual, counts = set_up(args, env)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "africa_site.wsgi",
            "--bind",
            f"127.0.0.1:{args.port}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_for_port(args.port)
        thinks = [0.0, 1.0] if args.think is None else [args.think]
        runs = [(think, load(virtual, args, think)) for think in thinks]
    finally:
        server.terminate()
        server.wait(10)
    print(
        f"play page and move, gunicorn ({args.workers} workers) + PostgreSQL + Redis, "
        f"{args.users} concurrent users, {args.seconds:.0f} s a run, games {args.plies} plies in"
    )
    for think, (results, elapsed) in runs:
        total = len(results["page"]) + len(results["submit"])
        how = "no pause (saturating)" if not think else f"about {think:.1f} s between requests"
        print(f" {how}: {total / elapsed:.0f} requests per second")
        print(describe("play page", results["page"]))
        print(describe("move submit", results["submit"]))
    for label, (page, move) in counts.items():
        print(f"  SQL queries  {label}: play page {page}, move {move}")


def load(virtual, args, think):
    """Run the virtual users for ``args.seconds``; return (latencies, elapsed seconds)."""
    results = {"page": [], "submit": []}
    stop_at = time.monotonic() + args.seconds
    threads = [
        threading.Thread(
            target=virtual_user,
            args=(u, args.port, stop_at, results, random.Random(f"{args.seed} {i}"), think),
        )
        for i, u in enumerate(virtual)
    ]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, time.perf_counter() - started


if __name__ == "__main__":
    main()
