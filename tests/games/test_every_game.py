"""The generic paths of the site, for every registered game (the test suite's toy game among
them): the new-game form and the lobby, a move on the play page, the poll, a reply by mail, the
API, the archive's filter, the replay and the record, and computer players. A path that works
for Africa alone fails here for another game."""

from __future__ import annotations

import random

import pytest

from games import services
from games.kinds import get_kind, kind_names
from games.models import Game
from tests.api.conftest import ApiClient
from tests.support.mail import answer_by_mail
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db
EVERY_GAME = pytest.mark.parametrize("name", kind_names())


def _started(name: str, players) -> Game:
    """A public running game of ``name`` between two of ``players`` (or more, for a game that
    needs more), so that turns pass from one to another."""
    kind = get_kind(name)
    count = max(kind.min_players, 2)
    game = services.create_game(players[0], engine=name, num_players=count, seed=7, public=True)
    for user in players[1:count]:
        services.join_game(game, user)
    game.refresh_from_db()
    return game


def _mover(game: Game):
    game.refresh_from_db()
    return game.seats.get(number=game.current_seat).user


@EVERY_GAME
def test_the_new_game_form_creates_the_game_with_its_own_options(name, client, players):
    kind = get_kind(name)
    client.force_login(players[0])
    assert client.get("/games/new/", {"game": name}).status_code == 200
    data = {"engine": name, "num_players": kind.max_players, "days_per_move": 3, "public": "on"}
    data |= kind.default_options()
    response = client.post("/games/new/", data)
    game = Game.objects.get(creator=players[0])
    assert response.status_code == 302
    assert (game.engine, game.num_players) == (name, kind.max_players)
    assert game.options == kind.default_options()
    assert str(kind.label) in client.get("/games/").content.decode()


@EVERY_GAME
def test_a_move_on_the_play_page_moves_the_game_on_and_the_poll_sees_it(name, client, players):
    game = _started(name, players)
    user, version = _mover(game), game.version
    client.force_login(user)
    assert client.get(game.get_absolute_url()).status_code == 200
    poll = f"{game.get_absolute_url()}poll/"
    assert client.get(poll, {"version": version}).status_code == 204
    action = game.kind.engine.legal_actions(game.state)[0]
    client.post(f"{game.get_absolute_url()}act/", {"action": action, "version": version})
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.moves.get(version=game.version).action == action
    assert client.get(poll, {"version": version}, headers={"HX-Request": "true"}).status_code == 200


@EVERY_GAME
def test_a_reply_by_mail_plays_the_example_action(
    name, players, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = _started(name, players)
    user, version = _mover(game), game.version
    legal = game.kind.engine.legal_actions(game.state)
    example = game.kind.mail.example_action(legal)
    outcome = answer_by_mail(mailoutbox, user, example, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert outcome.status in ("applied", "partial"), outcome.error
    assert game.moves.get(version=version + 1).action == example


@EVERY_GAME
def test_the_api_shows_the_game_and_plays_an_action(name, players):
    game = _started(name, players)
    user = _mover(game)
    api = ApiClient(user)
    shown = api.get(f"/games/{game.code}").json()
    assert shown["version"] == game.version
    legal = api.get(f"/games/{game.code}/legal").json()
    action = legal["actions"][0]["action"]
    answer = api.post(f"/games/{game.code}/actions", {"action": action, "version": game.version})
    assert answer.status_code == 200
    assert answer.json()["version"] == game.version + 1


@EVERY_GAME
def test_a_finished_game_is_in_the_archive_under_its_game_with_its_replay_and_record(
    name, client, players
):
    kind = get_kind(name)
    count = max(kind.min_players, 2)
    game = random_game(kind, players[:count], None, random.Random(name), plies=3000)
    assert game.status == Game.Status.FINISHED
    listed = client.get("/archive/", {"game": name, "players": count}).content.decode()
    assert str(game.code) in listed
    assert client.get(f"/archive/{game.code}/", {"step": 1}).status_code == 200
    record = client.get(f"/archive/{game.code}.json")
    assert record.status_code == 200
    assert record.json()["game"] == name


@EVERY_GAME
def test_computer_players_play_a_game_to_its_end(name, players):
    kind = get_kind(name)
    game = random_game(kind, players[:1], None, random.Random(name), plies=3000, bots=1)
    assert game.status == Game.Status.FINISHED
    assert game.moves.filter(automatic=False).exists()


@EVERY_GAME
def test_the_play_page_loads_the_stylesheets_of_its_own_game_only(name, client, players):
    game = _started(name, players)
    client.force_login(players[0])
    page = client.get(game.get_absolute_url()).content.decode()
    kind = get_kind(name)
    own = {*kind.board.stylesheets, *kind.page.stylesheets}
    for path in own:
        assert f'href="/static/{path}"' in page
    for other in kind_names():
        theirs = {*get_kind(other).board.stylesheets, *get_kind(other).page.stylesheets}
        for path in theirs - own:
            assert f"/static/{path}" not in page
