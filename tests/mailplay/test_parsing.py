"""Reading replies as real mail programs write them: only the player's new lines count."""


import pytest

from games.kinds import get_kind
from mailplay.parsing import (
    MAX_LINE,
    UnknownWord,
    clean_text,
    html_to_text,
    parse_actions,
    parse_bytes,
    reply_text,
    strip_quoted,
)
from tests.support.mail import ALL_MAILS, MAILS

AFRICA = get_kind("africa").notation



def read_mail(name: str):
    return parse_bytes((MAILS / name).read_bytes())


@pytest.mark.parametrize("name", ALL_MAILS)
def test_only_the_new_action_is_read_not_the_quoted_mail_or_signature(name):
    # Every fixture answers "start C2" above a quoted mail (or signature) that holds another
    # action; only the new one may be read.
    assert [action for _n, action in parse_actions(reply_text(read_mail(name)), AFRICA)] == [
        "start c2"
    ]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("latin1_qp.eml", "Voilà, j'ai joué. À toi !"),
        ("cp1252_qp.eml", "That’s my move – € 0 spent."),
        ("base64_utf8.eml", "Grüße aus Köln — bis gleich!"),
        ("outlook_fr.eml", "Merci, à bientôt."),
        ("outlook_de.eml", "Viele Grüße – bis gleich!"),
    ],
)
def test_other_charsets_and_transfer_encodings_are_decoded(name, words):
    assert words in reply_text(read_mail(name))


def test_an_html_only_mail_is_read_without_its_blockquote():
    text = reply_text(read_mail("html_only.eml"))
    assert "start C2" in text
    assert "start D7" not in text and "your turn" not in text


def test_html_is_turned_into_one_line_per_block():
    html = "<div>uncover E4<br>place F5</div><p>end</p><div class='gmail_quote'>x</div>"
    assert html_to_text(html).split() == ["uncover", "E4", "place", "F5", "end"]


@pytest.mark.parametrize(
    "header",
    [
        "On Sat, 21 Nov 2026 at 10:55, Africa <noreply@localhost> wrote:",
        "Le sam. 21 nov. 2026 à 10:55, Africa <noreply@localhost> a écrit :",
        "Op za 21 nov. 2026 om 10:55 schreef Africa <noreply@localhost>:",
        "Am Sa., 21. Nov. 2026 um 10:55 Uhr schrieb Africa <noreply@localhost>:",
        "-----Ursprüngliche Nachricht-----",
        "Von: Africa <noreply@localhost>",
        "-----Original Message-----",
        "De : Africa <noreply@localhost>",
        "Van: Africa <noreply@localhost>",
        "From: Africa <noreply@localhost>",
    ],
)
def test_quote_headers_end_the_reply(header):
    assert strip_quoted(f"uncover E4\n\n{header}\nplace F5\n") == "uncover E4"


def test_a_wrapped_quote_header_ends_the_reply():
    text = "end\n\nOn Sat, 21 Nov 2026 at 10:55, Africa <\nplay+1.0.1.abc@localhost> wrote:\nx"
    assert strip_quoted(text) == "end"


def test_actions_accept_any_case_extra_blanks_bullets_and_a_full_stop():
    text = "  UNCOVER    e4 \n- place F5.\n\nend\n\nThanks, see you!"
    assert parse_actions(text, AFRICA) == [(1, "uncover e4"), (2, "place f5"), (4, "end")]


def test_an_unknown_first_word_is_named():
    with pytest.raises(UnknownWord) as caught:
        parse_actions("Please do\nuncover E4", AFRICA)
    assert (caught.value.number, caught.value.word) == (1, "Please")


@pytest.mark.parametrize(
    "greeting",
    [
        "Hi!",
        "Hello,",
        "Bonjour,",
        "Salut Anne !",
        "Hallo Jan,",
        "Beste Jan de Vries,",
        "Moin!",
        "Guten Tag Frau Müller,",
        "Liebe Anna,",
        "Servus Sepp,",
    ],
)
def test_a_greeting_line_before_the_actions_is_skipped(greeting):
    text = f"{greeting}\n\nuncover E4\nend\n\nThanks"
    assert parse_actions(text, AFRICA) == [(3, "uncover e4"), (4, "end")]


def test_a_greeting_alone_is_refused_naming_it():
    with pytest.raises(UnknownWord) as caught:
        parse_actions("Hi!\nI am not sure what to do", AFRICA)
    assert (caught.value.number, caught.value.word) == (2, "I")


def test_a_mistyped_action_after_good_ones_is_an_error_not_prose():
    with pytest.raises(UnknownWord) as caught:
        parse_actions("uncover E4\nplcae F5\nend", AFRICA)
    assert (caught.value.number, caught.value.word) == (2, "plcae")


def test_a_keyword_with_the_wrong_number_of_words_is_refused():
    with pytest.raises(UnknownWord) as caught:
        parse_actions("swap P2", AFRICA)
    assert (caught.value.word, caught.value.expected) == ("swap", 2)


def test_text_read_from_a_mail_keeps_its_lines_and_loses_what_cannot_be_stored_or_sent():
    text = "start C2\x00\r\nsay hi\ud800\x1b\rend\u2028\tpass\x7f"
    assert clean_text(text) == "start C2\nsay hi\nend\n\tpass"
    assert clean_text("<id\x00@host>\r\n x", one_line=True) == "<id@host>  x"
    assert clean_text("a" * 2000) == "a" * (MAX_LINE - 1) + "\u2026"
