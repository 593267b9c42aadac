"""The Africa engine's contract: board, options, layout, parsing, events and hidden information."""

import json
import random

import pytest

from games.africa.tests.position import play, position
from games.engines import IllegalAction, get_engine
from tests.support.conformance import choose_action

ENGINE = get_engine("africa")
MARKER_CELLS = [c for c in ENGINE.board.cells if c not in ENGINE.board.start_cities]


def new_game(num_players=3, seed=7, **options):
    return ENGINE.initial_state(num_players=num_players, seed=seed, options=options)


# -- board --------------------------------------------------------------------------------------


def test_the_board_has_101_cells_5_start_cities_and_symmetric_neighbours():
    board = ENGINE.board
    assert len(board.cells) == len(set(board.cells)) == 101
    assert board.start_cities == {
        "C2": "Casablanca",
        "I3": "Alexandria",
        "D7": "Lagos",
        "K10": "Mombasa",
        "H16": "Cape Town",
    }
    for cell in board.cells:
        assert 0 < len(board.neighbors(cell)) <= 6
        for other in board.neighbors(cell):
            assert cell in board.neighbors(other)
    assert set(board.neighbors("E4")) == {"F4", "E3", "D3", "D4", "D5", "E5"}


def test_the_face_down_markers_are_the_96_of_the_mix():
    hidden = new_game()["hidden"]
    assert sorted(hidden) == sorted(MARKER_CELLS)
    codes = list(hidden.values())
    assert codes.count("monument") == 11
    assert codes.count("nomad") == 10
    assert codes.count("elephant") == 6
    assert codes.count("gold2") == 4


# -- options and layout -------------------------------------------------------------------------


def test_the_same_seed_deals_the_same_layout_and_another_seed_another():
    assert new_game(seed=3)["hidden"] == new_game(seed=3)["hidden"]
    assert new_game(seed=3)["hidden"] != new_game(seed=4)["hidden"]


def test_a_layout_fixes_those_cells_and_the_seed_deals_the_rest():
    layout = {"E4": "monument", "E5": "gold2", "H6": "nomad"}
    state = new_game(layout=layout)
    assert {cell: state["hidden"][cell] for cell in layout} == layout
    assert sorted(state["hidden"].values()) == sorted(new_game()["hidden"].values())
    assert new_game(layout=layout) == state


@pytest.mark.parametrize(
    "options",
    [
        {"layout": {"Z99": "nomad"}},
        {"layout": {"C2": "nomad"}},
        {"layout": {"E4": "banana"}},
        {
            "layout": {
                cell: "monument"
                for cell in ["D1", "E1", "D2", "E2", "F2", "B3", "C3", "D3", "E3", "F3", "G3", "H3"]
            }
        },
        {"variant": "expert"},
        {"tie_rounding": "sideways"},
        {"colour": "red"},
    ],
)
def test_options_that_do_not_fit_raise_value_error(options):
    with pytest.raises(ValueError):
        ENGINE.initial_state(num_players=3, seed=1, options=options)


@pytest.mark.parametrize("num_players", [0, 1, 6])
def test_africa_is_for_2_to_5_players(num_players):
    with pytest.raises(ValueError):
        new_game(num_players)


# -- parsing ------------------------------------------------------------------------------------


def test_actions_are_read_in_any_case_with_extra_blanks():
    state = position(researchers=["E4", "I3"], layout={"E5": "statue"})
    canonical = play(state, "uncover E5", "keep")
    assert play(state, "  UNCOVER   e5 ", "Keep") == canonical


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "Type an action"),
        ("dance", '"dance" is not an action'),
        ("uncover Z99", "Z99 is not a cell of the board"),
        ("uncover", '"uncover" is not an action'),
        ("camp sleep", '"camp sleep" is not an action'),
        ("uncover F6", "F6 is not next to your researcher"),
        ("uncover E4", "E4 is not next to your researcher"),
        ("keep", "nothing to place, keep or swap"),
    ],
)
def test_what_is_no_legal_action_is_refused_with_a_reason(text, reason):
    state = position(researchers=["E4", "I3"])
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(state, text)
    assert reason in error.value.reason
    assert json.dumps(state, sort_keys=True) == before


# -- observation and events ---------------------------------------------------------------------


def test_the_observation_has_the_contract_keys():
    view = ENGINE.observation(new_game(), None)
    assert {
        "current_player",
        "terminal",
        "monuments_found",
        "monuments_to_end",
        "supply_camps",
        "cells",
        "players",
        "final",
    } <= set(view)
    assert set(view["cells"]) == set(ENGINE.board.cells)
    assert {"marker", "researcher", "camp"} <= set(view["cells"]["E4"])
    assert view["cells"]["E4"]["marker"] == "hidden"
    assert view["cells"]["C2"]["marker"] is None
    assert set(view["players"][0]) >= {"score", "goods", "gold", "jewels", "camps"}
    assert view["players"][0]["camps"] == 2
    assert (view["supply_camps"], view["monuments_to_end"], view["final"]) == (10, 11, None)


