"""Two Africana games that differ only in what is hidden (the draw pile's order, the expedition
pile's order, the removed C cards, the book pages nobody has seen and, for a seat's twin, the
other seats' travel cards) look byte for byte alike to everyone who may not see the
difference: the play page, its fragments, the poll answer, the whole log, the turn mail and the
answer to a reply, for a watcher and for each seat.

The twins are made by the engine's own hidden-information twins (tests/support/hidden.py)
and stored as two Game rows with the same players, moves and seed commitment.
"""

from __future__ import annotations

import copy
import random
import uuid
from datetime import UTC, datetime

import pytest
import time_machine

from games.africana.engine.data import COLORS
from games.africana.engine.testing import twin as africana_twin
from games.kinds import get_kind
from games.models import Game, Move, Seat
from tests.support.pages import everything_shown, random_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _frozen_clock():
    """Deadlines and signed links depend on the clock: both twins are shown at one instant."""
    with time_machine.travel(datetime(2026, 5, 4, 9, 0, tzinfo=UTC), tick=False):
        yield


def twin_game(game: Game, state: dict) -> Game:
    """A new Game row like ``game`` (players, seats, moves, seed commitment, clock) whose
    state is ``state``."""
    seats = list(game.seats.all())
    moves = list(game.moves.all())
    twin = copy.copy(game)
    twin.pk = None
    twin.code = uuid.uuid4()
    twin.state = state
    twin.save()
    for seat in seats:
        seat.pk = None
        seat.game = twin
    Seat.objects.bulk_create(seats)
    for move in moves:
        move.pk = None
        move.game = twin
    Move.objects.bulk_create(moves)
    return twin


def alone(game: Game, viewers: dict) -> dict[str, list[str]]:
    """``everything_shown`` while the viewers' other running games (the twin) are set aside:
    each page links to the next game waiting for its viewer ("Next game"), which for a twin
    is the other twin."""
    others = Game.objects.filter(status=Game.Status.ACTIVE).exclude(pk=game.pk)
    paused = list(others.values_list("pk", flat=True))
    Game.objects.filter(pk__in=paused).update(status=Game.Status.OPEN)
    try:
        return everything_shown(game, viewers)
    finally:
        Game.objects.filter(pk__in=paused).update(status=Game.Status.ACTIVE)


def shown_as(game: Game, viewers: dict, code) -> dict[str, list[str]]:
    """``alone`` with ``game``'s code written as ``code`` (the only thing that tells two rows
    apart by design)."""
    shown = alone(game, viewers)
    return {
        name: [text.replace(str(game.code), str(code)) for text in texts]
        for name, texts in shown.items()
    }


@pytest.mark.parametrize(("count", "plies"), [(2, 0), (3, 17), (4, 40)])
def test_twins_differing_only_in_hidden_cards_look_alike(players, dave, count, plies):
    kind = get_kind("africana")
    rng = random.Random(f"twins:{count}:{plies}")
    game = random_game(kind, players[:count], dave, rng, plies=plies)
    assert game.status == Game.Status.ACTIVE
    seats = {s.number: s.user for s in game.seats.select_related("user")}

    # Nobody sees the piles, the removed cards or the unseen pages: all viewers at once.
    public_twin = africana_twin(game.state, random.Random(1))
    assert public_twin != game.state
    viewers = {f"seat {n}": user for n, user in seats.items()} | {"watcher": dave}
    twin = twin_game(game, public_twin)
    assert shown_as(twin, viewers, game.code) == alone(game, viewers)

    # A seat does not see the others' hands either: its own twin exchanges their cards too.
    for number, user in seats.items():
        state = africana_twin(game.state, random.Random(number), seat=number)
        assert [h for n, h in enumerate(state["hands"]) if n != number] != [
            h for n, h in enumerate(game.state["hands"]) if n != number
        ]
        assert state["hands"][number] == game.state["hands"][number]
        twin = twin_game(game, state)
        viewer = {f"seat {number}": user, "watcher": dave}
        assert shown_as(twin, viewer, game.code) == alone(game, viewer)


def test_the_comparison_sees_a_difference_a_viewer_may_see(players, dave):
    """The other way round: a seat's own hand changed is seen by that seat (so the test above
    compares what the pages really show)."""
    kind = get_kind("africana")
    game = random_game(kind, players[:2], dave, random.Random(3), plies=0)
    state = copy.deepcopy(game.state)
    hand = state["hands"][0]
    colour = next(c for c, n in hand.items() if n and c in COLORS)
    other = next(c for c in COLORS if c != colour)
    hand[colour] -= 1
    hand[other] = hand.get(other, 0) + 1
    twin = twin_game(game, state)
    viewers = {"seat 0": game.seats.get(number=0).user, "watcher": dave}

    shown, twin_shown = alone(game, viewers), shown_as(twin, viewers, game.code)

    assert shown["watcher"] == twin_shown["watcher"]
    assert shown["seat 0"] != twin_shown["seat 0"]
