"""Every registered kind, at random plies of random games: every page, fragment and mail of the
position renders for each seat, a watcher and an anonymous visitor, and none of them changes
when only the hidden things of the engine's private state change (so none shows them); the
replay and the record of a finished game render too. A kind that leaks is caught."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
import time_machine

from games.africa.kind import AfricaKind
from games.africa.kind import page as africa_page
from games.kinds import all_kinds, get_kind, kind_names
from games.models import Game
from tests.support.pages import REDEAL, everything_shown, random_game

pytestmark = pytest.mark.django_db

POSITIONS = 2  # random positions per kind and run; the seed below fixes them


@pytest.fixture(autouse=True)
def _frozen_clock():
    """Signed links and "time left" depend on the clock: the two renders share one instant."""
    with time_machine.travel(datetime(2026, 5, 4, 9, 0, tzinfo=UTC), tick=False):
        yield


def _viewers(game: Game, watcher) -> dict:
    seats = game.seats.select_related("user").exclude(user=None)  # computer players see nothing
    viewers = {f"seat {s.number}": s.user for s in seats}
    return viewers | {"watcher": watcher, "anonymous": None}


def _leaks(kind, game: Game, watcher) -> list[str]:
    """The viewers whose pages or mails change when only hidden things are dealt anew."""
    viewers = _viewers(game, watcher)
    before = everything_shown(game, viewers)
    real = game.state
    redealt = REDEAL[kind.name](real)
    assert redealt != real, "the redeal must change something hidden"
    Game.objects.filter(pk=game.pk).update(state=redealt)
    try:
        after = everything_shown(game, viewers)
    finally:
        Game.objects.filter(pk=game.pk).update(state=real)
    return [name for name in viewers if before[name] != after[name]]


def test_every_registered_kind_has_a_redeal_for_this_suite():
    assert set(kind_names()) <= set(REDEAL)


@pytest.mark.parametrize("name", kind_names())
def test_no_view_of_a_random_position_shows_a_hidden_thing(name, players, dave):
    kind = get_kind(name)
    rng = random.Random(f"conformance:{name}")
    for _position in range(POSITIONS):
        count = rng.randint(kind.min_players, min(kind.max_players, len(players)))
        game = random_game(kind, players[:count], dave, rng, plies=rng.randint(0, 30))

        assert _leaks(kind, game, dave) == []


@pytest.mark.parametrize("name", kind_names())
def test_a_game_against_computer_players_shows_no_hidden_thing(name, players, dave, settings):
    settings.BOT_HARD_ITERATIONS = 4
    kind = get_kind(name)
    rng = random.Random(f"bots:{name}")
    bots = max(kind.min_players, 3) - 1
    game = random_game(
        kind, players[:1], dave, rng, plies=rng.randint(5, 30), bots=bots, level=kind.bot_levels[-1]
    )

    assert game.moves.filter(automatic=True).exists()
    assert _leaks(kind, game, dave) == []


@pytest.mark.parametrize("name", kind_names())
def test_the_replay_and_record_of_a_finished_game_render(name, players, client):
    kind = get_kind(name)
    rng = random.Random(f"finished:{name}")
    game = random_game(kind, players[: kind.min_players], None, rng, plies=10_000)
    assert game.status == Game.Status.FINISHED

    last = game.moves.filter(taken_back=False).count()
    for step in sorted({0, rng.randint(1, last), last}):
        page = client.get(f"/archive/{game.code}/", {"step": step})
        assert page.status_code == 200
        fragment = client.get(f"/archive/{game.code}/", {"step": step}, headers={"HX-Request": "1"})
        assert fragment.status_code == 200
    record = client.get(f"/archive/{game.code}.json")
    assert record.status_code == 200
    assert record.json()["game"] == name


class LeakyAfricaPage(africa_page.Page):
    """Africa drawn with the first face-down marker's code in the board's title: a leak."""

    def context(self, request, game, seat, observation, legal, names):
        context = super().context(request, game, seat, observation, legal, names)
        board_context = context["board_context"]
        hidden = game.state["hidden"]

        def leaky():
            board = board_context()
            board["board"]["title"] += " " + hidden[min(hidden)]
            return board

        context["board_context"] = leaky
        return context


class LeakyAfricaKind(AfricaKind):
    """Africa with a page that leaks (``LeakyAfricaPage``)."""

    Page = LeakyAfricaPage


def test_the_suite_catches_a_kind_that_leaks(players, dave, monkeypatch):
    leaky = LeakyAfricaKind()
    monkeypatch.setattr(Game, "kind", property(lambda game: leaky))
    game = random_game(leaky, players[:3], dave, random.Random(7), plies=3)

    assert set(_leaks(leaky, game, dave)) == {"seat 0", "seat 1", "seat 2", "watcher", "anonymous"}


def test_all_kinds_lists_every_registered_kind():
    assert [kind.name for kind in all_kinds()] == kind_names()
