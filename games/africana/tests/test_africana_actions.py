"""The three actions (rulebook, Gameplay; rulings 3-6): draw, the books, moving the explorer."""

import pytest

from games.africana.tests.helpers import ENGINE, hand, new_game, play, player
from games.engines import IllegalAction

# Italy (seat 0) starts at Napoli, France (1) at Cape Town, Germany (2) at Lagos, England (3)
# at Jidda. Seats that only wait play "done".


def test_draw_takes_the_two_top_travel_cards_and_ends_the_turn():
    state = play(new_game(2, draw_order=["gray", "violet", "orange", "magenta"]), "draw")
    assert hand(state, 0) == {"gray": 1, "joker": 1, "magenta": 1, "orange": 1}
    assert ENGINE.current_player(state) == 1
    assert state["events"][0] == {"type": "draw", "seat": 0, "cards": 2}


def test_draw_reshuffles_the_discard_pile_when_the_draw_pile_runs_out():
    state = new_game(2)
    # A position late in a game: the draw pile is used up, three cards lie discarded.
    state["draw_pile"], state["discard_pile"] = [], ["gray", "gray", "orange"]
    after = play(state, "draw")
    obs = ENGINE.observation(after, None)
    assert (obs["draw_pile"], obs["discard_pile"]) == (1, [])
    assert player(after, 0)["hand_size"] == 4
    assert after["events"][0] == {"type": "reshuffle", "cards": 3}
    assert play(state, "draw") == after


# B) Buy adventure cards ------------------------------------------------------------------------


def test_first_page_is_free_and_each_further_page_costs_one_silver():
    state = new_game(2, book_order={"north": ["N01", "N02", "N03"]})
    state = play(state, "turn north forward")
    assert player(state, 0)["silver"] == 2
    state = play(state, "turn north forward")
    assert player(state, 0)["silver"] == 1
    state = play(state, "turn north back")
    assert player(state, 0)["silver"] == 0
    book = ENGINE.observation(state, None)["books"]["north"]
    assert (book["left_top"], book["right_top"]) == ("N01", "N02")
    assert ENGINE.legal_actions(state) == ["done"]
    with pytest.raises(IllegalAction, match="costs 1 silver and you have 0"):
        play(state, "turn north forward")


def test_the_first_page_is_free_again_next_turn():
    state = play(new_game(2), "turn north forward", "turn north forward", "done", "done")
    assert player(state, 0)["silver"] == 1
    state = play(state, "turn north back")
    assert player(state, 0)["silver"] == 1


def test_buying_costs_five_silver_and_takes_the_top_card_of_a_pile():
    state = new_game(4, expedition_order=["A01", "A05"], book_order={"north": ["N04", "N05"]})
    state = play(state, "done", "done", "done", "join A05", "done")  # England: 4 + 1 silver
    state = play(state, "done", "done", "done", "turn north forward", "buy north left")
    assert player(state, 3)["silver"] == 0
    assert player(state, 3)["adventures"] == ["N04"]
    book = ENGINE.observation(state, None)["books"]["north"]
    assert (book["left_top"], book["right_top"], book["left_count"]) == (None, "N05", 0)
    with pytest.raises(IllegalAction, match="costs 5 silver"):
        play(state, "buy north right")


def test_buying_needs_five_silver_after_paying_for_pages():
    state = new_game(4, expedition_order=["A01", "A05"])
    state = play(state, "done", "done", "done", "join A05", "done")
    state = play(state, "done", "done", "done", "turn north forward", "turn north forward")
    assert player(state, 3)["silver"] == 4
    assert not [a for a in ENGINE.legal_actions(state) if a.startswith("buy")]


def test_only_the_book_of_the_explorers_hemisphere_is_used():
    state = new_game(2)
    assert "turn north forward" in ENGINE.legal_actions(state)
    with pytest.raises(IllegalAction, match="only use the north book"):
        play(state, "turn south forward")
    state = play(state, "done")  # France at Cape Town, south of the equator
    assert "turn south forward" in ENGINE.legal_actions(state)
    with pytest.raises(IllegalAction, match="only use the south book"):
        play(state, "turn north forward")


def test_a_book_action_excludes_moving_and_drawing():
    state = play(new_game(2), "turn north forward")
    assert all(not a.startswith(("go", "join", "draw")) for a in ENGINE.legal_actions(state))
    with pytest.raises(IllegalAction, match="buying adventure cards this turn"):
        play(state, "draw")


# C) Move explorer ------------------------------------------------------------------------------


