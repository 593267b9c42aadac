"""Source of the Nile on the site: a solo game starts at once, its timed-out turn ends when the
round moves on, it can be played to its end by mail replies alone, and the play page at round
20 renders with the map, the explorers' panel and a fixed number of queries."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games import services
from games.models import Game
from games.nile.kind.page import party_member
from games.simulation import bot_action
from notifications.models import OutboundMail
from tests.support.mail import answer_by_mail, last_mail_to

pytestmark = pytest.mark.django_db

RANGE = re.compile(r"^(?P<key>.+?) (?P<low>\d+)-(?P<high>\d+)(?: \(\S+ (?P<step>\d+)\))?$")


def listed_actions(body: str) -> list[str]:
    """The actions a Nile mail lists under "What you can do": one a line with its words, or
    grouped ("buy rations 10-100 (by 10)", "move 03-04 | 04-04")."""
    lines = body.split("What you can do")[1].split("\n")[1:]
    actions = []
    for line in lines:
        line = line.strip()
        if not line:
            break
        if "  (" in line:
            actions.append(line.split("  (")[0].strip())
        elif match := RANGE.match(line):
            step = int(match["step"] or 1)
            numbers = range(int(match["low"]), int(match["high"]) + 1, step)
            actions.extend(f"{match['key']} {n}" for n in numbers)
        elif " | " in line:
            first, *rest = line.split(" | ")
            key, _sep, value = first.rpartition(" ")
            actions.extend(f"{key} {v}" for v in [value, *rest])
        else:
            actions.append(line)
    return actions


def test_a_solo_game_starts_at_once(alice):
    game = services.create_game(alice, engine="nile", num_players=1)

    assert game.status == Game.Status.ACTIVE
    assert game.current_seat == 0
    assert not game.rated


def test_a_timed_out_solo_turn_ends_when_the_round_moves_on(alice):
    game = services.create_game(alice, engine="nile", num_players=1, seed=5)
    rng = random.Random(1)
    for _ply in range(12):
        game = services.submit_action(game, alice, bot_action(game, rng), game.version)
    before = game.state["round"]
    Game.objects.filter(pk=game.pk).update(turn_deadline=None)

    assert services.time_out(game.pk, game.version)

    game.refresh_from_db()
    assert game.state["round"] == before + 1
    assert game.current_seat == 0


def test_a_solo_game_is_played_to_its_end_by_mail(
    alice, mailoutbox, django_capture_on_commit_callbacks, settings
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_game": "1000/h"}
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(
            alice, engine="nile", num_players=1, seed=11, options={"max_rounds": 4}
        )
    chance = random.Random(3)
    replies = 0
    while game.status == Game.Status.ACTIVE and replies < 400:
        actions = listed_actions(last_mail_to(mailoutbox, alice).body)
        assert actions
        ends = [a for a in actions if a in ("end", "stop", "stay", "leave", "spare")]
        action = ends[0] if ends and chance.random() < 0.5 else chance.choice(actions)
        outcome = answer_by_mail(mailoutbox, alice, action, django_capture_on_commit_callbacks)
        assert outcome.status == "applied", (action, outcome.error)
        replies += 1
        game.refresh_from_db()

    assert game.status == Game.Status.FINISHED
    assert game.seats.get().place == 1
    # Each answer shows the turn that came back and its reply address: no turn mail beside it.
    assert OutboundMail.objects.filter(template="your_turn", status="sent").count() == 1
    assert OutboundMail.objects.filter(template="play_answer", status="sent").count() == replies


def _game_at_round(users, round_number: int) -> Game:
    game = services.create_game(users[0], engine="nile", num_players=len(users), seed=7)
    for user in users[1:]:
        services.join_game(game, user)
    game.refresh_from_db()
    by_seat = {seat.number: seat.user for seat in game.seats.all()}
    rng = random.Random(3)
    while game.state["round"] < round_number and game.status == Game.Status.ACTIVE:
        game = services.submit_action(
            game, by_seat[game.current_seat], bot_action(game, rng), game.version
        )
    return game


def test_the_play_page_at_round_20_shows_the_map_and_every_explorer(alice, bob, client):
    game = _game_at_round([alice, bob], 20)
    client.force_login(alice)
    client.get(game.get_absolute_url())  # warm the caches of the site, not of the game

    with CaptureQueriesContext(connection) as queries:
        page = client.get(game.get_absolute_url())

    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('class="nile-hex"') == 276
    assert "Cape Colony" in html and "Lagos" in html
    assert html.count("Unpublished records") == 2
    assert len(queries) <= 20


def test_the_turn_mail_text_tells_the_situation_the_neighbourhood_and_grouped_actions(
    alice, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, engine="nile", num_players=1, seed=11)
        for action in ("profession explorer", "sail lagos", "hire bearer 2", "end"):
            game = services.submit_action(game, alice, action, game.version)
        while game.state["phase"] != "camp":
            game = services.submit_action(game, alice, "stop", game.version)
    mail = last_mail_to(mailoutbox, alice)
    here = game.state["players"][0]["explorer"]["hex"]

    assert f"P1: 0 VP, ${game.state['players'][0]['cash']}" in mail.body
    assert f"Here: {here}, " in mail.body
    board = mail.body.split(f"Here: {here}, ")[1].split("P1-P6:")[0].strip().split("\n")[1:]
    assert 3 <= len(board) <= 6  # the neighbours, one a line
    assert all(line.startswith("  ") and ", " in line for line in board)
    assert "; ;" not in mail.body
    assert any(RANGE.match(line.strip()) for line in mail.body.split("\n"))
    assert "<svg" not in mail.body


def test_a_stranded_explorer_is_told_in_words_on_the_page_and_in_the_turn_mail(
    alice, client, mailoutbox, django_capture_on_commit_callbacks
):
    rules = services.create_game(alice, engine="nile", num_players=1, seed=11).kind.engine
    inland = min(
        hid
        for hid, terrain in rules.board.known_1820.items()
        if terrain == "veldt"
        and hid not in rules.board.ports.values()
        and hid not in rules.board.cape_colony
    )
    game = Game.objects.get(creator=alice)
    for action in ("profession explorer", "sail lagos", "end"):
        game = services.submit_action(game, alice, action, game.version)
    # alone and starving three months in a row in the veldt, nothing to eat or hunt with
    explorer = game.state["players"][0]["explorer"]
    explorer.update(hex=inland, starving=3, goods=dict.fromkeys(explorer["goods"], 0))
    explorer["people"] = {k: {"healthy": 0, "sick": 0} for k in explorer["people"]}
    explorer["guides"] = []
    game.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = services.submit_action(game, alice, "level reckless foot", game.version)
    legal = rules.legal_actions(game.state)
    assert "level reckless foot" in legal
    assert not any(action.split()[0] in ("move", "sail", "shoot", "buy") for action in legal)
    client.force_login(alice)

    html = client.get(game.get_absolute_url()).content.decode()
    mail = last_mail_to(mailoutbox, alice)

    for text in (html, " ".join(mail.body.split())):
        assert "Your explorer is stranded" in text
        assert "The rules leave no way out but to wait" in text


def test_the_text_boards_player_lines_are_short_and_count_one_in_the_singular(alice):
    game = services.create_game(alice, engine="nile", num_players=1, seed=11)
    for action in ("profession explorer", "sail lagos", "hire bearer 1", "end"):
        game = services.submit_action(game, alice, action, game.version)

    text = game.kind.mail.board_text(game.kind.engine.observation(game.state, 0))

    player = text.split("P1: ")[1].split("\n")[:5]
    assert "1 bearer" in text and "1 bearers" not in text
    # The player's line is cut into short lines, so that it fits the mail's <pre>.
    assert all(len(line) <= 60 for line in player), player


def test_the_players_panel_counts_one_of_a_party_or_supplies_in_the_singular(alice, client):
    game = services.create_game(alice, engine="nile", num_players=1, seed=3)
    for action in ("profession explorer", "sail lagos"):
        game = services.submit_action(game, alice, action, game.version)
    explorer = game.state["players"][0]["explorer"]
    explorer["people"] = {k: {"healthy": 0, "sick": 0} for k in explorer["people"]}
    explorer["guides"] = [{"hex": "05-05", "sick": False}, {"hex": "05-05", "sick": True}]
    explorer["people"]["bearer"] = {"healthy": 2, "sick": 0}
    explorer["goods"] = dict.fromkeys(explorer["goods"], 0) | {"canoe": 1, "rations": 2}
    game.save()
    client.force_login(alice)

    panel = " ".join(client.get(game.get_absolute_url()).content.decode().split())

    assert "2 bearers" in panel and "1 guide (+1 sick)" in panel
    assert "2 rations" in panel and "1 canoe<" in panel.replace(", ", "<")
    assert "1 guides" not in panel and "1 canoes" not in panel
    for language, words in {"fr": "1 guide (+1 malade)", "nl": "1 gids (+1 ziek)"}.items():
        with translation.override(language):
            assert party_member("guide", 1, 1) == words
