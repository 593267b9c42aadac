"""Every die roll that decides something is told with what it decided: the total, what it was
rolled against and the outcome ("Rolled 2 against the lost number 3: lost; a guide deserts.")."""

from __future__ import annotations

import math
import random

from django.utils import translation

from games.kinds import get_kind
from games.nile.kind.log import describe_roll

KIND = get_kind("nile")
ENGINE = KIND.engine
NAMES = ["Ann", "Ben"]


def _events(seed: int) -> list[dict]:
    rng = random.Random(seed)
    state = ENGINE.initial_state(2, seed, {"max_rounds": 15})
    events = []
    while not ENGINE.is_terminal(state):
        seat = ENGINE.current_player(state)
        action = ENGINE.choose(ENGINE.observation(state, seat), ENGINE.legal_actions(state), rng)
        state = ENGINE.apply(state, action)
        events.extend(state["events"])
    return events


def test_each_roll_carries_its_total_target_and_a_consistent_outcome():
    rolls = [roll for seed in (1, 2) for event in _events(seed) for roll in event.get("rolls", ())]

    assert {"lost", "natives", "hunt", "illness"} <= {roll["what"] for roll in rolls}
    for roll in rolls:
        if roll["what"] == "lost":
            assert (roll["value"] > roll["target"]) == (roll["outcome"] == "safe")
        if roll["what"] == "natives":
            assert (roll["value"] in roll["target"]) == (roll["outcome"] == "found")
        if roll["what"] == "illness" and roll["who"] == "explorer":
            outcome = "recovers" if roll["value"] >= 4 else "dies" if roll["value"] <= 1 else "sick"
            assert roll["outcome"] == outcome
        if roll["what"] == "policy":
            assert (roll["value"] > roll["target"]) == (roll["outcome"] == "hostile")


def test_the_rolls_that_draw_a_blank_hex_say_what_they_drew():
    events = [e for seed in (1, 2) for e in _events(seed)]
    mapped = [e for e in events if e["type"] == "map"]
    rolls = [roll for event in mapped for roll in event.get("rolls", ())]

    assert {"copy", "key", "exit", "cataract"} <= {roll["what"] for roll in rolls}
    for event in mapped:
        drawn = [r for r in event["rolls"] if r["what"] in ("copy", "key")]
        # the terrain comes from a copied neighbour or from the terrain key
        assert drawn[-1]["outcome"] in ("copied", "terrain", "combined")
    for roll in rolls:
        if roll["what"] == "copy":
            assert (roll["terrain"] is None) == (roll["outcome"] == "blank")
        if roll["what"] == "cataract":
            assert (roll["value"] in roll["target"]) == (roll["outcome"] == "cataract")
        if roll["what"] == "mountain":
            assert roll["height"] == (roll["value"] + 100) * 100
    out = next(r for r in rolls if r["what"] == "exit" and r["outcome"] == "exit")
    words = {
        "en": f"Rolled {out['value']} for the river's exit: it flows out to {out['to']}.",
        "fr": f"{out['value']} pour la sortie du fleuve : il s'écoule vers {out['to']}.",
        "nl": f"{out['value']} gegooid voor de uitstroom van de rivier: hij stroomt naar "
        f"{out['to']}.",
        "de": f"{out['value']} für den Ausfluss des Flusses gewürfelt: er fließt nach "
        f"{out['to']} hinaus.",
    }
    for language, expected in words.items():
        with translation.override(language):
            assert expected in describe_roll(out)


def test_every_roll_of_whole_games_is_told_in_each_language():
    events = [e for seed in (1, 2) for e in _events(seed) if e.get("rolls")]
    for language in ("en", "fr", "nl", "de"):
        with translation.override(language):
            for event in events:
                line = KIND.log.describe(event, NAMES)
                for roll in event["rolls"]:
                    assert describe_roll(roll) is not None
                    assert describe_roll(roll) in line


