"""Speed of the Source of the Nile play page at round 20, printed (no pass/fail).

    DATABASE_URL=postgres://... python bench/nile_page.py [--round 20] [--requests 40]

Creates a throw-away test database (SQLite in memory without DATABASE_URL), plays a 2-player
Nile game with the engine's bot to the given round, then loads its play page as the player to
move ``--requests`` times with Django's test client (one warm-up load first, as a player
coming back). Prints the median and 95th percentile time per request (ms) and the SQL
queries of each request (median and most). The fragment cache is the configured one.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from accounts.models import User  # noqa: E402
from africa_site.celery import app  # noqa: E402
from games import services  # noqa: E402
from games.simulation import bot_action  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--round", type=int, default=20)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    setup_test_environment()
    app.conf.task_always_eager = True
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(args) -> None:
    users = [
        User.objects.create_user(email=f"{n}@example.com", password="x", display_name=n)
        for n in ("Ann", "Ben")
    ]
    game = services.create_game(users[0], engine="nile", num_players=2, seed=7)
    services.join_game(game, users[1])
    game.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    rng = random.Random(3)
    while game.state["round"] < args.round:
        user = by_seat[game.current_seat]
        game = services.submit_action(game, user, bot_action(game, rng), game.version)
    client = Client()
    client.force_login(by_seat[game.current_seat])
    url = game.get_absolute_url()
    client.get(url)
    times, queries = [], []
    for _n in range(args.requests):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
        queries.append(len(captured))
    times.sort()
    print(f"database: {connection.vendor}; round {game.state['round']}, ply {game.version}")
    print(
        f"play page: median {statistics.median(times):.1f} ms, "
        f"p95 {times[int(0.95 * (len(times) - 1))]:.1f} ms over {len(times)} requests"
    )
    print(f"queries per request: median {statistics.median(queries)}, most {max(queries)}")


if __name__ == "__main__":
    main()
