"""A mail reply is no oracle of hidden information, for every registered engine.

Twin games differ only in what no player can see: the same engine, options and actions, two
seeds (options fix whatever a seed would otherwise show, such as Africana's open cards), and
every viewer's observation equal. From random twin positions, random reply scripts (lines
legal in one twin, and stray lines) must give the same fate to every line, with the same
words, up to and including the first line that reveals something, which both keep.
"""

import random
import re

import pytest

from games import services
from games.engines import engine_names, get_engine
from mailplay import lines as rule
from tests.engines.test_africana_hidden import VISIBLE
from tests.games.conftest import player_to_move
from tests.mailplay.conftest import answer_by_mail, last_mail_to

#: Options that fix what a game's seed would show to everyone (an engine not listed: none).
PUBLIC_OPTIONS = {"africana": VISIBLE}
POSITIONS, SCRIPTS, MAX_PREFIX, MAX_LINES = 25, 8, 60, 5


def _views(engine, state, players):
    return [engine.observation(state, viewer) for viewer in [None, *range(players)]]


def twins(engine, players: int, seed: int, chance: random.Random, plies: int):
    """Two states of ``engine`` that every viewer sees alike, after up to ``plies`` random
    actions that reveal nothing, or fewer where a revealing action is all there is."""
    options = PUBLIC_OPTIONS.get(engine.name, {})
    a = engine.initial_state(num_players=players, seed=seed, options=options)
    b = engine.initial_state(num_players=players, seed=seed + 7919, options=options)
    assert _views(engine, a, players) == _views(engine, b, players), (
        f"{engine.name}: two seeds show different things; add the options that fix them "
        "to PUBLIC_OPTIONS"
    )
    for _ply in range(plies):
        if engine.is_terminal(a):
            break
        quiet = [x for x in engine.legal_actions(a) if not rule.reveals(engine, a, x)]
        if not quiet:
            break
        action = chance.choice(quiet)
        a, b = engine.apply(a, action), engine.apply(b, action)
        assert _views(engine, a, players) == _views(engine, b, players)
    return a, b


def script(engine, state, chance: random.Random, strays: list[str]) -> list[str]:
    """Up to MAX_LINES lines as a player would write them: mostly an action legal after the
    lines before (in ``state``'s game), sometimes a stray action; lower case."""
    lines = []
    for _line in range(chance.randint(1, MAX_LINES)):
        legal = engine.legal_actions(state) if not engine.is_terminal(state) else []
        if legal and chance.random() < 0.75:
            action = chance.choice(legal)
            state = engine.apply(state, action)
        else:
            action = chance.choice(strays)
        lines.append(action.lower())
    return lines


def fates(result: rule.Plan) -> list[tuple[str, str, str]]:
    return [(line.action, line.status, line.reason) for line in result.lines]


def first_reveal(result: rule.Plan) -> int | None:
    return next((n for n, line in enumerate(result.lines) if line.revealed), None)


def _engines() -> list:
    """Every registered engine; one without ``reveals`` (the engine contract) other than
    Africa, whose rule the site falls back on, is expected to fail the test."""
    mark = pytest.mark.xfail(strict=True, reason="the engine has no reveals() yet")
    return [
        pytest.param(name, marks=[mark] if missing else [])
        for name in engine_names()
        for missing in [name != "africa" and not hasattr(get_engine(name), "reveals")]
    ]


@pytest.mark.parametrize("name", _engines())
def test_twin_games_answer_a_reply_alike_up_to_its_first_revealing_line(name):
    engine = get_engine(name)
    chance = random.Random(name)
    compared = revealing = 0
    for position in range(POSITIONS):
        players = chance.randint(engine.min_players, engine.max_players)
        a, b = twins(engine, players, 1000 + position, chance, chance.randint(0, MAX_PREFIX))
        if engine.is_terminal(a):
            continue
        seat = engine.current_player(a)
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
            else:
                revealing += 1
                for result in (plan_a, plan_b):
                    assert all(x.status in (rule.APPLIED, rule.IGNORED) for x in result.lines[:end])
            compared += 1
    assert compared >= POSITIONS * SCRIPTS // 2
    assert revealing >= 10  # scripts that reveal something were tried too


def test_the_attack_of_the_report_now_costs_the_uncover():
    """Africa, two players: "uncover" a neighbour, then a line legal only after one kind of
    marker. Whatever lies there, the uncover is applied; nothing is learnt for free."""
    engine = get_engine("africa")
    chance = random.Random(12)
    a, b = twins(engine, 2, 5, chance, 2)  # both start cities chosen
    seat = engine.current_player(a)
    uncover = next(x for x in engine.legal_actions(a) if x.startswith("uncover "))
    for follow in ("keep", "end", "place " + uncover.split()[1]):
        for state in (a, b):
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
