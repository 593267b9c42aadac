"""The Africa board as players see it: the SVG rendered from real engine states.

The board partial is rendered alone (the legend names every kind of marker on purpose), from the
observation only, as a view would; the engine's private ``state["hidden"]`` is read here just to
prove that no face-down marker leaks into the page.
"""

import json
import random
import xml.etree.ElementTree as ET

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.africa.kind.terms import MARKER_LABELS, MARKER_NAMES, SEAT_COLOURS
from games.engines import get_engine
from games.kinds import get_kind

ENGINE = get_engine("africa")
BOARD = get_kind("africa").board
SVG = "{http://www.w3.org/2000/svg}"
SEATS = [
    {"name": "Alice", "colour": "blue"},
    {"name": "Bob", "colour": "orange"},
    {"name": "Carol", "colour": "green"},
]
FILLS = {colour.key: colour.fill for colour in SEAT_COLOURS}
# C2 (Casablanca) borders D2, B3 and C3; E4 is two cells away from every start city.
LAYOUT = {"D2": "elephant", "B3": "gold2", "C3": "statue", "E4": "monument"}


def started(seed: int = 7) -> dict:
    """Three researchers on Casablanca, Alexandria and Lagos; every marker face down."""
    state = ENGINE.initial_state(num_players=3, seed=seed, options={"layout": LAYOUT})
    for city in ["C2", "I3", "D7"]:
        state = ENGINE.apply(state, f"start {city}")
    return state


def mid_game() -> dict:
    """Alice has uncovered the elephant on D2 and left it there, and the gold on B3."""
    state = started()
    for action in ["uncover D2", "place D2", "uncover B3"]:
        state = ENGINE.apply(state, action)
    return state


def finished(seed: int = 11) -> dict:
    """A two-player game played to its end with random legal actions, uncovering when it can."""
    state = ENGINE.initial_state(num_players=2, seed=seed, options={})
    rng = random.Random(seed)
    while not ENGINE.is_terminal(state):
        actions = ENGINE.legal_actions(state)
        state = ENGINE.apply(state, rng.choice([a for a in actions if "uncover" in a] or actions))
    return state


def render(state: dict, seats=SEATS, **kwargs) -> str:
    """The board partial for ``state`` as seat 0 sees it."""
    observation = ENGINE.observation(state, 0)
    board = BOARD.context(observation, seats=seats[: len(state["players"])], **kwargs)
    return render_to_string("games/africa/board.html", {"board": board})


def cell_groups(svg: str) -> dict[str, ET.Element]:
    """{cell id: the cell's <g>} of a rendered board."""
    root = ET.fromstring(svg)
    return {g.get("data-cell"): g for g in root.iter(f"{SVG}g") if g.get("data-cell")}


def title(group: ET.Element) -> str:
    return group.find(f"{SVG}title").text


def words(group: ET.Element) -> str:
    """All text in a cell: its title and the labels drawn in it."""
    return " ".join(group.itertext())


def hrefs(group: ET.Element) -> set[str]:
    return {use.get("href") for use in group.iter(f"{SVG}use")}


def test_it_draws_the_101_cells_as_parsable_svg():
    svg = render(started())

    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert len(cell_groups(svg)) == 101
    assert len(list(root.iter(f"{SVG}polygon"))) >= 101


def test_it_names_the_five_start_cities():
    groups = cell_groups(svg := render(started()))

    for cell, name in [
        ("C2", "Casablanca"),
        ("I3", "Alexandria"),
        ("D7", "Lagos"),
        ("K10", "Mombasa"),
        ("H16", "Cape Town"),
    ]:
        assert f">{name}</text>" in svg
        assert title(groups[cell]).startswith(f"{cell}: {name} (start city)")


def test_researchers_show_their_seat_number_and_own_shape():
    groups = cell_groups(render(started()))

    for cell, seat, shape in [("C2", 1, "circle"), ("I3", 2, "square"), ("D7", 3, "diamond")]:
        group = groups[cell]
        name = SEATS[seat - 1]["name"]
        assert f"researcher of {name} (P{seat})" in title(group)
        texts = {t.get("class"): t.text for t in group.iter(f"{SVG}text")}
        assert texts["researcher-number"] == str(seat)
        assert f"#seat-{shape}" in hrefs(group)
        assert FILLS[SEATS[seat - 1]["colour"]] in {
            use.get("fill") for use in group.iter(f"{SVG}use")
        }


def test_an_uncovered_marker_shows_its_icon_and_name():
    groups = cell_groups(render(mid_game()))

    assert title(groups["D2"]) == "D2: elephant"
    assert "#m-elephant" in hrefs(groups["D2"])
    assert "Elephant" in words(groups["D2"])
    assert title(groups["B3"]) == "B3: 2 gold nuggets"
    assert "#m-gold2" in hrefs(groups["B3"])
    assert "2" in words(groups["B3"])


