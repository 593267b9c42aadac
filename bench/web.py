"""The site's requests side by side with the framework floor, printed as ratios (no pass/fail).

    python bench/web.py [--database-url postgres://postgres@127.0.0.1:5432/africa_perf_web]
                        [--floor-database africa_perf_floor] [--floor-dir ../shared/bench-floor]
                        [--redis-url redis://127.0.0.1:6379/7] [--broker-url REDIS_URL]
                        [--site-port 8782] [--floor-port 8781] [--var-dir var/bench/web]
                        [--seed 3] [--seconds 5] [--rounds 3] [--workers 3] [--plies 123]
                        [--cold-games 800] [--only page,poll,move,stale]

The floor (``--floor-dir``, see its README) is a minimal Django site on the same stack that
does the least a play-by-web request can do: read a game and 50 moves, append a move under a
row lock, answer a poll with 204. This script copies it to var/bench/web/, gives it a
database, and starts it and the site with gunicorn (``--workers`` each, the same PostgreSQL
and Redis, on ``--floor-port`` and ``--site-port``). It deals one 2-player game from
``--seed``, played ``--plies`` actions in by the easy bot (the same seed, the same game and
line of play), and copies of it (the same position, moves and seed) for the loads that need a
fresh game per request: the cold page and the moves. Then it runs wrk (Debian package wrk)
against both sites, interleaved (floor, site, floor, site, ...) ``--rounds`` times,
``--seconds`` each:

- the play page of the player to move, fragment cache warm (one game) and cold (the cache's
  Redis database is flushed first and each request opens another copy of the game);
- the poll of that page at its own version (204);
- a legal move, at 10 and 50 connections: each request is the next action of one copy's
  precomputed line of play (the engine's easy bot), round robin over many copies so that no
  two requests for one game overlap; the floor's moves go round robin over as many games;
- a stale move (a form two versions old): the fresh board with the "moved on" message.

Each move is sent from the mover's page at that version, with its page key (``games.pieces``),
as the play page's forms send it: the answer is a patch of the pieces that changed. Before
each move run, the bench opens those pages on a spare copy of the game, playing the line
(copies at one position share their pages' keys). It counts the SQL queries of one request of
each kind, made in this process before the loads (``count_queries``), and prints them with
their goal (``QUERY_GOALS``). It also prints the size of the answer to a
move in bytes: the whole game partial (as before patches, and as a form without the page key
still gets) and the patch.

It checks that every move wrk counted was applied (the versions of the games moved on by as
many actions, and no answer carried an error message) and prints, per request, the median
latency of each site and their ratio (the median over the rounds, with the lowest and
highest), the ratio of requests per second (floor / site), and the goal. The machine is
shared: absolute times are noise, ratios measured in the same round are the figure.

What it touches: the databases ``--database-url`` and ``--floor-database`` (on the same
server), dropped and created again; the Redis database of ``--redis-url``, emptied before the
cold page and at the end (the site's turn mails are enqueued on it too, unless
``--broker-url`` names another, which is then left as it is: no worker reads it); files under
``--var-dir``; the two ports.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from math import inf
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import benchkit  # noqa: E402
from benchkit import fresh_site, production_env, recreate_database  # noqa: E402

# bench/ holds scripts named like the site's apps (archive.py, play.py): once the helpers are
# imported it leaves the path, so that "archive" is the site's app, from any directory.
sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != BENCH]
sys.path.insert(0, str(ROOT))

FLOOR_GAMES = 400
ERROR_MARK = 'class="message error"'
STALE_MARK = "The game has moved on"

LUA = """
local threads = {}
local count = 0
function setup(thread)
  thread:set("id", count)
  count = count + 1
  table.insert(threads, thread)
end

