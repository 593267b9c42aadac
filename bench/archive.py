"""Speed of the archive, the leaderboard and the replay over a big archive, printed (no
pass/fail).

    python bench/archive.py [--database-url postgres://postgres@127.0.0.1:5432/africa_archive_bench]
                            [--redis-url redis://127.0.0.1:6379/13]
                            [--var-dir var/bench/archive] [--seed 2026]
                            [--games 100000] [--running 10000] [--players 3000]
                            [--requests 200] [--without-finished-index] [--reuse]

Recreates the database, migrates it, plays a few real games (to replay) and writes
``--games`` finished games and ``--running`` games in progress straight into the tables with
bulk inserts (games, seats with scores and places, and one rating per player), then runs
VACUUM ANALYZE, as autovacuum would after so many inserts (without it the visibility map is
empty and every index-only scan reads the table too). ``--reuse`` keeps the database a
previous run filled (the build takes minutes) and only applies the migrations added since,
then runs VACUUM ANALYZE. Each page is then requested
``--requests`` times through Django's test client in this process (server time, no network):
the archive with various filters and pages, the leaderboard at various pages, and one replay
step (the htmx panel and the whole page). Prints the median and 95th percentile of each, the
median of this process's CPU time (steadier than the others on a busy machine) and the SQL of
the archive's first page.

The shared cache (rows of the archive, counts) is the Redis database of ``--redis-url``
(default: $BENCH_REDIS_URL, else $REDIS_URL), as in production; without one the site's
local default, files under ``--var-dir``, whose every write lists the whole directory. The
bench empties that Redis database (and no other) before it measures: rows another run
rendered and cached would make the pages that render them faster. The games, their
players and the requests all follow from ``--seed``.

Target: the archive (any filter, any page, whatever the player's history: a player with 550
games, one with a single old game and one with 550 old games are among them), the leaderboard
and "My games" of the player with 550 games under 50 ms median, a replay step under 50 ms.

The archive orders finished games by (finished_at, id), newest first, through the partial
index ``games_finished_recent`` of games.Game; ``--without-finished-index`` drops it, to show
what it is worth.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))  # run from the repository root or from bench/

import benchkit  # noqa: E402
from benchkit import recreate_database  # noqa: E402

# bench/ holds scripts named like the site's apps (archive.py, play.py): once the helpers are
# imported it leaves the path, so that "archive" is the site's app, from any directory.
sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
sys.path.insert(0, str(ROOT))
importlib.import_module("archive")  # the app, before anything takes this script for it
BATCH = 5000


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    benchkit.add_database_flag(parser, "africa_archive_bench")
    benchkit.add_redis_flag(
        parser,
        None,
        env="BENCH_REDIS_URL",
        what="the shared cache's Redis database, emptied by the bench, no other; without it "
        "files, which production never uses",
    )
    benchkit.add_var_dir_flag(parser, "archive")
    benchkit.add_seed_flag(parser, 2026)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--running", type=int, default=10_000)
    parser.add_argument("--without-finished-index", action="store_true")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="keep the database a previous run filled (--games, --running, --players ignored)",
    )
    args = parser.parse_args(argv)
    try:
        args.redis_url = args.redis_url or benchkit.optional(benchkit.redis_url)(
            os.environ.get("REDIS_URL", "")
        )
    except argparse.ArgumentTypeError as error:
        parser.error(f"$REDIS_URL: {error}")
    return args


def fill(games: int, running: int, players: int, seed: int) -> None:
    """Write the users, real games, bulk finished games and games in progress."""
    from django.db import connection

    from accounts.models import User
    from games.models import Game, Seat, seed_commitment
    from ratings.models import PlayerRating, ordinal

    users = User.objects.bulk_create(
        [
            User(email=f"bench{n}@example.com", display_name=f"Bench {n}", password="!")
            for n in range(players)
        ],
        batch_size=BATCH,
    )
    rng = random.Random(seed)
    for n in range(0, 12, 3):
        benchkit.deal(users[n : n + 3], seed=seed + n)
    start = datetime(2023, 1, 1, tzinfo=UTC)
    commitment = seed_commitment(1, "bench")
    made = 0
    while made < games:
        count = min(BATCH, games - made)
        batch = []
        sizes = []
        for n in range(count):
            size = rng.randint(2, 5)
            finished = start + timedelta(minutes=15 * (made + n))
            batch.append(
                Game(
                    num_players=size,
                    status=Game.Status.FINISHED,
                    rated=rng.random() < 0.9,
                    seed=1,
                    salt="bench",
                    seed_commitment=commitment,
                    version=300,
                    created_at=finished - timedelta(days=40),
                    started_at=finished - timedelta(days=39),
                    finished_at=finished,
                )
            )
            sizes.append(size)
        Game.objects.bulk_create(batch)
        seats = []
        for game, size in zip(batch, sizes, strict=True):
            scores = sorted((rng.randint(10, 80) for _n in range(size)), reverse=True)
            for number, user in enumerate(rng.sample(users, size)):
                place = 1 + sum(1 for s in scores if s > scores[number])
                seats.append(
                    Seat(
                        game=game,
                        user=user,
                        number=number,
                        colour="blue",
                        final_score=scores[number],
                        place=place,
                    )
                )
        Seat.objects.bulk_create(seats, batch_size=BATCH)
        made += count
    ratings = []
    for user in users:
        mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
        games_played = rng.randint(0, 200)
        ratings.append(
            PlayerRating(
                user=user,
                engine="africa",
                mu=mu,
                sigma=sigma,
                ordinal=ordinal(mu, sigma),
                games=games_played,
                wins=games_played // 4,
            )
        )
    PlayerRating.objects.bulk_create(ratings, batch_size=BATCH, ignore_conflicts=True)
    add_special_players(users, start, commitment, games)
    add_running_games(users, running, commitment, rng)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def add_running_games(users, running: int, commitment: str, rng: random.Random) -> None:
    """``running`` games in progress among ``users`` (no state: the pages measured here list
    them, none plays them)."""
    from django.utils import timezone

    from games.models import Game, Seat

    now = timezone.now()
    made = 0
    while made < running:
        count = min(BATCH, running - made)
        batch = [
            Game(
                num_players=rng.randint(2, 5),
                status=Game.Status.ACTIVE,
                seed=1,
                salt="bench",
                seed_commitment=commitment,
                version=100,
                current_seat=0,
                created_at=now - timedelta(days=rng.randint(1, 60)),
                started_at=now - timedelta(days=1),
                turn_started_at=now,
                turn_deadline=now + timedelta(days=3),
            )
            for _n in range(count)
        ]
        Game.objects.bulk_create(batch)
        seats = [
            Seat(game=game, user=user, number=number, colour="blue")
            for game in batch
            for number, user in enumerate(rng.sample(users, game.num_players))
        ]
        Seat.objects.bulk_create(seats, batch_size=BATCH)
        made += count


def players_and_replays() -> tuple[list[str], list]:
    """The display names of the bench's players (in the order they were made) and the games
    played for real (those that can be replayed)."""
    from accounts.models import User
    from games.models import Game

    names = list(User.objects.order_by("pk").values_list("display_name", flat=True))
    real = list(Game.objects.finished().exclude(salt="bench").order_by("pk"))
    return names, real


def add_special_players(users, start, commitment, games: int) -> None:
    """Three players whose history is unlike the others': "Busy Explorer" with 550 finished
    games spread over the archive, "Lone Explorer" with one game, the oldest of all, and
    "Veteran Explorer" with the 550 oldest games after it (who stopped playing long ago)."""
    from accounts.models import User
    from games.models import Game, Seat

    busy = User.objects.create(email="busy@example.com", display_name="Busy Explorer")
    lone = User.objects.create(email="lone@example.com", display_name="Lone Explorer")
    veteran = User.objects.create(email="veteran@example.com", display_name="Veteran Explorer")
    finished = Game.objects.filter(status=Game.Status.FINISHED).order_by("finished_at")
    ids = list(finished.values_list("pk", flat=True)[: max(games, 1)])
    step = max(len(ids) // 550, 1)
    seats = [Seat(game_id=pk, user=busy, number=9, colour="blue", place=1) for pk in ids[1::step]]
    seats = seats[:550] + [Seat(game_id=ids[0], user=lone, number=9, colour="blue", place=1)]
    seats += [Seat(game_id=pk, user=veteran, number=8, colour="blue", place=1) for pk in ids[1:551]]
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    users.extend([busy, lone, veteran])


def timed(client, url, headers=None) -> tuple[float, float]:
    """Seconds the request took, and seconds of this process's CPU (Python's share of the
    work: the rest is the database's and waiting, which a busy machine stretches)."""
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get(url, headers=headers or {})
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    return elapsed, time.process_time() - cpu


