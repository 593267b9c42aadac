"""Game Setup and rulings 1-2: companies, starting hands, the expedition pile, the books."""

import pytest

from games.africana.engine.data import EXPEDITIONS
from games.africana.tests.helpers import ENGINE, hand, new_game, player
from games.engines import IllegalAction, engine_names, get_engine


def test_it_is_registered_with_the_contract_attributes():
    engine = get_engine("africana")
    assert "africana" in engine_names()
    assert (engine.name, engine.min_players, engine.max_players) == ("africana", 2, 4)
    assert len(engine.board.locations) == 22
    assert engine.board.routes("napoli") == ["kairo", "tanger", "tripolis"]
    assert engine.board.colors("cape-town") == ["orange", "magenta"]
    assert "walvis-bay" in engine.board.routes("cape-town")


def test_ruling_1_companies_start_positions_and_money():
    state = new_game(4)
    obs = ENGINE.observation(state, None)
    assert [p["company"] for p in obs["players"]] == ["italy", "france", "germany", "england"]
    assert [obs["explorers"][seat] for seat in range(4)] == [
        "napoli",
        "cape-town",
        "lagos",
        "jidda",
    ]
    assert [p["silver"] for p in obs["players"]] == [2, 2, 3, 4]
    assert [p["markers_out"] for p in obs["players"]] == [0, 0, 0, 0]
    assert obs["current_player"] == 0


def test_ruling_1_fewer_players_use_the_first_companies():
    obs = ENGINE.observation(new_game(2), None)
    assert [p["company"] for p in obs["players"]] == ["italy", "france"]


def test_ruling_1_each_hand_is_a_joker_and_the_next_travel_card():
    state = new_game(3, draw_order=["violet", "gray", "orange", "magenta"])
    assert [hand(state, seat) for seat in range(3)] == [
        {"joker": 1, "violet": 1},
        {"gray": 1, "joker": 1},
        {"joker": 1, "orange": 1},
    ]
    assert ENGINE.observation(state, None)["draw_pile"] == 60 - 3


@pytest.mark.parametrize("players, removed", [(2, 10), (3, 7), (4, 4)])
def test_ruling_2_c_cards_removed_by_player_count(players, removed):
    obs = ENGINE.observation(new_game(players), None)
    assert obs["removed_count"] == removed
    assert obs["expedition_pile"] == 34 - removed - 5


@pytest.mark.parametrize("seed", range(5))
def test_ruling_2_pile_is_a_over_b_over_c_and_slots_take_a_cards(seed):
    state = new_game(4, seed)
    backs = [EXPEDITIONS[c]["back"] for c in state["slots"] + state["expedition_pile"]]
    assert backs == sorted(backs)
    assert backs.count("A") == 11 and backs.count("B") == 11 and backs.count("C") == 8
    assert all(EXPEDITIONS[c]["back"] == "A" for c in state["slots"])


def test_options_fix_the_expedition_order_and_the_books():
    state = new_game(
        2,
        expedition_order=["B08", "C08", "C12", "A01", "A02", "A03"],
        book_order={"north": ["N11", "N01"], "south": ["S05"]},
    )
    obs = ENGINE.observation(state, None)
    assert [slot["card"] for slot in obs["slots"]] == ["B08", "C08", "C12", "A01", "A02"]
    assert obs["books"]["north"]["right_top"] == "N11"
    assert obs["books"]["north"]["right"] == ["N11"]
    assert obs["books"]["south"]["right_top"] == "S05"


def test_joining_bonus_printed_per_slot():
    obs = ENGINE.observation(new_game(2), None)
    assert [slot["bonus"] for slot in obs["slots"]] == [
        {"travel": 1},
        {"silver": 1},
        {"silver": 2},
        {"silver": 1},
        {"travel": 1},
    ]


@pytest.mark.parametrize(
    "players, options",
    [
        (1, {}),
        (5, {}),
        (2, {"draw_order": ["pink"]}),
        (2, {"draw_order": ["gray"] * 13}),
        (2, {"book_order": {"north": ["S01"]}}),
        (2, {"book_order": {"east": []}}),
        (2, {"expedition_order": ["A01", "A01"]}),
        (2, {"expedition_order": ["C01", "C02", "C03"]}),
        (2, {"colour": "blue"}),
    ],
)
def test_bad_counts_and_options_raise_value_error(players, options):
    with pytest.raises(ValueError):
        ENGINE.initial_state(players, 1, options)


@pytest.mark.parametrize("text", ["", "fly", "draw now", "go", "join", "turn north sideways"])
def test_text_that_is_no_action_raises_illegal_action(text):
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(new_game(), text)
    assert error.value.reason


def test_actions_accept_any_case_and_extra_blanks():
    state = new_game(2, draw_order=["gray", "gray", "orange", "violet"])
    after = ENGINE.apply(state, "  DRAW ")
    assert hand(after, 0) == {"gray": 1, "joker": 1, "orange": 1, "violet": 1}
    assert player(after, 0)["hand_size"] == 4
