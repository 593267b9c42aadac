"""Hidden information (ruling 9): what each viewer's observation shows and never shows.

Two games that differ only in hidden orders (the draw pile below the cards dealt and drawn,
the books below the cards shown, the expedition pile below the slots, the removed C cards)
must look the same to every viewer along the same actions.
"""

import json
import random

import pytest

from games.africana.tests.helpers import ENGINE, play

VISIBLE = {
    "draw_order": ["gray", "violet", "orange", "magenta", "turquoise"] * 6,
    "expedition_order": ["A01", "A05", "A06", "A07", "A08"],
    "book_order": {"north": ["N01", "N02", "N03"], "south": ["S01", "S02", "S03"]},
}
VIEWERS = [None, 0, 1, 2, 3]
# Actions that show a hidden card to everyone: a page, a bought card's successor, a refill.
REVEALING = ("turn", "buy", "expedition")


def _views(state):
    return [ENGINE.observation(state, viewer) for viewer in VIEWERS[: state["num_players"] + 1]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_differing_only_in_hidden_orders_look_the_same_to_everyone(players):
    a = ENGINE.initial_state(players, 1, VISIBLE)
    b = ENGINE.initial_state(players, 2, VISIBLE)
    assert a["draw_pile"][30 - players :] != b["draw_pile"][30 - players :]
    assert a["expedition_pile"] != b["expedition_pile"]
    assert a["books"]["north"]["right"] != b["books"]["north"]["right"]
    rng = random.Random(players)
    for _ply in range(150):
        assert _views(a) == _views(b)
        legal = ENGINE.legal_actions(a)
        assert legal == ENGINE.legal_actions(b)
        if len(a["draw_pile"]) < 60 - 30 + 3:
            break  # the next draw could reach the cards that differ
        action = rng.choice([x for x in legal if not x.startswith(REVEALING)] or legal)
        if action.startswith(REVEALING):
            break
        a, b = ENGINE.apply(a, action), ENGINE.apply(b, action)
    assert _ply > 20


def _two_books(*actions):
    """The same game twice, with the fourth card of the north book differing, after
    ``actions``."""
    return [
        play(
            ENGINE.initial_state(2, 1, {"book_order": {"north": ["N01", "N02", "N03", card]}}),
            *actions,
        )
        for card in ("N04", "N05")
    ]


def test_book_cards_below_the_pages_shown_stay_hidden():
    a, b = _two_books("turn north forward", "turn north forward", "turn north back")
    view = ENGINE.observation(a, None)["books"]["north"]
    assert view["left"] == ["N01"] and view["right"] == ["N02", "N03"]
    assert (view["left_count"], view["right_count"]) == (1, 14)
    assert _views(a) == _views(b)
    a, b = _two_books("turn north forward", "turn north forward", "turn north forward")
    assert _views(a) != _views(b)  # the fourth card is shown now


def test_cards_once_shown_stay_in_the_observation():
    state = play(ENGINE.initial_state(2, 1, {}), "turn north forward", "turn north forward")
    view = ENGINE.observation(state, 1)["books"]["north"]
    assert len(view["left"]) == 2 and len(view["right"]) == 1
    assert view["left_top"] == view["left"][0] and view["right_top"] == view["right"][0]


@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_hand_is_seen_only_by_its_owner(viewer):
    state = play(ENGINE.initial_state(4, 3, {}), "draw")
    players = ENGINE.observation(state, viewer)["players"]
    for seat, entry in enumerate(players):
        assert (entry["hand"] is not None) == (seat == viewer)
        assert entry["hand_size"] == (4 if seat == 0 else 2)


def test_removed_cards_and_the_expedition_pile_appear_nowhere():
    state = ENGINE.initial_state(2, 5, {})
    hidden = state["removed"] + state["expedition_pile"] + state["books"]["north"]["right"][1:]
    for view in _views(state):
        text = json.dumps(view)
        assert not [card for card in hidden if f'"{card}"' in text]


def test_a_draw_is_logged_without_the_cards():
    state = play(ENGINE.initial_state(2, 1, VISIBLE), "draw")
    assert state["events"] == [{"type": "draw", "seat": 0, "cards": 2}]


def test_observations_are_json_and_a_bad_viewer_is_refused():
    state = ENGINE.initial_state(3, 1, {})
    for view in _views(state):
        assert json.loads(json.dumps(view)) == view
    assert ENGINE.observation(state, 0)["explorers"][0] == "napoli"
    with pytest.raises(ValueError):
        ENGINE.observation(state, 3)
