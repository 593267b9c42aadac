"""Every action label, log line and mail line of every kind, with its counts set to 0, 1 and 2,
in English, French, Dutch and German: a count of 1 is never followed by a plural ("1 askaris", "1
musketten", "1 cards").

The texts come from random games of each kind played on the engine alone: at each position the
labels of the legal actions, each with every number in it replaced by 0, 1 and 2; the log line
of each event, with each of its counts replaced likewise; and the mail's text board, question
and grouped actions. A word is a plural when it follows a count of 2 somewhere in these texts
and is not its own singular (INVARIABLE); such a word after a count of 1 fails the test.
"""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from games.africana.kind.terms import card_name
from games.kinds import all_kinds

#: Random games per kind, and the most actions of each.
GAMES = 3
PLIES = 200
COUNTS = (0, 1, 2)
#: Event fields that name a seat or a place rather than count something.
NOT_COUNTS = {"seat", "other", "slot", "round", "card", "from", "to", "cell", "hex", "step"}
#: Words that are their own plural, and the preposition after a tribe's size ("a tribe of 2
#: in 18-07"), per language.
INVARIABLE = {
    "en": {"water", "gold", "silver", "VP", "MP", "in"},
    "fr": {"eau", "or", "argent", "PV", "PM", "en"},
    "nl": {"water", "goud", "zilver", "OP", "WP", "BP", "in"},
    "de": {"Wasser", "Gold", "Silber", "SP", "BP", "in", "Träger", "Führer", "Spieler"},
}
#: A count and the word after it, with a Dutch plural's "'s" ("2 askari's"), and the next word.
COUNTED_WORD = re.compile(r"(?<![\w.,:/-])(\d+) ([^\W\d_]+(?:['’]s)?)((?: [^\W\d_]+)?)")
NUMBER = re.compile(r"(?<![\w-])\d+(?![\w-])")


def _with_counts(action: str) -> list[list[str]]:
    """``action`` with one of its numbers replaced by each of COUNTS, for each number."""
    return [
        [f"{action[: match.start()]}{count}{action[match.end() :]}" for count in COUNTS]
        for match in NUMBER.finditer(action)
    ]


def _event_counts(event: dict) -> list[list[dict]]:
    """``event`` with one of its counts replaced by each of COUNTS, for each count."""
    return [
        [event | {key: count} for count in COUNTS]
        for key, value in event.items()
        if isinstance(value, int) and not isinstance(value, bool) and key not in NOT_COUNTS
    ]


def _render(say, variants) -> list[str]:
    """``say`` of each variant; [] when a variant's number names no quantity after all (a
    card, a hex, a seat) and the words cannot be said."""
    try:
        return [str(say(variant) or "") for variant in variants]
    except (KeyError, ValueError, IndexError, TypeError):
        return []


def _texts(kind, rng: random.Random) -> list[list[str]]:
    """What the kind says of a random game, each text with its counts at 0, 1 and 2 where it
    has counts to vary: action labels, log lines and mail lines."""
    engine = kind.engine
    names = ["Ann", "Bob"]
    state = engine.initial_state(2, rng.randrange(2**31), kind.default_options())
    texts = []
    for _ply in range(PLIES):
        if engine.is_terminal(state):
            break
        observation = engine.observation(state, engine.current_player(state))
        legal = engine.legal_actions(state)

        def label(action, observation=observation):
            return kind.page.action_label(action, observation, names)

        for action in legal:
            texts.append([label(action)])
            texts += [_render(label, variants) for variants in _with_counts(action)]
        texts.append([kind.mail.board_text(observation), kind.mail.question(observation) or ""])
        texts.append(list(kind.mail.group_actions(legal)))
        state = engine.apply(state, rng.choice(legal))
        for event in state.get("events", ()):
            texts.append(_render(lambda e: kind.log.describe(e, names), [event]))
            for variants in _event_counts(event):
                texts.append(_render(lambda e: kind.log.describe(e, names), variants))
    return texts


def _unchanged_after_one(texts: list[str]) -> set[str]:
    """The words that follow a count of 1 in a text of ``texts`` exactly as they follow a
    count of 2 at the same place of another (the same sentence with its count changed)."""
    after = {}
    for text in texts:
        for match in COUNTED_WORD.finditer(text):
            start = text[: match.start()]
            after.setdefault(start.rstrip("0123456789"), {})[match[1]] = match[2] + match[3]
    return {
        words["1"].split()[0]
        for words in after.values()
        if "1" in words and "2" in words and words["1"] == words["2"]
    }


@pytest.mark.parametrize("language", ["en", "fr", "nl", "de"])
@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.name)
def test_a_count_of_one_is_never_followed_by_a_plural(kind, language):
    rng = random.Random(f"plurals:{kind.name}")
    with translation.override(language):
        groups = [group for _game in range(GAMES) for group in _texts(kind, rng)]
    varied = [group for group in groups if len(group) == len(COUNTS)]
    assert varied, "no text was rendered with its counts varied: the check would prove nothing"
    wrong = set()
    for group in varied:
        wrong |= _unchanged_after_one(group)
    wrong = sorted(wrong - INVARIABLE[language])
    assert not wrong, [t for g in varied for t in g if any(f"1 {w}" in t for w in wrong)][:6]


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (
            {"type": "turn", "seat": 0, "book": "north", "direction": "forward", "silver": 2},
            "Ann tourne une page du livre du nord en avant",
        ),
        (
            {"type": "turn", "seat": 0, "book": "south", "direction": "back", "silver": 1},
            "Ann tourne une page du livre du sud en arrière",
        ),
    ],
)
def test_french_log_lines_write_their_articles_out(event, words):
    kind = next(kind for kind in all_kinds() if kind.name == "africana")
    with translation.override("fr"):
        line = kind.log.describe(event, ["Ann", "Bob"])
    assert line.startswith(words) and "de le" not in line


def test_french_cards_agree_with_their_colour():
    with translation.override("fr"):
        assert card_name("violet") == "carte violette"
        assert card_name("gray") == "carte grise"