def test_a_step_plays_a_card_of_a_colour_shown_at_the_location_entered():
    state = new_game(2, draw_order=["gray", "orange"])
    assert "go tripolis gray" in ENGINE.legal_actions(state)
    with pytest.raises(IllegalAction, match="needs turquoise / orange"):
        play(state, "go tanger gray")
    with pytest.raises(IllegalAction, match="No travel route"):
        play(state, "go jidda gray")
    with pytest.raises(IllegalAction, match="no violet card"):
        play(state, "go kairo violet")
    state = play(state, "go tripolis gray")
    assert ENGINE.observation(state, None)["explorers"][0] == "tripolis"


def test_travel_cards_go_to_the_discard_pile_and_the_joker_back_to_the_hand():
    state = new_game(2, draw_order=["gray", "orange"])
    state = play(state, "go tripolis gray", "go napoli joker")
    assert hand(state, 0) == {}
    assert "go tripolis joker" not in ENGINE.legal_actions(state)
    state = play(state, "done")
    assert hand(state, 0) == {"joker": 1}
    assert ENGINE.observation(state, None)["discard_pile"] == ["gray"]


def test_recolouring_a_card_costs_five_silver():
    state = new_game(
        4,
        draw_order=["orange", "orange", "orange", "gray", "gray"],
        expedition_order=["B05", "A05"],
    )
    state = play(state, "done", "done", "done", "join B05", "join A05")  # a gray card, 5 silver
    assert player(state, 3)["silver"] == 5
    assert "go kairo gray-as-violet" in ENGINE.legal_actions(state)
    state = play(state, "go kairo gray-as-violet")
    assert player(state, 3)["silver"] == 0
    assert not [a for a in ENGINE.legal_actions(state) if "-as-" in a]
    with pytest.raises(IllegalAction, match="costs 5 silver and you have 0"):
        play(state, "go khartum gray-as-magenta")
    with pytest.raises(IllegalAction, match="already fits"):
        play(state, "go tripolis gray-as-gray")


def test_joining_several_expeditions_before_the_first_step():
    state = new_game(2, expedition_order=["B08", "C08", "C12", "A01", "A02"])
    legal = ENGINE.legal_actions(state)
    assert {"join B08", "join C08", "join C12"} <= set(legal)
    state = play(state, "join B08", "join C08", "join C12")
    me = player(state, 0)
    assert (me["markers_out"], me["silver"], me["hand_size"]) == (3, 2 + 1 + 2, 3)
    assert ENGINE.observation(state, None)["slots"][0]["markers"] == [0]
    with pytest.raises(IllegalAction, match="already joined"):
        play(state, "join B08")


def test_at_most_four_markers_are_out():
    state = new_game(
        2, draw_order=["gray", "gray"], expedition_order=["B08", "C08", "C12", "B11", "A08"]
    )
    state = play(state, "join B08", "join C08", "join C12", "go tripolis gray", "join B11")
    assert player(state, 0)["markers_out"] == 4
    state = play(state, "go timbuktu joker")
    assert "join A08" not in ENGINE.legal_actions(state)
    with pytest.raises(IllegalAction, match="company markers are out"):
        play(state, "join A08")


ORDERS = {
    "draw_order": ["gray", "violet", "gray", "magenta", "magenta", "orange", "magenta"],
    "expedition_order": ["C12", "A08", "A01", "A02", "A03", "B01", "B02"],
}


def _walk_to_victoria_falls():
    """Italy joins C12 at Napoli and A08 at Timbuktu and walks on to Victoria Falls, where both
    end."""
    state = play(new_game(2, **ORDERS), "draw", "done", "draw", "discard orange", "done")
    return play(
        state,
        "join C12",
        "go tripolis gray",
        "go timbuktu gray",
        "join A08",
        "go khartum magenta",
        "go ujiji magenta",
        "go victoria-falls magenta",
    )


def test_finishing_several_expeditions_at_one_location():
    state = _walk_to_victoria_falls()
    assert {"expedition A08", "expedition C12"} <= set(ENGINE.legal_actions(state))
    state = play(state, "expedition A08", "expedition C12")
    me = player(state, 0)
    assert me["finished"] == ["A08", "C12"]
    assert (me["silver"], me["markers_out"]) == (2 + 1 + 5 + 1, 0)
    state = play(state, "done")
    obs = ENGINE.observation(state, None)
    assert [slot["card"] for slot in obs["slots"]] == ["B01", "B02", "A01", "A02", "A03"]
    assert obs["discard_pile"] == ["orange", "gray", "gray", "magenta", "magenta", "magenta"]


