"""The admin: staff add a rulebook by uploading a file (plain text or Markdown) and it is
rendered at once; players never get in."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from rulebooks.models import Rulebook

pytestmark = pytest.mark.django_db

ADD = reverse("admin:rulebooks_rulebook_add")


def form(**fields):
    blank = dict.fromkeys(("title", "version", "source", "differences", "credits"), "")
    chosen = {"game": "africa", "language": "fr", "kind": "full", "source_format": "markdown"}
    return blank | chosen | fields


def test_staff_uploads_a_plain_text_rulebook(client, staff):
    client.force_login(staff)
    upload = SimpleUploadedFile(
        "africa.fr.txt", "Africa\n\nPréparation\n\nChaque joueur...\n".encode(), "text/plain"
    )

    response = client.post(ADD, form(upload=upload, version="Wargas"))

    assert response.status_code == 302, response.content.decode()[-2000:]
    rulebook = Rulebook.objects.get()
    assert (rulebook.title, rulebook.source_format, rulebook.version) == (
        "Africa",
        "text",
        "Wargas",
    )
    assert list(rulebook.sections.values_list("anchor", flat=True)) == ["preparation"]
    assert client.get("/rules/africa/fr/full/").status_code == 200


def test_staff_uploads_markdown_with_front_matter(client, staff):
    client.force_login(staff)
    source = "---\ntitle: Règles maison\ncredits: Nous\n---\n## Mise en place {#setup}\n\nX\n"
    upload = SimpleUploadedFile("regles.md", source.encode(), "text/markdown")

    client.post(ADD, form(upload=upload, kind="summary"))

    rulebook = Rulebook.objects.get()
    assert (rulebook.title, rulebook.credits) == ("Règles maison", "Nous")
    assert '<h2 id="setup">Mise en place</h2>' in rulebook.html


def test_staff_edits_the_source_and_the_page_follows(client, staff):
    client.force_login(staff)
    client.post(ADD, form(source="## Setup\n\nOld."))
    rulebook = Rulebook.objects.get()

    client.post(
        reverse("admin:rulebooks_rulebook_change", args=[rulebook.pk]),
        form(source="## Setup\n\nNew <script>x()</script>.", title="Rules"),
    )

    rulebook.refresh_from_db()
    assert "New" in rulebook.html and "<script>" not in rulebook.html


def test_a_rulebook_needs_a_file_or_a_source(client, staff):
    client.force_login(staff)

    response = client.post(ADD, form())

    assert response.status_code == 200
    assert "Upload a file or write the source." in response.content.decode()
    assert not Rulebook.objects.exists()


def test_a_file_that_is_not_utf8_is_refused(client, staff):
    client.force_login(staff)
    upload = SimpleUploadedFile("rules.txt", "Préparation".encode("utf-16"), "text/plain")

    response = client.post(ADD, form(upload=upload))

    assert "not UTF-8" in response.content.decode()
    assert not Rulebook.objects.exists()


def test_players_cannot_add_rulebooks(client, alice):
    client.force_login(alice)

    response = client.post(ADD, form(source="## Setup"))

    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert not Rulebook.objects.exists()
