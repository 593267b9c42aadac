"""What mails about a game say and show, for every game on the site: a turn mail that waits
while the player looks at the game, the board as a small inline picture that shows nothing
hidden, mails that can be acted on by reply, deadlines in the reader's time zone, a text board
that says who P1.. are, and Message-IDs on the site's domain."""

import io
import random
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import dateformat, timezone
from PIL import Image

from accounts.models import User
from games import notices, services
from games.kinds import KINDS, get_kind
from games.models import Game
from notifications import boardimage, tasks
from notifications.boardimage import MAX_BYTES, board_png
from notifications.models import OutboundMail
from tests.support.pages import REDEAL, random_game
from tests.support.play import first_with, play, player_to_move

pytestmark = pytest.mark.django_db


def mails_to(mailoutbox, user, start="Your turn"):
    return [m for m in mailoutbox if m.to == [user.email] and m.subject.startswith(start)]


def html_of(mail) -> str:
    return mail.alternatives[0][0]


def images_of(mail) -> dict[str, bytes]:
    """{Content-ID: bytes} of the inline images of ``mail``."""
    message = mail.message()
    return {
        part["Content-ID"].strip("<>"): part.get_payload(decode=True)
        for part in message.walk()
        if part.get_content_type() == "image/png"
    }


@pytest.fixture
def duel(alice, bob, mailoutbox):
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    tasks.send_outbox.apply()
    mailoutbox.clear()
    return game


def test_a_turn_mail_waits_while_the_player_looks_and_goes_out_once_they_leave(
    duel, client, settings, mailoutbox
):
    settings.TURN_MAIL_IDLE_MINUTES = 5
    second = [s.user for s in duel.seats.all() if s.user != player_to_move(duel)][0]
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        client.force_login(second)
        client.get(duel.get_absolute_url())  # a look at the page
        game = play(duel, first_with(duel, "start "))
        tasks.send_outbox.apply()
    assert mails_to(mailoutbox, second) == []
    with time_machine.travel(start + timedelta(minutes=3), tick=False):
        tasks.send_outbox.apply()
    assert mails_to(mailoutbox, second) == []  # not yet: the look was 3 minutes ago

    with time_machine.travel(start + timedelta(minutes=6), tick=False):
        tasks.send_outbox.apply()
        tasks.send_outbox.apply()
    with time_machine.travel(start + timedelta(minutes=30), tick=False):
        tasks.send_outbox.apply()

    [mail] = mails_to(mailoutbox, second)
    assert player_to_move(game) == second
    assert "Reply to this mail to play" in mail.body


def test_a_turn_mail_put_off_is_closed_when_the_player_moves_first(duel, client, mailoutbox):
    second = [s.user for s in duel.seats.all() if s.user != player_to_move(duel)][0]
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        client.force_login(second)
        client.get(duel.get_absolute_url())
        game = play(duel, first_with(duel, "start "))
        tasks.send_outbox.apply()
    with time_machine.travel(start + timedelta(minutes=2), tick=False):
        game = play(game, first_with(game, "start "))  # the player moved from the page
    with time_machine.travel(start + timedelta(minutes=10), tick=False):
        tasks.send_outbox.apply()

    row = OutboundMail.objects.get(key=f"turn:{game.pk}:{game.version - 1}:{second.pk}")
    assert (row.status, row.reason) == (OutboundMail.Status.CLOSED, "moved on")
    assert mails_to(mailoutbox, second) == []


def test_the_board_picture_writes_its_words_in_a_font():
    def dark_pixels(text):
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 30" width="120" '
            f'height="30"><text x="4" y="22" font-size="18" font-weight="700">{text}</text></svg>'
        )
        image = Image.open(io.BytesIO(boardimage.svg_png(svg))).convert("L")
        return sum(1 for value in image.get_flattened_data() if value < 100)

    assert dark_pixels("") == 0
    assert dark_pixels("Mombasa") > 1000  # letters, in DejaVu Sans (fonts-dejavu-core)
    assert dark_pixels("Mombasa") > dark_pixels("Lagos")


