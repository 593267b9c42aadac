"""Africana's log in words: each event of a whole bot game becomes a sentence in English,
French and Dutch, with a rule section behind it, and the sentences name the places and cards."""

import random

from django.utils import translation

from games.engines import get_engine
from games.kinds import get_kind
from rulebooks.links import section_key

ENGINE = get_engine("africana")
NAMES = ["Marie", "Jan"]


def _events_of_a_whole_game(seed: int) -> list[dict]:
    rng = random.Random(seed)
    state = ENGINE.initial_state(2, seed, {})
    events = []
    while not ENGINE.is_terminal(state):
        legal = ENGINE.legal_actions(state)
        observation = ENGINE.observation(state, ENGINE.current_player(state))
        state = ENGINE.apply(state, ENGINE.choose(observation, legal, rng))
        events += state["events"]
    return events


def test_every_event_of_a_game_is_told_in_every_language_with_its_rule():
    kind = get_kind("africana")
    events = _events_of_a_whole_game(3)
    types = {event["type"] for event in events}
    assert {"go", "join", "expedition", "refill", "game_end"} <= types
    for language in ("en", "fr", "nl", "de"):
        with translation.override(language):
            for event in events:
                line = kind.log.describe(event, NAMES)
                assert line, event
                assert section_key("africana", event) in kind.rules_links.sections, event


def test_a_step_is_told_with_places_and_card():
    kind = get_kind("africana")
    event = {"type": "go", "seat": 0, "origin": "kairo", "location": "khartum", "card": "orange"}
    with translation.override("en"):
        assert kind.log.describe(event, NAMES) == (
            "Marie moves from Kairo to Khartum playing the orange card."
        )
    with translation.override("fr"):
        assert kind.log.describe(event, NAMES) == (
            "Marie va de Kairo à Khartum en jouant : carte orange."
        )
    with translation.override("de"):
        assert kind.log.describe(event, NAMES) == (
            "Marie zieht von Kairo nach Khartum und spielt: orange Karte."
        )
    join = {"type": "join", "seat": 1, "expedition": "A03", "slot": 3, "silver": 2}
    with translation.override("en"):
        assert kind.log.describe(join, NAMES) == (
            "Jan joins expedition A03 (Dakar to Luanda) and takes 2 silver."
        )