local function split(line)
  local fields = {}
  for value in (line .. "\\t"):gmatch("([^\\t]*)\\t") do fields[#fields + 1] = value end
  return fields
end

function init(args)
  prepared = {}
  for line in io.lines(args[1] .. "." .. id) do
    local f = split(line)
    local headers = {}
    for i = 4, #f - 1, 2 do headers[f[i]] = f[i + 1] end
    local body = nil
    if f[3] ~= "" then body = f[3] end
    prepared[#prepared + 1] = wrk.format(f[1], f[2], headers, body)
  end
  must, must_not, overlap = args[2] or "", args[3] or "", args[4] or ""
  n, wrapped, good, bad, overlapped = 0, 0, 0, 0, 0
end

function request()
  n = n + 1
  if n > #prepared then
    n = 1
    wrapped = wrapped + 1
  end
  return prepared[n]
end
%(response)s
function done(summary, latency, requests)
  local wrapped_all, good_all, bad_all, overlapped_all = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    wrapped_all = wrapped_all + t:get("wrapped")
    good_all = good_all + t:get("good")
    bad_all = bad_all + t:get("bad")
    overlapped_all = overlapped_all + t:get("overlapped")
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests": %%d, "seconds": %%.3f, "p50": %%d, "p99": %%d, "errors": %%d, ' ..
    '"wrapped": %%d, "good": %%d, "bad": %%d, "overlapped": %%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout, wrapped_all, good_all, bad_all,
    overlapped_all))
end
"""

CHECK = """
function response(status, headers, body)
  if overlap ~= "" and body:find(overlap, 1, true) and must == "" then
    overlapped = overlapped + 1
  elseif status >= 300 or (must ~= "" and not body:find(must, 1, true))
      or (must_not ~= "" and body:find(must_not, 1, true)) then
    bad = bad + 1
  else
    good = good + 1
  end
end
"""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's flags (see the module's docstring and ``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    benchkit.add_database_flag(parser, "africa_perf_web")
    parser.add_argument(
        "--floor-database",
        default="africa_perf_floor",
        help="the floor's database, on the server of --database-url (default: %(default)s)",
    )
    parser.add_argument("--floor-dir", default=str(ROOT.parent / "shared" / "bench-floor"))
    benchkit.add_redis_flag(
        parser,
        7,
        what="Redis database of the site's cache (and broker), emptied by the bench, no other",
    )
    parser.add_argument(
        "--broker-url",
        type=benchkit.redis_url,
        default=os.environ.get("BENCH_BROKER_URL"),
        help="the Celery broker the site enqueues its turn mails on, no worker reading it "
        "(default: --redis-url; another database is not emptied)",
    )
    benchkit.add_port_flag(parser, "--site-port", 8782)
    benchkit.add_port_flag(parser, "--floor-port", 8781, "the floor")
    benchkit.add_var_dir_flag(parser, "web")
    benchkit.add_seed_flag(parser, 3)  # a 2-player game that lasts past the line of play
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--plies", type=int, default=123)
    parser.add_argument("--cold-games", type=int, default=800)
    parser.add_argument(
        "--only", default="page,poll,move,stale", help="which loads to run, comma-separated"
    )
    parser.add_argument(
        "--profile",
        choices=["page", "cold", "poll", "move", "stale"],
        help="instead of the loads: run this request 100 times in this process under "
        "cProfile and print where the time goes",
    )
    args = parser.parse_args(argv)
    args.broker_url = args.broker_url or args.redis_url
    benchkit.database_url(f"{args.database_url.rsplit('/', 1)[0]}/{args.floor_database}")
    return args


# -- the floor ------------------------------------------------------------------------------


def prepare_floor(args, work: Path, env: dict) -> Path:
    """Copy the floor beside the bench's files, migrate its database, make its games (game 1
    with 50 moves for the page, FLOOR_GAMES for the moves); return its directory."""
    floor = work / "floor"
    if floor.exists():
        shutil.rmtree(floor)
    shutil.copytree(args.floor_dir, floor, ignore=shutil.ignore_patterns(".venv", "__pycache__"))
    for path in floor.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    base = args.database_url.rsplit("/", 1)[0]
    recreate_database(f"{base}/{args.floor_database}")
    run = {"cwd": floor, "env": env, "check": True}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], **run)
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-v0",
            "-c",
            "from floor.models import Game, Move\n"
            f"games = Game.objects.bulk_create([Game() for _ in range({FLOOR_GAMES})])\n"
            "Move.objects.bulk_create([Move(game=games[0], ply=n + 1, action='uncover E4')"
            " for n in range(50)])\n"
            "Game.objects.filter(pk=games[0].pk).update(version=50)\n",
        ],
        **run,
    )
    return floor


# -- the site -------------------------------------------------------------------------------


@dataclass
class Site:
    """What the loads need of the prepared site: URLs, cookies and the games' lines of play."""

    page: str = ""
    poll: str = ""
    act: str = ""
    cookies: dict[int, str] = field(default_factory=dict)
    mover: int = 0
    version: int = 0
    cold_pages: list[str] = field(default_factory=list)
    #: [(game pk, act URL)] of the copies that take moves, and the line of play they follow.
    move_games: list[tuple[int, str]] = field(default_factory=list)
    line: list[tuple[int, str]] = field(default_factory=list)
    csrf: str = ""
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: [game pk] of spare copies at the start of the line, one for each priming (``prime``).
    spares: list[int] = field(default_factory=list)
    #: The page key of each step's page, for the moves' forms (``prime``).
    keys: list[str] = field(default_factory=list)
    #: [(whole partial, patch, both gzipped)] sizes in bytes of the answers to the line's moves.
    sizes: list[tuple[int, int]] = field(default_factory=list)


