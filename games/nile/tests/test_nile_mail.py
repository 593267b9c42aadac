"""The Nile in mails: the board picture shows the reader's explorer and the hexes around it at
a size that can be read, with their ids, the whole map in small beside it, under 60 KB; the
text board's lines fit the mail's column."""

import io
import random

from PIL import Image

from games.kinds import SEAT_COLOURS, get_kind
from games.nile.engine.data import HEXES
from games.nile.kind.mailboard import MAIL_RADIUS, distance
from notifications.boardimage import MAX_BYTES, WIDTH, board_png, board_svg

KIND = get_kind("nile")
SEATS = [{"name": "Alice", "colour": "blue"}, {"name": "Bob", "colour": "orange"}]
BLUE = next(colour.fill for colour in SEAT_COLOURS if colour.key == "blue")
MAIL_COLUMN = 560  # pixels: the width the mails show the picture at


def position(explorer_on_map: bool, seed: int = 3) -> tuple[dict, str | None]:
    """A two-player position (seat 0's observation) whose seat 0 has its explorer on the map
    or still in Europe, and that explorer's hex."""
    rules = KIND.engine
    rng = random.Random(seed)
    state = rules.initial_state(2, seed, KIND.default_options())
    for _ply in range(400):
        observation = rules.observation(state, 0)
        explorer = observation["players"][0]["explorer"]
        on_map = bool(explorer and explorer.get("hex") and explorer["status"] != "europe")
        if on_map == explorer_on_map:
            return observation, explorer["hex"] if on_map else None
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    raise AssertionError("no such position in 400 random actions")


def test_the_picture_shows_the_explorer_and_the_hexes_around_it_with_their_ids():
    observation, here = position(explorer_on_map=True)

    board = KIND.board.mail_context(observation, SEATS, 0)
    svg = board_svg(KIND, board)

    for hid in HEXES:
        if distance(hid, here) <= MAIL_RADIUS:
            assert f">{hid}</text>" in svg  # every hex around the explorer, named
    far = [hid for hid in HEXES if distance(hid, here) > 3 * MAIL_RADIUS]
    assert not [hid for hid in far if f">{hid}</text>" in svg]  # a close-up, not the map
    # The overview frames the close-up, and the explorer is inside that frame.
    frame = board["overview"]["frame"]
    hexagon = next(h for h in board["close_up"]["board"]["hexes"] if h["id"] == here)
    assert frame["x"] < hexagon["x"] < frame["x"] + frame["width"]
    assert frame["y"] < hexagon["y"] < frame["y"] + frame["height"]
    mine = [e for e in board["overview"]["explorers"] if e["mine"]]
    assert [(e["x"], e["y"], e["fill"]) for e in mine] == [(hexagon["x"], hexagon["y"], BLUE)]
    # In small too, the explorer is its seat's shape with its number, not a disc of colour.
    assert (mine[0]["shape"], mine[0]["number"]) == ("circle", 1)
    others = [e for e in board["overview"]["explorers"] if not e["mine"]]
    assert all((e["shape"], e["number"]) == ("square", 2) for e in others)


def test_a_hex_is_over_twice_as_wide_as_on_the_whole_map_and_the_explorer_is_drawn_there():
    observation, here = position(explorer_on_map=True)
    board = KIND.board.mail_context(observation, SEATS, 0)
    left, top, width, _height = map(float, board["close_up"]["board"]["view_box"].split())
    whole_width = float(board_context_width())

    picture = Image.open(io.BytesIO(board_png(KIND, board))).convert("RGB")

    scale = WIDTH / 1000 * board["close_up"]["width"] / width  # picture pixels per map unit
    hex_width = 30 * 3**0.5  # map units
    assert hex_width * scale * MAIL_COLUMN / WIDTH >= 40  # pixels in the mail
    assert width * 2 <= whole_width
    # Seat 0's explorer: a blue disc left of its hex's centre (games/nile/board.html),
    # 14 map units wide.
    hexagon = next(h for h in board["close_up"]["board"]["hexes"] if h["id"] == here)
    centre = ((hexagon["x"] - 7 - left) * scale, (hexagon["y"] + 5 - top) * scale)
    around = [
        picture.getpixel((round(centre[0] + dx), round(centre[1] + dy)))
        for dx in range(-8, 9)
        for dy in range(-8, 9)
    ]
    red, green, blue_ = (int(BLUE[i : i + 2], 16) for i in (1, 3, 5))
    blue = [p for p in around if abs(p[0] - red) + abs(p[1] - green) + abs(p[2] - blue_) < 40]
    assert len(blue) > len(around) / 3


def board_context_width() -> float:
    """The width of the whole map in map units."""
    observation, _here = position(explorer_on_map=False)
    return float(KIND.board.context(observation, SEATS)["view_box"].split()[2])


def test_a_reader_in_europe_gets_the_whole_map_and_every_picture_is_light():
    observation, _here = position(explorer_on_map=False)

    board = KIND.board.mail_context(observation, SEATS, 0)
    png = board_png(KIND, board)

    assert board["close_up"] is None
    assert 'class="hex-id"' not in board_svg(KIND, board)
    assert len(png) < MAX_BYTES <= 60_000
    observation = position(explorer_on_map=True)[0]
    close_up = board_png(KIND, KIND.board.mail_context(observation, SEATS, 0))
    assert len(close_up) < MAX_BYTES


def test_the_text_board_holds_each_explorer_in_lines_that_fit_the_mail_column():
    rules, rng = KIND.engine, random.Random(2)
    state = rules.initial_state(2, 2, KIND.default_options())
    for _ply in range(6):  # an explorer in Africa with guides, gifts and muskets
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    explorer = rules.observation(state, 0)["players"][0]["explorer"]
    assert explorer["hex"] and explorer["people"]["guide"]["healthy"]

    text = KIND.mail.board_text(rules.observation(state, 0))

    # The mails show the text board in a <pre> of 12-pixel letters in a 560-pixel column.
    assert max(len(line) for line in text.splitlines()) <= 72
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines) if line.startswith("P1:"))
    block = []
    for line in lines[first + 1 :]:
        if not line.startswith("    "):  # the rest of P1, indented under it
            break
        block.append(line)
    assert explorer["hex"] in block[0] and any("0 records" in line for line in block)