def test_a_symbol_used_in_the_board_is_drawn_where_and_as_large_as_the_use_says():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">'
        '<defs><symbol id="disc" viewBox="-10 -10 20 20"><circle r="9"/></symbol></defs>'
        '<use href="#disc" x="50" y="5" width="40" height="40" fill="#c01c28"/></svg>'
    )
    image = Image.open(io.BytesIO(boardimage.svg_png(svg))).convert("RGB")
    scale = boardimage.WIDTH / 100

    def at(x, y):
        return image.getpixel((round(x * scale), round(y * scale)))

    red = at(70, 25)
    assert red[0] > 150 and red[1] < 80  # the disc's centre
    assert at(70, 25 + 16) == at(70, 25)  # 18 units across: 9 of 10 of its box
    assert at(20, 25) == at(70, 48) != red  # nothing left of it, nor beyond its edge


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_board_picture_is_a_small_png_that_shows_nothing_hidden(name, db):
    from tests.fixtures import make_player

    kind = get_kind(name)
    players = [make_player(f"png{n}@example.com", f"Png {n}") for n in range(3)]
    count = max(kind.min_players, 2)
    game = random_game(kind, players[:count], None, random.Random(5), plies=12)
    viewer = game.current_seat if game.current_seat is not None else 0
    seats = [
        {"name": p.display_name, "colour": kind.colour_key(n)}
        for n, p in enumerate(players[:count])
    ]

    def picture(state):
        observation = kind.engine.observation(state, viewer)
        return board_png(kind, kind.board.mail_context(observation, seats, viewer))

    png = picture(game.state)
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    assert image.width >= 600 and image.height >= 300
    assert len(png) < MAX_BYTES
    assert len(set(image.convert("RGB").get_flattened_data())) > 8  # drawn, not one flat colour
    assert not {key for key in image.info if key not in ("dpi", "gamma", "transparency")}
    # The same position with its hidden things dealt differently: the very same picture.
    assert picture(REDEAL[name](game.state)) == png


def test_the_turn_mail_shows_the_board_inline_with_alt_text(duel, mailoutbox, pictures):
    game = play(duel, first_with(duel, "start "))
    tasks.send_outbox.apply()
    [mail] = mails_to(mailoutbox, player_to_move(game))

    images = images_of(mail)
    assert list(images) == ["board"]
    assert len(images["board"]) < MAX_BYTES
    html = html_of(mail)
    assert 'src="cid:board"' in html
    assert 'alt="The board, as the game page shows it to you.' in html
    assert "<svg" not in html
    assert "P1 " in mail.body  # the text board stays


def test_the_reminder_can_be_answered_by_mail(duel, mailoutbox, pictures):
    game = play(duel, first_with(duel, "start "))
    mover = player_to_move(game)
    notices.reminder(game.pk, game.version)
    tasks.send_outbox.apply()

    [reminder] = mails_to(mailoutbox, mover, "Reminder")
    assert reminder.reply_to and reminder.reply_to[0].startswith("play+")
    assert "24 more hours for this move" in reminder.body
    assert "What you can do" in reminder.body
    assert 'src="cid:board"' in html_of(reminder)


def test_mails_that_show_the_same_board_share_one_drawing_of_it(
    duel, mailoutbox, pictures, monkeypatch
):
    drawn = []
    draw = boardimage.svg_png
    monkeypatch.setattr(boardimage, "svg_png", lambda svg: drawn.append(svg) or draw(svg))
    game = play(duel, first_with(duel, "start "))
    mover = player_to_move(game)
    notices.reminder(game.pk, game.version)
    tasks.send_outbox.apply()

    [turn] = mails_to(mailoutbox, mover)
    [reminder] = mails_to(mailoutbox, mover, "Reminder")
    assert images_of(reminder) == images_of(turn)  # the close-up and the whole board
    assert len(drawn) == len(set(drawn))  # each board drawn once, whoever's mail shows it

    # The second researcher on the board: the next turn mail shows pictures of its own.
    game = play(game, first_with(game, "start "))
    tasks.send_outbox.apply()
    [next_turn] = mails_to(mailoutbox, player_to_move(game))
    assert images_of(next_turn)["board"] != images_of(turn)["board"]
    assert len(drawn) == len(set(drawn))


