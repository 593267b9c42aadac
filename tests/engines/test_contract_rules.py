"""The rules behind the contract methods, one test each: the timeout action, what reveals
hidden things (the undo barrier), final places and their tie rules, the move notation and the
easy bots' preferences."""

from __future__ import annotations

import random

import pytest

from games.africa.tests.position import ENGINE as AFRICA
from games.africa.tests.position import play, position
from games.africana.tests import helpers as africana_helpers
from games.engines import Engine, IllegalAction, engine_names, get_engine

AFRICANA = africana_helpers.ENGINE


def _bot(engine, state, legal=None):
    seat = engine.current_player(state)
    legal = engine.legal_actions(state) if legal is None else legal
    return engine.choose(engine.observation(state, seat), legal, random.Random(1))


# -- Africa -------------------------------------------------------------------------------------


def test_africa_timeout_leaves_an_uncovered_animal_where_it_lies():
    state = play(position(layout={"D2": "lion"}), "uncover D2")
    assert AFRICA.timeout_action(state) == "place D2"


def test_africa_timeout_keeps_uncovered_goods():
    state = play(position(layout={"D2": "kettle"}), "uncover D2")
    assert AFRICA.timeout_action(state) == "keep"


def test_africa_timeout_ends_the_turn_when_nothing_is_pending():
    state = position()
    assert AFRICA.timeout_action(state) == "end"
    assert AFRICA.current_player(AFRICA.apply(state, "end")) == 1


def test_africa_timeout_takes_the_first_free_start_city_during_set_up():
    state = AFRICA.initial_state(num_players=2, seed=1, options={})
    assert AFRICA.timeout_action(state) == "start C2"
    assert AFRICA.timeout_action(AFRICA.apply(state, "start C2")) == "start D7"


def test_africa_only_uncovering_reveals_a_marker():
    state = position()
    assert AFRICA.reveals(state, "uncover D2")
    assert AFRICA.reveals(state, "  UNCOVER   d2 ")
    assert not AFRICA.reveals(state, "end")
    assert not AFRICA.reveals(state, "camp research")


def test_africa_equal_totals_share_a_place_ruling_11():
    state = position(3, players=[{"score": 10}, {"score": 10}, {"score": 5}])
    assert AFRICA.places(state) == [1, 1, 3]


def test_africa_notation_accepts_any_case_and_blanks():
    state = position(3)
    assert AFRICA.canonical(state, "  SWAP p2   KETTLE ") == "swap P2 kettle"
    assert AFRICA.canonical(state, "Animal e4 f5") == "animal E4 F5"
    assert AFRICA.canonical(state, "CAMP Research") == "camp research"


@pytest.mark.parametrize(
    "text", ["swap P9 kettle", "swap P2 gold1", "camp tent", "uncover Q1", "end now", "keep\x00"]
)
def test_africa_notation_refuses_what_is_no_action(text):
    with pytest.raises(IllegalAction):
        AFRICA.canonical(position(3), text)


def test_africa_easy_bot_uncovers_when_it_can():
    assert _bot(AFRICA, position()).startswith("uncover ")


def test_africa_easy_bot_places_an_animal_next_to_its_kind():
    # Two lions lie face up around E3; the lion uncovered on D2 may move there (ruling 5).
    state = position(face_up={"D3": "lion", "E4": "lion"}, empty=("E3",), layout={"D2": "lion"})
    state = play(state, "uncover D2")
    legal = AFRICA.legal_actions(state)
    assert "place E3" in legal
    assert _bot(AFRICA, state) == "place E3"


# -- Africana -----------------------------------------------------------------------------------


def test_africana_equal_points_go_to_the_most_silver_then_share():
    state = africana_helpers.new_game(3)
    state["final"] = [{"total": 10}, {"total": 10}, {"total": 5}]
    state["silver"] = [4, 3, 9]
    assert AFRICANA.places(state) == [1, 2, 3]
    state["silver"] = [3, 3, 9]
    assert AFRICANA.places(state) == [1, 1, 3]


def test_africana_drawing_reveals_and_passing_does_not():
    state = africana_helpers.new_game(2)
    assert AFRICANA.reveals(state, "draw")
    assert not AFRICANA.reveals(state, "done")


def test_africana_a_page_turn_reveals_only_a_page_never_seen():
    state = africana_helpers.new_game(2)
    assert AFRICANA.reveals(state, "turn north forward")
    turned = AFRICANA.apply(state, "turn north forward")
    assert not AFRICANA.reveals(turned, "turn north back")


def test_africana_timeout_passes_with_done():
    assert AFRICANA.timeout_action(africana_helpers.new_game(2)) == "done"


def test_africana_timeout_at_the_card_limit_discards_a_travel_card():
    state = africana_helpers.new_game(2)
    state["phase"] = "discard"
    state["hands"][0] = {"joker": 2, "violet": 2, "orange": 2}
    assert AFRICANA.timeout_action(state) == "discard orange"


def test_africana_notation_accepts_any_case_and_blanks():
    state = africana_helpers.new_game(2)
    assert AFRICANA.canonical(state, "GO  Cape-Town ORANGE-as-Violet") == (
        "go cape-town orange-as-violet"
    )
    assert AFRICANA.canonical(state, "join a03") == "join A03"
    assert AFRICANA.canonical(state, " Turn NORTH forward ") == "turn north forward"


@pytest.mark.parametrize("text", ["go nowhere orange", "join Z99", "discard gold", "draw 2"])
def test_africana_notation_refuses_what_is_no_action(text):
    with pytest.raises(IllegalAction):
        AFRICANA.canonical(africana_helpers.new_game(2), text)


def test_africana_easy_bot_finishes_an_expedition_when_it_can():
    state = africana_helpers.new_game(2)
    legal = sorted([*AFRICANA.legal_actions(state), "expedition A01"])
    assert _bot(AFRICANA, state, legal) == "expedition A01"


def test_every_registered_engine_has_the_methods_of_the_engine_protocol():
    for name in engine_names():
        assert isinstance(get_engine(name), Engine), name
