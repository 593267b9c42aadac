"""Source of the Nile's clickable hexes say what they do and what changed: a move into a
mapped hex and into a blank one (which maps it, and the party may get lost) look different and
have their legend line, every hex says its action on hover and focus, and the hexes the other
players' moves named since a player's last visit are marked on the map."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.kinds import get_kind
from games.models import Game, Seat
from games.simulation import bot_action
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db

TARGET = re.compile(
    r'<a href="[^"]*" aria-label="([^"]*)"[^>]*>\s*'
    r'<g class="nile-hex highlighted target-(\w+)[^"]*" data-hex="([\d-]+)">'
    r"<title>([^<]*)</title>"
)
CHANGED = re.compile(r'<g class="nile-hex[^"]*\bchanged\b[^"]*" data-hex="([\d-]+)"')


def targets(html: str) -> dict[str, tuple[str, str, str]]:
    """{hex: (target kind, aria-label, title)} of the map's clickable hexes."""
    return {m[3]: (m[2], m[1], m[4]) for m in TARGET.finditer(html)}


def game_until(players, want, seed=3) -> tuple[Game, random.Random]:
    """A 2-player game played by the bots until ``want(game)`` holds."""
    kind = get_kind("nile")
    rng = random.Random(seed)
    game = random_game(kind, players[:2], None, rng, plies=0)
    users = {seat.number: seat.user for seat in game.seats.select_related("user")}
    for _ply in range(400):
        if want(game):
            return game, rng
        action = bot_action(game, rng)
        game = services.submit_action(game, users[game.current_seat], action, game.version)
    pytest.fail("no such position in 400 plies")


def moves_to(game: Game, blank: bool) -> bool:
    """Whether the player to move may move into a hex that is blank (or mapped)."""
    hexes = game.state["hexes"]
    for action in get_kind("nile").engine.legal_actions(game.state):
        if action.startswith("move "):
            hid = action.split()[1]
            if (hid not in hexes or hexes[hid]["terrain"] is None) == blank:
                return True
    return False


def to_move(client, game):
    client.force_login(game.seats.get(number=game.current_seat).user)
    return client.get(game.get_absolute_url()).content.decode()


def test_moves_into_blank_and_mapped_hexes_look_different_and_say_what_they_do(client, players):
    game, _rng = game_until(players, lambda g: moves_to(g, True) and moves_to(g, False))
    found = targets(to_move(client, game))
    assert {kind for kind, _label, _title in found.values()} == {"move", "explore"}
    blank = {
        hid
        for hid in found
        if game.state["hexes"].get(hid) is None or game.state["hexes"][hid]["terrain"] is None
    }
    for hid, (kind, label, title) in found.items():
        assert kind == ("explore" if hid in blank else "move")
        assert title.startswith(f"{label}. ")
        assert hid in label


def test_the_legend_names_every_kind_of_target(client, players):
    game, _rng = game_until(players, lambda g: moves_to(g, True))
    html = to_move(client, game)
    legend = html[html.index('<section class="board-legend">') :]
    for words in get_kind("nile").board.target_kinds.values():
        assert str(words) in legend


def test_a_move_does_not_end_the_turn_and_needs_no_confirmation():
    kind = get_kind("nile")
    legal = ["move 10-10", "move 10-11", "stop"]
    assert kind.notation.ends_turn("stop") and not kind.notation.ends_turn("move 10-10")
    assert not kind.page.needs_confirmation("move 10-10", legal)


def test_the_returning_player_sees_the_hexes_the_others_changed(client, players, time_machine):
    game, _rng = game_until(players, lambda g: moves_to(g, False))
    mover = game.current_seat
    absent = game.seats.exclude(number=mover).get()
    Seat.objects.filter(pk=absent.pk).update(last_seen_at=timezone.now() - timedelta(hours=1))
    hexes = game.state["hexes"]
    move = next(
        a
        for a in get_kind("nile").engine.legal_actions(game.state)
        if a.startswith("move ") and (hexes.get(a.split()[1]) or {}).get("terrain")
    )
    user = game.seats.get(number=mover).user
    game = services.submit_action(game, user, move, game.version)
    client.force_login(absent.user)
    html = client.get(game.get_absolute_url()).content.decode()
    assert move.split()[1] in set(CHANGED.findall(html))
    assert "Changed since your last visit" in html
    time_machine.move_to(timezone.now() + timedelta(minutes=2))
    html = client.get(game.get_absolute_url()).content.decode()
    assert not CHANGED.findall(html)
