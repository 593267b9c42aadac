"""The your-turn mail as a way to play: a personal reply address, the legal actions in the
move notation, the board as text and as a picture, and never a face-down marker."""

import pytest

from games import services
from games.africa.engine.data import board as africa_board
from games.africa.kind.mail import ABBREVIATIONS
from games.kinds import get_kind
from tests.fixtures import shows
from tests.support.mail import last_mail_to, reply_to
from tests.support.play import player_to_move

MAIL = get_kind("africa").mail

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(alice, bob, settings, django_capture_on_commit_callbacks, mailoutbox):
    settings.REPLY_DOMAIN = "play.example.org"
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, seed=2024)
        services.join_game(game, bob)
    game.refresh_from_db()
    return game


def grid(text: str) -> dict[str, str]:
    """{cell: what the text board shows there} read back from ``board_text``'s grid."""
    lines = text.split("\n")
    header = lines[0]
    columns = {header.index(letter): letter for letter in header.split()}
    shown = {}
    for line in lines[1:]:
        row = line[:2].strip()
        for position, letter in columns.items():
            value = line[position : position + 4].strip()
            if value:
                shown[f"{letter}{row}"] = value
    return shown


def test_the_turn_mail_has_a_personal_reply_address(duel, mailoutbox):
    user = player_to_move(duel)
    mail = last_mail_to(mailoutbox, user)

    address = reply_to(mail)
    assert address.startswith(f"play+{duel.pk}.0.{duel.version}.")
    assert address.endswith("@play.example.org")
    assert "Reply to this mail to play" in mail.body


def test_the_turn_mail_lists_the_legal_actions_in_the_move_notation(duel, mailoutbox):
    body = last_mail_to(mailoutbox, player_to_move(duel)).body

    for action in duel.kind.engine.legal_actions(duel.state):
        assert f"  {action}  (" in body


def test_the_turn_mail_shows_the_board_as_text_and_as_a_picture(pictures, duel, mailoutbox):
    mail = last_mail_to(mailoutbox, player_to_move(duel))
    html = mail.alternatives[0][0]

    assert "The board:" in mail.body
    assert grid(MAIL.board_text(duel.kind.engine.observation(duel.state, 0)))["E4"] == "?"
    assert 'src="cid:board"' in html and "<pre" in html


def test_a_few_actions_are_listed_with_their_words(
    duel, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.submit_action(duel, player_to_move(duel), "start C2", duel.version)
        game = services.submit_action(game, player_to_move(game), "start D7", game.version)
    body = last_mail_to(mailoutbox, player_to_move(game)).body

    assert "  uncover B3  (Uncover the marker on B3)\n" in body
    assert "  camp research  (Set up a base camp here to do research)\n" in body


def test_a_long_list_of_actions_is_grouped_by_keyword():
    legal = [f"anywhere {c}{r}" for c in "ABC" for r in range(1, 5)] + [
        "animal B7 D7",
        "animal B7 E7",
        "camp research",
        "camp resources",
        "end",
        "swap P2 kettle",
    ]

    assert MAIL.group_actions(legal) == [
        "anywhere A1 B1 C1 A2 B2 C2 A3 B3 C3 A4",  # the text board's rows, then columns
        "anywhere B4 C4",
        "animal B7 D7, B7 E7",
        "camp research resources",
        "end",
        "swap P2 kettle",
    ]


def test_the_text_board_never_shows_a_face_down_marker(
    duel, mailoutbox, django_capture_on_commit_callbacks
):
    # Play a few turns so that some markers are face up and most are still face down.
    game = duel
    with django_capture_on_commit_callbacks(execute=True):
        for action in ("start C2", "start D7", "uncover C3", "keep", "end"):
            game = services.submit_action(game, player_to_move(game), action, game.version)
    body = last_mail_to(mailoutbox, player_to_move(game)).body
    text = body.split("The board:\n")[1].split("\n? face-down")[0]
    shown = grid(text)
    hidden = game.kind.engine.observation(game.state, None)["cells"]

    assert set(shown) == set(africa_board().cells)
    for cell, info in hidden.items():
        if info["marker"] == "hidden":
            assert shown[cell].startswith("?"), cell
        elif info["marker"]:
            assert shown[cell].startswith(ABBREVIATIONS[info["marker"]]), cell
    assert not shows(body, game.seed)


def test_researchers_and_camps_are_marked_on_the_text_board():
    cells = {cell: {"marker": None, "researcher": None, "camp": False} for cell in ["C2", "D2"]}
    cells["C2"]["researcher"] = 0
    cells["D2"].update(marker="gold2", camp=True)

    shown = grid(MAIL.board_text({"cells": cells}))

    assert shown == {"C2": ".1", "D2": "g2^"}
