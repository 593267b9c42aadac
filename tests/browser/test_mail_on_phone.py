"""A turn mail of each game read on a phone (360 pixels wide, in Chromium): nothing is wider
than the screen nor cut at its right edge (the text board wraps its long lines), and the
first picture, the reader's part of the board, fills the mail's width."""

from __future__ import annotations

import base64
import random
import re

import pytest

from games.kinds import get_kind
from notifications import tasks
from tests.support.pages import random_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _html_with_pictures(mail) -> str:
    """The HTML of ``mail`` with its inline pictures put in (data: URLs for cid: ones)."""
    html = mail.alternatives[0][0]
    for part in mail.message().walk():
        if part.get_content_type() == "image/png":
            cid = part["Content-ID"].strip("<>")
            data = base64.b64encode(part.get_payload(decode=True)).decode()
            html = html.replace(f'src="cid:{cid}"', f'src="data:image/png;base64,{data}"')
    return html


@pytest.mark.parametrize(("name", "plies"), [("africa", 12), ("africana", 12), ("nile", 40)])
def test_a_turn_mail_fits_a_phone(page, name, plies, alice, bob, mailoutbox, pictures, tmp_path):
    game = random_game(get_kind(name), [alice, bob], None, random.Random(7), plies=plies)
    tasks.send_outbox.apply()
    mover = game.seats.get(number=game.current_seat).user
    mail = [m for m in mailoutbox if m.to == [mover.email] and m.alternatives][-1]

    page.set_content(_html_with_pictures(mail))
    page.screenshot(path=tmp_path / f"{name}-mail-360.png", full_page=True)

    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    cut = page.evaluate(
        "[...document.querySelectorAll('pre')].filter(p => p.scrollWidth > p.clientWidth).length"
    )
    assert cut == 0
    # The Africa text map's 53 columns fit as they are: none of its rows wraps.
    rows = page.evaluate(
        "(() => { const p = document.querySelector('pre');"
        " const line = parseFloat(getComputedStyle(p).lineHeight);"
        " const padding = parseFloat(getComputedStyle(p).paddingTop) * 2;"
        " return [Math.round((p.clientHeight - padding) / line),"
        " p.textContent.trimEnd().split('\\n').length]; })()"
    )
    if name == "africa":
        assert rows[0] <= rows[1]
    widths = page.evaluate("[...document.images].map(i => i.getBoundingClientRect().width)")
    assert len(widths) == 2 and min(widths) >= 300  # the close-up, then the whole board
    assert re.search(r"The whole board:", page.inner_text("body"))
