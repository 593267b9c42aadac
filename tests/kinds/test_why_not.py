"""Why not? Every illegal action that the engines' conformance suite tries has a reason: a code
the game's kind knows, with the section of its rule, said in English, French and Dutch, and the
same in two positions that differ only in what the player may not see.

The tries are those of ``tests.support.conformance.illegal_tries`` (garbage, and legal actions
with a word replaced, dropped or repeated), asked of ``games.engines.explain`` for the player
to move; the twins come from ``tests.support.hidden``.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.utils import translation

from games.engines import GAME_OVER, NOT_YOUR_TURN, Reason, engine_names, explain, get_engine
from games.kinds import get_kind
from tests.support.conformance import CASES, illegal_tries
from tests.support.hidden import HIDDEN_INFO

LOCALE = Path(__file__).resolve().parents[2] / "locale"
SITE_GAMES = ("africa", "africana", "nile")  # the toy game speaks English only
PLACEHOLDER = re.compile(r"\{\w*\}")


@cache
def _reasons(name: str) -> tuple:
    """Every distinct reason explain gives for the conformance suite's illegal tries of
    ``name``, at every player count."""
    engine = get_engine(name)
    found = {}
    for num_players in range(engine.min_players, engine.max_players + 1):
        for state, text in illegal_tries(name, num_players, games=3):
            reason = explain(engine, state, engine.current_player(state), text)
            if reason is not None:
                found[(reason.code, reason.template, repr(sorted(reason.params.items())))] = reason
    return tuple(found.values())


@cache
def _catalogue(language: str) -> dict[str, str]:
    with open(LOCALE / language / "LC_MESSAGES" / "django.po", "rb") as po:
        return {m.id: m.string for m in read_po(po, locale=language) if m.id}


@CASES
def test_every_illegal_try_has_a_reason_the_kind_knows_the_same_in_both_worlds(name, num_players):
    engine, rules = get_engine(name), get_kind(name).rules_links
    twin_of, _shows = HIDDEN_INFO[name]
    chance = random.Random(num_players)
    tried = 0
    for state, text in illegal_tries(name, num_players, games=3):
        seat = engine.current_player(state)
        reason = explain(engine, state, seat, text)
        if reason is None:  # another spelling of a legal action ("publish" for "publish all")
            assert engine.canonical(state, text) in engine.legal_actions(state), text
            continue
        tried += 1
        assert rules.knows(reason.code), (text, reason)
        section = rules.reasons.get(reason.code)
        assert section is None or section in rules.sections, (reason.code, section)
        assert explain(engine, twin_of(state, chance, seat), seat, text) == reason, text
    assert tried


@pytest.mark.parametrize("name", engine_names())
def test_a_watcher_and_a_player_out_of_turn_are_told_so(name):
    engine = get_engine(name)
    state = engine.initial_state(num_players=engine.min_players, seed=3, options={})
    action = engine.legal_actions(state)[0]
    others = [s for s in range(engine.min_players) if s != engine.current_player(state)]

    assert explain(engine, state, engine.current_player(state), action) is None
    assert explain(engine, state, None, action) == NOT_YOUR_TURN
    for seat in others:
        assert explain(engine, state, seat, action) == NOT_YOUR_TURN


@pytest.mark.parametrize("name", SITE_GAMES)
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_every_reason_reads_in_each_language_with_its_rule(name, language):
    rules = get_kind(name).rules_links
    reasons = _reasons(name)
    assert len({r.code for r in reasons}) >= 5
    for reason in (*reasons, GAME_OVER, NOT_YOUR_TURN):
        if language != "en":
            assert _catalogue(language).get(reason.template), reason.template
        with translation.override(language):
            said = rules.why_not(reason)
        assert said.text.strip() and not PLACEHOLDER.search(said.text), said
        if language != "en":
            assert said.text != reason.text or reason.template.startswith("{"), said
        assert said.section in rules.sections, reason.code


def test_a_reason_names_things_in_the_readers_words():
    """Africa's marker codes and Africana's locations and colours read as the log says them."""
    goods = Reason("goods_first", "First keep the {marker} you uncovered or swap it", {})
    step = Reason("step_colour", "A step to {location} needs {colors}.", {"location": "cape-town"})
    with translation.override("fr"):
        kettle = get_kind("africa").rules_links.why_not(
            Reason(goods.code, goods.template, {"marker": "kettle"})
        )
        needs = get_kind("africana").rules_links.why_not(
            Reason(step.code, step.template, {**step.params, "colors": "gray / violet"})
        )

    assert "kettle" not in kettle.text and "marmite" in kettle.text
    assert "Cape Town" in needs.text and "gris / violet" in needs.text
