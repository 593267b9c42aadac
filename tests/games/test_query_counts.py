"""The play page and a move cost the same number of SQL queries early and late in a game, and
the pages that name a table's computer players as many for one of them as for four."""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.engines import replay
from games.kinds import get_kind, kind_names
from games.models import ROBOT_MARK, Game
from games.simulation import bot_action
from tests.api.conftest import ApiClient
from tests.support.play import AFRICA_ONLY, play, player_to_move

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def queries_for_page_and_move(client, game) -> tuple[int, int]:
    game.seats.update(last_seen_at=None)  # both measurements note the visit
    cache.clear()  # both start with nothing kept: the games waiting for the mover are read
    mover = player_to_move(game)
    client.force_login(mover)
    with CaptureQueriesContext(connection) as page:
        client.get(game.get_absolute_url())
    with CaptureQueriesContext(connection) as move:
        client.post(
            reverse("game_act", args=[game.code]),
            {"action": "end", "version": game.version},
            headers=HTMX,
        )
    return len(page), len(move)


def advance(game, plies, rng):
    """Play ``plies`` random actions, then on until the player to move may end the turn."""
    for _n in range(plies):
        game = play(game, bot_action(game, rng))
    while "end" not in game.kind.engine.legal_actions(game.state):
        game = play(game, bot_action(game, rng))
    return game


@AFRICA_ONLY
def test_queries_do_not_grow_with_the_length_of_the_game(client, duel):
    rng = random.Random(3)
    early = advance(duel, 6, rng)
    early_counts = queries_for_page_and_move(client, early)
    early.refresh_from_db()
    late = advance(early, 120, rng)

    assert queries_for_page_and_move(client, late) == early_counts


def widest_game() -> str:
    """The registered game with the most seats: room for a person and four computer players
    with a seat still open."""
    return max(kind_names(), key=lambda name: get_kind(name).max_players)


def open_table(creator, robots: int) -> Game:
    """An open game of ``creator`` with ``robots`` computer players, one seat still free."""
    return services.create_game(
        creator, engine=widest_game(), num_players=robots + 2, bots=robots, bot_level="easy"
    )


def fetch(page: str, client, api: ApiClient, game: Game):
    """The answer to a GET of ``page``: a page of the site, or the API's list of games."""
    if page == "api_games":
        return api.get("/games")
    return client.get(game.get_absolute_url() if page == "waiting_room" else reverse(page))


@pytest.mark.parametrize("page", ["lobby", "my_games", "waiting_room", "api_games"])
def test_a_page_that_names_robot_seats_costs_the_same_for_one_robot_or_four(
    client, alice, bob, page
):
    client.force_login(bob if page == "lobby" else alice)
    api = ApiClient(alice)
    counts = []
    for robots in (1, 4):
        Game.objects.filter(creator=alice).delete()
        game = open_table(alice, robots)
        fetch(page, client, api, game)  # once first: what a first visit notes is not counted
        with CaptureQueriesContext(connection) as queries:
            response = fetch(page, client, api, game)
        assert response.status_code == 200
        shown = str(response.json()) if page == "api_games" else response.content.decode()
        assert shown.count(ROBOT_MARK) >= robots  # their names are shown
        counts.append(len(queries))

    assert counts[0] == counts[1]


@AFRICA_ONLY
def test_a_move_writes_only_the_columns_of_the_game_it_changed(client, duel):
    game = advance(duel, 0, random.Random(5))
    game.seats.update(last_seen_at=None)
    client.force_login(player_to_move(game))
    with CaptureQueriesContext(connection) as move:
        client.post(
            reverse("game_act", args=[game.code]),
            {"action": "end", "version": game.version},
            headers=HTMX,
        )
    updates = [q["sql"] for q in move if q["sql"].startswith('UPDATE "games_game"')]
    assert len(updates) == 1
    assert '"version"' in updates[0] and '"state"' in updates[0]
    assert '"seed"' not in updates[0] and '"options"' not in updates[0]
    version, mover = game.version, game.current_seat
    game.refresh_from_db()
    assert (game.version, game.current_seat != mover) == (version + 1, True)
    standing = game.moves.filter(taken_back=False).values_list("action", flat=True)
    assert game.state == replay(
        game.kind.engine, game.num_players, game.seed, game.options, standing
    )


@AFRICA_ONLY
def test_a_move_reads_the_game_once_and_its_seats_once(client, duel):
    game = advance(duel, 0, random.Random(5))
    client.force_login(player_to_move(game))
    client.get(game.get_absolute_url())  # the session's user and the waiting games are kept
    with CaptureQueriesContext(connection) as move:
        response = client.post(
            reverse("game_act", args=[game.code]),
            {"action": "end", "version": game.version},
            headers=HTMX,
        )
    assert response.status_code == 200
    reads = [q["sql"] for q in move if q["sql"].startswith("SELECT")]
    assert sum('FROM "games_game"' in sql for sql in reads) == 1
    assert sum('FROM "games_seat"' in sql for sql in reads) == 1
    assert not any('FROM "accounts_user"' in sql and "games_seat" not in sql for sql in reads)


@AFRICA_ONLY
def test_a_move_by_someone_without_a_seat_changes_nothing(client, duel, carol):
    game = advance(duel, 0, random.Random(5))
    client.force_login(carol)
    response = client.post(
        reverse("game_act", args=[game.code]),
        {"action": "end", "version": game.version},
        headers=HTMX,
    )
    assert response.status_code in (403, 404)
    version = game.version
    game.refresh_from_db()
    assert game.version == version