def test_finishing_an_expedition_before_the_first_step():
    state = play(_walk_to_victoria_falls(), "done", "done")
    assert ENGINE.current_player(state) == 0
    assert "expedition A08" in ENGINE.legal_actions(state)
    state = play(state, "expedition A08")
    assert player(state, 0)["finished"] == ["A08"]


def test_finishing_returns_the_other_markers_and_pays_only_the_finisher():
    orders = {
        "draw_order": ["gray", "orange", "violet", "violet", "orange", "orange", "gray"],
        "expedition_order": ["A02", "A01", "A03", "A04", "A05"],
    }
    state = play(new_game(3, **orders), "done", "join A02", "done", "draw")
    state = play(state, "done", "done")
    state = play(state, "go luanda violet", "go walvis-bay orange", "go cape-town orange")
    state = play(state, "join A02", "done")
    assert ENGINE.observation(state, None)["slots"][0]["markers"] == [1, 2]
    state = play(state, "done", "go walvis-bay orange", "go luanda violet", "go lagos joker")
    state = play(state, "expedition A02")
    france, germany = player(state, 1), player(state, 2)
    assert (france["silver"], france["finished"]) == (2 + 5, ["A02"])
    assert (germany["silver"], germany["finished"], germany["markers_out"]) == (3, [], 0)
    assert hand(play(state, "done"), 1) == {"joker": 1}


def test_an_assistant_adventure_gives_an_assistant_usable_at_once_that_returns_to_the_hand():
    orders = {
        "draw_order": ["gray", "gray", "violet"],
        "expedition_order": ["A01", "A03", "B07", "A04", "A05"],
        "book_order": {"north": ["N11"]},
    }
    state = play(new_game(3, **orders), "done", "done", "join B07", "done")  # Germany: 5 silver
    state = play(state, "done", "done", "buy north right", "done")
    assert player(state, 2)["adventures"] == ["N11"]
    state = play(state, "done", "done", "go luanda violet", "go walvis-bay joker")
    state = play(state, "adventure N11")
    assert hand(state, 2) == {"assistant-magenta": 1}
    assert "go cape-town assistant-magenta" in ENGINE.legal_actions(state)
    state = play(state, "go cape-town assistant-magenta", "done")
    assert hand(state, 2) == {"assistant-magenta": 1, "joker": 1}
    assert player(state, 2)["finished"] == ["N11"]
    assert ENGINE.observation(state, None)["assistants"]["magenta"] == 1


def test_an_artifact_adventure_pays_its_silver():
    orders = {
        "draw_order": ["gray", "gray", "violet"],
        "expedition_order": ["A01", "A03", "B07", "A04", "A05"],
        "book_order": {"north": ["N04"]},  # a vase at Luanda: 1 silver
    }
    state = play(new_game(3, **orders), "done", "done", "join B07", "done")
    state = play(state, "done", "done", "buy north right", "done")
    state = play(state, "done", "done", "go luanda violet", "adventure N04")
    assert (player(state, 2)["silver"], player(state, 2)["finished"]) == (1, ["N04"])
    with pytest.raises(IllegalAction, match="not in front of you"):
        play(state, "adventure N04")


def test_doing_nothing_is_a_move_of_zero_steps():
    state = play(new_game(2), "done")
    assert ENGINE.current_player(state) == 1
    assert state["events"][0] == {"type": "pass", "seat": 0}


def test_events_tell_who_did_what_where_for_how_much():
    state = play(_walk_to_victoria_falls(), "expedition A08")
    assert state["events"] == [
        {"type": "expedition", "seat": 0, "expedition": "A08", "silver": 5, "vp": 1}
    ]
    state = play(state, "done")
    assert [e["type"] for e in state["events"]] == ["refill"]
    assert state["events"][0] == {"type": "refill", "slot": 2, "expedition": "B01"}
    state = play(new_game(2, expedition_order=["C12"]), "join C12", "go tripolis joker")
    assert state["events"] == [
        {
            "type": "go",
            "seat": 0,
            "origin": "napoli",
            "location": "tripolis",
            "card": "joker",
            "silver": 0,
        }
    ]
    page = play(new_game(2, book_order={"north": ["N01", "N02"]}), "turn north forward")
    assert page["events"][0] == {
        "type": "turn",
        "seat": 0,
        "book": "north",
        "direction": "forward",
        "silver": 0,
        "left_top": "N01",
        "right_top": "N02",
    }


def test_a_move_excludes_the_books_and_drawing():
    state = play(new_game(2, draw_order=["gray"]), "go tripolis gray")
    with pytest.raises(IllegalAction, match="moving your explorer this turn"):
        play(state, "turn north forward")
    assert all(not a.startswith(("turn", "buy", "draw")) for a in ENGINE.legal_actions(state))