def describe(name: str, samples: list[tuple[float, float]]) -> str:
    ms = sorted(1000 * wall for wall, _cpu in samples)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    cpu = statistics.median(1000 * cpu for _wall, cpu in samples)
    return (
        f"  {name:<40} median {statistics.median(ms):6.1f} ms   p95 {p95:6.1f} ms   "
        f"Python CPU {cpu:5.1f} ms   n={len(ms)}"
    )


def main():
    args = parse_args()
    if not args.reuse:
        recreate_database(args.database_url)
    args.var_dir.mkdir(parents=True, exist_ok=True)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "africa_site.settings",
            "DATABASE_URL": args.database_url,
            "DEBUG": "False",
            "ALLOWED_HOSTS": "testserver",
            "VAR_DIR": str(args.var_dir),
            "LOG_LEVEL": "WARNING",
            "REDIS_URL": args.redis_url,
        }
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    call_command("migrate", verbosity=0)
    if args.redis_url:
        benchkit.flush_redis(args.redis_url)
    else:
        from django.core.cache import cache

        cache.clear()  # the files under --var-dir
    if args.without_finished_index:
        with connection.cursor() as cursor:
            cursor.execute("DROP INDEX IF EXISTS games_finished_recent")
    if args.reuse:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'games_finished_recent'")
            if not cursor.fetchone() and not args.without_finished_index:
                raise SystemExit("games_finished_recent was dropped: run without --reuse")
            cursor.execute("VACUUM ANALYZE")
    else:
        started = time.perf_counter()
        fill(args.games, args.running, args.players, args.seed)
        print(f"Filled {args.games} finished games in {time.perf_counter() - started:.0f} s.")
    names, real = players_and_replays()
    if args.reuse and not real:
        raise SystemExit(f"{args.database_url} holds no bench games: run once without --reuse")
    from games.models import Game

    print(
        f"{Game.objects.finished().count()} finished games, "
        f"{Game.objects.active().count()} in progress, {len(names)} players."
    )
    # The same requests whether the database was filled or reused.
    rng = random.Random(f"{args.seed} requests")

    client = Client()
    archive = reverse("archive")
    day = datetime(2024, 6, 1).date()
    scenarios = {
        "archive, no filter": lambda: archive,
        "archive, a deep page": lambda: f"{archive}?page={rng.randint(100, 3000)}",
        "archive, by player": lambda: f"{archive}?player={rng.choice(names)}",
        "archive, 3 players, rated": lambda: f"{archive}?players=3&rated=yes",
        "archive, a month": lambda: f"{archive}?since={day}&until={day + timedelta(days=30)}",
        "archive, player + 4 players + dates": lambda: (
            f"{archive}?player={rng.choice(names)}&players=4&since=2023-06-01&until=2025-01-01"
        ),
        "archive, the player with 550 games": lambda: f"{archive}?player=Busy Explorer",
        "archive, the player with one old game": lambda: f"{archive}?player=Lone Explorer",
        "archive, the player with 550 old games": lambda: f"{archive}?player=Veteran Explorer",
        "leaderboard, first page": lambda: reverse("leaderboard", args=["africa"]),
        "leaderboard, a later page": lambda: (
            reverse("leaderboard", args=["africa"]) + f"?page={rng.randint(2, 40)}"
        ),
    }
    htmx = {"HX-Request": "true"}

    def replay_step():
        game = rng.choice(real)
        return reverse("replay", args=[game.code]) + f"?step={rng.randint(0, 200)}"

    cache = args.redis_url or "files (no --redis-url)"
    print(f"{args.requests} requests each, in process, on {args.database_url}, cache {cache}:")
    for name, make_url in scenarios.items():
        timed(client, make_url())  # warm up
        print(describe(name, [timed(client, make_url()) for _n in range(args.requests)]))
    from accounts.models import User

    mine = reverse("my_games")
    for page in ("", "?page=20"):
        client.force_login(User.objects.get(display_name="Busy Explorer"))
        timed(client, mine + page)
        print(
            describe(
                f"My games, 550 games{', page 20' if page else ''}",
                [timed(client, mine + page) for _n in range(args.requests)],
            )
        )
    client.logout()
    timed(client, replay_step(), htmx)
    print(
        describe(
            "replay step (htmx panel)",
            [timed(client, replay_step(), htmx) for _n in range(args.requests)],
        )
    )
    print(
        describe(
            "replay step (whole page)",
            [timed(client, replay_step()) for _n in range(args.requests)],
        )
    )
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        client.get(f"{archive}?players=3&rated=yes")
    print("SQL of the archive (3 players, rated):")
    for query in queries.captured_queries:
        print("  ", query["sql"][:300])


if __name__ == "__main__":
    main()
