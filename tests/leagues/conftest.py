"""Leagues' fixtures: a crowd of verified players (``crowd``) and a league of the toy game,
whose games are short, at tables of 4 (``league``)."""

import pytest

from leagues import services
from tests.fixtures import make_player


def make_players(count: int, prefix: str = "Explorer") -> list:
    """``count`` verified players named "<prefix> 1", "<prefix> 2", ..."""
    return [
        make_player(f"{prefix.lower()}{n}@example.com", f"{prefix} {n}")
        for n in range(1, count + 1)
    ]


@pytest.fixture
def crowd(db):
    """Twenty players, none of whom has played yet (no reliability figure, no rating)."""
    return make_players(20)


@pytest.fixture
def league(db):
    """A league of the toy game at tables of 4, its first season open for entry."""
    return services.create_league(engine="toy", name="Rift League", table_size=4)


def enter(league, users) -> None:
    for user in users:
        services.join(league, user)
