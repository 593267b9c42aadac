"""``manage.py league create|start|close``, as an operator runs them."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import Game
from leagues.models import League, Season
from tests.leagues.conftest import enter


def run(*args) -> str:
    out = StringIO()
    call_command("league", *args, stdout=out)
    return out.getvalue().strip()


def test_create_prints_the_slug_of_a_league_open_for_entry(db):
    slug = run(
        "create",
        "--game",
        "africana",
        "--name",
        "Savanna Cup",
        "--table-size",
        "3",
        "--season-days",
        "28",
    )
    assert slug == "savanna-cup"
    league = League.objects.get(slug=slug)
    assert (league.engine, league.table_size, league.season_days) == ("africana", 3, 28)
    assert league.next_season().status == Season.Status.OPEN
    assert run("create", "--game", "africana", "--name", "Savanna Cup") == "savanna-cup-2"


def test_create_refuses_a_table_size_the_game_does_not_seat(db):
    with pytest.raises(CommandError, match="2 to 4 players"):
        run("create", "--game", "africana", "--name", "Too big", "--table-size", "5")
    assert not League.objects.exists()


def test_start_and_close_run_the_season_at_once(db, crowd):
    slug = run("create", "--game", "toy", "--name", "Quick")
    league = League.objects.get(slug=slug)
    enter(league, crowd[:8])

    assert run("start", slug).startswith("season 1 started: 1 divisions")
    assert Game.objects.active().count() > 0
    assert run("close", slug) == "season 1 closed"
    assert not Game.objects.active().exists()
    assert league.next_season().number == 2


def test_start_and_close_refuse_what_cannot_be_done(db, crowd):
    slug = run("create", "--game", "toy", "--name", "Empty")
    with pytest.raises(CommandError, match="8 players at least"):
        run("start", slug)
    with pytest.raises(CommandError, match="no season of this league is under way"):
        run("close", slug)
    with pytest.raises(CommandError, match="no league"):
        run("start", "nowhere")
