"""The home page shows each game's board as a new game shows it, beside its "Play now
against the computer" button, in the reader's language, with no id used twice."""

import re
from collections import Counter

import pytest

from games.kinds import all_kinds

pytestmark = pytest.mark.django_db


def _cards(html: str) -> list[str]:
    return re.findall(r"<li>\s*<h2>.*?</li>", html, flags=re.S)


def test_each_game_on_the_home_page_has_a_picture_of_its_board(client):
    html = client.get("/").content.decode()

    cards = _cards(html)
    assert html.count('class="home-board" role="img"') == len(all_kinds()) >= 3
    for kind in all_kinds():
        card = next(card for card in cards if f"<h2>{kind.label}</h2>" in card)
        assert "<svg" in card and "Play now against the computer" in card
    assert "Source of the Nile at the start of a game" in html
    assert "Khartoum" in html  # a port's name on the Nile's map


def test_the_pictures_repeat_no_id_and_their_references_follow(client):
    html = client.get("/").content.decode()

    ids = Counter(re.findall(r'\bid="([^"]+)"', html))
    assert [name for name, count in ids.items() if count > 1] == []
    for target in re.findall(r'href="#([^"]+)"|url\(#([^)]+)\)', html):
        name = target[0] or target[1]
        if name.startswith("start-"):
            assert name in ids


def test_the_pictures_speak_the_readers_language(client):
    html = client.get("/", headers={"accept-language": "nl"}).content.decode()

    assert "Bron van de Nijl" in html
    assert "aan het begin van een partij" in html


def test_the_home_page_loads_the_stylesheets_of_every_board_it_shows_once(client):
    html = client.get("/").content.decode()

    for kind in all_kinds():
        for path in (*kind.board.stylesheets, *kind.page.stylesheets):
            assert html.count(f'href="/static/{path}"') == 1
