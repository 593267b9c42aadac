"""A mail's board picture is made for a phone's width first: the close-up of the reader's part
of the board (where their turn is played), large, then the whole board below it. On a phone a
mail is about 328 pixels wide: the whole board shrunk to that is unreadable."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games.kinds import get_kind
from notifications import boardimage, tasks
from tests.notifications.test_mail_content import images_of, mails_to
from tests.support.pages import random_game
from tests.support.play import AFRICA_ONLY, first_with, play, player_to_move

pytestmark = pytest.mark.django_db

#: The reader's part of the board is drawn at least this many times larger than on the
#: picture of the whole board (same picture width).
ENLARGED = 2.2


def _mail_board(name: str, players, plies: int):
    """The mail board context of game ``name`` after ``plies`` random actions, as the player
    to move sees it, and that player's observation."""
    kind = get_kind(name)
    game = random_game(kind, players, None, random.Random(7), plies=plies)
    viewer = game.current_seat
    observation = kind.engine.observation(game.state, viewer)
    seats = [{"name": f"P{n}", "colour": kind.colour_key(n)} for n in range(len(players))]
    return kind.board.mail_context(observation, seats, viewer), viewer, observation


def _box(view_box: str) -> list[float]:
    return [float(n) for n in view_box.split()]


@pytest.mark.parametrize(("name", "plies"), [("africa", 12), ("africana", 12), ("nile", 40)])
def test_the_first_picture_is_the_readers_part_of_the_board_large(name, plies, alice, bob):
    board, viewer, observation = _mail_board(name, [alice, bob], plies)

    close, whole = boardimage.mail_pictures(board)

    x, y, w, h = _box(close["view_box"])
    assert 0.7 <= h / w <= 1.0  # nearly square: a phone's width, not its whole screen
    if name == "nile":  # a picture of its own: the close-up over the overview of the map
        map_width = board["overview"]["width"] / board["overview"]["scale"]
        assert map_width >= ENLARGED * _box(board["close_up"]["board"]["view_box"])[2]
    else:
        assert _box(whole["view_box"])[2] >= ENLARGED * w
    drawn = {
        "africa": lambda: next(
            (c["x"], c["y"]) for c in board["cells"] if c["id"] in _researcher(observation, viewer)
        ),
        "africana": lambda: next(
            (place["x"], place["y"])
            for place in board["locations"]
            if place["id"] == observation["explorers"][viewer]
        ),
        "nile": lambda: (x + w / 2, y + h / 2),  # the close-up is drawn about the explorer
    }[name]()
    assert x <= drawn[0] <= x + w and y <= drawn[1] <= y + h


def _researcher(observation, viewer) -> set[str]:
    return {cell for cell, info in observation["cells"].items() if info.get("researcher") == viewer}


def test_a_watchers_board_and_a_board_before_the_first_move_are_shown_whole(alice, bob):
    kind = get_kind("africa")
    game = random_game(kind, [alice, bob], None, random.Random(7), plies=0)
    observation = kind.engine.observation(game.state, None)
    seats = [
        {"name": "A", "colour": kind.colour_key(0)},
        {"name": "B", "colour": kind.colour_key(1)},
    ]

    assert boardimage.mail_pictures(kind.board.mail_context(observation, seats, None)) == [
        kind.board.mail_context(observation, seats, None)
    ]


@AFRICA_ONLY
def test_the_turn_mail_shows_the_close_up_then_the_whole_board(duel, mailoutbox, pictures):
    game = play(duel, first_with(duel, "start "))
    game = play(game, first_with(game, "start "))
    tasks.send_outbox.apply()
    [mail] = mails_to(mailoutbox, player_to_move(game))[-1:]

    images = images_of(mail)
    html = mail.alternatives[0][0]
    assert html.index('src="cid:board"') < html.index("The whole board:")
    assert html.index("The whole board:") < html.index('src="cid:board-whole"')
    close = Image.open(io.BytesIO(images["board"]))
    whole = Image.open(io.BytesIO(images["board-whole"]))
    assert close.width == whole.width == boardimage.WIDTH
    assert close.height < close.width  # fits a phone's screen with room for the text
