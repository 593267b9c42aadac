"""A soak test of play by email: games played to their end by replies alone, through a real
Celery worker and beat, while Redis goes away and the worker is killed; prints the figures.

    .venv/bin/python bench/soak.py --minutes 30 --outages 2 --outage-seconds 60 --kills 2
        [--database-url postgres://postgres@127.0.0.1:5432/africa_soak]
        [--redis-url redis://127.0.0.1:6379/7] [--smtp-port 0] [--var-dir var/bench/soak]
        [--seed 7]

It uses a database of its own (``--database-url``, default $SOAK_DATABASE_URL if set, emptied
and migrated first) and the Redis database of ``--redis-url`` (default $REDIS_URL if set; not
emptied), reached by the worker, beat and this script through a TCP proxy that the script cuts
for each outage (the Redis server itself goes on serving others). Mails go to an SMTP server in
this process, on ``--smtp-port`` (0: a free port). The logs of the worker and beat, and beat's
schedule, go to ``--var-dir``. The games are dealt from ``--seed`` and the bots' choices follow
from it. Players: the engines' easy bots (``games.simulation.bot_action``) choose every
move of four games at a time (Africa with 3 players, Africana with 3, the Nile of 8 rounds
with 2 and solo); each reply goes to the reply address of the player's newest mail about the
game and is handled as ``manage.py receive_mail`` handles it: a "deferred" outcome (exit 75)
is delivered again after 5 seconds, as a mail server would. A finished game is replaced by a
new one. The outages and the worker kills (SIGKILL, started again 2 s later) are spread over
the run. At the end it waits up to 3 minutes for the outbox to drain.

Prints: replies handled (by outcome), deferred deliveries, games finished, mails received,
answers, lost (a reply handled but never answered), duplicated (a mail received twice), late
(an answer more than 60 s after its reply; the longest wait too), and whether the worker and
beat were running at the end. A healthy run has 0 lost, at most one duplicate per worker kill.
"""

from __future__ import annotations

import argparse
import email
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
sys.path[:0] = [str(ROOT)]

from tests.integration.tcp_proxy import TcpProxy  # noqa: E402

