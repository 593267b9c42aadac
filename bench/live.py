"""The live process under load: 2,000 open streams, a move in 100 games, then a quiet minute,
side by side with the same pages polling every 4 s (prints figures, no pass/fail).

    python bench/live.py [--mode redis|embedded]
                         [--database-url postgres://postgres@127.0.0.1:5432/africa_live_bench]
                         [--redis-url redis://127.0.0.1:6379/6] [--live-port 8791]
                         [--site-port 8792] [--var-dir var/bench/live] [--seed 1]
                         [--games 200] [--per-game 10] [--moved 100] [--quiet 60] [--workers 3]

It recreates the database, creates ``--games`` public 2-player games, and starts one live
process (uvicorn, one process, ``live.asgi``: with ``--mode redis`` it listens on Redis, with
``--mode embedded`` it reads the versions from the database every LIVE_POLL_SECONDS) and the
site (gunicorn, ``--workers``). Then:

1. opens ``--per-game`` streams per game (an async httpx client; each a watcher's page, with
   the poll token a session-less visitor's page carries) and waits for each one's first
   message (the current version);
2. commits a move in each of ``--moved`` games through the site's service (so the site
   publishes it as after any move), noting the time of each commit, and waits until every
   stream of those games got the new version: the delay from commit to message, p50/p95/max;
3. keeps the streams open ``--quiet`` seconds with no move: the CPU time of the live process,
   the web processes and the database's backends, as % of one core (from /proc/<pid>/stat);
4. closes the streams and lets the same pages poll the site every 4 s instead (the signed
   fast poll, answered 204) for as long: the same CPU figures.

Goals (issue 29): p95 <= 1 s and every stream told; the quiet minute <= 5 % of one core.
The machine is shared with other work: read the figures as orders of magnitude.

It drops and creates ``--database-url``, deals the games from ``--seed`` (game n from seed
``--seed`` + n), listens on ``--live-port`` and ``--site-port``, writes under ``--var-dir``,
and with ``--mode redis`` publishes on the Redis database of ``--redis-url`` (not emptied:
pub/sub keeps nothing).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402
from benchkit import fresh_site, production_env  # noqa: E402
from web import gunicorn, wait_for  # noqa: E402

sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

POLL_SECONDS = 4.0
WAIT = 60  # seconds: the longest the bench waits for any stream
TICKS = os.sysconf("SC_CLK_TCK")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("redis", "embedded"), default="redis")
    benchkit.add_database_flag(parser, "africa_live_bench", env=None)
    benchkit.add_redis_flag(
        parser, 6, env=None, what="the Redis database the live process listens on (--mode redis)"
    )
    benchkit.add_port_flag(parser, "--live-port", 8791, "the live process")
    benchkit.add_port_flag(parser, "--site-port", 8792)
    benchkit.add_var_dir_flag(parser, "live")
    benchkit.add_seed_flag(parser, 1)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--per-game", type=int, default=10)
    parser.add_argument("--moved", type=int, default=100)
    parser.add_argument("--quiet", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=3)
    return parser.parse_args(argv)


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by ``pids`` (those still running)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / TICKS


def family(pid: int) -> list[int]:
    """``pid`` and its children (gunicorn's master and workers)."""
    pids = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        pids += [int(p) for p in (task / "children").read_text().split()]
    return pids


def backends(database_url: str) -> list[int]:
    """The PostgreSQL backends connected now to the database of ``database_url``."""
    import urllib.parse

    import psycopg

    parts = urllib.parse.urlsplit(database_url)
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as db:
        rows = db.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [parts.path.strip("/")]
        )
        return [pid for (pid,) in rows]


