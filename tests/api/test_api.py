"""The JSON API: personal tokens made and revoked on the settings page; my games; a game as
the token owner's seat sees it, its legal actions and move log; actions at the expected
version through the same service as the page; the OpenAPI document; the rate limit."""

import threading

import pytest
from django.db import connections
from django.test import Client

from api import tokens
from api.models import ApiToken
from games import services
from games.models import Game
from tests.api.conftest import ApiClient
from tests.social import running_duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(alice, bob) -> Game:
    return running_duel(alice, bob)


def _mover(game):
    return game.seats.get(number=game.current_seat).user


def _waiter(game):
    return game.seats.exclude(number=game.current_seat).get().user


def test_a_token_made_on_the_settings_page_is_shown_once_and_stored_as_a_digest(alice):
    client = Client()
    client.force_login(alice)
    page = client.post("/api/tokens/new/", {"name": "my bot"})

    row = ApiToken.objects.get(user=alice)
    token = page.context["token"]
    assert token in page.content.decode()
    assert row.digest != token and token not in row.digest
    assert "my bot" in client.get("/accounts/settings/").content.decode()
    assert token not in client.get("/accounts/settings/").content.decode()
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/games", headers=headers).status_code == 200


def test_a_revoked_token_stops_working_at_once(alice):
    api = ApiClient(alice)
    client = Client()
    client.force_login(alice)
    client.post(f"/api/tokens/{api.row.code}/revoke/")

    assert not ApiToken.objects.exists()
    assert api.get("/games").status_code == 401


def test_nobody_revokes_another_players_token(alice, bob):
    api = ApiClient(alice)
    client = Client()
    client.force_login(bob)
    client.post(f"/api/tokens/{api.row.code}/revoke/")
    assert api.get("/games").status_code == 200


def test_without_a_token_or_with_a_wrong_one_the_api_answers_401(alice):
    assert Client().get("/api/v1/games").status_code == 401
    wrong = {"Authorization": "Bearer afr_not-a-token"}
    assert Client().get("/api/v1/games", headers=wrong).status_code == 401


def test_my_games_lists_the_owners_games_with_whose_turn_it_is(duel, alice, bob, carol):
    mover = _mover(duel)
    games = ApiClient(mover).get("/games").json()

    assert [g["code"] for g in games] == [str(duel.code)]
    assert games[0]["your_turn"] is True
    assert games[0]["game"] == "africa"
    assert {p["name"] for p in games[0]["players"]} == {"Alice", "Bob"}
    assert ApiClient(carol).get("/games").json() == []


def test_a_game_is_the_observation_of_the_owners_seat_and_no_more(duel):
    for seat in duel.seats.select_related("user"):
        view = ApiClient(seat.user).get(f"/games/{duel.code}").json()
        assert view["seat"] == seat.number
        assert view["observation"] == duel.kind.engine.observation(duel.state, seat.number)


def test_an_outsider_of_a_private_game_gets_403(duel, carol):
    api = ApiClient(carol)
    assert api.get(f"/games/{duel.code}").status_code == 403
    assert api.get(f"/games/{duel.code}/moves").status_code == 403
    assert api.post(f"/games/{duel.code}/actions", {"action": "x", "version": 1}).status_code == 403


def test_a_watcher_of_a_public_game_sees_what_a_watcher_sees(alice, bob, carol):
    game = services.create_game(alice, num_players=2, seed=5, public=True)
    services.join_game(game, bob)
    game.refresh_from_db()

    view = ApiClient(carol).get(f"/games/{game.code}").json()
    assert view["seat"] is None
    assert view["observation"] == game.kind.engine.observation(game.state, None)


def test_legal_actions_are_the_engines_on_your_turn_and_none_otherwise(duel):
    mover = ApiClient(_mover(duel)).get(f"/games/{duel.code}/legal").json()
    waiter = ApiClient(_waiter(duel)).get(f"/games/{duel.code}/legal").json()

    assert [a["action"] for a in mover["actions"]] == duel.kind.engine.legal_actions(duel.state)
    assert all(a["label"] for a in mover["actions"])
    assert mover["version"] == duel.version
    assert waiter["actions"] == []


