"""A mail reply is no oracle of hidden information, for every registered engine.

Twin positions differ only in what the replying player cannot see (``tests.support.
hidden``: Africa's face-down markers shuffled; Africana's piles, unseen pages and the
other players' hands). From random positions of random games, random reply scripts (lines
legal in one twin, and stray lines) must give every line the same fate, with the same words,
up to and including the first line that reveals something, which both twins keep.
"""

import random
import re

import pytest

from games import lines as rule
from games import services
from games.engines import engine_names, get_engine
from tests.support.hidden import HIDDEN_INFO
from tests.support.mail import answer_by_mail, last_mail_to, position, script
from tests.support.play import player_to_move

POSITIONS, SCRIPTS = 30, 8


def fates(result: rule.Plan) -> list[tuple]:
    """Each line's action, status, reason in words and reason as the engine gave it (its code,
    hence the rule the answer links to)."""
    return [(line.action, line.status, line.reason, line.why) for line in result.lines]


def first_reveal(result: rule.Plan) -> int | None:
    return next((n for n, line in enumerate(result.lines) if line.revealed), None)


@pytest.mark.parametrize("name", engine_names())
def test_twin_games_answer_a_reply_alike_up_to_its_first_revealing_line(name):
    assert name in HIDDEN_INFO, f"tests/support/hidden.py knows nothing of {name!r}"
    engine, (twin_of, _shows) = get_engine(name), HIDDEN_INFO[name]
    chance = random.Random(name)
    revealing = 0
    for _position in range(POSITIONS):
        a, seat = position(engine, chance)
        b = twin_of(a, chance, seat)
        assert engine.observation(a, seat) == engine.observation(b, seat)
        strays = sorted(set(engine.legal_actions(a)) | {"end", "keep", "pass"})
        for _script in range(SCRIPTS):
            lines = script(engine, a, chance, strays)
            plan_a = rule.plan(engine, a, seat, lines)
            plan_b = rule.plan(engine, b, seat, lines)
            cut = first_reveal(plan_a)
            assert first_reveal(plan_b) == cut, lines
            end = len(lines) if cut is None else cut + 1
            assert fates(plan_a)[:end] == fates(plan_b)[:end], lines
            if cut is None:
                assert plan_a.keep == plan_b.keep, lines
                continue
            revealing += 1
            for result in (plan_a, plan_b):  # the revealing line and those before it stay
                assert all(x.status in (rule.APPLIED, rule.IGNORED) for x in result.lines[:end])
    assert revealing >= 10  # scripts that reveal something were tried, not only quiet ones


def test_the_attack_of_the_report_now_costs_the_uncover():
    """Africa, two players: "uncover" a neighbour, then a line legal only after one kind of
    marker. Whatever lies there, the uncover is applied; nothing is learnt for free."""
    engine, (twin_of, _shows) = get_engine("africa"), HIDDEN_INFO["africa"]
    chance = random.Random(12)
    a = engine.initial_state(num_players=2, seed=5, options={})
    for _start in range(2):
        a = engine.apply(a, engine.legal_actions(a)[0])
    seat = engine.current_player(a)
    uncover = next(x for x in engine.legal_actions(a) if x.startswith("uncover "))
    for follow in ("keep", "end", "place " + uncover.split()[1]):
        for state in (a, *(twin_of(a, chance) for _twin in range(5))):
            result = rule.plan(engine, state, seat, [uncover.lower(), follow])
            assert result.keep[:1] == [uncover]


def _site_twins(alice, bob, capture):
    """Two running duels of Africa after both start cities, differing only in their seeds,
    one after the other (each made when the one before has been played with)."""
    for seed in (2024, 77):
        with capture(execute=True):
            game = services.create_game(alice, num_players=2, seed=seed)
            services.join_game(game, bob)
            game.refresh_from_db()
            for city in ("start C2", "start D7"):
                game = services.submit_action(game, player_to_move(game), city, game.version)
        yield game


def _answer_text(body: str, mover, other) -> str:
    body = body.replace(mover.display_name, "MOVER").replace(other.display_name, "OTHER")
    body = re.sub(r"play\+\S+", "ADDRESS", body)
    return re.sub(r"https?://\S+", "URL", body)


@pytest.mark.django_db
@pytest.mark.parametrize("reply", ["uncover H16", "move D2\nuncover H16", "end\nkeep", "keep"])
def test_twin_games_send_the_same_answer_to_a_reply_that_reveals_nothing(
    alice, bob, mailoutbox, django_capture_on_commit_callbacks, reply
):
    texts = []
    for game in _site_twins(alice, bob, django_capture_on_commit_callbacks):
        mover = player_to_move(game)
        other = bob if mover == alice else alice
        outcome = answer_by_mail(mailoutbox, mover, reply, django_capture_on_commit_callbacks)
        texts.append(
            (outcome.status, _answer_text(last_mail_to(mailoutbox, mover).body, mover, other))
        )

    assert texts[0] == texts[1]


@pytest.mark.django_db
def test_an_uncover_followed_by_a_line_that_fails_is_applied_in_both_twins(
    alice, bob, mailoutbox, django_capture_on_commit_callbacks
):
    for game in _site_twins(alice, bob, django_capture_on_commit_callbacks):
        mover = player_to_move(game)
        outcome = answer_by_mail(
            mailoutbox, mover, "uncover C3\nplace C3\nend", django_capture_on_commit_callbacks
        )
        assert outcome.applied[:1] == ["uncover C3"]
        game.refresh_from_db()
        assert game.moves.filter(action="uncover C3").exists()
