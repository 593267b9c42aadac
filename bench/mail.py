"""Speed of turn mails and of the deadline sweep, printed (no pass/fail).

    python bench/mail.py [--database-url postgres://postgres@127.0.0.1:5432/africa_mail_bench]
                         [--redis-url redis://127.0.0.1:6379/12] [--smtp-port 8825]
                         [--seed 1] [--mails 200] [--profile] [--no-pictures] [--games 100000]
                         [--overdue 100] [--only mails|sweep]

1. Turn mails: ``--mails`` games (Africa mostly, one in ten Africana and one in ten Nile, 2 to
   4 players, up to two dozen moves in), each waiting for a different player, have their turn
   mail queued as an outbox row, as a move queues it. The outbox's sender
   (``notifications.sender.send_due``, called in this process: no Celery worker) then builds
   and delivers them all to an SMTP server that this script runs in a child process, HTML
   board pictures included, as in production; then the same rows once more without pictures
   (MAIL_BOARD_PICTURES off). Each time is compared with raw smtplib sending the very same
   bytes (the messages the server received from the outbox, collected first) over one reused
   connection (the median of RAW_RUNS runs). Printed side by side: both times, their ratio
   and its goal (at most 3 with pictures, at most 2 without), the database queries per mail;
   then the time of the board pictures of one mail per game (the close-up and the whole
   board, ``mail_pictures``: median and 95th percentile) and their sizes. Two mails of each
   game in each language are sent before the timing starts (WARM_UP more games), so that
   templates, fonts and libraries are loaded and each game's background and the plane of its
   close-ups are drawn (when a second close-up needs it), as in a worker that has been
   running (backgrounds are kept a day in Django's cache).
   ``--profile`` then sends the same rows once more under cProfile (with an empty cache) and
   prints where the sender's time goes: claiming, the composer's queries, the board's SVG and
   PNG, the three templates, the sending, and the functions that take the most time.
   ``--no-pictures`` sends (and profiles) the mails without board pictures only.
2. The sweep: ``--games`` running games in PostgreSQL, ``--overdue`` of them past their
   deadline; the median time of one ``sweep_deadlines`` run (finding them through the partial
   index and claiming each), and of the query alone. Target: the sweep under 100 ms.

Needs PostgreSQL and Redis on this machine: it drops and creates the database of
``--database-url`` (default: $BENCH_DATABASE_URL if set) and empties the Redis database of
``--redis-url`` (default: $BENCH_REDIS_URL if set; the cache and the broker), no other. The
SMTP server listens on ``--smtp-port``. The games are dealt and played from ``--seed``.
Runs with DEBUG off, as in production (the debug cursor would time every query).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import multiprocessing
import os
import pstats
import random
import smtplib
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
sys.path.insert(0, str(ROOT))
SMTP_HOST = "127.0.0.1"
LANGUAGES = ("en", "fr", "nl")
RAW_RUNS = 5  # raw sending is short: the median of this many runs, against a busy machine
#: Games made besides the timed ones, for the mails sent before the timing: 60 make two of
#: each game in each language (``engine_for`` repeats every 10 games, the languages every 3).
WARM_UP = 60


# -- the SMTP server, in a child process so that it does not share this one's interpreter ----


def smtp_server(pipe, port: int) -> None:
    """Run an aiosmtpd server on ``port`` that keeps what it receives; answer over ``pipe``:
    "count" -> how many mails so far, "take" -> [(mail from, [recipients], bytes)] (and
    forget them), "stop" -> None (and end)."""
    from aiosmtpd.controller import Controller

    received = []

    class Keeper:
        async def handle_DATA(self, server, session, envelope):
            received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
            return "250 OK"

    controller = Controller(Keeper(), hostname=SMTP_HOST, port=port)
    controller.start()
    pipe.send("ready")
    try:
        while True:
            command = pipe.recv()
            if command == "count":
                pipe.send(len(received))
            elif command == "take":
                pipe.send(received[:])
                received.clear()
            else:
                pipe.send(None)
                return
    finally:
        controller.stop()


class Server:
    """The child process of ``smtp_server`` on ``port`` and the end of its pipe."""

    def __init__(self, port: int):
        self.port = port
        context = multiprocessing.get_context("fork")  # before Django opens any connection
        self.pipe, child_end = context.Pipe()
        self.process = context.Process(target=smtp_server, args=(child_end, port), daemon=True)
        self.process.start()
        if self.pipe.recv() != "ready":
            raise SystemExit("the SMTP server did not start")

    def ask(self, command: str):
        self.pipe.send(command)
        return self.pipe.recv()

    def stop(self) -> None:
        self.ask("stop")
        self.process.join(10)


# -- setting up -----------------------------------------------------------------------------


def environment(args) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "africa_site.settings",
        "DATABASE_URL": args.database_url,
        "CELERY_BROKER_URL": args.redis_url,
        "REDIS_URL": args.redis_url,
        "EMAIL_URL": f"smtp://{SMTP_HOST}:{args.smtp_port}",
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
    }


def engine_for(index: int) -> str:
    """Africa mostly; one game in ten Africana and one in ten Nile."""
    return {3: "africana", 7: "nile"}.get(index % 10, "africa")


def make_players(count: int, first: int = 0) -> list:
    """``count`` verified accounts "Player <first>".., their languages taking turns (en, fr,
    nl)."""
    from allauth.account.models import EmailAddress

    from accounts.models import User

    users = User.objects.bulk_create(
        User(
            email=f"player{n}@example.com",
            display_name=f"Player {n}",
            language=LANGUAGES[n % len(LANGUAGES)],
            password="!",
        )
        for n in range(first, first + count)
    )
    EmailAddress.objects.bulk_create(
        EmailAddress(user=user, email=user.email, verified=True, primary=True) for user in users
    )
    return users


def make_waiting_games(count: int, rng: random.Random) -> list:
    """``count`` running games with 2 to 4 players, some moves in and a chat line in one of
    three, the game ``n`` waiting for the move of its own player ``n`` (so no two wait for the
    same player). Returns the games."""
    from games.kinds import get_kind
    from games.models import Game
    from games.simulation import play_game
    from talk.models import Message

    waiting = make_players(count)
    others = make_players(count + 3, first=count)
    games = []
    for n, player in enumerate(waiting):
        engine = engine_for(n)
        kind = get_kind(engine)
        size = rng.randint(max(2, kind.min_players), min(4, kind.max_players))
        while True:
            players = [player, *rng.sample(others, size - 1)]
            rng.shuffle(players)
            plies = rng.randint(size, 6 * size)
            seed = rng.randrange(2**31)
            game = play_game(
                players, rng=rng, engine=engine, plies=plies, to_move=[player], seed=seed
            )
            if game.status == Game.Status.ACTIVE:
                break
        if n % 3 == 0:
            author = next(p for p in players if p != player)
            Message.objects.create(game=game, author=author, text="Good luck with the next turn!")
        games.append(game)
    return games


def queue_turn_mails(games: list) -> None:
    """Empty the outbox, then queue the your-turn mail of each of ``games`` as a move does."""
    from django.db import transaction

    from games import notices
    from notifications.models import OutboundMail

    OutboundMail.objects.all().delete()
    with transaction.atomic():
        for game in games:
            notices.turn(game)


# -- measuring ------------------------------------------------------------------------------


class QueryCounter:
    """A database execute wrapper that counts the queries run through it."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def send_all() -> dict[str, int]:
    """Run the outbox's sender until no row is due; its counts added up."""
    from notifications import sender

    total = {"sent": 0, "closed": 0, "deferred": 0, "failed": 0}
    while True:
        counts = sender.send_due()
        for name, value in counts.items():
            total[name] += value
        if not any(counts.values()):
            return total


