"""Colour is never the only cue of a player's pieces, wherever the board is drawn: in every
game, each seat's pieces on the mail's board picture (the SVG document CairoSVG draws) and on
the replay carry the seat's shape and its number or letter, as on the play page."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import GAMES
from games.kinds import get_kind
from notifications.boardsvg import board_svg
from tests.fixtures import make_player
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db

#: A piece of a seat: the seat's shape symbol in its fill, and the words drawn on it.
PIECE = re.compile(
    r'<use [^>]*href="#(?:seat|n)-(?P<shape>\w+)"[^>]*fill="(?P<fill>#[0-9A-Fa-f]{6})"[^>]*/>'
    r"\s*<text[^>]*>(?P<label>[^<]+)</text>"
)
SHAPE_USE = re.compile(r'<use [^>]*href="#(?:seat|n)-\w+"')


def cues(kind, seats) -> set[tuple[str, str, str]]:
    """{(shape, fill, number or letter)} of each seat, as the kind's board may draw them."""
    state = kind.engine.initial_state(len(seats), 1, kind.default_options())
    drawn = kind.board.context(kind.engine.observation(state, None), seats)["seats"]
    return {
        (s["shape"], s["fill"], str(s[key]))
        for s in drawn
        for key in ("number", "initial")
        if key in s
    }


def pieces(svg: str) -> list[tuple[str, str, str]]:
    """The seats' pieces found in ``svg``, each checked to carry words: [(shape, fill, label)]."""
    found = [(m["shape"], m["fill"], m["label"].strip()) for m in PIECE.finditer(svg)]
    assert len(found) == len(SHAPE_USE.findall(svg))  # no shape without its number or letter
    return found


@pytest.fixture
def players():
    return [make_player(f"cue{n}@example.com", f"Cue {n}") for n in range(4)]


@pytest.mark.parametrize("name", GAMES)
def test_the_mail_picture_draws_each_players_pieces_with_a_shape_and_a_number_or_letter(
    name, players
):
    kind = get_kind(name)
    game = random_game(kind, players[:3], None, random.Random(8), plies=40)
    seats = [{"name": s.name, "colour": s.colour} for s in game.seats.order_by("number")]
    expected = cues(kind, seats)
    viewer = game.current_seat if game.current_seat is not None else 0
    observation = kind.engine.observation(game.state, viewer)

    found = pieces(board_svg(kind, kind.board.mail_context(observation, seats, viewer)))

    assert found and set(found) <= expected
    assert len({shape for shape, _fill, _label in expected}) == len(seats)


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_draws_each_players_pieces_with_a_shape_and_a_number_or_letter(name, players):
    kind = get_kind(name)
    game = random_game(kind, players[:3], None, random.Random(9), plies=400)
    seats = [{"name": s.name, "colour": s.colour} for s in game.seats.order_by("number")]

    page = Client().get(reverse("replay", args=[game.code]) + "?step=8").content.decode()
    board = page[page.index('<section class="board-area"') :]
    board = board[: board.index("</svg>")]

    found = pieces(board)
    assert found and set(found) <= cues(kind, seats)
    # The players' panel beside it: each seat's shape in its colour with its number.
    panel = page[page.index('class="player-list"') :]
    for seat, colour in enumerate(kind.seat_colours[: len(seats)]):
        assert re.search(
            rf'<svg class="seat-token"[^>]*><g fill="{colour.fill}"[^>]*>.*?</g><text[^>]*>'
            rf"{seat + 1}</text></svg>",
            panel,
        )
