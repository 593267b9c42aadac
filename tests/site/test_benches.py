"""The benches under bench/ run beside other work: each takes its ports, databases, Redis
database, files and seed from flags, empties only the Redis database it was given, and plays
the same games from the same seed."""

import argparse
import importlib.util
import os
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"

#: Per bench, the flags that name what it touches (each bench's --help must offer them).
FLAGS = {
    "africana_page.py": ["--database-url", "--redis-url", "--var-dir", "--seed"],
    "archive.py": ["--database-url", "--redis-url", "--var-dir", "--seed"],
    "bots.py": ["--seeds"],
    "engine.py": ["--seed"],
    "live.py": [
        "--database-url",
        "--redis-url",
        "--live-port",
        "--site-port",
        "--var-dir",
        "--seed",
    ],
    "live_browser.py": ["--port", "--var-dir", "--seed"],
    "mail.py": ["--database-url", "--redis-url", "--smtp-port", "--seed"],
    "nile_page.py": ["--database-url", "--redis-url", "--seed"],
    "play.py": ["--database-url", "--redis-url", "--port", "--var-dir", "--seed"],
    "receive_mail.py": ["--database-url", "--redis-url", "--seed"],
    "redis_outage.py": ["--database-url", "--seed"],
    "soak.py": ["--database-url", "--redis-url", "--smtp-port", "--var-dir", "--seed"],
    "web.py": [
        "--database-url",
        "--floor-database",
        "--redis-url",
        "--broker-url",
        "--site-port",
        "--floor-port",
        "--var-dir",
        "--seed",
    ],
}
HELPERS = {"benchkit.py"}


def load(name: str):
    """The bench script ``bench/<name>.py`` as a module (its own imports as it runs them)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_bench_is_checked_for_its_flags():
    assert {path.name for path in BENCH.glob("*.py")} - HELPERS == set(FLAGS)


@pytest.mark.parametrize("script", sorted(FLAGS))
def test_each_bench_offers_the_flags_of_what_it_touches(script):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BENCH_", "SOAK_"))}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    offered = set(result.stdout.replace(",", " ").split())
    assert set(FLAGS[script]) <= offered, result.stdout


def test_a_bench_refuses_a_redis_url_without_its_database():
    benchkit = load("benchkit")
    with pytest.raises(argparse.ArgumentTypeError, match="names no Redis database"):
        benchkit.redis_url("redis://127.0.0.1:6379")
    assert benchkit.redis_url("redis://127.0.0.1:6379/4") == "redis://127.0.0.1:6379/4"


@pytest.mark.parametrize("name", ["postgres", "template1", ""])
def test_a_bench_refuses_to_drop_the_servers_own_databases(name):
    benchkit = load("benchkit")
    with pytest.raises(argparse.ArgumentTypeError, match="no database of its own"):
        benchkit.database_url(f"postgres://postgres@127.0.0.1:5432/{name}")


def test_a_bench_without_a_database_or_redis_by_default_runs_on_its_local_defaults(monkeypatch):
    for name in ("BENCH_DATABASE_URL", "BENCH_REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    args = load("africana_page").parse_args(["--seed", "4"])
    assert (args.database_url, args.redis_url, args.seed) == ("", "", 4)


def test_the_web_bench_takes_its_ports_and_seed_from_its_flags():
    web = load("web")
    args = web.parse_args(
        [
            "--site-port",
            "9201",
            "--floor-port",
            "9202",
            "--seed",
            "3",
            "--redis-url",
            "redis://127.0.0.1:6384/4",
        ]
    )
    assert (args.site_port, args.floor_port, args.seed) == (9201, 9202, 3)
    assert args.broker_url == "redis://127.0.0.1:6384/4"  # the broker is its database too


@pytest.mark.needs_redis
def test_the_flush_empties_the_given_redis_database_and_no_other():
    benchkit = load("benchkit")
    given = urlsplit(os.environ["REDIS_URL"])
    number = int(given.path.strip("/") or 0)
    other = urlunsplit(given._replace(path=f"/{(number + 8) % 16}"))  # no test worker's
    key = f"bench-test-{uuid.uuid4().hex}"
    mine, theirs = redis.Redis.from_url(given.geturl()), redis.Redis.from_url(other)
    try:
        mine.set(key, "mine")
        theirs.set(key, "theirs")
        benchkit.flush_redis(given.geturl())
        assert mine.get(key) is None
        assert theirs.get(key) == b"theirs"
    finally:
        theirs.delete(key)
        mine.close()
        theirs.close()


@pytest.mark.django_db
def test_two_deals_from_one_seed_give_the_same_game_and_line_of_play():
    from games.simulation import simulated_players

    web = load("web")
    players = simulated_players(2)
    first, line = web.deal(players, seed=20, plies=12, line_length=10)
    again, same_line = web.deal(players, seed=20, plies=12, line_length=10)
    other, other_line = web.deal(players, seed=21, plies=12, line_length=10)

    def played(game):
        return list(game.moves.order_by("version").values_list("action", flat=True))

    assert len(line) == 10
    assert same_line == line
    assert played(again) == played(first)
    assert again.state == first.state
    assert (played(other), other_line) != (played(first), line)


@pytest.mark.django_db
def test_a_game_that_ends_within_the_line_of_play_is_refused_before_the_load():
    from games.simulation import simulated_players

    web = load("web")
    with pytest.raises(web.LineEnds, match="the game ends"):
        web.deal(simulated_players(2), seed=20, plies=0, line_length=100_000)
