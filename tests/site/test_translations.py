"""The site speaks English, French, Dutch and German: full catalogues, pages in the reader's
language."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.urls import reverse

LOCALE = Path(__file__).resolve().parents[2] / "locale"
#: The languages with a catalogue: every one of the site's languages but English.
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
#: What must pass through a translation unchanged: %-placeholders, {}-placeholders, HTML tags.
PLACEHOLDER = re.compile(
    r"%\([a-z_]+\)[sd]|\{[a-z_]+\}|</?(?:a|b|br|code|em|i|p|span|strong)\b[^>]*>"
)


def _catalogue(language):
    with open(LOCALE / language / "LC_MESSAGES" / "django.po", "rb") as po:
        return read_po(po, locale=language)


def _messages(catalogue):
    return [message for message in catalogue if message.id]


def test_every_language_but_english_has_a_catalogue():
    assert TRANSLATED == ["fr", "nl", "de"]
    assert sorted(path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/django.po")) == (
        sorted(TRANSLATED)
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_translates_every_message(language):
    catalogue = _catalogue(language)

    untranslated = [m.id for m in catalogue if m.id and not all(_forms(m))]
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize("language", [code for code in TRANSLATED if code != "fr"])
def test_each_catalogue_holds_the_messages_of_the_french_one(language):
    french = {(m.id, m.context) for m in _messages(_catalogue("fr"))}

    assert {(m.id, m.context) for m in _messages(_catalogue(language))} == french


def _forms(message):
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders_and_tags_of_the_message(language):
    wrong = []
    for message in _messages(_catalogue(language)):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = sorted(PLACEHOLDER.findall(ids[-1]))
        for form in _forms(message):
            found = sorted(PLACEHOLDER.findall(form))
            # a singular may say "one" instead of its count ("%(count)s game" / "1 Partie")
            if found != expected and sorted(set(found)) != sorted(set(expected)):
                wrong.append((message.id, form))
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_counted_messages_have_a_singular_and_a_plural(language):
    catalogue = _catalogue(language)

    assert catalogue.num_plurals == 2
    counted = [m for m in _messages(catalogue) if isinstance(m.id, tuple)]
    assert counted
    assert [m.id for m in counted if len(_forms(m)) != 2 or not all(_forms(m))] == []


def test_german_counts_agree_with_their_noun():
    catalogue = _catalogue("de")

    assert catalogue.plural_expr == "(n != 1)"
    assert catalogue.get(("%(count)s camel", "%(count)s camels")).string == (
        "%(count)s Kamel",
        "%(count)s Kamele",
    )
    waiting = catalogue.get(
        ("%(n)s game is waiting for your move", "%(n)s games are waiting for your move")
    )
    assert waiting.string == (
        "%(n)s Partie wartet auf deinen Zug",
        "%(n)s Partien warten auf deinen Zug",
    )


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en", "Explore Africa, one move a day"),
        ("fr", "Explorez l'Afrique"),
        ("nl", "Ontdek Afrika"),
        ("de", "Erforsche Afrika, ein Zug am Tag"),
    ],
)
def test_front_page_in_the_browser_language(client, language, heading):
    response = client.get(reverse("home"), headers={"accept-language": language})

    assert heading in response.content.decode().replace("&#x27;", "'")