def send_again(keys: list[str]) -> None:
    """Make the rows ``keys`` due again, as they were before they were sent, with no board
    picture in the cache."""
    from django.core.cache import cache

    from notifications.models import OutboundMail

    OutboundMail.objects.filter(key__in=keys).update(
        status=OutboundMail.Status.PENDING, sent_at=None, attempts=0, claimed_until=None
    )
    cache.clear()


#: The parts of the sender's work the profile names, as (label, file ending, function name):
#: the cumulative time of each (parts may contain others: they are indented below them).
PARTS = [
    ("claiming the rows (sender._claim)", "notifications/sender.py", "_claim"),
    ("building the mails (sender.build)", "notifications/sender.py", "build"),
    ("  composing (the composer: queries, position)", "mailplay/mails.py", "compose_turn"),
    ("    the board picture (attach_board)", "notifications/boardimage.py", "attach_board"),
    ("      its SVG (board_svg, a template)", "notifications/boardsvg.py", "board_svg"),
    ("      its picture (svg_png)", "notifications/boardimage.py", "svg_png"),
    ("        its background's key (background_key)", "boardsvg.py", "background_key"),
    ("        its pieces parsed (pieces_of)", "notifications/boardsvg.py", "pieces_of"),
    ("        its background (_background)", "notifications/boardimage.py", "_background"),
    ("          its plane (_plane_crop)", "notifications/boardimage.py", "_plane_crop"),
    ("        the pieces as stamps (stamps)", "notifications/boardstamps.py", "stamps"),
    ("        documents made for CairoSVG (drawable)", "notifications/boardsvg.py", "drawable"),
    ("        CairoSVG reading the SVG (Tree)", "cairosvg/parser.py", "__init__"),
    ("        CairoSVG drawing (Surface.draw)", "cairosvg/surface.py", "draw"),
    ("        Pillow (quantize)", "PIL/Image.py", "quantize"),
    ("        Pillow (PNG save)", "PIL/Image.py", "save"),
    ("    the position (turn_mail_context)", "mailplay/replies.py", "turn_mail_context"),
    ("    the news (news_since_last_turn)", "mailplay/mails.py", "news_since_last_turn"),
    ("    the chat (chat_for_mail)", "talk/mail.py", "chat_for_mail"),
    ("  the three templates (make_message)", "notifications/emails.py", "make_message"),
    ("sending (EmailMessage.send)", "django/core/mail/message.py", "send"),
    ("  the MIME bytes (as_bytes)", "django/core/mail/message.py", "as_bytes"),
    ("  SMTP (smtplib sendmail)", "smtplib.py", "sendmail"),
    ("marking rows sent (QuerySet.update)", "django/db/models/query.py", "update"),
    ("all SQL (CursorWrapper._execute)", "django/db/backends/utils.py", "_execute"),
]