def test_face_down_markers_never_show_while_the_game_runs():
    state = mid_game()
    svg = render(state)
    groups = cell_groups(svg)

    assert state["hidden"]["E4"] == "monument"
    for cell, code in state["hidden"].items():
        group = groups[cell]
        assert title(group) == f"{cell}: face-down marker"
        assert hrefs(group) == {"#m-hidden"}
        assert code not in words(group)
        assert str(MARKER_LABELS[code]) not in words(group)
    everything_drawn = " ".join(words(group) for group in groups.values()).lower()
    assert "monument" not in everything_drawn
    assert str(MARKER_NAMES["monument"]).lower() not in everything_drawn
    root = ET.fromstring(svg)
    root.remove(root.find(f"{SVG}defs"))
    assert "#m-monument" not in {use.get("href") for use in root.iter(f"{SVG}use")}


def test_the_board_is_the_same_whatever_lies_face_down():
    assert render(started(seed=1)) == render(started(seed=2))


def test_at_the_end_the_markers_never_uncovered_are_shown():
    state = finished()
    groups = cell_groups(render(state))

    assert state["hidden"]
    for cell, code in state["hidden"].items():
        group = groups[cell]
        assert title(group) == f"{cell}: {MARKER_NAMES[code]} (never uncovered)"
        assert f"#m-{code}" in hrefs(group)
        assert any("revealed" in (g.get("class") or "") for g in group.iter(f"{SVG}g"))


def test_linked_cells_are_focusable_links_that_work_without_javascript():
    vals = json.dumps({"action": "uncover C3", "note": "it's <fine>"})
    post = {"href": "/play/?cell=C3", "label": "Uncover C3", "hx_post": "/act/", "hx_vals": vals}
    get = {"href": "/play/?cell=B4&x=1", "label": "Choose B4", "hx_post": None, "hx_vals": None}
    links = {"C3": post, "B4": get}
    svg = render(started(), links=links, selected="C2")

    anchors = {a.get("href"): a for a in ET.fromstring(svg).iter(f"{SVG}a")}
    assert set(anchors) == {"/play/?cell=C3", "/play/?cell=B4&x=1"}
    post = anchors["/play/?cell=C3"]
    assert post.get("aria-label") == "Uncover C3"
    assert post.get("hx-post") == "/act/"
    assert json.loads(post.get("hx-vals")) == {"action": "uncover C3", "note": "it's <fine>"}
    assert post.get("hx-target") == "#game"
    assert post.get("hx-swap") == "outerHTML"
    get = anchors["/play/?cell=B4&x=1"]
    assert get.get("hx-get") == "/play/?cell=B4&x=1"
    assert get.get("hx-post") is None
    assert get.get("aria-label") == "Choose B4"
    groups = cell_groups(svg)
    assert "highlighted" in groups["C3"].get("class")
    assert "selected" in groups["C2"].get("class")
    assert "highlighted" not in groups["D3"].get("class")


def test_player_names_are_escaped():
    seats = [{"name": "<b>Alice</b> & co", "colour": "blue"}, *SEATS[1:]]
    svg = render(started(), seats=seats)

    assert "<b>" not in svg
    assert "researcher of <b>Alice</b> & co (P1)" in title(cell_groups(svg)["C2"])


def test_legend_names_every_marker_and_seat():
    board = BOARD.context(ENGINE.observation(mid_game(), 0), seats=SEATS)
    legend = render_to_string("games/africa/legend.html", {"board": board})

    for code in MARKER_LABELS:
        assert f'href="#m-{code}"' in legend
    assert "1 gold nugget" in legend
    assert "Face-down marker" in legend
    assert "Carol (P3), green" in legend


@pytest.mark.parametrize(
    ("language", "elephant", "city"),
    [("fr", "Éléphant", "Alexandrie"), ("nl", "Olifant", "Alexandrië")],
)
def test_the_board_speaks_the_readers_language(language, elephant, city):
    with translation.override(language):
        groups = cell_groups(svg := render(mid_game()))

    assert elephant in words(groups["D2"])
    assert f">{city}</text>" in svg
    root = ET.fromstring(svg)
    plain = [root.get("viewBox")] + [
        node.get(name) for node in root.iter() for name in ("x", "y", "dy", "width", "transform")
    ]
    assert not [value for value in plain if value and "," in value]
    corners = [c for node in root.iter() if node.get("points") for c in node.get("points").split()]
    assert all(corner.count(",") == 1 for corner in corners)
