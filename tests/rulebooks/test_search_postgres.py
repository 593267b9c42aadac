"""Full-text search on PostgreSQL: each rulebook is searched with its language's configuration,
so inflected words find their stems, and a match in a title ranks first."""

import pytest
from django.urls import reverse

from rulebooks.models import Section

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]


def found(words, **filters):
    sections = Section.objects.select_related("rulebook").filter(
        **{f"rulebook__{key}": value for key, value in filters.items()}
    )
    return [(s.rulebook.language, s.anchor) for s in sections.matching(words)]


@pytest.mark.parametrize(
    ("language", "words", "anchor"),
    [
        ("en", "uncovering markers", "uncover"),
        ("fr", "chercheurs déplacés", "move"),
        ("nl", "basiskampen", "camp-research"),
        ("de", "Basislagern", "camp-research"),
    ],
)
def test_inflected_words_find_their_sections(summaries, language, words, anchor):
    assert (language, anchor) in found(words, language=language)


def test_a_match_in_a_title_ranks_before_a_match_in_the_text(summaries):
    results = found("simple variant", language="en")

    assert results[0] == ("en", "simple")


def test_a_search_across_languages_reads_each_rulebook_in_its_own_language(summaries):
    # French stemming makes "déplacés" and "déplacer" one word; English stemming would not.
    results = found("déplacés")

    assert ("fr", "move") in results
    assert all(language == "fr" for language, _anchor in results)


def test_the_search_page_uses_full_text_search(client, summaries):
    html = client.get(reverse("rulebooks:search"), {"q": "uncovered", "language": "en"}).content

    assert b'href="/rules/africa/en/#uncover"' in html