def print_profile(profile: cProfile.Profile, mails: int) -> None:
    """The cumulative time of each of PARTS per mail, then the 25 functions that took the
    most time themselves."""
    stats = pstats.Stats(profile)
    total = stats.total_tt
    print(f"profile of the sender (cProfile, which slows Python code down): {total:.2f} s")
    for label, path, function in PARTS:
        found = [
            row[3]
            for (filename, _line, name), row in stats.stats.items()
            if name == function and filename.endswith(path)
        ]
        seconds = max(found, default=0.0)
        print(f"  {label:50} {1000 * seconds / mails:7.1f} ms/mail  {100 * seconds / total:5.1f} %")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(25)
    print("\n".join(out.getvalue().splitlines()[6:]))


def send_and_compare(games: list, server: Server, pictures: bool, goal: float) -> float:
    """Send the queued turn mails of ``games`` through the outbox, with board pictures or
    without (``pictures``), then the very bytes the server received over raw smtplib; print
    both times and their ratio against ``goal``. Returns the ratio."""
    from django.conf import settings
    from django.db import connection

    settings.MAIL_BOARD_PICTURES = pictures
    counter = QueryCounter()
    with connection.execute_wrapper(counter):
        started, cpu = time.perf_counter(), time.process_time()
        counts = send_all()
        outbox_seconds = time.perf_counter() - started
        outbox_cpu = time.process_time() - cpu
    received = server.ask("take")
    if counts["sent"] != len(games) or len(received) != len(games):
        raise SystemExit(f"{counts} for {len(games)} rows; the server received {len(received)}")

    raw_times = []
    for _run in range(RAW_RUNS):
        started = time.perf_counter()
        with smtplib.SMTP(SMTP_HOST, server.port) as smtp:
            for sender, recipients, data in received:
                smtp.sendmail(sender, recipients, data)
        raw_times.append(time.perf_counter() - started)
        if len(server.ask("take")) != len(received):
            raise SystemExit("the server did not receive every raw mail")
    raw_seconds = statistics.median(raw_times)

    mails = len(games)
    size = sum(len(data) for _sender, _recipients, data in received) / mails
    ratio = outbox_seconds / raw_seconds
    print(
        f"  {'with' if pictures else 'without'} board pictures, {size / 1000:.0f} KB a mail"
        f" on average"
    )
    print(
        f"    outbox sender  {outbox_seconds:6.2f} s   {1000 * outbox_seconds / mails:6.1f} ms/mail"
        f"   {counter.count / mails:5.1f} queries/mail   (this process's CPU: {outbox_cpu:.2f} s)"
    )
    print(
        f"    raw smtplib    {raw_seconds:6.2f} s   {1000 * raw_seconds / mails:6.1f} ms/mail"
        f"   (median of {RAW_RUNS} runs, {min(raw_times):.2f} to {max(raw_times):.2f} s)"
    )
    verdict = "met" if ratio <= goal else "NOT met"
    print(f"    ratio          {ratio:6.2f} x   (goal: at most {goal:g} x: {verdict})")
    return ratio


