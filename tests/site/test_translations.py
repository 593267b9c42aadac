"""The site speaks English, French and Dutch: full catalogues, pages in the reader's language."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.urls import reverse

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_catalogue_translates_every_message(language):
    with open(LOCALE / language / "LC_MESSAGES" / "django.po", "rb") as po:
        catalogue = read_po(po, locale=language)

    untranslated = [m.id for m in catalogue if m.id and not m.string]
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en", "Explore Africa, one move a day"),
        ("fr", "Explorez l'Afrique"),
        ("nl", "Ontdek Afrika"),
    ],
)
def test_front_page_in_the_browser_language(client, language, heading):
    response = client.get(reverse("home"), headers={"accept-language": language})

    assert heading in response.content.decode().replace("&#x27;", "'")
