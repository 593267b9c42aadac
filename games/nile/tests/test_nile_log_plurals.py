"""Every roll of the Nile's log reads as a sentence, with every count in it singular or plural
by its number, in English, French, Dutch and German: "1 hunter rolled", "1 chasseur a lancé le
dé", "1 jager gooide", "1 askari" (never "1 hunters", "1 ont réussi", "1 jagers", "1 askari's"),
and no formula ("the 1 askaris less V: 0")."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.nile.kind.log import ROLL_SENTENCES, describe_roll
from tests.kinds.test_plurals import INVARIABLE, _unchanged_after_one

#: {roll: the fields of it that count something}; the others are dice, sums and targets.
COUNT_FIELDS = {
    "gifts": ("gifts",),
    "hunt": ("hunters", "value", "food"),
    "desert": ("unfed", "value"),
    "illness": ("value", "died", "sick"),
    "v": ("target", "most"),
    "first_fire": ("killed", "target"),
    "counter_fire": ("killed", "target"),
    "natives_fire": ("killed", "left", "target"),
    "loot": ("rations", "gifts", "camel", "canoe"),
    "count": ("value",),
}
ROLL = {
    "value": 3, "target": 3, "who": "bearer", "hunters": 3, "food": 3, "unfed": 3, "died": 3,
    "sick": 3, "gifts": 3, "killed": 3, "left": 3, "most": 3, "multiplier": 4, "divisor": 2,
    "rations": 3, "camel": 3, "canoe": 3, "rolled": [2, 3], "dice": [2, 3], "to": "sea",
    "height": 1000, "terrain": "veldt", "result": "lake", "change": 1, "modifier": -1, "die": 4,
}  # fmt: skip
#: An equation, V as a quantity ("less V: 0"), a bare number as the answer, a kind and its
#: gain ("bearers +1").
FORMULA = re.compile(r"=|\bV\s*:|\bV\b: |: \d+\.$|: [^\W\d_]+ \+\d")
#: What an English sentence may use the same way after 1 and after 2.
SAME_AFTER_ONE = {"en": {"succeeded", "deserted"}, "fr": set(), "nl": set(), "de": set()}


def _roll(what: str, outcome: str, **counts) -> dict:
    """A roll of ``what`` decided ``outcome``, every field at 3 but ``counts``; the sick
    explorer's own roll is about the explorer, the others about bearers."""
    explorer = what == "illness" and outcome != "followers"
    return (
        ROLL
        | {"what": what, "outcome": outcome, "who": "explorer" if explorer else "bearer"}
        | counts
    )


def _varied() -> list[tuple[str, list[dict]]]:
    """Each roll sentence with one of its counts at 1 and at 2 (the others at 3); the sick
    explorer's roll is a die, not a count."""
    return [
        (f"{what}/{outcome}/{field}", [_roll(what, outcome, **{field: n}) for n in (1, 2)])
        for what, outcome in ROLL_SENTENCES
        if what != "illness" or outcome == "followers"
        for field in COUNT_FIELDS.get(what, ())
    ]


@pytest.mark.parametrize("language", ["en", "fr", "nl", "de"])
def test_a_count_of_one_in_a_roll_is_never_followed_by_a_plural(language):
    wrong = {}
    with translation.override(language):
        for name, rolls in _varied():
            texts = [describe_roll(roll) for roll in rolls]
            same = _unchanged_after_one(texts) - INVARIABLE[language] - SAME_AFTER_ONE[language]
            if same:
                wrong[name] = texts
    assert not wrong, wrong


@pytest.mark.parametrize(
    ("language", "roll", "words"),
    [
        ("en", _roll("hunt", "food", hunters=1, value=1, food=5), "1 hunter rolled"),
        ("fr", _roll("hunt", "food", hunters=1, value=1, food=5), "1 a réussi"),
        ("nl", _roll("hunt", "food", hunters=1, value=1, food=5), "1 jager gooide"),
        ("nl", _roll("v", "prisoners", target=1, most=0), "Met 1 askari:"),
        ("de", _roll("natives_fire", "on", killed=1, left=1), "1 Askari fällt"),
    ],
)
def test_the_counts_met_by_a_new_player_agree(language, roll, words):
    with translation.override(language):
        assert words in describe_roll(roll)


@pytest.mark.parametrize("language", ["en", "fr", "nl", "de"])
def test_no_roll_reads_as_a_formula(language):
    with translation.override(language):
        texts = [describe_roll(_roll(what, outcome)) for what, outcome in ROLL_SENTENCES]
    formulas = [text for text in texts if re.search(FORMULA, text) or not text.endswith(".")]
    assert not formulas, formulas
