"""Every registered kind, at random positions of random games: the answer to a page one or
three versions behind (a poll) is a patch of the pieces that changed, and the patch applied on
top of the page gives the same ``#game`` as a fresh render, for the player to move, another
player and a watcher (the board's changed places alone when nothing else of the board
changed); a patch stays the same when only hidden things are dealt anew."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import pieces, services
from games.kinds import get_kind, kind_names
from games.models import Game
from games.simulation import bot_action
from tests.kinds.patching import SVG, apply_patch, element, normalised
from tests.support.pages import REDEAL, random_game

pytestmark = pytest.mark.django_db

POSITIONS = 3  # random positions per kind and run; the seeds below fix them
HTMX = {"HX-Request": "true"}
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


class Page:
    """A viewer's open play page: its ``#game`` as last shown, its version and page key."""

    def __init__(self, client: Client, game: Game):
        self.client = client
        self.url = game.get_absolute_url()
        self.poll_url = reverse("game_poll", args=[game.code])
        self.html = self.fresh()

    def fresh(self) -> str:
        """The ``#game`` partial rendered anew (the page reloaded)."""
        response = self.client.get(self.url, headers=HTMX)
        assert response.status_code == 200
        return response.content.decode()

    @property
    def sync(self) -> str:
        return element(self.html, "game-sync")

    def poll(self):
        """The answer to the page's poll, as its script asks it (``#game-sync``)."""
        version = self.sync.split('data-version="')[1].split('"')[0]
        key = self.sync.split('name="page" value="')[1].split('"')[0]
        return self.client.get(self.poll_url, {"version": version, "page": key}, headers=HTMX)


def _viewers(game: Game, watcher) -> dict[str, Client]:
    """Clients of the player to move, another player and a watcher, each signed in."""
    seats = list(game.seats.select_related("user").order_by("number"))
    mover = next(s.user for s in seats if s.number == game.current_seat)
    other = next((s.user for s in seats if s.user not in (None, mover)), None)
    clients = {}
    for name, user in (("mover", mover), ("other", other), ("watcher", watcher)):
        if user is not None:
            clients[name] = Client()
            clients[name].force_login(user)
    return clients


def _advance(game: Game, rng: random.Random, actions: int) -> Game:
    """``game`` after up to ``actions`` more actions of the players to move."""
    for _action in range(actions):
        if game.status != Game.Status.ACTIVE:
            break
        user = game.seats.get(number=game.current_seat).user
        game = services.submit_action(game, user, bot_action(game, rng), game.version)
    return game


def _positions(name: str, players, watcher, seed: str):
    """(game, rng) at ``POSITIONS`` random positions of random games of kind ``name``, each
    under way."""
    kind = get_kind(name)
    rng = random.Random(seed)
    found = 0
    while found < POSITIONS:
        count = rng.randint(kind.min_players, min(kind.max_players, len(players)))
        game = random_game(kind, players[:count], watcher, rng, plies=rng.randint(0, 30))
        if game.status == Game.Status.ACTIVE:
            found += 1
            yield game, rng


@pytest.mark.parametrize("behind", [1, 3])
@pytest.mark.parametrize("name", kind_names())
def test_a_patch_on_top_of_the_page_is_the_fresh_page(name, behind, players, dave):
    places = 0
    for number, (game, rng) in enumerate(_positions(name, players, dave, f"patch:{name}")):
        start = START + timedelta(days=number)
        with time_machine.travel(start, tick=False):
            pages = {who: Page(client, game) for who, client in _viewers(game, dave).items()}
        with time_machine.travel(start + timedelta(minutes=behind), tick=False):
            moved = _advance(game, rng, behind)
            if moved.status != Game.Status.ACTIVE:
                continue  # the game ended: the whole partial, as the next test shows
            for who, page in pages.items():
                answer = page.poll()

                assert answer.status_code == 200, who
                assert answer["HX-Reswap"] == "none", who
                patched = apply_patch(page.html, answer.content.decode())
                assert normalised(patched) == normalised(page.fresh()), (name, who, behind)
                places += SVG in answer.content.decode()
    # the board comes as its changed places at least once (the toy game's too)
    assert places > 0, name


@pytest.mark.parametrize("name", kind_names())
def test_a_game_that_ends_gets_the_whole_partial(name, players, dave):
    kind = get_kind(name)
    rng = random.Random(f"ending:{name}")
    game = random_game(kind, players[: kind.min_players], dave, rng, plies=0)
    pages = {who: Page(client, game) for who, client in _viewers(game, dave).items()}
    game = _advance(game, rng, 10_000)
    assert game.status == Game.Status.FINISHED

    for who, page in pages.items():
        answer = page.poll()

        assert "HX-Reswap" not in answer, who
        assert answer.content.decode().lstrip().startswith('<div id="game" class="game finished"')


def _patches(pages: dict[str, Page]) -> dict[str, str]:
    """{viewer: the normalised answer to their page's poll}, from a fresh cache of pieces (the
    pages' remembered digests kept)."""
    keys = [
        pieces.memory_key(page.sync.split('name="page" value="')[1][:16]) for page in pages.values()
    ]
    remembered = cache.get_many(keys)
    cache.clear()
    cache.set_many(remembered)
    return {who: normalised(page.poll().content.decode()) for who, page in pages.items()}


@pytest.mark.parametrize("name", kind_names())
def test_a_patch_shows_no_hidden_thing(name, players, dave):
    for game, rng in _positions(name, players, dave, f"patch-hidden:{name}"):
        with time_machine.travel(START, tick=False):
            pages = {who: Page(client, game) for who, client in _viewers(game, dave).items()}
            moved = _advance(game, rng, 1)
            if moved.status != Game.Status.ACTIVE:
                continue
            before = _patches(pages)
            real = moved.state
            redealt = REDEAL[name](real)
            assert redealt != real, "the redeal must change something hidden"
            Game.objects.filter(pk=moved.pk).update(state=redealt)
            try:
                after = _patches(pages)
            finally:
                Game.objects.filter(pk=moved.pk).update(state=real)

        assert after == before
