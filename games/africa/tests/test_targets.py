"""Africa's highlighted targets say what they do: each kind of target has its own class (its
outline, pattern and colour) and legend line, the action's words on hover and focus, and a
jump that ends the turn asks first while another action was possible."""

import re

import pytest
from django.urls import reverse

from games.kinds import get_kind
from tests.support.play import AFRICA_ONLY, play, player_to_move, uncover_and_decide

pytestmark = [AFRICA_ONLY, pytest.mark.django_db]


def targets(html: str) -> dict[str, tuple[str, str]]:
    """{cell: (target kind, the cell's title)} of the board's highlighted cells."""
    found = {}
    for match in re.finditer(
        r'<g class="cell [^"]*target-(\w+)[^"]*" data-cell="(\w+)">\s*<title>([^<]*)</title>', html
    ):
        found[match[2]] = (match[1], match[3])
    return found


def link_of(html: str, cell: str) -> str:
    """The opening <a> tag of ``cell``'s link."""
    start = html.index(f'data-cell="{cell}"')
    return html[html.rindex("<a ", 0, start) : start]


@pytest.fixture
def turn_start(client, duel_underway):
    """The first player's turn, before any action: a jump anywhere is still allowed."""
    client.force_login(player_to_move(duel_underway))
    return duel_underway


@pytest.fixture
def mid_turn(client, duel_underway):
    """The first player's turn after one uncovered marker: spaces to step onto are free."""
    game = uncover_and_decide(duel_underway)
    client.force_login(player_to_move(game))
    return game


def test_jumps_look_different_from_other_targets_and_say_what_they_do(client, turn_start):
    html = client.get(turn_start.get_absolute_url()).content.decode()
    found = targets(html)
    jump = next(cell for cell, (kind, _t) in found.items() if kind == "jump")
    other = next(cell for cell, (kind, _t) in found.items() if kind != "jump")
    assert found[jump][1].startswith(f"Travel to {jump} (this ends your turn).")
    assert found[other][1].startswith("Uncover the marker on ")
    assert f'aria-label="Travel to {jump} (this ends your turn)"' in link_of(html, jump)


def test_a_step_that_lets_the_turn_go_on_is_its_own_kind(client, mid_turn):
    found = targets(client.get(mid_turn.get_absolute_url()).content.decode())
    step = next(cell for cell, (kind, _t) in found.items() if kind == "step")
    assert found[step][1].startswith(f"Move your researcher to {step}.")
    assert "jump" not in {kind for kind, _t in found.values()}


def test_the_legend_names_every_kind_of_target(client, turn_start):
    html = client.get(turn_start.get_absolute_url()).content.decode()
    target_kinds = get_kind("africa").board.target_kinds
    for words in target_kinds.values():
        assert str(words) in html
    assert html.count('class="cell highlighted target-') >= len(target_kinds)


def test_a_jump_that_ends_the_turn_asks_before_it_is_played(client, turn_start):
    mid_turn = turn_start
    html = client.get(mid_turn.get_absolute_url()).content.decode()
    jump = next(cell for cell, (kind, _t) in targets(html).items() if kind == "jump")
    tag = link_of(html, jump)
    assert "hx-post" not in tag  # one click does not play it
    assert f"?cell={jump}" in tag
    version = mid_turn.version
    page = client.get(mid_turn.get_absolute_url(), {"cell": jump}).content.decode()
    assert "This ends your turn, although you could still do something else." in page
    assert f'value="anywhere {jump}"' in page
    mid_turn.refresh_from_db()
    assert mid_turn.version == version
    client.post(
        reverse("game_act", args=[mid_turn.code]),
        {"action": f"anywhere {jump}", "version": version},
    )
    mid_turn.refresh_from_db()
    assert mid_turn.version > version


def test_a_step_is_played_in_one_click(client, mid_turn):
    html = client.get(mid_turn.get_absolute_url()).content.decode()
    step = next(cell for cell, (kind, _t) in targets(html).items() if kind == "step")
    assert "move " + step in link_of(html, step)


def test_without_another_choice_nothing_asks():
    kind = get_kind("africa")
    assert kind.page.needs_confirmation("anywhere E4", ["anywhere E4", "move D4", "end"])
    assert not kind.page.needs_confirmation("anywhere E4", ["anywhere E4", "anywhere F5", "end"])
    assert not kind.page.needs_confirmation("move D4", ["anywhere E4", "move D4", "end"])


def test_start_cities_are_start_targets(client, duel):
    client.force_login(player_to_move(duel))
    found = targets(client.get(duel.get_absolute_url()).content.decode())
    assert found and {kind for kind, _t in found.values()} == {"start"}


def test_a_marker_to_place_is_a_place_target(client, mid_turn):
    game = mid_turn
    for _n in range(40):
        pending = game.kind.engine.observation(game.state, None)["pending"]
        if pending and pending["type"] == "place":
            break
        legal = game.kind.engine.legal_actions(game.state)
        action = next((a for a in legal if a.startswith(("uncover ", "keep"))), None) or next(
            (a for a in legal if a.startswith("move ")), "end"
        )
        game = play(game, action)
    else:
        pytest.skip("no animal or nomad uncovered in this game")
    client.force_login(player_to_move(game))
    kinds = {
        kind for kind, _t in targets(client.get(game.get_absolute_url()).content.decode()).values()
    }
    assert kinds == {"place"}
