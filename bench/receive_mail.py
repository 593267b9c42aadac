"""Time of ``manage.py receive_mail`` per reply, with Redis up and with Redis unreachable,
printed (no pass/fail).

    python bench/receive_mail.py [--database-url postgres://...] [--replies 4]

Sets up a fresh database (migrations, one started duel per reply, with Redis up), then pipes
one reply with a legal move into ``manage.py receive_mail`` per game, each in a new process
as an MTA runs it: half of them with Redis (cache and broker) reachable, half with both
pointed at a closed port, as in an outage. Prints each run's outcome and time, and the
median of each half. The process's start (Django, the site's apps) is in both figures; their
difference is what the outage costs a reply. Target: the same time with Redis down as up.

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL); drops and creates the
database that BENCH_DATABASE_URL names.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    benchkit.add_database_flag(parser, "africa_receive_bench")
    what = "the Redis database of the runs with Redis up (not emptied)"
    benchkit.add_redis_flag(parser, 13, what=what)
    benchkit.add_seed_flag(parser, 2024)
    parser.add_argument("--replies", type=int, default=4, help="replies with Redis up and down")
    return parser.parse_args()


def closed_port() -> int:
    """A port of this machine that nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_replies(count: int, seed: int) -> list[bytes]:
    """``count`` started duels; for each, the raw reply of the player to move with a legal
    action, to the game's reply address."""
    import django

    django.setup()
    from django.core.management import call_command

    from accounts.models import User
    from games import services
    from mailplay.tokens import reply_address

    call_command("migrate", verbosity=0)
    replies = []
    for n in range(count):
        alice = User.objects.create_user(f"alice{n}@example.com", display_name=f"Alice {n}")
        bob = User.objects.create_user(f"bob{n}@example.com", display_name=f"Bob {n}")
        game = services.create_game(alice, num_players=2, seed=seed + n)
        services.join_game(game, bob)
        game.refresh_from_db()
        seat = game.seats.select_related("user").get(number=game.current_seat)
        message = EmailMessage()
        message["From"] = seat.user.email
        message["To"] = reply_address(game.pk, seat.number, game.version)
        message["Subject"] = "Re: Your turn"
        message["Message-ID"] = make_msgid(f"bench{n}", "mail.example.com")
        message.set_content(game.kind.engine.legal_actions(game.state)[0] + "\n")
        replies.append(message.as_bytes())
    return replies


def receive(raw: bytes, env: dict[str, str]) -> tuple[str, float]:
    """(the outcome printed, seconds) of one ``manage.py receive_mail`` run."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "manage.py", "receive_mail"],
        input=raw,
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
    )
    return done.stdout.decode().strip() or f"exit {done.returncode}", time.perf_counter() - started


def main():
    args = parse_args()
    redis_url = args.redis_url
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "africa_site.settings",
        "DATABASE_URL": args.database_url,
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "LOG_LEVEL": "ERROR",
    }
    benchkit.recreate_database(args.database_url)
    os.environ.update(env)
    replies = make_replies(2 * args.replies, args.seed)
    down = f"redis://127.0.0.1:{closed_port()}/0"
    runs = {"Redis up": env, "Redis down": {**env, "REDIS_URL": down, "CELERY_BROKER_URL": down}}
    medians = {}
    for index, (label, run_env) in enumerate(runs.items()):
        times = []
        for raw in replies[index * args.replies : (index + 1) * args.replies]:
            outcome, seconds = receive(raw, run_env)
            times.append(seconds)
            print(f"{label:11} {outcome:10} {seconds:6.2f} s")
        medians[label] = statistics.median(times)
    for label, median in medians.items():
        print(f"median, {label:11} {median:6.2f} s a reply")
    print(f"the outage costs a reply {medians['Redis down'] - medians['Redis up']:+.2f} s")


if __name__ == "__main__":
    main()