def bench_pictures(games: list) -> None:
    """Draw the board pictures of each game's turn mail once more (``mail_pictures``: the
    close-up and the whole board, or the whole board alone), as its reader sees them (their
    language, their seat's view, the picture's cache empty, the backgrounds drawn before kept);
    print per game the pictures' own time for one mail (their SVG partials rendered and drawn
    to PNG: median and 95th percentile, wall clock and this process's CPU) and their sizes."""
    from django.conf import settings
    from django.utils import translation

    from mailplay.replies import position_context
    from notifications.boardimage import board_png, mail_pictures

    settings.MAIL_BOARD_PICTURES = True  # the position's context has the board only then
    drawn: dict[str, list[tuple[float, float, int]]] = {}
    for game in games:
        seats = sorted(game.seats_with_users(), key=lambda s: s.number)
        seat = seats[game.current_seat]
        with translation.override(seat.user.language):
            context = position_context(game, seat, [s.name for s in seats])
            started, cpu = time.perf_counter(), time.process_time()
            pngs = [board_png(context["kind"], board) for board in mail_pictures(context["board"])]
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        sizes = [len(png) for png in pngs]
        drawn.setdefault(context["kind"].label, []).append((wall, cpu, sizes))
    print("  the board pictures of a mail, per game (SVG partials rendered and drawn to PNG):")
    for label, rows in sorted(drawn.items()):
        walls = sorted(1000 * wall for wall, _cpu, _sizes in rows)
        cpus = sorted(1000 * cpu for _wall, cpu, _sizes in rows)
        sizes = [size / 1000 for _wall, _cpu, some in rows for size in some]
        pictures = max(len(some) for _wall, _cpu, some in rows)
        print(
            f"    {label:20} {len(rows):3} mails, up to {pictures} pictures each   median"
            f" {statistics.median(walls):6.1f} ms   p95 {percentile(walls, 95):6.1f} ms   (CPU:"
            f" median {statistics.median(cpus):6.1f} ms, p95 {percentile(cpus, 95):6.1f} ms)"
            f"   {statistics.median(sizes):4.0f} KB a picture (at most {max(sizes):.0f} KB)"
        )


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of the sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, max(0, round(share / 100 * len(values)) - 1))]