def test_the_digest_gives_each_game_its_reply_address_and_position(
    alice, bob, mailoutbox, pictures
):
    User.objects.filter(pk=bob.pk).update(notifications="daily_digest")
    bob.refresh_from_db()
    game = services.create_game(alice, num_players=2, seed=3)
    services.join_game(game, bob)
    game.refresh_from_db()
    if player_to_move(game) != bob:
        game = play(game, first_with(game, "start "))
    notices.digest(bob, timezone.now().date())
    tasks.send_outbox.apply()

    [digest] = mails_to(mailoutbox, bob, "1 game")
    assert "write your actions to play+" in digest.body
    assert "What you can do" in digest.body
    assert f'src="cid:board-{game.pk}"' in html_of(digest)


def test_the_taken_over_notice_links_to_the_game(duel, mailoutbox):
    notices.notice(duel, "taken_over", 0)
    tasks.send_outbox.apply()

    [notice] = [m for m in mailoutbox if "robot" in m.body]
    assert duel.get_absolute_url() in notice.body
    assert duel.get_absolute_url() in html_of(notice)


def test_deadlines_are_in_the_readers_time_zone_with_the_time_left(duel, mailoutbox):
    second = [s.user for s in duel.seats.all() if s.user != player_to_move(duel)][0]
    User.objects.filter(pk=second.pk).update(time_zone="Asia/Tokyo")
    game = play(duel, first_with(duel, "start "))
    tasks.send_outbox.apply()

    [mail] = mails_to(mailoutbox, second)
    tokyo = game.turn_deadline.astimezone(ZoneInfo("Asia/Tokyo"))
    assert "Asia/Tokyo time" in mail.body
    # Django writes the hour as "P" does: "9:51 p.m.", "noon", "midnight"
    assert f"{tokyo:%Y}" in mail.body and dateformat.format(tokyo, "P") in mail.body
    left = (game.turn_deadline - timezone.now()).days
    body = mail.body.replace("\xa0", " ")
    assert f"({left} days left)" in body or "hours left)" in body


def test_the_text_board_says_who_each_player_is_and_the_example_is_legal(duel, mailoutbox):
    game = play(duel, first_with(duel, "start "))
    tasks.send_outbox.apply()
    mover = player_to_move(game)
    [mail] = mails_to(mailoutbox, mover)

    names = {s.number: s.user.display_name for s in game.seats.all()}
    assert f"Players: P1 {names[0]}, P2 {names[1]}" in mail.body
    example = mail.body.split("For example, reply with this line: ")[1].split(". Text below")[0]
    assert example in game.kind.engine.legal_actions(game.state)


def test_grouped_actions_follow_the_board_rows_then_columns():
    africa = get_kind("africa")
    legal = ["uncover H15", "uncover H16", "uncover H3", "uncover I14", "uncover A3", "end"]

    assert africa.mail.group_actions(legal)[0] == "uncover A3 H3 I14 H15 H16"


def test_the_finished_mail_lists_the_players_by_place(duel, mailoutbox):
    leaver = duel.seats.get(number=0).user
    services.resign(duel, leaver)
    tasks.send_outbox.apply()

    winner = duel.seats.get(number=1).user
    for mail in (m for m in mailoutbox if m.subject == "Your game of Africa is over"):
        assert mail.body.index(f"1. {winner.display_name}") < mail.body.index(
            f"2. {leaver.display_name}"
        )


def test_message_ids_use_the_sites_domain(duel, mailoutbox, settings):
    game = Game.objects.get(pk=duel.pk)
    notices.notice(game, "game_aborted")
    tasks.send_outbox.apply()

    for mail in mailoutbox:
        message_id = mail.message()["Message-ID"]
        assert message_id.endswith(f"@{settings.MESSAGE_ID_DOMAIN}>")
        assert "localhost" not in message_id