#: (engine, players, options) of the games played at the same time.
GAMES = (
    ("africa", 3, {}),
    ("africana", 3, {}),
    ("nile", 2, {"max_rounds": 8}),
    ("nile", 1, {"max_rounds": 8}),
)
LATE = 60  # seconds from a reply to its answer that count as late
WORKER_FLAGS = ["--without-gossip", "--without-mingle", "--without-heartbeat"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--outages", type=int, default=2)
    parser.add_argument("--outage-seconds", type=float, default=60)
    parser.add_argument("--kills", type=int, default=2)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between replies")
    benchkit.add_database_flag(parser, "africa_soak", env="SOAK_DATABASE_URL")
    benchkit.add_redis_flag(
        parser, 7, env="REDIS_URL", what="Redis database of the cache and the broker, not emptied"
    )
    parser.add_argument(
        "--smtp-port",
        type=int,
        default=0,
        help="port of the bench's SMTP server on 127.0.0.1 (default: 0, a free port)",
    )
    benchkit.add_var_dir_flag(parser, "soak")
    benchkit.add_seed_flag(parser, 7)
    args = parser.parse_args(argv)
    if not 0 < args.minutes <= 240:
        parser.error("--minutes must be at most 240")
    return args


class Inbox:
    """The SMTP server's handler: every mail received, with its arrival time."""

    def __init__(self):
        self.lock = threading.Lock()
        self.mails: list[tuple[float, EmailMessage]] = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        with self.lock:
            self.mails.append((time.monotonic(), message))
        return "250 OK"

    def newest_address(self, address: str, game_id: int) -> str | None:
        """The Reply-To of the newest mail to ``address`` about game ``game_id``."""
        with self.lock:
            for _at, mail in reversed(self.mails):
                reply_to = str(mail.get("Reply-To", ""))
                if address in str(mail["To"]) and f"play+{game_id}." in reply_to:
                    return reply_to
        return None


def start(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT
    )


def main():
    args = parse_args()
    from aiosmtpd.controller import Controller

    redis = urlsplit(args.redis_url)
    proxy = TcpProxy(redis.hostname or "127.0.0.1", redis.port or 6379)
    through_proxy = urlunsplit(redis._replace(netloc=f"127.0.0.1:{proxy.port}"))
    inbox = Inbox()
    smtp_port = args.smtp_port
    if not smtp_port:
        with socket.socket() as probe:  # a free port for the SMTP server
            probe.bind(("127.0.0.1", 0))
            smtp_port = probe.getsockname()[1]
    smtp = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    os.environ.update(
        DATABASE_URL=args.database_url,
        REDIS_URL=through_proxy,
        CELERY_BROKER_URL=through_proxy,
        EMAIL_URL=f"smtp://127.0.0.1:{smtp_port}",
        SITE_URL="http://soak.example",
        MAIL_RETRY_BACKOFF="5",
        BOT_PAUSE_SECONDS="0",
        DJANGO_SETTINGS_MODULE="africa_site.settings",
    )
    env = dict(os.environ)
    benchkit.recreate_database(args.database_url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    import django

    django.setup()
    from django.conf import settings

    from games import services
    from games.models import Game
    from games.simulation import bot_action, simulated_players
    from mailplay.inbound import handle_message
    from mailplay.parsing import parse_bytes

    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_game": "100000/h"}
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # the SMTP server's chatter
    logs = args.var_dir
    logs.mkdir(parents=True, exist_ok=True)
    worker_command = [sys.executable, "-m", "celery", "--app", "africa_site", "worker"]
    worker_command += ["--pool", "solo", "--loglevel", "WARNING", *WORKER_FLAGS]
    beat_command = [sys.executable, "-m", "celery", "--app", "africa_site", "beat"]
    beat_command += ["--loglevel", "WARNING", "--pidfile=", "--schedule", str(logs / "beat")]
    worker = start(worker_command, env, logs / "worker.log")
    beat = start(beat_command, env, logs / "beat.log")

    rng = random.Random(args.seed)
    players = simulated_players(3)

    def new_game(engine: str, seats: int, options: dict, seed: int) -> Game:
        game = services.create_game(
            players[0], engine=engine, num_players=seats, seed=seed, options=options
        )
        for player in players[1:seats]:
            services.join_game(game, player)
        game.refresh_from_db()
        return game

    games = [new_game(*spec, seed=args.seed + n) for n, spec in enumerate(GAMES)]
    replies: dict[str, float] = {}  # Message-ID -> when it was handled
    outcomes, deferred, finished = Counter(), 0, 0
    retry: list[tuple[float, bytes]] = []
    duration = args.minutes * 60
    begin = time.monotonic()
    faults = sorted(
        [(duration * (k + 1) / (args.outages + 1), "outage") for k in range(args.outages)]
        + [(duration * (k + 0.5) / (args.kills + 0.5), "kill") for k in range(args.kills)]
    )
    restore_at = restart_at = None
    pause = threading.Event()

    def deliver(raw: bytes) -> None:
        nonlocal deferred
        outcome = handle_message(parse_bytes(raw)).status
        if outcome == "deferred":
            deferred += 1
            retry.append((time.monotonic() + 5, raw))
            return
        outcomes[outcome] += 1
        if outcome not in ("duplicate", "dropped", "said"):
            replies[str(email.message_from_bytes(raw)["Message-ID"])] = time.monotonic()

    while (now := time.monotonic() - begin) < duration:
        if faults and now >= faults[0][0]:
            _at, fault = faults.pop(0)
            print(f"{now:7.0f} s: {fault}", flush=True)
            if fault == "outage":
                proxy.cut()
                restore_at = now + args.outage_seconds
            else:
                worker.send_signal(signal.SIGKILL)
                worker.wait()
                restart_at = now + 2
        if restore_at is not None and now >= restore_at:
            proxy.restore()
            restore_at = None
            print(f"{now:7.0f} s: Redis back", flush=True)
        if restart_at is not None and now >= restart_at:
            worker = start(worker_command, env, logs / "worker.log")
            restart_at = None
        for item in [r for r in retry if r[0] <= time.monotonic()]:
            retry.remove(item)
            deliver(item[1])
        for index, game in enumerate(games):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                finished += game.status == Game.Status.FINISHED
                games[index] = new_game(*GAMES[index], seed=rng.randrange(10**6))
                continue
            mover = next(s.user for s in game.seats.all() if s.number == game.current_seat)
            address = inbox.newest_address(mover.email, game.pk)
            # Only the mail of the game as it is now: the answer to the last reply may be on
            # its way (play+<game>.<seat>.<version>.<signature>@...).
            if address is None or address.split("@")[0].split(".")[2] != str(game.version):
                continue
            message = EmailMessage()
            message["From"], message["To"] = mover.email, address
            message["Subject"] = "Re: your turn"
            message["Message-ID"] = make_msgid("soak", "players.example")
            message.set_content(bot_action(game, rng) + "\n\nSent from my phone\n")
            deliver(message.as_bytes())
        pause.wait(args.pause)

    if restore_at is not None:
        proxy.restore()
    if restart_at is not None:
        worker = start(worker_command, env, logs / "worker.log")
    drain_until = time.monotonic() + 180
    while retry and time.monotonic() < drain_until:
        at, raw = retry.pop(0)
        pause.wait(max(0.0, at - time.monotonic()))
        deliver(raw)

    def answered() -> dict[str, float]:
        with inbox.lock:
            return {str(m["In-Reply-To"]): at for at, m in inbox.mails if m["In-Reply-To"]}

    while set(replies) - set(answered()) and time.monotonic() < drain_until:
        pause.wait(2)
    answers = answered()
    with inbox.lock:
        ids = Counter(str(m["Message-ID"]) for _at, m in inbox.mails)
        received = len(inbox.mails)
    waits = [answers[r] - at for r, at in replies.items() if r in answers]
    alive = {"worker": worker.poll() is None, "beat": beat.poll() is None}
    for process in (worker, beat):
        if process.poll() is None:
            process.terminate()
            process.wait(30)
    smtp.stop()
    proxy.close()
    print(
        f"minutes: {args.minutes}, outages: {args.outages} x {args.outage_seconds:.0f} s, "
        f"worker kills: {args.kills}"
    )
    print(
        f"replies handled: {sum(outcomes.values())} {dict(outcomes)}; deferred deliveries: "
        f"{deferred}; games finished: {finished}"
    )
    print(f"mails received: {received}; answers: {len(answers)}")
    print(
        f"lost: {len(set(replies) - set(answers))}; duplicated: "
        f"{sum(n - 1 for n in ids.values() if n > 1)}; late (> {LATE} s): "
        f"{sum(w > LATE for w in waits)}; longest wait: {max(waits, default=0):.1f} s"
    )
    print(f"running at the end: {alive}")


if __name__ == "__main__":
    main()