def copy_games(game, count: int) -> list:
    """``count`` copies of ``game``: the same state, seed, seats and moves, new codes."""
    from games.models import Game, Move, Seat

    skip = {"id", "code"}
    fields = [f.attname for f in Game._meta.concrete_fields if f.name not in skip]
    copies = Game.objects.bulk_create(
        [Game(**{name: getattr(game, name) for name in fields}) for _n in range(count)],
        batch_size=500,
    )
    seats = list(game.seats.all())
    moves = list(game.moves.all())
    Seat.objects.bulk_create(
        [
            Seat(game=copy, user_id=s.user_id, number=s.number, colour=s.colour)
            for copy in copies
            for s in seats
        ],
        batch_size=5000,
    )
    for start in range(0, len(copies), 50):
        Move.objects.bulk_create(
            [
                Move(
                    game=copy,
                    version=m.version,
                    seat=m.seat,
                    action=m.action,
                    events=m.events,
                    automatic=m.automatic,
                    created_at=m.created_at,
                )
                for copy in copies[start : start + 50]
                for m in moves
            ],
            batch_size=5000,
        )
    return copies


class LineEnds(Exception):
    """The game ends within the line of play: its last answers would be no patches."""


def line_of_play(game, length: int, rng: random.Random) -> list[tuple[int, str]]:
    """The next ``length`` actions of ``game`` as the easy bot plays them: [(seat, action)].

    Raises LineEnds if the game is over before, or by, the last of them (the answer to a move
    that ends the game is the whole page, not a patch)."""
    rules = game.kind.engine
    state = game.state
    line = []
    for _n in range(length):
        if rules.is_terminal(state):
            break
        seat = rules.current_player(state)
        legal = rules.legal_actions(state)
        action = rules.canonical(state, rules.choose(rules.observation(state, seat), legal, rng))
        state = rules.apply(state, action)
        line.append((seat, action))
    if rules.is_terminal(state):
        raise LineEnds(f"the game ends {len(line)} actions into the line of play of {length}")
    return line


def deal(players: list, seed: int, plies: int, line_length: int):
    """The bench's game, dealt from ``seed`` and played ``plies`` actions in, and the next
    ``line_length`` actions the easy bot plays from there (also from ``seed``): (Game,
    [(seat, action)]). The same seed, the same game and line. Raises LineEnds as
    ``line_of_play``."""
    game = benchkit.deal(players, seed=seed, plies=plies)
    return game, line_of_play(game, line_length, random.Random(f"{seed} line"))


def prepare_site(args, env: dict, move_copies: int, line_length: int) -> Site:
    """Migrate the site's database, play the game, copy it, log its players in."""
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.urls import reverse

    from accounts.backends import SESSION_BACKEND
    from games.polling import poll_token
    from games.simulation import simulated_players

    call_command("migrate", verbosity=0)
    users = simulated_players(2)
    try:
        game, line = deal(users, args.seed, args.plies, line_length)
    except LineEnds as ending:
        raise SystemExit(
            f"The game of --seed {args.seed}, --plies {args.plies}: {ending}; "
            "give another --seed or fewer --plies."
        ) from None
    site = Site(page=game.get_absolute_url(), act=reverse("game_act", args=[game.code]))
    site.version = game.version
    site.mover = game.current_seat
    site.csrf = secrets.token_hex(16)
    for seat in game.seats.select_related("user"):
        session = SessionStore()
        session[SESSION_KEY] = str(seat.user.pk)
        session[BACKEND_SESSION_KEY] = SESSION_BACKEND
        session[HASH_SESSION_KEY] = seat.user.get_session_auth_hash()
        session.save()
        site.cookies[seat.number] = (
            f"{settings.SESSION_COOKIE_NAME}={session.session_key}; "
            f"{settings.CSRF_COOKIE_NAME}={site.csrf}"
        )
        if seat.number == site.mover:  # the poll token as the mover's page has it
            token = poll_token(game, seat, session.session_key)
            site.poll = f"{reverse('game_poll', args=[game.code])}?version={game.version}&t={token}"
    started = time.perf_counter()
    site.cold_pages = [c.get_absolute_url() for c in copy_games(game, args.cold_games)]
    copies = copy_games(game, move_copies)
    site.move_games = [(c.pk, reverse("game_act", args=[c.code])) for c in copies]
    # One spare for each priming (two a round), and one for counting queries (``count_queries``).
    site.spares = [c.pk for c in copy_games(game, 2 * args.rounds + 1)]
    site.line = line
    print(
        f"Prepared a game {args.plies} actions in and {args.cold_games + move_copies} copies "
        f"in {time.perf_counter() - started:.0f} s; line of play of {len(site.line)} actions.",
        flush=True,
    )
    return site