def prepare(args, env: dict) -> list:
    """Migrate and create the games (public, 2 players, begun); return them."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    from games import services
    from games.simulation import simulated_players

    call_command("migrate", verbosity=0)
    alice, bob = simulated_players(2)
    games = []
    for n in range(args.games):
        game = services.create_game(alice, num_players=2, public=True, seed=args.seed + n)
        services.join_game(game, bob)
        game.refresh_from_db()
        games.append(game)
    return games


def commit_moves(games: list) -> dict[str, float]:
    """The player to move in each game plays its first legal action; {code: time of the
    commit} (``time.perf_counter``, noted by the first callback after the commit)."""
    from django.db import transaction

    from games import services

    committed = {}
    for game in games:
        game.refresh_from_db()
        user = game.seats.get(number=game.current_seat).user
        action = game.kind.engine.legal_actions(game.state)[0]
        code = str(game.code)
        with transaction.atomic():
            transaction.on_commit(
                lambda code=code: committed.__setitem__(code, time.perf_counter())
            )
            services.submit_action(game, user, action, game.version)
    return committed


class Streams:
    """The open streams: each one's first version, and when it heard a newer one."""

    def __init__(self, urls: list[tuple[str, str]]):
        self.urls = urls  # (game code, stream URL) per stream
        self.first: dict[int, int] = {}
        self.later: dict[int, float] = {}
        self.refused = 0
        self.opened = asyncio.Event()

    async def follow(self, client: httpx.AsyncClient, index: int) -> None:
        async with client.stream("GET", self.urls[index][1]) as response:
            if response.status_code != 200:
                self.refused += 1
                return
            buffer = b""
            async for chunk in response.aiter_raw():
                now = time.perf_counter()
                buffer += chunk
                while b"\n\n" in buffer:
                    message, _sep, buffer = buffer.partition(b"\n\n")
                    if message.startswith(b"event: version\ndata: "):
                        self.heard(index, int(message.rsplit(b" ", 1)[1]), now)

    def heard(self, index: int, version: int, now: float) -> None:
        if index not in self.first:
            self.first[index] = version
            if len(self.first) + self.refused == len(self.urls):
                self.opened.set()
        elif version > self.first[index]:
            self.later.setdefault(index, now)


async def wait_until(condition, seconds: float = WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def cpu_over(seconds: float, groups: dict[str, list[int]]) -> dict[str, float]:
    """% of one core each group of processes used over the next ``seconds``."""
    before = {name: cpu_seconds(pids) for name, pids in groups.items()}
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    return {name: 100 * (cpu_seconds(groups[name]) - before[name]) / elapsed for name in groups}


async def stream_phase(args, games, groups) -> dict:
    """Steps 1 to 3 of the module: the delays and the quiet CPU."""
    from games.polling import poll_token, stream_url

    urls = [
        (str(game.code), stream_url(game, poll_token(game, None, None)))
        for game in games
        for _ in range(args.per_game)
    ]
    streams = Streams(urls)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    timeout = httpx.Timeout(None, connect=WAIT, pool=WAIT)
    async with httpx.AsyncClient(limits=limits, timeout=timeout) as client:
        started = time.perf_counter()
        tasks = [asyncio.create_task(streams.follow(client, i)) for i in range(len(urls))]
        await asyncio.wait_for(streams.opened.wait(), WAIT)
        opening = time.perf_counter() - started
        moved = games[: args.moved]
        committed = await asyncio.to_thread(commit_moves, moved)
        watched = [i for i, (code, _url) in enumerate(urls) if code in committed]
        all_told = await wait_until(lambda: all(i in streams.later for i in watched), 10)
        delays = sorted(
            streams.later[i] - committed[urls[i][0]] for i in watched if i in streams.later
        )
        groups["database"] = backends(args.database_url)
        cpu = await cpu_over(args.quiet, groups)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "streams": len(urls) - streams.refused,
        "refused": streams.refused,
        "opening": opening,
        "watched": len(watched),
        "told": len(delays),
        "all_told": all_told,
        "delays": delays,
        "cpu": cpu,
    }


async def poll_phase(args, games, groups) -> dict:
    """Step 4 of the module: the same pages polling every 4 s; the CPU and the answers."""
    from django.urls import reverse

    from games.polling import poll_token

    urls = [
        f"{reverse('game_poll', args=[game.code])}?version={game.version}"
        f"&t={poll_token(game, None, None)}"
        for game in games
        for _ in range(args.per_game)
    ]
    answers: dict[int, int] = {}
    stagger = random.Random(args.seed)  # when each page begins, the same in every run

    async def poll(path: str) -> None:
        """One poll as a page sends it, on a connection of its own (gunicorn's sync workers
        close each connection after its answer)."""
        reader, writer = await asyncio.open_connection("127.0.0.1", args.site_port)
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        writer.write(request.encode("ascii"))
        answer = await reader.read()
        writer.close()
        status = int(answer[9:12]) if answer[:5] == b"HTTP/" else 0
        answers[status] = answers.get(status, 0) + 1

    async def page(path: str, stop_at: float) -> None:
        await asyncio.sleep(stagger.uniform(0, POLL_SECONDS))
        while time.perf_counter() < stop_at:
            try:
                await asyncio.wait_for(poll(path), WAIT)
            except (OSError, TimeoutError):
                answers[0] = answers.get(0, 0) + 1
            await asyncio.sleep(POLL_SECONDS)

    stop_at = time.perf_counter() + args.quiet + POLL_SECONDS
    tasks = [asyncio.create_task(page(url, stop_at)) for url in urls]
    await asyncio.sleep(POLL_SECONDS)  # every page has begun polling
    groups["database"] = backends(args.database_url)
    cpu = await cpu_over(args.quiet, groups)
    await asyncio.gather(*tasks)
    return {"pages": len(urls), "answers": answers, "cpu": cpu}


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))] if values else float("nan")


