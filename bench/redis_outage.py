"""A move's answer time while Redis is away, printed (no pass/fail).

    python bench/redis_outage.py [--database-url postgres://postgres@127.0.0.1:5432/africa_bench]
                                 [--moves 40] [--breaker on|off]

Redis is "away" as a host that has gone: its address takes no connection, so each connection
attempt waits for the connect timeout (a listening socket whose backlog is full: the kernel
drops the attempts). On a fresh database, in this process, through Django's test client
(DEBUG off), two players play ``--moves`` moves of one game through the play view (htmx
posts); prints the median and 95th percentile of a move's answer, the connections tried, and
the warnings and tracebacks logged. ``--breaker off`` uses django-redis's plain cache, pool and
logging, as before the breaker (africa_site/redis_health.py), for the comparison (the live
news keep theirs).
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    benchkit.add_database_flag(parser, "africa_bench")
    benchkit.add_seed_flag(parser, 2024)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--breaker", choices=("on", "off"), default="on")
    return parser.parse_args()


def gone_host() -> tuple[socket.socket, list[socket.socket], int]:
    """A listening socket whose backlog is full, its filling connections and its port: a
    further connection attempt gets no answer until its timeout."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    filling = []
    for _n in range(4):
        attempt = socket.socket()
        attempt.setblocking(False)
        attempt.connect_ex(("127.0.0.1", port))
        filling.append(attempt)
    return listener, filling, port


class Counted(logging.Handler):
    """Counts the warnings and the records with a traceback."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.warnings = self.tracebacks = 0

    def emit(self, record):
        self.warnings += 1
        self.tracebacks += bool(record.exc_info)


def main() -> None:
    args = parse_args()
    benchkit.recreate_database(args.database_url)
    _listener, _filling, port = gone_host()
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "africa_site.settings",
            "DATABASE_URL": args.database_url,
            "REDIS_URL": f"redis://127.0.0.1:{port}/0",
            "DEBUG": "False",
            "ALLOWED_HOSTS": "testserver",
            "LOG_LEVEL": "CRITICAL",
        }
    )
    import django
    from django.conf import settings

    django.setup()
    if args.breaker == "off":  # the live news keep their breaker (live/publish.py)
        logging.getLogger(settings.DJANGO_REDIS_LOGGER).filters.clear()
        options = dict(settings.CACHES["default"]["OPTIONS"])
        options.pop("CONNECTION_POOL_CLASS")
        settings.CACHES = {
            "default": {
                **settings.CACHES["default"],
                "BACKEND": "django_redis.cache.RedisCache",
                "OPTIONS": options,
            }
        }
    import redis
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from africa_site.redis_health import BREAKER
    from games import services
    from tests.fixtures import make_player

    call_command("migrate", verbosity=0)
    tried = [0]
    connect = redis.Connection._connect

    def counted(self):
        tried[0] += 1
        return connect(self)

    redis.Connection._connect = counted
    counts = Counted()
    root = logging.getLogger()
    root.handlers, root.level = [counts], logging.WARNING

    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob")
    game = services.create_game(alice, num_players=2, seed=args.seed)
    services.join_game(game, bob)
    client = Client()
    BREAKER.reset()  # Redis goes away now: the first move meets it
    tried[0] = counts.warnings = counts.tracebacks = 0
    seconds = []
    for _n in range(args.moves):
        game.refresh_from_db()
        client.force_login(game.seats.get(number=game.current_seat).user)
        action = game.kind.engine.legal_actions(game.state)[0]
        data = {"action": action, "version": game.version}
        start = time.perf_counter()
        response = client.post(
            reverse("game_act", args=[game.code]), data, headers={"HX-Request": "true"}
        )
        seconds.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    p95 = statistics.quantiles(seconds, n=20)[-1]
    print(
        f"breaker {args.breaker}: {args.moves} moves with Redis away: "
        f"median {statistics.median(seconds) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms; "
        f"{tried[0]} connections tried, {counts.warnings} warnings, "
        f"{counts.tracebacks} tracebacks"
    )


if __name__ == "__main__":
    main()
