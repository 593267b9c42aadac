"""Africana's tutorial plays a whole game on its fixed deal and covers every action and event of
the rules at least once: travel cards drawn, played (a colour, a joker, an assistant, a colour
changed for silver) and discarded at the limit, expeditions joined and finished, a book's page
turned, adventures bought and finished (an artifact and an assistant), a pass, and the last
round, begun by the learner's own turn and played out before the final scoring."""

from games.africana.engine.data import ADVENTURES
from tests.tutorials.test_scripts import event_types, played
from tutorials import script

#: Every event type of Africana's rules that a learner must have seen once.
EVENTS = {
    "draw", "go", "join", "expedition", "refill", "discard", "turn", "buy", "adventure", "pass",
    "last_round", "game_end",
}  # fmt: skip


def test_the_tutorial_shows_the_actions_and_events_of_the_rules():
    assert EVENTS <= event_types("africana")


def test_the_cards_are_played_in_every_way_the_rules_allow():
    events, _state = played("africana")
    cards = [e["card"] for e in events if e["type"] == "go"]
    assert "joker" in cards
    assert any(card.startswith("assistant-") for card in cards)
    assert any("-as-" in card for card in cards)
    assert any(card in ("violet", "magenta", "gray", "orange", "turquoise") for card in cards)


def test_adventures_of_both_kinds_are_finished():
    events, _state = played("africana")
    kinds = {ADVENTURES[e["adventure"]]["kind"] for e in events if e["type"] == "adventure"}
    assert kinds == {"artifact", "assistant"}


def test_the_learner_does_every_kind_of_action_and_wins():
    events, state = played("africana")
    mine = {e["type"] for e in events if e.get("seat") == 0}
    assert mine >= {"draw", "go", "join", "expedition", "turn", "buy", "adventure", "pass"}
    final = state["final"]
    assert final[0]["total"] > final[1]["total"]


def test_the_learner_plays_the_turn_that_begins_the_last_round():
    events, state = played("africana")
    types = [e["type"] for e in events]
    last_round = types.index("last_round")
    assert events[last_round]["seat"] == 0
    assert "go" in types[last_round:] and types[-1] == "game_end"
    assert state["phase"] == "over"
    tutorial = script.load("africana", "en")
    learner_steps = [step for step in tutorial.steps if step.do is not None]
    assert learner_steps[-1].rule == "last-round"
    assert tutorial.final_rule == "scoring"