def test_the_log_says_what_each_roll_decided_in_each_language():
    event = next(e for e in _events(1) if any(r["what"] == "lost" for r in e.get("rolls", ())))
    roll = next(r for r in event["rolls"] if r["what"] == "lost")
    words = {
        "en": f"Rolled {roll['value']} against the lost number {roll['target']}:",
        "fr": f"{roll['value']} contre le nombre d'égarement {roll['target']}",
        "nl": f"{roll['value']} gegooid tegen het verdwaalgetal {roll['target']}",
        "de": f"{roll['value']} gewürfelt gegen die Verirrungszahl {roll['target']}",
    }
    for language, expected in words.items():
        with translation.override(language):
            assert expected in KIND.log.describe(event, NAMES)


def test_the_rolls_of_tribes_battles_villages_and_escapes_agree_with_what_followed():
    events = [e for seed in (9, 51) for e in _events(seed)]  # games with a village and a defeat
    rolls = [roll for event in events for roll in event.get("rolls", ())]

    assert {"size", "first_fire", "v", "village", "defeat_table", "table_a"} <= {
        r["what"] for r in rolls
    }
    for event in events:
        size = [r for r in event.get("rolls", ()) if r["what"] == "size"]
        if size:
            assert event["type"] == "natives" and event["size"] == size[0]["value"]
            assert math.prod(size[0]["dice"]) == size[0]["value"]
            assert max(size[0]["dice"]) <= max(size[0]["rolled"])
    outcomes = {1: "captive", 2: "killed", 3: "escape", 4: "supplies", 5: "followers"}
    for roll in rolls:
        value, target = roll["value"], roll.get("target")
        if roll["what"] in ("first_fire", "counter_fire"):
            assert (value > target or target == 0) == (roll["outcome"] == "victory")
        if roll["what"] == "natives_fire":
            assert (value > target or roll["left"] == 0) == (roll["outcome"] == "defeat")
        if roll["what"] == "village":
            assert (value <= target) == (roll["outcome"] == "found")
        if roll["what"] == "defeat_table":
            assert roll["outcome"].replace("still_", "") == outcomes[min(value, 5)]
        if roll["what"] == "table_a":
            assert (
                roll["who"] == ["guide", "askari", "bearer", "camel", "horse", "canoe"][value - 1]
            )
    fight = next(e for e in events if e["type"] in ("victory", "defeat"))
    words = {"en": "First fire:", "fr": "Premier feu :", "nl": "Eerste salvo:"}
    for language, expected in words.items():
        with translation.override(language):
            assert expected in KIND.log.describe(fight, NAMES)


def test_a_disaster_tells_how_many_it_strikes_the_beasts_shot_and_who_dies():
    events = [e for seed in (1, 2, 3) for e in _events(seed) if e["type"] == "disaster"]
    rolls = [roll for event in events for roll in event.get("rolls", ())]

    assert {"count", "shot", "victim"} <= {roll["what"] for roll in rolls}
    for roll in rolls:
        if roll["what"] == "shot":
            assert (roll["value"] >= roll["target"]) == (roll["outcome"] == "shot")
        if roll["what"] == "victim" and roll["target"] == 12:
            assert (roll["value"] == 12) == (roll["outcome"] == "instead")
    shot = next(r for r in rolls if r["what"] == "shot")
    with translation.override("fr"):
        assert f"{shot['value']} pour abattre la bête ({shot['target']} ou plus)" in (
            describe_roll(shot)
        )


def test_a_die_that_picks_the_sea_says_so_in_words():
    copy = {"what": "copy", "value": 4, "target": "sea", "outcome": "blank", "terrain": None}
    exit_ = {"what": "exit", "value": 2, "target": "04-05", "outcome": "exit", "to": "sea"}

    with translation.override("nl"):
        assert "(de zee)" in describe_roll(copy)
        assert describe_roll(exit_).endswith("hij stroomt naar de zee.")