def report_streams(args, pushed: dict) -> None:
    delays = pushed["delays"]
    print()
    print(
        f"Live process ({args.mode} mode, uvicorn 1 process) vs. gunicorn {args.workers} "
        f"workers polled every {POLL_SECONDS:.0f} s; {args.games} games, PostgreSQL"
    )
    print(
        f"Streams open: {pushed['streams']} ({pushed['refused']} refused), all first "
        f"messages in {pushed['opening']:.1f} s"
    )
    print(
        f"A move in {args.moved} games: {pushed['told']} of {pushed['watched']} streams told "
        f"({'every one' if pushed['all_told'] else 'NOT every one'})"
    )
    if delays:
        print(
            f"  commit -> message: p50 {1000 * statistics.median(delays):.0f} ms, "
            f"p95 {1000 * percentile(delays, 0.95):.0f} ms, max {1000 * delays[-1]:.0f} ms "
            f"(goal: p95 <= 1000 ms)"
        )
    sys.stdout.flush()


def report_cpu(args, pushed: dict, polled: dict) -> None:
    print(f"Quiet {args.quiet:.0f} s, % of one core:")
    print(f"  {'':28} {'live':>8} {'web':>8} {'database':>9} {'total':>8}")
    for name, result in (
        (f"{pushed['streams']} open streams", pushed),
        (f"{polled['pages']} pages polling", polled),
    ):
        cpu = result["cpu"]
        print(
            f"  {name:28} {cpu['live']:8.2f} {cpu['web']:8.2f} {cpu['database']:9.2f} "
            f"{sum(cpu.values()):8.2f}"
        )
    answered = sum(polled["answers"].values()) / (args.quiet + POLL_SECONDS)
    print(
        f"  polls answered: {answered:.0f}/s of the {polled['pages'] / POLL_SECONDS:.0f}/s the "
        f"pages asked for {polled['answers']} (when fewer, the web processes or this client "
        f"could not keep up, and polling costs more than shown)"
    )
    print("  goal: the open streams' live + web <= 5 %")


def main():
    args = parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # the servers stop too
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    work = args.var_dir
    work.mkdir(parents=True, exist_ok=True)
    env = production_env(args.database_url, work)
    live_url = f"http://127.0.0.1:{args.live_port}/live/"
    env.update(
        {
            "LIVE_URL": live_url,
            "ALLOWED_HOSTS": "127.0.0.1",
            "CONN_MAX_AGE": "600",
            "ALLOW_LOCAL_SERVICES": "REDIS_URL,CELERY_BROKER_URL,EMAIL_URL",
            # One address and one token per game stand for 2,000 pages: no bound but the
            # process's own.
            "LIVE_STREAMS_PER_TOKEN": "0",
            "LIVE_STREAMS_PER_ADDRESS": "0",
        }
    )
    if args.mode == "redis":
        env["REDIS_URL"] = args.redis_url
    else:
        env.pop("REDIS_URL", None)
    fresh_site(args.database_url, env)
    games = prepare(args, env)
    uvicorn = [
        sys.executable,
        "-m",
        "uvicorn",
        "live.asgi:app",
        "--port",
        str(args.live_port),
        "--no-access-log",
        "--log-level",
        "warning",
        "--timeout-graceful-shutdown",
        "2",
    ]
    servers = [
        subprocess.Popen(uvicorn, cwd=ROOT, env=env),
        gunicorn("africa_site.wsgi", args.site_port, args.workers, ROOT, env),
    ]
    try:
        wait_for(args.live_port, "/live/health")
        wait_for(args.site_port, "/")
        groups = {"live": [servers[0].pid], "web": family(servers[1].pid)}
        pushed = asyncio.run(stream_phase(args, games, groups))
        report_streams(args, pushed)
        for game in games:  # the pages poll at the games' versions after the moves
            game.refresh_from_db(fields=["version"])
        polled = asyncio.run(poll_phase(args, games, dict(groups)))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(30)
    report_cpu(args, pushed, polled)


if __name__ == "__main__":
    main()
