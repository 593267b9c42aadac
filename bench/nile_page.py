"""Speed of the Source of the Nile play page at round 20, printed (no pass/fail).

    python bench/nile_page.py [--database-url postgres://postgres@127.0.0.1:5432/africa_bench]
                              [--redis-url redis://127.0.0.1:6379/N] [--seed 7]
                              [--round 20] [--requests 40]

Creates a throw-away test database beside the one of ``--database-url`` (default:
$DATABASE_URL; without either, SQLite in memory), deals a 2-player Nile game from ``--seed``,
plays it with the engine's bot (its choices from ``--seed`` too) to the given round, then loads
its play page as the player to move ``--requests`` times with Django's test client (one warm-up
load first, as a player coming back). Prints the median and 95th percentile time per request
(ms) and the SQL queries of each request (median and most). The fragment cache is the Redis
database of ``--redis-url`` (not emptied), else the site's local default.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
sys.path.insert(0, str(ROOT))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL") or None,
        help="the database beside which the test database is made (default: $DATABASE_URL; "
        "without it SQLite in memory)",
    )
    benchkit.add_redis_flag(
        parser, None, env="REDIS_URL", what="Redis database of the fragment cache, not emptied"
    )
    benchkit.add_seed_flag(parser, 7)
    parser.add_argument("--round", type=int, default=20)
    parser.add_argument("--requests", type=int, default=40)
    return parser.parse_args(argv)


def main() -> None:
    args = parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")
    for name, value in (("DATABASE_URL", args.database_url), ("REDIS_URL", args.redis_url)):
        if value:
            os.environ[name] = value
        else:
            os.environ.pop(name, None)
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    from africa_site.celery import app

    setup_test_environment()
    app.conf.task_always_eager = True
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(args) -> None:
    """Deal and play the game, then time its page (see the module's docstring)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from games import services
    from games.simulation import bot_action

    users = [
        User.objects.create_user(email=f"{n}@example.com", password="x", display_name=n)
        for n in ("Ann", "Ben")
    ]
    game = services.create_game(users[0], engine="nile", num_players=2, seed=args.seed)
    services.join_game(game, users[1])
    game.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    rng = random.Random(args.seed)
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