def test_an_action_is_applied_and_the_move_log_tells_it(duel):
    mover = _mover(duel)
    action = duel.kind.engine.legal_actions(duel.state)[0]
    answer = ApiClient(mover).post(
        f"/games/{duel.code}/actions", {"action": action, "version": duel.version}
    )

    assert answer.status_code == 200
    assert answer.json()["version"] == duel.version + 1
    log = ApiClient(mover).get(f"/games/{duel.code}/moves").json()
    assert log[-1]["action"] == action
    assert log[-1]["lines"] and all(line["text"] for line in log[-1]["lines"])
    other = ApiClient(_waiter(duel)).get(f"/games/{duel.code}/moves").json()
    assert other[-1]["action"] is None  # the other's spelling of a running game stays theirs
    assert other[-1]["lines"] == log[-1]["lines"]


def test_a_stale_version_gets_409_with_the_version_now_and_changes_nothing(duel):
    mover = _mover(duel)
    action = duel.kind.engine.legal_actions(duel.state)[0]
    answer = ApiClient(mover).post(
        f"/games/{duel.code}/actions", {"action": action, "version": duel.version - 1}
    )

    assert answer.status_code == 409
    assert answer.json() == {
        "detail": "The game has moved on since this page was shown. Here it is now.",
        "version": duel.version,
    }
    assert not duel.moves.exists()


def test_an_illegal_action_gets_400_with_the_reason(duel):
    answer = ApiClient(_mover(duel)).post(
        f"/games/{duel.code}/actions", {"action": "fly to the moon", "version": duel.version}
    )
    assert answer.status_code == 400
    assert answer.json()["detail"]
    assert not duel.moves.exists()


def test_a_nul_byte_gets_400(duel):
    answer = ApiClient(_mover(duel)).post(
        f"/games/{duel.code}/actions", {"action": "start\x00", "version": duel.version}
    )
    assert answer.status_code == 400
    assert not duel.moves.exists()


def test_playing_out_of_turn_gets_409(duel):
    action = duel.kind.engine.legal_actions(duel.state)[0]
    answer = ApiClient(_waiter(duel)).post(
        f"/games/{duel.code}/actions", {"action": action, "version": duel.version}
    )
    assert answer.status_code == 409
    assert answer.json()["detail"] == "It is not your turn."


def test_the_openapi_document_is_served():
    document = Client().get("/api/v1/openapi.json").json()

    assert document["info"]["version"] == "1"
    assert "/api/v1/games/{code}/actions" in document["paths"]


def test_the_document_reader_loads_its_scripts_from_the_site():
    page = Client().get("/api/v1/docs").content.decode()

    assert "/static/ninja/swagger-ui-bundle.js" in page
    assert "cdn" not in page.lower()


def test_requests_past_the_rate_get_429(alice, settings):
    settings.API_RATE = "3/m"
    api = ApiClient(alice)
    codes = [api.get("/games").status_code for _n in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_an_accounts_tokens_share_its_rate(alice, bob, settings):
    settings.API_RATE, settings.API_ACCOUNT_RATE = "3/m", "4/m"
    first, second, other = ApiClient(alice), ApiClient(alice), ApiClient(bob)

    codes = [api.get("/games").status_code for api in (first, first, first, second, second)]

    assert codes == [200, 200, 200, 200, 429]
    assert other.get("/games").status_code == 200


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_token_requests_never_make_more_than_the_limit(alice):
    barrier = threading.Barrier(20)

    def make(n):
        barrier.wait()
        try:
            tokens.make_token(alice, f"token {n}")
        except tokens.TokenError:
            pass
        finally:
            connections.close_all()

    threads = [threading.Thread(target=make, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert ApiToken.objects.filter(user=alice).count() == tokens.MAX_TOKENS


def test_staff_see_tokens_in_the_admin_and_may_delete_them(alice, staff):
    api = ApiClient(alice)
    client = Client()
    client.force_login(staff)

    listing = client.get("/admin/api/apitoken/").content.decode()
    assert api.row.prefix in listing
    assert api.token not in listing
    client.post(f"/admin/api/apitoken/{api.row.pk}/delete/", {"post": "yes"})
    assert api.get("/games").status_code == 401
