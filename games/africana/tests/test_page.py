"""An Africana game played on the play page alone: every legal action is reachable by a click
(a location on the map, a card choice under it, or a button), a 2-player game is played to its
end through those clicks, and the final page shows the places and each score's breakdown."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import translation

from games.africana.kind.terms import INITIALS, SEAT_COLOURS, TRAVEL_COLOURS
from games.kinds import get_kind
from games.models import Game
from games.templatetags.seat_tokens import SHAPES
from tests.support.pages import random_game

pytestmark = pytest.mark.django_db

BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)"')
DIRECT = re.compile(r"hx-vals='([^']+)'")
CHOICE = re.compile(r'<a class="cell-link" href="[^"?]*\?cell=([a-z-]+)"')


def clickable(client: Client, game: Game) -> set[str]:
    """Every action the play page offers by a click: buttons, one-click locations, and the
    buttons behind each location whose card is to be chosen."""
    url = game.get_absolute_url()
    page = client.get(url).content.decode()
    offered = set(BUTTON.findall(page))
    offered |= {json.loads(html.unescape(vals))["action"] for vals in DIRECT.findall(page)}
    for loc in set(CHOICE.findall(page)):
        choice = client.get(url, {"cell": loc}).content.decode()
        offered |= {a for a in BUTTON.findall(choice) if a.startswith(f"go {loc} ")}
    return {html.unescape(a) for a in offered}


def test_a_two_player_game_is_played_to_the_end_by_clicks(players):
    kind = get_kind("africana")
    rng = random.Random(11)
    game = random_game(kind, players[:2], None, rng, plies=0)
    clients = {}
    for seat in game.seats.select_related("user"):
        clients[seat.number] = Client()
        clients[seat.number].force_login(seat.user)
    checked = 0
    while game.status == Game.Status.ACTIVE:
        client = clients[game.current_seat]
        legal = kind.engine.legal_actions(game.state)
        if checked < 25:  # the offer is checked on the first plies; then play on faster
            assert clickable(client, game) == set(legal)
            checked += 1
        observation = kind.engine.observation(game.state, game.current_seat)
        action = kind.engine.choose(observation, legal, rng)
        response = client.post(
            f"{game.get_absolute_url()}act/", {"action": action, "version": game.version}
        )
        assert response.status_code in (200, 302)
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    page = clients[0].get(game.get_absolute_url()).content.decode()
    assert "The game is over." in page
    assert "Place 1" in page
    table = page[page.index('<table class="breakdown">') : page.index("</table>")]
    for heading in ("Expeditions", "Artifacts", "Artifact sets", "Assistants", "Total"):
        assert f'<th scope="row">{heading}</th>' in table
    assert '<th scope="row">Silver coins (tie-break)</th>' in table
    head = table[: table.index("</thead>")]
    seats = sorted(game.seats.select_related("user"), key=lambda s: head.index(s.user.display_name))
    assert [s.place for s in seats] == sorted(s.place for s in seats)  # the winner first


def test_the_panel_lists_only_the_viewers_own_hand(players):
    kind = get_kind("africana")
    game = random_game(kind, players[:3], None, random.Random(5), plies=6)
    observation = kind.engine.observation(game.state, 1)
    rows = kind.page.panel(observation, list(game.seats.select_related("user").order_by("number")))

    assert [row["hand"] is not None for row in rows] == [False, True, False]
    assert [row["hand_size"] for row in rows] == [
        sum(hand.values()) for hand in game.state["hands"]
    ]


def test_the_final_breakdown_adds_up_to_each_score_in_place_order(players):
    kind = get_kind("africana")
    game = random_game(kind, players[:3], None, random.Random(8), plies=10_000)
    assert game.status == Game.Status.FINISHED
    names = [s.user.display_name for s in game.seats.select_related("user").order_by("number")]

    breakdown = kind.score.final_breakdown(kind.engine.observation(game.state, None), names)

    assert breakdown["columns"][0] == "Expeditions"
    assert breakdown["columns"][-1] == "Silver coins (tie-break)"
    seats = {s.number: s for s in game.seats.all()}
    for row in breakdown["rows"]:
        assert len(row["cells"]) == len(breakdown["columns"])
        assert sum(row["cells"][:-1]) == row["total"] == seats[row["seat"]].final_score
        assert row["place"] == seats[row["seat"]].place
        assert row["name"] == names[row["seat"]]
        assert row["cells"][-1] == game.state["silver"][row["seat"]]
    assert [row["place"] for row in breakdown["rows"]] == sorted(s.place for s in seats.values())


def test_equal_scores_are_ranked_by_silver_and_a_running_game_has_no_breakdown(players):
    kind = get_kind("africana")
    game = random_game(kind, players[:2], None, random.Random(2), plies=4)
    observation = kind.engine.observation(game.state, None)
    assert kind.score.final_breakdown(observation, ["Ann", "Ben"]) is None

    entry = {"expeditions": 10, "artifacts": 4, "sets": 2, "assistants": 0, "silver": 1}
    entry |= {"travel_cards": 1, "unfinished": 0, "total": 18}
    observation["final"] = [dict(entry), dict(entry)]
    observation["places"] = [2, 1]
    observation["players"][0]["silver"], observation["players"][1]["silver"] = 12, 17

    rows = kind.score.final_breakdown(observation, ["Ann", "Ben"])["rows"]

    assert [(r["name"], r["place"], r["cells"][-1]) for r in rows] == [
        ("Ben", 1, 17),
        ("Ann", 2, 12),
    ]


def test_the_page_styles_the_tokens_from_its_stylesheet_in_the_games_colours(players):
    """The site's Content-Security-Policy refuses inline styles: the board area's travel
    tokens take their colours from the game's stylesheet (games/africana/africana.css), which
    the page links; the companies' tokens are small SVG shapes whose fill comes from the
    palette (games/africana/kind/terms.py), each with its company's initial."""
    kind = get_kind("africana")
    game = random_game(kind, players[:4], None, random.Random(4), plies=30)
    client = Client()
    client.force_login(players[0])
    page = client.get(game.get_absolute_url()).content.decode()
    area = page[page.index('<section class="africana-slots"') : page.index('id="game-log"')]
    css = Path(finders.find(kind.page.stylesheets[0])).read_text()

    assert f"/static/{kind.page.stylesheets[0]}" in page
    assert "style=" not in area
    legend = area[area.index('class="legend-list"') :]
    for colour, initial in zip(SEAT_COLOURS, INITIALS, strict=True):
        assert re.search(
            rf'<g fill="{colour.fill}"[^>]*>{re.escape(SHAPES[colour.shape])}</g><text [^>]*'
            rf'fill="{colour.ink}"[^>]*>{initial}</text>',
            legend,
        )
    for key, (_name, letter, fill, ink) in TRAVEL_COLOURS.items():
        assert f'<span class="token travel-{key}">{letter}</span>' in area
        assert f".token.travel-{key} {{ background: {fill}; color: {ink}; }}" in css


def test_the_status_line_leads_the_player_to_move_to_the_move_panel(players):
    kind = get_kind("africana")
    game = random_game(kind, players[:2], None, random.Random(12), plies=5)
    pages = {}
    for seat in game.seats.select_related("user"):
        client = Client()
        client.force_login(seat.user)
        pages[seat.number] = client.get(game.get_absolute_url()).content.decode()

    link = '<a class="to-move" href="#actions-heading">Go to your move</a>'
    assert link in pages[game.current_seat]
    assert 'id="actions-heading"' in pages[game.current_seat]
    assert link not in pages[1 - game.current_seat]


@pytest.mark.parametrize(
    ("language", "left", "right"), [("fr", "gauche", "droite"), ("nl", "links", "rechts")]
)
def test_the_text_boards_adventure_piles_are_named_in_the_readers_language(language, left, right):
    kind = get_kind("africana")
    state = kind.engine.initial_state(num_players=3, seed=5, options={})
    with translation.override(language):
        text = kind.mail.board_text(kind.engine.observation(state, 0))
    assert f": {left} (" in text and f" | {right} (" in text
