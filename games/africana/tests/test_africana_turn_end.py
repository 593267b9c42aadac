"""End of a turn (ruling 7): card limits, refilling the slots, the last round."""

import random

import pytest

from games.africana.tests.helpers import ENGINE, hand, new_game, pile_used_up, play, player
from games.engines import IllegalAction


def test_more_than_five_cards_must_be_discarded_at_the_end_of_the_turn():
    state = play(new_game(2, draw_order=["gray", "gray", "orange", "violet", "violet", "gray"]))
    state = play(state, "draw", "done", "draw")
    assert player(state, 0)["hand_size"] == 6
    assert ENGINE.current_player(state) == 0
    assert ENGINE.legal_actions(state) == [
        "discard gray",
        "discard joker",
        "discard orange",
        "discard violet",
    ]
    with pytest.raises(IllegalAction, match="discard first"):
        play(state, "done")
    after = play(state, "discard violet")
    assert ENGINE.current_player(after) == 1
    assert ENGINE.observation(after, None)["discard_pile"] == ["violet"]


def test_a_discarded_joker_leaves_the_game():
    state = play(new_game(2), "draw", "done", "draw", "discard joker")
    assert "joker" not in hand(state, 0)
    assert ENGINE.observation(state, None)["discard_pile"] == []


def test_more_cards_are_allowed_during_the_turn():
    state = new_game(2, expedition_order=["B08", "A01", "A02", "A03", "C08"])
    state = play(state, "draw", "done", "join B08")  # 4 cards, then a fifth and a sixth
    state = play(state, "join C08")
    assert player(state, 0)["hand_size"] == 6
    assert ENGINE.observation(state, None)["phase"] == "move"


def test_more_than_three_unfinished_adventures_must_be_dropped():
    state = new_game(2, book_order={"north": ["N01", "N02", "N03", "N04"]})
    state["silver"][0] = 20  # a rich Italy, to buy four cards in one turn
    for _card in range(4):
        state = play(state, "buy north right")
    assert player(state, 0)["adventures"] == ["N01", "N02", "N03", "N04"]
    state = play(state, "done")
    assert ENGINE.legal_actions(state) == ["drop N01", "drop N02", "drop N03", "drop N04"]
    state = play(state, "drop N02")
    assert player(state, 0)["adventures"] == ["N01", "N03", "N04"]
    assert ENGINE.current_player(state) == 1


def _turns_after_the_last_round_begins(seed: int, players: int) -> tuple[int, list[int]]:
    """(the seat whose turn began the last round, the seats that played after it)."""
    rng = random.Random(seed)
    state = ENGINE.initial_state(players, seed, {})
    trigger, after = None, []
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_player(state)
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state)))
        if trigger is None and state["last_round"]:
            trigger = seat
        elif trigger is not None and ENGINE.current_player(state) != seat:
            after.append(seat)
    return trigger, after


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_the_round_is_played_out_after_the_pile_runs_short(seed, players):
    trigger, after = _turns_after_the_last_round_begins(seed, players)
    assert trigger is not None
    assert after == list(range(trigger + 1, players))


def test_the_last_round_starts_when_an_empty_slot_cannot_be_filled():
    state = new_game(2)
    pile_used_up(state)
    state = play(state, "done")
    obs = ENGINE.observation(state, None)
    assert obs["last_round"] and not obs["terminal"]
    assert obs["slots"][0]["card"] is None
    state = play(state, "done")
    assert ENGINE.is_terminal(state)
    assert ENGINE.current_player(state) is None and ENGINE.legal_actions(state) == []


def test_the_game_ends_at_once_when_the_last_seat_begins_the_last_round():
    state = play(new_game(3), "done", "done")
    pile_used_up(state, 4)
    state = play(state, "done")
    assert ENGINE.is_terminal(state)
    assert state["events"][-1]["type"] == "game_end"
