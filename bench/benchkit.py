"""What the benches share: their flags for ports, databases, Redis, var dirs and the seed; a
fresh database and static files; the production environment; the flush of a bench's own Redis
database; a game dealt from the seed.

A bench runs on a machine that others use too, so it touches only what its flags name:

- ``--database-url`` (and any other PostgreSQL database a bench makes): dropped and created
  again, so never ``postgres`` or a template;
- ``--redis-url``: a Redis URL that names its database (``redis://host:port/N``); a bench
  empties that database (FLUSHDB) and no other;
- ports (``--port``, ``--site-port``, ...): where the bench's servers listen, on 127.0.0.1;
- ``--var-dir``: the directory of its files (logs, static files, wrk's scripts);
- ``--seed``: the seed of every game a bench deals and of the bots that play it, so that two
  runs with the same flags play the same games.

Each ``add_*`` function adds one flag to a bench's ``argparse`` parser with its documented
default (which an environment variable may replace where the bench always allowed it).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432"
LOCAL_REDIS = "redis://127.0.0.1:6379"
#: Databases of the PostgreSQL server itself, which no bench may drop.
RESERVED_DATABASES = frozenset({"", "postgres", "template0", "template1"})


# -- checking the values --------------------------------------------------------------------


def database_url(value: str) -> str:
    """``value`` if it is a PostgreSQL URL naming a database a bench may drop and create.

    Raises argparse.ArgumentTypeError (a usage error, nothing done) otherwise."""
    parts = urllib.parse.urlsplit(value)
    name = parts.path.strip("/")
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        raise argparse.ArgumentTypeError(f"{value!r} is not a PostgreSQL URL (postgres://...)")
    if name in RESERVED_DATABASES or "/" in name:
        raise argparse.ArgumentTypeError(
            f"{value!r} names no database of its own (the bench drops and creates it)"
        )
    return value


def redis_url(value: str) -> str:
    """``value`` if it is a Redis URL naming its database (``redis://host:port/N``, N a number).

    Raises argparse.ArgumentTypeError otherwise: without a database the bench would empty
    database 0, which may well be someone else's."""
    parts = urllib.parse.urlsplit(value)
    if parts.scheme not in ("redis", "rediss"):
        raise argparse.ArgumentTypeError(f"{value!r} is not a Redis URL (redis://...)")
    database = parts.path.strip("/")
    if not database.isdigit():
        raise argparse.ArgumentTypeError(
            f"{value!r} names no Redis database: end it with /N (the bench empties that one)"
        )
    return value


def optional(check):
    """The argparse type ``check``, but an empty value stays empty (no service)."""

    def check_unless_empty(value: str) -> str:
        return value and check(value)

    return check_unless_empty


def port(value: str) -> int:
    """``value`` as a TCP port, 1 to 65535; argparse.ArgumentTypeError otherwise."""
    if not value.isdigit() or not 0 < int(value) < 65536:
        raise argparse.ArgumentTypeError(f"{value!r} is no TCP port (1 to 65535)")
    return int(value)


# -- the flags ------------------------------------------------------------------------------


def add_database_flag(
    parser: argparse.ArgumentParser,
    name: str,
    *,
    flag: str = "--database-url",
    env: str | None = "BENCH_DATABASE_URL",
) -> None:
    """``flag``: the PostgreSQL database the bench drops, creates and fills; by default
    ``$env`` if set, else the database ``name`` on the local server."""
    default = f"{LOCAL_POSTGRES}/{name}"
    help_text = f"PostgreSQL database, dropped and created again (default: {default}"
    help_text += f", or ${env} when set)" if env else ")"
    parser.add_argument(
        flag,
        type=database_url,
        default=os.environ.get(env, default) if env else default,
        help=help_text,
    )


def add_redis_flag(
    parser: argparse.ArgumentParser,
    database: int | None,
    *,
    env: str | None = "BENCH_REDIS_URL",
    what: str = "the cache's Redis database, emptied by the bench (FLUSHDB), no other",
) -> None:
    """``--redis-url``: the bench's own Redis database; by default ``$env`` if set, else
    database ``database`` of the local server (None: no Redis unless given)."""
    default = "" if database is None else f"{LOCAL_REDIS}/{database}"
    shown = default or "none"
    help_text = f"{what} (default: {shown}" + (f", or ${env} when set)" if env else ")")
    parser.add_argument(
        "--redis-url",
        type=redis_url if database is not None else optional(redis_url),
        default=os.environ.get(env, default) if env else default,
        help=help_text,
    )


def add_port_flag(
    parser: argparse.ArgumentParser, flag: str, default: int, what: str = "the site"
) -> None:
    """``flag``: the port on 127.0.0.1 where ``what`` listens (default ``default``)."""
    parser.add_argument(
        flag, type=port, default=default, help=f"port of {what} on 127.0.0.1 (default: {default})"
    )


def add_var_dir_flag(parser: argparse.ArgumentParser, name: str) -> None:
    """``--var-dir``: the bench's files (default var/bench/<name> in the repository)."""
    default = ROOT / "var" / "bench" / name
    parser.add_argument(
        "--var-dir",
        type=Path,
        default=default,
        help=f"directory of the bench's files (default: var/bench/{name} in the repository)",
    )


def add_seed_flag(parser: argparse.ArgumentParser, default: int) -> None:
    """``--seed``: the seed of every game the bench deals and of its bots (default
    ``default``): the same seed, the same games."""
    parser.add_argument(
        "--seed",
        type=int,
        default=default,
        help=f"seed of the games dealt and of the bots playing them (default: {default})",
    )


# -- the services ---------------------------------------------------------------------------


def flush_redis(url: str) -> None:
    """Empty the one Redis database that ``url`` names (FLUSHDB), nothing else of the server.

    Raises argparse.ArgumentTypeError if ``url`` names no database (see ``redis_url``)."""
    import redis

    client = redis.Redis.from_url(redis_url(url))
    try:
        client.flushdb()
    finally:
        client.close()


def recreate_database(database_url_: str) -> None:
    """Drop the PostgreSQL database that ``database_url_`` names (closing its connections)
    and create it empty. Raises argparse.ArgumentTypeError for the server's own databases."""
    import psycopg

    parts = urllib.parse.urlsplit(database_url(database_url_))
    name = parts.path.lstrip("/")
    admin_url = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def production_env(database_url_: str, var_dir: Path, redis: str = "") -> dict[str, str]:
    """This process's environment with the site's production settings on ``database_url_``,
    files under ``var_dir`` and the cache on ``redis`` (empty: the local default)."""
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "africa_site.settings",
            "SECRET_KEY": "bench-" + "k" * 60,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "False",
            "DATABASE_URL": database_url_,
            "VAR_DIR": str(var_dir),
            "LOG_LEVEL": "WARNING",
            "REDIS_URL": redis,
            "ALLOW_LOCAL_SERVICES": "CELERY_BROKER_URL,EMAIL_URL",
        }
    )
    if not redis:
        env.pop("REDIS_URL")
    return env


def fresh_site(database_url_: str, env: dict[str, str]) -> None:
    """An empty database at ``database_url_`` and the static files collected, for a bench that
    then migrates and serves the site with ``env`` (production settings)."""
    recreate_database(database_url_)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def deal(players: list, *, seed: int, plies: int | None = None, **options):
    """A game of ``players`` (accounts) dealt from ``seed`` and played ``plies`` actions in by
    the easy bot, whose choices also come from ``seed``: the same seed gives the same game,
    move for move. ``options`` go to ``games.simulation.play_game`` (engine, public, ...).
    Needs Django set up; returns the Game."""
    from games.simulation import play_game

    return play_game(players, rng=random.Random(seed), plies=plies, seed=seed, **options)
