"""The board picture of a mail drawn in two layers: the background once a game, the pieces of
each position over it, looking as the board drawn whole does."""

import random

import pytest
from PIL import Image, ImageChops

from games.kinds import KINDS, get_kind
from notifications import boardimage
from notifications.boardsvg import background_key, drawable
from tests.support.pages import random_game


def mail_boards(name, plies):
    """The mail board contexts of game ``name`` after each of ``plies``, as the player to move
    sees them."""
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
        svgs.append(kind.board.mail_context(observation, seats, viewer))
    return svgs


def mail_board_svgs(name, plies):
    """The mail board SVG documents of game ``name`` after each of ``plies``, as the player
    to move sees them."""
    kind = get_kind(name)
    return [boardimage.board_svg(kind, board) for board in mail_boards(name, plies)]


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
    # The background's key, read from the document's text, says the same.
    same = boardimage.split_layers(early)[0] == boardimage.split_layers(late)[0]
    assert (background_key(early) == background_key(late)) == same


def test_the_background_key_leaves_out_the_pieces_titles_and_blanks_only():
    def svg(pieces, ground="#eee", title="Turn 3"):
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
            f"<title>{title}</title>\n  <rect fill='{ground}' width='10' height='10'/>\n  "
            f"{pieces}<text x='1' y='9'>Lagos</text></svg>"
        )

    one = '<g data-piece="" transform="translate(2 2)"><g><circle r="1"/></g></g>'
    other = '<circle data-piece="" r="2"/><g data-piece=""><g data-piece=""/></g>'
    assert background_key(svg(one)) == background_key(svg(other, title="Turn 4"))
    assert background_key(svg(one)) != background_key(svg(one, ground="#ddd"))
    assert "Lagos" in background_key(svg(one)) and "circle" not in background_key(svg(one))
    assert background_key(svg("<!-- a comment -->")) is None  # read by parsing instead


def test_a_background_is_drawn_once_and_kept(db, monkeypatch):
    early, late = mail_board_svgs("africa", [6, 14])
    boardimage._backgrounds.clear()
    drawn = []
    cairo = boardimage._cairo
    monkeypatch.setattr(
        boardimage, "_cairo", lambda svg, *size: drawn.append(svg) or cairo(svg, *size)
    )

    boardimage.board_image(early)
    boardimage.board_image(late)
    assert len(drawn) == 1  # the background (the pieces are stamped)
    boardimage._backgrounds.clear()  # another process: the background from Django's cache
    boardimage.board_image(late)
    assert len(drawn) == 1


@pytest.mark.parametrize("name", ["africa", "africana"])
def test_close_ups_anywhere_on_the_board_share_one_drawing_of_it(name, db, monkeypatch):
    kind = get_kind(name)
    boards = [b for b in mail_boards(name, [4, 8, 12, 16]) if b.get("mail_focus")]
    close_ups = [boardimage.mail_pictures(board)[0] for board in boards]
    assert len({close_up["view_box"] for close_up in close_ups}) >= 2  # different places
    svgs = [boardimage.board_svg(kind, close_up) for close_up in close_ups]
    boardimage._backgrounds.clear()
    boardimage._planes_needed.clear()
    drawn = []
    cairo = boardimage._cairo
    monkeypatch.setattr(
        boardimage, "_cairo", lambda svg, *size: drawn.append(size) or cairo(svg, *size)
    )

    pictures = [boardimage.board_image(svg) for svg in svgs]
    # The first close-up's background drawn alone, for the next one elsewhere the whole board
    # at the close-ups' scale, then no background any more (the pieces are stamped).
    assert drawn[:2] == [(), (drawn[1][0],)] and drawn[1][0] > 2 * boardimage.WIDTH
    assert len(drawn) == 2
    for svg, picture in zip(svgs, pictures, strict=True):
        whole = boardimage.draw(svg)
        assert picture.size == whole.size
        assert changed_pixels(picture, whole) < 50  # as the close-up drawn whole


def test_a_close_up_is_framed_within_half_a_pixel_of_its_place():
    board = {"view_box": "0 0 700 700", "mail_focus": "123.45 67.89 250.0 217.4"}

    close, whole = boardimage.mail_pictures(board)

    x, y, w, h = (float(n) for n in close["view_box"].split())
    scale = boardimage.WIDTH / 250
    assert w == 250 and close["mail_plane"] == "0 0 700 700"
    assert abs(x - 123.45) <= 0.5 / scale and abs(y - 67.89) <= 0.5 / scale
    assert abs(h - 217.4) <= 0.5 / scale
    for value in (x, y, h):
        assert abs(value * scale - round(value * scale)) < 1e-3  # on the board's pixels
    assert whole == {**board, "view_box": "0 0 700 700"}


def test_the_nile_overview_is_drawn_without_the_close_up_above_it_and_looks_the_same(db):
    kind = get_kind("nile")
    board = next(b for b in mail_boards("nile", [30, 40, 50]) if b.get("mail_focus"))
    _close, overview = boardimage.mail_pictures(board)
    svg = boardimage.board_svg(kind, overview)

    pruned = drawable(svg)
    whole = boardimage.inline_symbols(svg)
    assert pruned.count("<") < whole.count("<") / 2  # the close-up's elements left out
    layered = boardimage.board_image(svg)
    assert changed_pixels(layered, boardimage.draw(svg)) < 50
