"""The board picture of a mail drawn in two layers: the background once a game, the pieces of
each position over it, looking as the board drawn whole does."""

import random

import pytest
from PIL import Image, ImageChops

from games.kinds import KINDS, get_kind
from notifications import boardimage
from tests.support.pages import random_game


def mail_board_svgs(name, plies):
    """The mail board SVG documents of game ``name`` after each of ``plies``, as the player
    to move sees them."""
    from tests.fixtures import make_player

    kind = get_kind(name)
    players = [make_player(f"layer{n}-{name}@example.com", f"{name.title()} {n}") for n in range(3)]
    count = max(kind.min_players, 2)
    seats = [
        {"name": p.display_name, "colour": kind.colour_key(n)}
        for n, p in enumerate(players[:count])
    ]
    svgs = []
    for ply in plies:
        game = random_game(kind, players[:count], None, random.Random(7), plies=ply)
        viewer = game.current_seat if game.current_seat is not None else 0
        observation = kind.engine.observation(game.state, viewer)
        svgs.append(boardimage.board_svg(kind, kind.board.mail_context(observation, seats, viewer)))
    return svgs


def changed_pixels(one: Image.Image, other: Image.Image) -> int:
    """How many pixels of the two RGB images differ by more than a sixth in a channel."""
    difference = ImageChops.difference(one, other).convert("L")  # the channels' mean
    return sum(difference.point(lambda value: 255 if value > 14 else 0).histogram()[255:])


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_pieces_laid_over_the_background_look_as_the_board_drawn_whole(name, db):
    [svg] = mail_board_svgs(name, [12])
    back, pieces = boardimage.split_layers(svg)
    assert pieces is not None  # the kind marks its pieces

    layered = boardimage.board_image(svg)
    whole = boardimage.draw(svg)
    assert layered.size == whole.size
    assert changed_pixels(layered, whole) < 50  # of 700,000 and more: antialiasing at most
    # ... and the pieces are there: without them the picture is another one.
    assert changed_pixels(boardimage.background_image(back), whole) > 2000


@pytest.mark.parametrize("name", sorted(KINDS))
def test_two_positions_of_a_game_share_one_background(name, db, monkeypatch):
    early, late = mail_board_svgs(name, [6, 14])
    assert early != late
    assert boardimage.split_layers(early)[1] != boardimage.split_layers(late)[1]
    if name != "nile":  # the Nile's map grows as it is explored, and its close-up moves
        assert boardimage.split_layers(early)[0] == boardimage.split_layers(late)[0]


def test_a_background_is_drawn_once_and_kept(db, monkeypatch):
    early, late = mail_board_svgs("africa", [6, 14])
    boardimage._backgrounds.clear()
    drawn = []
    cairo = boardimage._cairo
    monkeypatch.setattr(boardimage, "_cairo", lambda svg: drawn.append(svg) or cairo(svg))

    boardimage.board_image(early)
    boardimage.board_image(late)
    assert len(drawn) == 1  # the background (the pieces are stamped)
    boardimage._backgrounds.clear()  # another process: the background from Django's cache
    boardimage.board_image(late)
    assert len(drawn) == 1