def client_of(site: Site, seat: int):
    """Django's test client in this process, signed in as the player of ``seat`` with the
    cookies the loads send."""
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    client.cookies.load(dict(part.split("=", 1) for part in site.cookies[seat].split("; ")))
    return client


def htmx_headers(site: Site) -> dict[str, str]:
    """The headers of a request made by the play page's htmx (with its csrf token)."""
    return {"HX-Request": "true", "X-CSRFToken": site.csrf}


def prime(site: Site, measure: bool = False) -> None:
    """Open the page of each step's player on the next spare copy and play the line there, as
    a person would (htmx, through the test client in this process): the pages' keys, which
    every copy at the same position shares, are then remembered by the site (in its cache)
    and kept in ``site.keys`` for the moves' forms. With ``measure``, note the size of each
    answer, as a patch and as the whole game partial, in ``site.sizes``."""
    from django.urls import reverse

    from games.models import Game

    game = Game.objects.get(pk=site.spares.pop())
    page, act = game.get_absolute_url(), reverse("game_act", args=[game.code])
    clients = {seat: client_of(site, seat) for seat in site.cookies}
    htmx = htmx_headers(site)
    site.keys = []
    for step, (seat, action) in enumerate(site.line):
        html = clients[seat].get(page, headers=htmx).content.decode()
        key = re.search(r'name="page" value="([0-9a-f]{16})"', html)[1]
        site.keys.append(key)
        data = {"action": action, "version": site.version + step, "page": key}
        answer = clients[seat].post(act, data, headers=htmx)
        if answer.status_code != 200 or answer.get("HX-Reswap") != "none":
            raise SystemExit(f"the answer to move {step} of the line is not a patch")
        if measure:
            whole = clients[seat].get(page, headers=htmx).content
            site.sizes.append(
                (
                    len(whole),
                    len(answer.content),
                    len(gzip.compress(whole)),
                    len(gzip.compress(answer.content)),
                )
            )


def game_versions(pks: list[int]) -> dict[int, int]:
    from games.models import Game

    return dict(Game.objects.filter(pk__in=pks).values_list("pk", "version"))


# -- the loads ------------------------------------------------------------------------------


@dataclass
class Load:
    """One wrk run: per wrk thread the requests in the order they are sent (cycled)."""

    name: str
    connections: int
    requests: list[list[tuple]]
    must: str = ""
    must_not: str = ""
    #: (game pks, versions before) to check that the moves were applied.
    moved: tuple[list[int], dict[int, int]] | None = None
    check_body: bool = False


THREADS = 2


def spread(requests: list[tuple]) -> list[list[tuple]]:
    """The same requests for every thread (reads)."""
    return [requests] * THREADS


def post(path: str, cookie: str, csrf: str, body: str) -> tuple:
    return (
        "POST",
        path,
        body,
        "Cookie",
        cookie,
        "X-CSRFToken",
        csrf,
        "HX-Request",
        "true",
        "Content-Type",
        "application/x-www-form-urlencoded",
    )


