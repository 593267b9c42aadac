"""Speed of turn mails and of the deadline sweep, printed (no pass/fail).

    python bench/mail.py [--mails 1000] [--games 100000] [--overdue 100]

1. Turn mails: ``--mails`` games each wait for a move; their ``notify_turn`` tasks go through
   Celery and Redis to worker processes that send to an SMTP server run by this script. The
   time until the server has every mail is compared with sending the same mails directly
   with smtplib (one connection each, as Django's SMTP backend does).
2. The sweep: ``--games`` running games in PostgreSQL, ``--overdue`` of them past their
   deadline; the median time of one ``sweep_deadlines`` run (finding them through the partial
   index and claiming each), and of the query alone. Target: the sweep under 100 ms.

Needs PostgreSQL and Redis on this machine (BENCH_DATABASE_URL, BENCH_REDIS_URL); creates the
database ``africa_mail_bench``.
"""

from __future__ import annotations

import argparse
import os
import smtplib
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/africa_mail_bench"
)
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/12")
SMTP_PORT = 8825


class Counter:
    """An SMTP handler that counts the mails it accepts."""

    def __init__(self):
        self.count = 0
        self.changed = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        with self.changed:
            self.count += 1
            self.changed.notify_all()
        return "250 OK"

    def wait_for(self, count: int, seconds: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.count >= count, seconds)


def recreate_database() -> None:
    import psycopg

    parts = urllib.parse.urlsplit(DATABASE_URL)
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    name = parts.path.lstrip("/")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def environment() -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "africa_site.settings",
        "DATABASE_URL": DATABASE_URL,
        "CELERY_BROKER_URL": REDIS_URL,
        "REDIS_URL": REDIS_URL,
        "EMAIL_URL": f"smtp://127.0.0.1:{SMTP_PORT}",
        "LOG_LEVEL": "WARNING",
    }


def make_waiting_games(count: int) -> list[tuple[int, int]]:
    """``count`` 2-player games waiting for a move: [(game id, version)]."""
    import random

    from games.simulation import play_game, simulated_players

    players = simulated_players(2)
    rng = random.Random(1)
    return [
        (game.pk, game.version)
        for game in (play_game(players, rng=rng, plies=2) for _n in range(count))
    ]


def bench_mails(args, env, counter) -> None:
    from redis import Redis

    from notifications.models import OutboundMail
    from notifications.tasks import notify_turn

    games = make_waiting_games(args.mails)
    Redis.from_url(REDIS_URL).flushdb()
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "--app",
            "africa_site",
            "worker",
            "--loglevel",
            "WARNING",
            "--concurrency",
            "2",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        from africa_site.celery import app

        app.control.ping(timeout=10)  # wait until the worker answers
        started = time.perf_counter()
        for game_id, version in games:
            notify_turn.delay(game_id, version)
        complete = counter.wait_for(args.mails, 600)
        celery_seconds = time.perf_counter() - started
    finally:
        worker.terminate()
        worker.wait(30)
    if not complete:
        raise SystemExit(f"only {counter.count} of {args.mails} mails arrived")

    from games.models import Game
    from notifications.emails import make_message
    from notifications.mails import game_context

    messages = []
    for game_id, _version in games:
        game = Game.objects.get(pk=game_id)
        user = game.seats.get(number=game.current_seat).user
        messages.append(make_message("your_turn", user, game_context(game, user)).message())
    started = time.perf_counter()
    for message in messages:
        with smtplib.SMTP("127.0.0.1", SMTP_PORT) as smtp:
            smtp.send_message(message)
    direct_seconds = time.perf_counter() - started
    sent = OutboundMail.objects.filter(status="sent").count()
    print(f"turn mails: {args.mails} through Celery + Redis, 2 worker processes")
    print(
        f"  through Celery   {celery_seconds:6.2f} s   {args.mails / celery_seconds:7.0f} mails/s"
    )
    print(
        f"  direct smtplib   {direct_seconds:6.2f} s   {args.mails / direct_seconds:7.0f} mails/s"
    )
    print(
        f"  ratio            {celery_seconds / direct_seconds:6.2f} x   ({sent} recorded as sent)"
    )


def bench_sweep(args) -> None:
    from django.db import connection
    from django.utils import timezone

    from accounts.models import User
    from games.models import Game, Seat
    from games.tasks import sweep_deadlines

    user = User.objects.first()
    now = timezone.now()
    template = Game.objects.exclude(state=None).first()
    batch = []
    for n in range(args.games):
        late = n < args.overdue
        batch.append(
            Game(
                engine="africa",
                num_players=2,
                status=Game.Status.ACTIVE,
                seed=n,
                salt="bench",
                seed_commitment="bench",
                state=template.state,
                version=template.version,
                current_seat=template.current_seat,
                turn_started_at=now - timedelta(days=4),
                turn_deadline=now - timedelta(minutes=1) if late else now + timedelta(days=2),
                reminder_due_at=None if late else now + timedelta(days=1),
            )
        )
    Game.objects.bulk_create(batch, batch_size=5000)
    created = Game.objects.filter(salt="bench")
    Seat.objects.bulk_create(
        [Seat(game_id=pk, user=user, number=0) for pk in created.values_list("pk", flat=True)],
        batch_size=5000,
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game; ANALYZE games_seat;")
    from africa_site.celery import app

    app.conf.task_always_eager = False
    app.conf.broker_url = REDIS_URL
    query_times, sweep_times = [], []
    overdue = Game.objects.active().filter(turn_deadline__lte=now).values_list("pk", "version")
    for _n in range(20):
        started = time.perf_counter()
        list(overdue.all())  # a fresh query each time
        query_times.append(time.perf_counter() - started)
    started = time.perf_counter()
    result = sweep_deadlines.run()
    sweep_times.append(time.perf_counter() - started)
    for _n in range(9):  # nothing left to claim: the cost of a sweep that finds nothing
        started = time.perf_counter()
        sweep_deadlines.run()
        sweep_times.append(time.perf_counter() - started)
    print(f"sweep: {args.games} running games, {args.overdue} overdue (PostgreSQL)")
    print(f"  first sweep (claims {result['timed_out']})   {1000 * sweep_times[0]:7.1f} ms")
    print(f"  sweep finding nothing (median)  {1000 * statistics.median(sweep_times[1:]):7.1f} ms")
    print(f"  overdue query alone (median)    {1000 * statistics.median(query_times):7.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--overdue", type=int, default=100)
    args = parser.parse_args()
    env = environment()
    os.environ.update(env)
    recreate_database()
    import django

    django.setup()
    from aiosmtpd.controller import Controller
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    counter = Counter()
    smtp = Controller(counter, hostname="127.0.0.1", port=SMTP_PORT)
    smtp.start()
    try:
        bench_mails(args, env, counter)
        bench_sweep(args)
    finally:
        smtp.stop()


if __name__ == "__main__":
    main()
