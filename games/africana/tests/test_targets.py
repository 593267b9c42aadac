"""Africana's clickable locations say what they do and what changed: a location one card
takes the explorer to and one where a card is to be chosen look different and have their
legend line, every location says its action on hover and focus, and the locations the other
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
    r'<a class="cell-link" href="[^"]*" aria-label="([^"]*)"[^>]*>\s*'
    r'<g class="location highlighted target-(\w+)[^"]*" data-location="([a-z-]+)"[^>]*>\s*'
    r"<title>([^<]*)</title>"
)
CHANGED = re.compile(r'<g class="location[^"]*\bchanged\b[^"]*" data-location="([a-z-]+)"')


def targets(html: str) -> dict[str, tuple[str, str, str]]:
    """{location: (target kind, aria-label, title)} of the map's clickable locations."""
    return {m[3]: (m[2], m[1], m[4]) for m in TARGET.finditer(html)}


def game_with(players, want) -> Game:
    """A 2-player game played by the bots until ``want(legal actions)`` holds on a turn."""
    kind = get_kind("africana")
    rng = random.Random(5)
    game = random_game(kind, players[:2], None, rng, plies=0)
    users = {seat.number: seat.user for seat in game.seats.select_related("user")}
    for _ply in range(200):
        if want(kind.engine.legal_actions(game.state)):
            return game
        action = bot_action(game, rng)
        game = services.submit_action(game, users[game.current_seat], action, game.version)
    pytest.fail("no such turn in 200 plies")


def several_cards_fit(legal: list[str]) -> bool:
    places = [a.split()[1] for a in legal if a.startswith("go ")]
    return len(places) != len(set(places)) and len(set(places)) > 1


def to_move(client, game):
    client.force_login(game.seats.get(number=game.current_seat).user)
    return client.get(game.get_absolute_url()).content.decode()


def test_a_step_and_a_choice_of_card_look_different_and_say_what_they_do(client, players):
    game = game_with(players, several_cards_fit)
    found = targets(to_move(client, game))
    kinds = {kind for kind, _label, _title in found.values()}
    assert kinds == {"step", "choose"}
    for kind, label, title in found.values():
        assert title.startswith(f"{label}. ")
        if kind == "choose":
            assert label.endswith(": choose a card")
        else:
            assert label.startswith("Move to ") and " playing the " in label


def test_the_legend_names_every_kind_of_target(client, players):
    game = game_with(players, lambda legal: any(a.startswith("go ") for a in legal))
    html = to_move(client, game)
    legend = html[html.index('<details class="legend-box">') :]
    for words in get_kind("africana").board.target_kinds.values():
        assert str(words) in legend
    assert "Changed since your last visit" not in legend


def test_steps_go_on_and_a_draw_or_done_ends_the_turn(players):
    kind = get_kind("africana")
    legal = ["done", "draw", "go kairo orange", "join E07"]
    assert kind.notation.ends_turn("draw") and kind.notation.ends_turn("done")
    assert not kind.notation.ends_turn("go kairo orange")
    assert kind.page.needs_confirmation("draw", legal)
    assert not kind.page.needs_confirmation("go kairo orange", legal)


def test_a_one_card_step_is_played_in_one_click(client, players):
    game = game_with(players, lambda legal: any(a.startswith("go ") for a in legal))
    html = to_move(client, game)
    step = next(loc for loc, (kind, _l, _t) in targets(html).items() if kind == "step")
    start = html.index(f'data-location="{step}"')
    assert "hx-post=" in html[html.rindex("<a ", 0, start) : start]


def test_the_returning_player_sees_the_locations_the_others_changed(client, players, time_machine):
    game = game_with(players, lambda legal: any(a.startswith("go ") for a in legal))
    mover = game.current_seat
    absent = game.seats.exclude(number=mover).get()
    Seat.objects.filter(pk=absent.pk).update(last_seen_at=timezone.now() - timedelta(hours=1))
    go = next(a for a in get_kind("africana").engine.legal_actions(game.state) if a[:3] == "go ")
    origin = game.state["explorers"][mover]
    game = services.submit_action(game, game.seats.get(number=mover).user, go, game.version)
    client.force_login(absent.user)
    html = client.get(game.get_absolute_url()).content.decode()
    assert set(CHANGED.findall(html)) == {origin, go.split()[1]}
    assert "Changed since your last visit" in html
    assert "1 move since your last visit" in html
    time_machine.move_to(timezone.now() + timedelta(minutes=2))
    html = client.get(game.get_absolute_url()).content.decode()
    assert not CHANGED.findall(html)


def test_a_target_that_would_end_the_turn_asks_first(client, players, monkeypatch):
    """Were a step to end the turn while another action is possible, its location would
    open a confirmation instead of playing at once (no step ends it in the rulebook)."""
    kind = get_kind("africana")
    monkeypatch.setattr(
        type(kind.notation), "ends_turn", lambda self, action: action[:3] in ("go ", "don")
    )
    game = game_with(players, lambda legal: any(a.startswith("go ") for a in legal))
    html = to_move(client, game)
    step = next(loc for loc, (kind, _l, _t) in targets(html).items() if kind == "step")
    start = html.index(f'data-location="{step}"')
    assert "hx-post=" not in html[html.rindex("<a ", 0, start) : start]
    html = client.get(game.get_absolute_url(), {"cell": step}).content.decode()
    assert "This ends your turn, although you could still do something else." in html
