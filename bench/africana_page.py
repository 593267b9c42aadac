"""Cost of the Africana play page at a mid-game position, printed (no pass/fail).

    python bench/africana_page.py [--database-url postgres://postgres@127.0.0.1:5432/africa_bench]
                                  [--redis-url redis://127.0.0.1:6379/N]
                                  [--var-dir var/bench/africana-page] [--seed 1]
                                  [--players 3] [--plies 60] [--requests 40]

Without --database-url it uses a fresh SQLite file under ``--var-dir`` (with a PostgreSQL
database, it deletes the Africana games in it first). The fragment cache is the Redis
database of ``--redis-url``, emptied before each load with an empty cache (no other); without
it, files under ``--var-dir``. The game is dealt and played from ``--seed``.

Sets up the database (migrations, one Africana game ``--plies`` actions into play), then loads
that game's play page through Django's test client as the player to move and as a watcher,
``--requests`` times each: the full page with an empty fragment cache (each load after a move
is one), the full page with a warm cache and the htmx fragment. Prints the median and 95th
percentile in milliseconds and the SQL queries of each kind of request.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--database-url",
        type=benchkit.optional(benchkit.database_url),
        default="",
        help="PostgreSQL database whose Africana games are replaced (default: a new SQLite "
        "file under --var-dir)",
    )
    benchkit.add_redis_flag(
        parser,
        None,
        env=None,
        what="Redis database of the fragment cache, emptied by the bench, no other",
    )
    benchkit.add_var_dir_flag(parser, "africana-page")
    benchkit.add_seed_flag(parser, 1)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--requests", type=int, default=40)
    return parser.parse_args(argv)


def set_up(args) -> None:
    """Point Django at the database (a new SQLite file by default) and the cache, and migrate."""
    args.var_dir.mkdir(parents=True, exist_ok=True)
    os.environ["VAR_DIR"] = str(args.var_dir)
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    else:
        path = args.var_dir / "bench.sqlite3"
        path.unlink(missing_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url
    else:
        os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "africa_site.settings")
    os.environ["DEBUG"] = "False"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if args.database_url:
        from games.models import Game

        Game.objects.filter(engine="africana").delete()


def measure(client, url, requests, headers=None, clear_cache=False):
    """(times in seconds, queries of the last request) of ``requests`` GETs of ``url``."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    queries = 0
    for _n in range(requests):
        if clear_cache:
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url, headers=headers or {})
            times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
        queries = len(captured)
    return times, queries


def describe(label, times, queries):
    ms = sorted(1000 * t for t in times)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    median = statistics.median(ms)
    print(f"  {label:<38} median {median:6.1f} ms   p95 {p95:6.1f} ms   {queries:3d} queries")


def main():
    args = parse_args()
    set_up(args)
    from django.db import connection
    from django.test import Client

    from games.simulation import simulated_players

    users = simulated_players(args.players + 1)
    game = benchkit.deal(
        users[: args.players],
        seed=args.seed,
        engine="africana",
        plies=args.plies,
        public=True,
    )
    url = game.get_absolute_url()
    mover = game.seats.get(number=game.current_seat).user
    print(
        f"Africana play page, {args.players} players, ply {game.moves.count()}, "
        f"{connection.vendor}, {args.requests} requests each"
    )
    for label, user in (("player to move", mover), ("watcher", users[args.players])):
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(user)
        client.get(url)  # the session and the user's rows are warm from here on
        describe(
            f"{label}: page, empty cache", *measure(client, url, args.requests, clear_cache=True)
        )
        describe(f"{label}: page, warm cache", *measure(client, url, args.requests))
        describe(
            f"{label}: htmx fragment",
            *measure(client, url, args.requests, headers={"HX-Request": "true"}),
        )


if __name__ == "__main__":
    main()
