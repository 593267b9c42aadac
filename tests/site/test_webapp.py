"""The installable app: the manifest, the service worker, the offline page and the tags of
every page that point to them."""

import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db


def png_size(path: str) -> tuple[int, int]:
    """(width, height) of the PNG file at ``path``, from its IHDR chunk."""
    with open(path, "rb") as image:
        head = image.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def static_file(url: str) -> str:
    """The file behind the static ``url`` ("/static/icons/...")."""
    path = finders.find(url.removeprefix("/static/"))
    assert path is not None, url
    return path


def test_the_manifest_names_the_app_and_starts_at_my_games(client):
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Africa"
    assert manifest["short_name"]
    assert manifest["start_url"] == reverse("my_games")
    assert manifest["scope"] == "/"
    assert manifest["id"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    assert manifest["lang"] == "en"


def test_the_manifest_icons_are_pngs_of_their_stated_sizes(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)

    seen = set()
    for icon in manifest["icons"]:
        width, height = png_size(static_file(icon["src"]))
        assert icon["sizes"] == f"{width}x{height}"
        assert icon["type"] == "image/png"
        seen.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen


def test_the_manifest_is_in_the_readers_language(client):
    manifest = json.loads(
        client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )

    assert manifest["lang"] == "fr"
    assert manifest["description"].startswith("Des jeux")


def worker(client) -> tuple[dict, str]:
    """(what the worker is told to keep, its source) from ``/service-worker.js``."""
    first_line, source = client.get("/service-worker.js").content.decode().split("\n", 1)
    return json.loads(first_line.removeprefix("self.PRECACHE = ").removesuffix(";")), source


def test_the_worker_is_served_at_the_root_with_the_whole_site_as_scope(client):
    response = client.get("/service-worker.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    _config, source = worker(client)
    for event in ("install", "activate", "fetch", "push", "notificationclick"):
        assert f'self.addEventListener("{event}"' in source


def test_the_worker_keeps_only_the_offline_page_and_static_files(client):
    config, _source = worker(client)

    assert config["offline"] == reverse("offline")
    assert all(url.startswith("/static/") for url in config["assets"])
    for url in config["assets"]:
        assert static_file(url)
    assert png_size(static_file(config["badgeIcon"])) == (96, 96)


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "You are offline; your games will be here when you are back."),
        ("fr", "Vous êtes hors ligne ; vos parties seront là à votre retour."),
        ("nl", "Je bent offline; je spellen staan hier weer zodra je terug bent."),
    ],
)
def test_the_offline_page_is_in_the_readers_language(client, language, text):
    response = client.get("/offline/", HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 200
    assert text in response.content.decode()
    assert response["Content-Language"] == language


def test_the_offline_page_names_nobody_and_has_no_form(client, alice):
    client.force_login(alice)
    html = client.get("/offline/").content.decode()

    assert alice.display_name not in html
    assert "<form" not in html
    assert "csrf" not in html.lower()


@pytest.mark.parametrize(
    ("name", "signed_in"),
    [("home", False), ("account_login", False), ("home", True), ("my_games", True)],
)
def test_every_page_links_the_manifest_and_the_phone_tags(client, alice, name, signed_in):
    if signed_in:
        client.force_login(alice)
    html = client.get(reverse(name)).content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#8a3b12">' in html
    assert '<meta name="apple-mobile-web-app-capable" content="yes">' in html
    assert '<meta name="mobile-web-app-capable" content="yes">' in html
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in html
    assert '<script src="/static/js/app.js" data-worker="/service-worker.js" defer>' in html
    assert png_size(static_file("/static/icons/apple-touch-icon.png")) == (180, 180)


def test_the_csp_lets_the_site_serve_its_own_worker_and_manifest(client):
    csp = client.get(reverse("home"))["Content-Security-Policy"]

    assert "worker-src 'self'" in csp
    assert "manifest-src 'self'" in csp


def test_a_signed_in_page_tells_the_games_waiting(client, alice, bob):
    from games import services

    game = services.create_game(alice, engine="toy", num_players=2)
    services.join_game(game, bob)
    game.refresh_from_db()
    to_play = game.seats.get(number=game.current_seat).user
    other = bob if to_play == alice else alice

    for user, count in [(to_play, 1), (other, 0)]:
        client.force_login(user)
        html = client.get(reverse("home")).content.decode()
        assert f'<meta name="games-waiting" content="{count}">' in html


def test_a_visitors_page_tells_no_count(client):
    assert 'name="games-waiting"' not in client.get(reverse("home")).content.decode()
