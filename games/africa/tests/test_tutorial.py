"""Africa's tutorial covers every action and event of its rules at least once, and plays to
the real end of a game (the ninth monument of a two-player game) so that its final table is
the game's own."""

from games.africa.engine.data import marker_mix
from tests.tutorials.test_scripts import event_types, played

#: Every event type of Africa's rules that a learner must have seen once.
EVENTS = {
    "start", "anywhere", "move", "uncover", "place", "keep", "swap", "animal", "nomad", "camp",
    "supply_camp", "end", "turn", "bonus", "game_end",
}  # fmt: skip


def test_the_tutorial_shows_every_event_of_the_rules():
    assert EVENTS <= event_types("africa")


def test_the_tutorial_sets_up_a_base_camp_of_each_use():
    events, _state = played("africa")
    assert {e["use"] for e in events if e["type"] == "camp"} == {"research", "resources"}


def test_the_tutorial_uncovers_every_kind_of_marker():
    events, _state = played("africa")
    kinds = {marker_mix().kind[e["marker"]] for e in events if e["type"] == "uncover"}
    assert kinds == set(marker_mix().kind.values())


def test_the_tutorial_ends_the_game_with_the_learner_scoring_the_last_monument():
    events, state = played("africa")
    assert events[-1]["type"] == "game_end"
    assert [e["seat"] for e in events if e["type"] == "bonus"] == [0]
    assert state["phase"] == "over"