def bench_mails(args, server: Server) -> None:
    from games.kinds import get_kind

    rng = random.Random(args.seed)
    started = time.perf_counter()
    games = make_waiting_games(args.mails + WARM_UP, rng)
    games, spare = games[: args.mails], games[args.mails :]
    pairs: dict[tuple[str, str], list] = {}
    for game in spare:
        pairs.setdefault((game.engine, _reader(game).language), []).append(game)
    warm_up = [game for pair in pairs.values() for game in pair[:2]]
    print(f"turn mails: {len(games)} games made in {time.perf_counter() - started:.0f} s")
    kinds = {}
    for game in games:
        kinds[get_kind(game.engine).label] = kinds.get(get_kind(game.engine).label, 0) + 1
    print(
        f"  {len(games)} your-turn mails ("
        + ", ".join(f"{count} {label}" for label, count in sorted(kinds.items()))
        + ") built and sent by the outbox, against raw smtplib sending the same bytes:"
    )

    queue_turn_mails(warm_up)  # templates, fonts, cairo, backgrounds, the connection pool
    send_all()
    server.ask("take")
    print(f"  ({len(warm_up)} mails sent before: two of each game in each language)")
    queue_turn_mails(games)
    if not args.no_pictures:
        send_and_compare(games, server, pictures=True, goal=3)
        send_again(_keys(games))
    send_and_compare(games, server, pictures=False, goal=2)
    if not args.no_pictures:
        bench_pictures(games)

    if args.profile:
        from django.conf import settings

        settings.MAIL_BOARD_PICTURES = not args.no_pictures
        send_again(_keys(games))
        profile = cProfile.Profile()
        profile.enable()
        counts = send_all()
        profile.disable()
        server.ask("take")
        print_profile(profile, counts["sent"])


def _reader(game):
    """The player ``game`` waits for."""
    return game.seats.select_related("user").get(number=game.current_seat).user


def _keys(games: list) -> list[str]:
    from notifications.models import OutboundMail

    return list(
        OutboundMail.objects.filter(game__in=games, template="your_turn").values_list(
            "key", flat=True
        )
    )


def bench_sweep(args) -> None:
    from django.db import connection
    from django.utils import timezone

    from accounts.models import User
    from games.models import Game, Seat
    from games.tasks import sweep_deadlines

    user = User.objects.first()
    now = timezone.now()
    template = Game.objects.exclude(state=None).filter(engine="africa").first()
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
    app.conf.broker_url = args.redis_url
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


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    benchkit.add_database_flag(parser, "africa_mail_bench")
    benchkit.add_redis_flag(
        parser, 12, what="Redis database of the cache and the broker, emptied by the bench"
    )
    benchkit.add_port_flag(parser, "--smtp-port", 8825, "the bench's SMTP server")
    benchkit.add_seed_flag(parser, 1)
    parser.add_argument("--mails", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="profile the mails' sender")
    parser.add_argument("--no-pictures", action="store_true", help="mails without board pictures")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--overdue", type=int, default=100)
    parser.add_argument("--only", choices=["mails", "sweep"], help="run one part only")
    return parser.parse_args(argv)


def main():
    args = parse_args()
    os.chdir(ROOT)
    os.environ.update(environment(args))
    server = Server(args.smtp_port)
    try:
        benchkit.recreate_database(args.database_url)
        import django

        django.setup()
        from django.core.management import call_command

        from notifications import outbox

        call_command("migrate", verbosity=0)
        benchkit.flush_redis(args.redis_url)  # the cache and the broker, nothing else
        outbox.kick = lambda: None  # no worker here: this script calls the sender itself
        if args.only in (None, "mails"):
            bench_mails(args, server)
        if args.only in (None, "sweep"):
            if args.only == "sweep":
                # The position the sweep's games copy.
                make_waiting_games(1, random.Random(args.seed))
            bench_sweep(args)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
