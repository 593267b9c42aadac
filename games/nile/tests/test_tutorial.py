"""The Source of the Nile's tutorial plays a whole solo game and covers each part of its rules at
least once: outfitting (a profession, the passage, hiring and buying), travel (the activity
level, moving, getting lost), mapping, natives (a policy, a friendly tribe traded with, a
hostile one, combat, defeat, the escape), disasters, and the way home to publishing in Europe,
until the published victory points reach the target and end the game."""

from tests.tutorials.test_scripts import event_types, played

#: Every event type of the Nile's rules that the learner must have seen once.
EVENTS = {
    "profession", "sail", "hire", "buy", "level", "move", "lost", "map", "natives", "hostile",
    "attack", "defeat", "escape", "friendly", "camp", "bonus", "disaster", "home", "stay",
    "publish", "game_end",
}  # fmt: skip


def test_the_tutorial_shows_every_part_of_the_rules():
    assert EVENTS <= event_types("nile")


def test_the_tutorial_ends_when_the_published_points_reach_the_target():
    events, state = played("nile")
    publishing = [e for e in events if e["type"] == "publish"]
    assert len(publishing) >= 2 and events[-1]["type"] == "game_end"
    assert state["players"][0]["score"] == sum(e["vp"] for e in publishing)
    assert state["players"][0]["score"] >= state["target_vp"]
    assert state["round"] < state["max_rounds"]