def test_events_say_who_did_what_where_for_how_many_points():
    state = position(researchers=["E4", "I3"], layout={"E5": "gold2", "F4": "elephant"})
    after = play(state, "uncover E5")
    assert after["events"] == [
        {"type": "uncover", "seat": 0, "cell": "E5", "marker": "gold2", "points": 2}
    ]
    after = play(after, "uncover F4", "place F4")
    assert after["events"] == [
        {"type": "place", "seat": 0, "marker": "elephant", "from": "F4", "to": "F4", "points": 1},
        {"type": "turn", "seat": 1},
    ]


def test_the_whole_layout_shows_once_the_game_is_over():
    state = position(researchers=["E4", "I3"], layout={"E5": "monument"}, monuments_found=8)
    over = play(state, "uncover E5")
    cells = ENGINE.observation(over, 1)["cells"]
    assert all(cells[cell]["marker"] == code for cell, code in over["hidden"].items())


def _permuted(state, rng):
    """``state`` with its face-down markers shuffled among their cells."""
    cells = list(state["hidden"])
    codes = list(state["hidden"].values())
    rng.shuffle(codes)
    return {**state, "hidden": dict(zip(cells, codes, strict=True))}


@pytest.mark.parametrize("num_players", [2, 5])
def test_no_face_down_marker_shows_in_any_observation_while_the_game_runs(num_players):
    rng = random.Random(num_players)
    state = new_game(num_players, seed=11)
    while not ENGINE.is_terminal(state):
        shuffled = _permuted(state, rng)
        public = set(state["shown"].values())
        public.update(kind for p in state["players"] for kind in p["goods"])
        public.update(event["type"] for event in state["events"])
        for viewer in [None, *range(num_players)]:
            view = ENGINE.observation(state, viewer)
            assert view == ENGINE.observation(shuffled, viewer)
            text = json.dumps(view)
            for code in set(state["hidden"].values()) - public:
                assert f'"{code}"' not in text
            for cell in state["hidden"]:
                assert view["cells"][cell]["marker"] == "hidden"
        state = ENGINE.apply(state, choose_action("africa", rng, ENGINE.legal_actions(state)))


def test_apply_leaves_a_pending_state_unchanged():
    state = play(
        position(
            researchers=["E4", "I3"], layout={"E5": "statue"}, players=[{}, {"goods": {"drum": 1}}]
        ),
        "uncover E5",
    )
    before = json.dumps(state, sort_keys=True)
    for action in ENGINE.legal_actions(state):
        ENGINE.apply(state, action)
    assert json.dumps(state, sort_keys=True) == before


def _candidates(state):
    """Every action string that could be legal in ``state`` (cells near the researcher for the
    marker moves), in canonical form."""
    cells = ENGINE.board.cells
    here = state["researchers"][state["current"]]
    near = [here, *ENGINE.board.neighbors(here)] if here else []
    kinds = ["statue", "kettle", "clothing", "mask", "drum"]
    yield from ["keep", "end", "camp research", "camp resources"]
    yield from (
        f"{word} {cell}"
        for word in ("start", "anywhere", "move", "uncover", "place")
        for cell in cells
    )
    yield from (f"{word} {a} {b}" for word in ("animal", "nomad") for a in near for b in cells)
    yield from (f"swap P{n} {kind}" for n in range(1, 6) for kind in kinds)


@pytest.mark.parametrize("num_players, seed", [(2, 21), (4, 22)])
def test_an_action_applies_exactly_when_it_is_listed_as_legal(num_players, seed):
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed)
    while not ENGINE.is_terminal(state):
        legal = ENGINE.legal_actions(state)
        if rng.randrange(8) == 0:
            applied = set()
            for action in _candidates(state):
                try:
                    ENGINE.apply(state, action)
                except IllegalAction:
                    continue
                applied.add(action)
            assert applied == set(legal)
        state = ENGINE.apply(state, choose_action("africa", rng, legal))


@pytest.mark.parametrize(
    "num_players, seed, variant", [(2, 31, "standard"), (4, 32, "standard"), (5, 33, "simple")]
)
def test_legal_actions_come_in_sorted_order_in_uniform_random_games(num_players, seed, variant):
    # The engine builds the list in sorted() order instead of sorting it; a uniform random
    # player reaches other states than the conformance chooser (long games, many moves).
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed, variant=variant)
    while not ENGINE.is_terminal(state):
        legal = ENGINE.legal_actions(state)
        assert legal == sorted(set(legal))
        state = ENGINE.apply(state, rng.choice(legal))