def move_load(site: Site, games: list[tuple[int, str]], connections: int) -> Load:
    """Each thread takes its share of ``games``; request k of a thread plays step k // G of its
    game k % G (G games a thread), so a game's next move waits G requests."""
    per_thread = [games[t::THREADS] for t in range(THREADS)]
    requests = []
    for mine in per_thread:
        lines = []
        for step, (seat, action) in enumerate(site.line):
            body = (
                f"action={urllib.parse.quote_plus(action)}&version={site.version + step}"
                f"&page={site.keys[step]}"
            )
            for _pk, act in mine:
                lines.append(post(act, site.cookies[seat], site.csrf, body))
        requests.append(lines)
    pks = [pk for pk, _act in games]
    return Load(
        "move",
        connections,
        requests,
        must_not=ERROR_MARK,
        moved=(pks, game_versions(pks)),
        check_body=True,
    )


def floor_move_load(games: list[int], connections: int) -> Load:
    per_thread = [games[t::THREADS] for t in range(THREADS)]
    requests = [
        [
            (
                "POST",
                f"/move/{pk}/",
                "action=uncover+E4",
                "Content-Type",
                "application/x-www-form-urlencoded",
            )
            for pk in mine
        ]
        for mine in per_thread
    ]
    return Load("move", connections, requests, check_body=True)


def run_wrk(port: int, load: Load, seconds: int, work: Path) -> dict:
    """Run wrk with ``load``; return its figures (latencies in ms) and the applied moves."""
    prefix = work / f"requests-{port}"
    for number, lines in enumerate(load.requests):
        with open(f"{prefix}.{number}", "w") as out:
            for line in lines:
                out.write("\t".join(str(v) for v in line) + "\n")
    script = work / ("check.lua" if load.check_body else "plain.lua")
    script.write_text(LUA % {"response": CHECK if load.check_body else ""})
    result = subprocess.run(
        [
            "wrk",
            f"-t{THREADS}",
            f"-c{load.connections}",
            f"-d{seconds}s",
            "--timeout",
            "10s",
            "-s",
            str(script),
            f"http://127.0.0.1:{port}/",
            "--",
            str(prefix),
            load.must,
            load.must_not,
            STALE_MARK if load.moved is not None else "",
        ],
        capture_output=True,
        text=True,
    )
    if result.returncode:
        raise SystemExit(f"wrk failed: {result.stderr or result.stdout}")
    line = next(x for x in result.stdout.splitlines() if x.startswith("BENCH "))
    figures = json.loads(line[len("BENCH ") :])
    figures["p50"] /= 1000
    figures["p99"] /= 1000
    figures["rps"] = figures["requests"] / figures["seconds"]
    if load.moved is not None:
        pks, before = load.moved
        after = game_versions(pks)
        figures["applied"] = sum(after[pk] - before[pk] for pk in pks)
    return figures


def wait_for(port: int, path: str, seconds: float = 60) -> None:
    """Wait until the server on ``port`` answers ``path`` (any status), at most ``seconds``;
    SystemExit if it does not. No probe connection is left open meanwhile: a server with one
    sync worker would serve it, idle, and keep the request waiting behind it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"the server on port {port} did not start")


def drain(port: int, path: str) -> None:
    """Wait until the server has answered what wrk left queued when it stopped (a request
    sent now is answered after those), so that the next run starts on an idle server."""
    urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=120).read()


def gunicorn(module: str, port: int, workers: int, cwd: Path, env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            module,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ],
        cwd=cwd,
        env=env,
    )


def check_once(site: Site, port: int) -> None:
    """One request of each kind by hand, to the site on ``port``: the page is the mover's,
    the poll answers 204."""
    base = f"http://127.0.0.1:{port}"
    cookie = site.cookies[site.mover]
    req = urllib.request.Request(base + site.page, headers={"Cookie": cookie})
    page = urllib.request.urlopen(req, timeout=30).read().decode()
    if "Your turn." not in page:
        raise SystemExit("the bench's page is not the page of the player to move")
    req = urllib.request.Request(base + site.poll, headers={"Cookie": cookie})
    with urllib.request.urlopen(req, timeout=30) as answer:
        if answer.status != 204:
            raise SystemExit(f"the poll answered {answer.status}, not 204")


# -- the table ------------------------------------------------------------------------------

GOALS = {
    "page warm": 1.5,
    "page cold": 2.5,
    "poll 204": 1.5,
    "legal move": 3.0,
    "stale move": None,
}
#: The most SQL queries a request may make (``count_queries``): a move that queues the next
#: player's turn mail (6 without).
QUERY_GOALS = {"legal move": 8}


def describe(ratios: list[float]) -> str:
    return f"{statistics.median(ratios):5.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"


def main():
    args = parse_args()
    only = set(args.only.split(","))
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    work = args.var_dir
    work.mkdir(parents=True, exist_ok=True)
    env = production_env(args.database_url, work, args.redis_url)
    env.update(
        {
            "CELERY_BROKER_URL": args.broker_url,
            "ALLOWED_HOSTS": "127.0.0.1",
            "ALLOW_LOCAL_SERVICES": "DATABASE_URL,REDIS_URL,CELERY_BROKER_URL,EMAIL_URL",
        }
    )
    floor_env = dict(os.environ, FLOOR_DB=args.floor_database, DJANGO_SETTINGS_MODULE="")
    floor_env.pop("DJANGO_SETTINGS_MODULE")
    floor = prepare_floor(args, work, floor_env)
    fresh_site(args.database_url, env)
    if args.profile:
        args.cold_games = PROFILED + 2
        site = prepare_site(args, env, PROFILED + 2, 1)
        benchkit.flush_redis(args.redis_url)
        profile(site, args.profile, work)
        return
    # Round robin over 6 to 10 games per connection, each game a line of play long enough for
    # the fastest run; the copies of one round are not reused in the next.
    per_run = {10: 100, 50: 300}
    line_length = 40
    move_copies = args.rounds * sum(per_run.values()) if "move" in only else 0
    site = prepare_site(args, env, move_copies, line_length)
    benchkit.flush_redis(args.redis_url)
    counts = count_queries(site)
    servers = [
        gunicorn("floor.wsgi:application", args.floor_port, args.workers, floor, floor_env),
        gunicorn("africa_site.wsgi", args.site_port, args.workers, ROOT, env),
    ]
    results: dict[tuple[str, int], list[tuple[dict, dict]]] = {}
    cold_seen = 0
    try:
        wait_for(args.floor_port, "/page/1/")
        wait_for(args.site_port, "/")
        check_once(site, args.site_port)
        mover = site.cookies[site.mover]
        floor_page = Load("page", 10, spread([("GET", "/page/1/", "")]))
        site_page = Load("page", 10, spread([("GET", site.page, "", "Cookie", mover)]))
        floor_poll = Load("poll", 10, spread([("GET", "/poll/1/?version=50", "")]))
        site_poll = Load("poll", 10, spread([("GET", site.poll, "", "Cookie", mover)]))
        stale = f"action=end&version={site.version - 2}"
        site_stale = Load(
            "stale",
            10,
            spread([post(site.act, mover, site.csrf, stale)]),
            must=STALE_MARK,
            check_body=True,
        )
        cold_requests = [("GET", url, "", "Cookie", mover) for url in site.cold_pages]
        cold = Load("cold", 10, [cold_requests[t::THREADS] for t in range(THREADS)])
        floor_games = list(range(2, FLOOR_GAMES + 1))
        offset = 0
        for round_number in range(args.rounds):
            print(f"Round {round_number + 1} of {args.rounds}", flush=True)
            for connections in (10, 50):

                def pair(name, floor_load, site_load, before=None, connections=connections):
                    floor_load.connections = site_load.connections = connections
                    floor_figures = run_wrk(args.floor_port, floor_load, args.seconds, work)
                    drain(args.floor_port, "/poll/1/?version=50")
                    if before:
                        before()
                    site_figures = run_wrk(args.site_port, site_load, args.seconds, work)
                    drain(args.site_port, "/")
                    results.setdefault((name, connections), []).append(
                        (floor_figures, site_figures)
                    )
                    print(
                        f"  {name:<11} c={connections:<3} floor {floor_figures['p50']:7.1f} ms"
                        f" {floor_figures['rps']:6.0f}/s   site {site_figures['p50']:7.1f} ms"
                        f" {site_figures['rps']:6.0f}/s",
                        flush=True,
                    )
                    return site_figures

                if "page" in only:
                    pair("page warm", floor_page, site_page)
                    figures = pair(
                        "page cold",
                        floor_page,
                        cold,
                        before=lambda: benchkit.flush_redis(args.redis_url),
                    )
                    cold_seen = max(cold_seen, figures["requests"])
                if "poll" in only:
                    pair("poll 204", floor_poll, site_poll)
                if "move" in only:
                    prime(site, measure=not site.sizes)
                    mine = site.move_games[offset : offset + per_run[connections]]
                    offset += per_run[connections]
                    pair(
                        "legal move",
                        floor_move_load(floor_games, connections),
                        move_load(site, mine, connections),
                    )
                if "stale" in only and connections == 10:
                    pair("stale move", floor_move_load(floor_games, connections), site_stale)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(20)
        benchkit.flush_redis(args.redis_url)  # the turn mails enqueued, if the broker is there
    report(args, results, cold_seen, len(site.cold_pages), counts)
    if site.sizes:
        whole, patch, whole_gz, patch_gz = (
            statistics.median(sizes[n] for sizes in site.sizes) for n in range(4)
        )
        print(
            f"The answer to a legal move (median over the {len(site.sizes)} moves of the line): "
            f"the whole game partial {whole:,.0f} bytes ({whole_gz:,.0f} gzipped), "
            f"the patch {patch:,.0f} bytes ({patch_gz:,.0f} gzipped): {patch / whole:.0%}."
        )


PROFILED = 100


def profile(site: Site, name: str, work: Path, count: int = PROFILED) -> None:
    """Run ``count`` requests ``name`` through Django's test client under cProfile; print the
    functions that take the most time (cumulative) and the SQL queries of one request."""
    import cProfile
    import pstats

    from django.db import connection

    client = client_of(site, site.mover)
    htmx = htmx_headers(site)
    seat, action = site.line[0]

    def request(n):
        if name == "page":
            return client.get(site.page)
        if name == "cold":
            return client.get(site.cold_pages[n])
        if name == "poll":
            return client.get(site.poll)
        if name == "stale":
            stale = {"action": "end", "version": site.version - 2}
            return client.post(site.act, stale, headers=htmx)
        _pk, act = site.move_games[n]
        data = {"action": action, "version": site.version, "page": site.keys[0]}
        return client.post(act, data, headers=htmx)

    if name == "move" and seat != site.mover:
        raise SystemExit("the first action of the line of play is not the mover's")
    if name == "move":
        prime(site)  # the answers are patches, as the page's forms get them
    request(count)  # warm up the process (imports, templates)
    queries = []

    def note(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(note):
        answer = request(count + 1)
    if answer.status_code not in (200, 204):
        raise SystemExit(f"{name} answered {answer.status_code}")
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    for n in range(count):
        request(n)
    profiler.disable()
    elapsed = (time.perf_counter() - started) / count
    print(f"{name}: {1000 * elapsed:.1f} ms a request in process (under the profiler)")
    print(f"SQL queries of one request ({len(queries)}):")
    for query in queries:
        print("  ", query[:160])
    profiler.dump_stats(work / f"web-{name}.prof")
    stats = pstats.Stats(profiler).sort_stats("cumulative")
    stats.print_stats(25)
    print("The site's own functions:")
    stats.print_stats(r"/(games|accounts|notifications|ratings|archive|africa_site)/", 40)


#: The statements that ``count_queries`` leaves out: they open and close a transaction.
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def count_queries(site: Site) -> dict[str, int]:
    """The SQL queries of one request of each kind, made in this process through Django's test
    client as the mover: {request name: queries}, the statements that open and close a
    transaction left out; with the environment variable BENCH_SHOW_QUERIES set, each
    request's queries are printed too. The cold page and the move are those of a
    spare copy (its first page, then the line's first action from it, answered with a patch:
    the next player's turn mail is queued); the session's user and the waiting games are kept
    in the cache by then, as for a player who has the site open."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from games.models import Game

    client = client_of(site, site.mover)
    htmx = htmx_headers(site)
    spare = Game.objects.get(pk=site.spares.pop())
    act = reverse("game_act", args=[spare.code])
    seat, action = site.line[0]
    if seat != site.mover:
        raise SystemExit("the first action of the line of play is not the mover's")
    # The session's user, the mover's waiting games and, once the first page has noted the
    # visit, what was done since it are kept, as for a player who has the page open.
    client.get(site.page)
    client.get(site.page)
    counts = {}

    def count(name, request):
        with CaptureQueriesContext(connection) as queries:
            answer = request()
        sql = [q["sql"] for q in queries if not q["sql"].startswith(TRANSACTION_CONTROL)]
        counts[name] = len(sql)
        if os.environ.get("BENCH_SHOW_QUERIES"):
            print(name, *(f"  {text[:150]}" for text in sql), sep="\n")
        return answer

    count("page warm", lambda: client.get(site.page))
    html = count("page cold", lambda: client.get(spare.get_absolute_url()))
    key = re.search(r'name="page" value="([0-9a-f]{16})"', html.content.decode())[1]
    count("poll 204", lambda: client.get(site.poll))
    data = {"action": action, "version": site.version, "page": key}
    answer = count("legal move", lambda: client.post(act, data, headers=htmx))
    if answer.get("HX-Reswap") != "none":
        raise SystemExit("the counted move was not answered with a patch")
    stale = {"action": "end", "version": site.version - 2}
    count("stale move", lambda: client.post(site.act, stale, headers=htmx))
    return counts


def report(args, results, cold_seen: int, cold_games: int, counts: dict[str, int]) -> None:
    print()
    print(
        f"Site / floor, gunicorn {args.workers} workers each, PostgreSQL + Redis, wrk "
        f"{THREADS} threads, {args.seconds:g} s a run, {args.rounds} rounds interleaved; "
        "ratios: median (lowest-highest) over the rounds"
    )
    header = (
        f"{'request':<12}{'conn':>5}{'floor p50':>11}{'site p50':>10}"
        f"{'latency ratio':>22}{'floor/site req/s':>22}{'goal':>7}{'queries':>9}  check"
    )
    print(header)
    problems = []
    for (name, connections), runs in results.items():
        # A run that completed no request (the machine stalled) tells nothing: left out.
        valid = [(f, s) for f, s in runs if f["requests"] and s["requests"]] or runs[:1]
        latency = [s["p50"] / f["p50"] if f["p50"] else inf for f, s in valid]
        throughput = [f["rps"] / s["rps"] if s["rps"] else inf for f, s in valid]
        floor_p50 = statistics.median(f["p50"] for f, _s in runs)
        site_p50 = statistics.median(s["p50"] for _f, s in runs)
        notes = []
        for floor_figures, site_figures in runs:
            for who, figures in (("floor", floor_figures), ("site", site_figures)):
                if figures["errors"]:
                    notes.append(f"{who}: {figures['errors']} errors")
                if figures.get("bad"):
                    notes.append(f"{who}: {figures['bad']} wrong answers")
            if "applied" in site_figures:
                counted = site_figures["good"]
                applied = site_figures["applied"]
                # wrk stops with up to one request a connection in flight, which may apply.
                if not counted <= applied <= counted + connections:
                    notes.append(f"{counted} moves counted but {applied} applied")
                if site_figures["wrapped"]:
                    notes.append("the line of play ran out")
                if site_figures["overlapped"]:
                    # The bench's doing, not the site's: the site refused it as it should.
                    notes.append(
                        f"{site_figures['overlapped']} sent before the previous move of its "
                        "game was answered (refused as stale, not counted)"
                    )
        goal = GOALS.get(name)
        met = "" if goal is None else ("ok" if statistics.median(latency) <= goal else "MISSED")
        queries = counts.get(name)
        most = QUERY_GOALS.get(name)
        if queries is not None and most is not None and queries > most:
            problems.append(f"{name}: {queries} SQL queries, the goal at most {most}")
        queries_text = "" if queries is None else str(queries)
        if queries is not None and most is not None:
            queries_text += f"/{most}"
        if notes:
            problems.extend(notes)
            check = "; ".join(dict.fromkeys(notes))
        else:
            check = "every counted move applied" if name == "legal move" else "ok"
        print(
            f"{name:<12}{connections:>5}{floor_p50:>9.1f}ms{site_p50:>8.1f}ms"
            f"{describe(latency):>22}{describe(throughput):>22}"
            f"{'' if goal is None else f'{goal:g}x':>7}{queries_text:>9}  {met} {check}"
        )
    warm = {c: runs for (name, c), runs in results.items() if name == "page warm"}
    for (name, connections), runs in results.items():
        if name == "page cold" and connections in warm:
            pairs = zip(runs, warm[connections], strict=True)
            ratios = [c[1]["p50"] / w[1]["p50"] for c, w in pairs if w[1]["p50"]] or [inf]
            print(f"page cold / page warm at {connections} connections: {describe(ratios)}")
    if cold_seen > cold_games:
        print(
            f"Note: a cold run made {cold_seen} requests over {cold_games} games: "
            "some were warm (raise --cold-games)."
        )
    if problems:
        print("Checks that failed:", "; ".join(dict.fromkeys(problems)))


if __name__ == "__main__":
    main()
