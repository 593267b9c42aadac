"""The site as an installable app, in Chromium: the manifest and its icons load from the site
and pass Chromium's installability checks, the service worker takes the page over, a
navigation without network shows the offline page, a push shows a notification and sets the
count of games waiting in the tab's title, and nothing logs a console error or a CSP
violation on the way."""

import json

import pytest
from django.urls import reverse

from games import services
from tests.support.browser import signed_in_page
from tests.support.play import play, player_to_move

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: The manifest as the page finds it: its link, its answer's type, its body and its icons'
#: natural widths (0 when one does not load).
MANIFEST = """async () => {
  const link = document.querySelector('link[rel="manifest"]');
  const answer = await fetch(link.href);
  const manifest = await answer.json();
  const widths = await Promise.all(manifest.icons.map((icon) => new Promise((done) => {
    const image = new Image();
    image.onload = () => done(image.naturalWidth);
    image.onerror = () => done(0);
    image.src = new URL(icon.src, link.href).href;
  })));
  return {type: answer.headers.get("content-type"), manifest, widths};
}"""

#: The paths of every response the page's origin keeps in its caches (the Cache API).
KEPT = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      paths.push(new URL(request.url).pathname);
    }
  }
  return paths;
}"""

#: Whether the offline page the worker keeps is in the language ``lang``, for
#: ``wait_for_function`` (which does not wait for a promise): each poll starts a look in the
#: cache and reads what the one before found.
OFFLINE_IN = """(lang) => {
  caches.match("/offline/").then((kept) => {
    window.__offlineLanguage = kept ? kept.headers.get("Content-Language") : null;
  });
  return window.__offlineLanguage === lang;
}"""


def game_at_the_turn_of(user, opponent):
    game = services.create_game(user, engine="toy", num_players=2)
    services.join_game(game, opponent)
    game.refresh_from_db()
    if player_to_move(game) != user:
        game = play(game, "pass")  # "pass" ends a toy game's turn
    return game


def console_errors(page) -> list[str]:
    errors = []
    page.on("console", lambda line: line.type == "error" and errors.append(line.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def worker_registration(page, scope: str):
    """(a DevTools session of ``page`` with its ServiceWorker domain on, the id of the service
    worker registration of ``scope``: an absolute URL), to talk to the worker as Chromium's
    DevTools protocol does."""
    cdp = page.context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    for _n in range(50):  # the events come as Playwright reads the session's messages
        if any(r["scopeURL"] == scope for r in registrations):
            break
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    (found,) = {r["registrationId"] for r in registrations if r["scopeURL"] == scope}
    return cdp, found


def test_the_app_installs_and_answers_offline(browser, live_server, alice, bob):
    game = game_at_the_turn_of(alice, bob)
    page = signed_in_page(browser, live_server, alice)
    errors = console_errors(page)

    page.goto(live_server.url + reverse("my_games"))
    found = page.evaluate(MANIFEST)
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    page.reload()
    controlled = page.evaluate("navigator.serviceWorker.controller !== null")

    assert found["type"] == "application/manifest+json"
    assert found["manifest"]["start_url"] == reverse("my_games")
    assert found["manifest"]["display"] == "standalone"
    sizes = [int(icon["sizes"].split("x")[0]) for icon in found["manifest"]["icons"]]
    assert found["widths"] == sizes
    assert scope == live_server.url + "/"
    assert controlled
    # Chromium's own installability checks (as DevTools runs them): a Playwright context is an
    # incognito one, which no browser installs from; nothing else may be wrong.
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors_found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors_found] == ["in-incognito"]
    page.wait_for_function("() => document.title.startsWith('(1) ')")

    # A game page seen online is not kept: only the offline page and static files are.
    page.goto(live_server.url + game.get_absolute_url())
    kept = page.evaluate(KEPT)
    assert "/offline/" in kept
    assert all(path == "/offline/" or path.startswith("/static/") for path in kept), kept

    page.context.set_offline(True)
    page.goto(live_server.url + game.get_absolute_url())
    assert page.get_by_text("You are offline; your games will be here when you are back.").count()
    assert page.title().startswith("Offline")
    # Its stylesheet came from the worker's cache: the site's paper colour.
    paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert paper == "rgb(251, 247, 239)"
    page.context.set_offline(False)

    assert errors == []


def test_a_push_shows_its_notification_and_the_games_waiting(browser, live_server, alice, bob):
    game = game_at_the_turn_of(alice, bob)
    page = signed_in_page(browser, live_server, alice)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    errors = console_errors(page)
    page.goto(live_server.url + game.get_absolute_url())
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp, registration = worker_registration(page, live_server.url + "/")
    payload = {
        "title": "Your turn",
        "body": "Toy game with Bob",
        "url": game.get_absolute_url(),
        "tag": str(game.code),
        "badge": 4,
        "actions": [
            {"action": "yes", "title": "Yes", "url": "/mail/do/accept/signed-yes/"},
            {"action": "no", "title": "No", "url": "/mail/do/accept/signed-no/"},
        ],
    }

    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": live_server.url,
            "registrationId": registration,
            "data": json.dumps(payload),
        },
    )

    page.wait_for_function("() => document.title.startsWith('(4) ')")
    shown = page.evaluate(
        """navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) =>
             all.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url,
                              actions: n.actions.map((a) => a.action)})))"""
    )
    assert shown == [
        {
            "title": "Your turn",
            "body": "Toy game with Bob",
            "tag": str(game.code),
            "url": game.get_absolute_url(),
            "actions": ["yes", "no"],
        }
    ]
    # Where a tap leads: the action's signed link, else the game; never another site.
    (worker,) = page.context.service_workers
    targets = worker.evaluate(
        """(data) => [self.clickTarget(data, "no"), self.clickTarget(data, ""),
                      self.clickTarget({url: "https://elsewhere.example/"}, "")]""",
        {"url": payload["url"], "actions": payload["actions"]},
    )
    assert targets == [
        live_server.url + "/mail/do/accept/signed-no/",
        live_server.url + game.get_absolute_url(),
        live_server.url + "/",
    ]
    assert errors == []


def test_the_offline_page_follows_the_readers_language(browser, live_server):
    context = browser.new_context(locale="fr-FR")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function(OFFLINE_IN, arg="fr", polling=100)  # installed in French
    context.add_cookies([{"name": "django_language", "value": "nl", "url": live_server.url}])

    page.reload()  # in Dutch now: the page tells the worker, which fetches its offline page again
    page.wait_for_function(OFFLINE_IN, arg="nl", polling=100)
    context.set_offline(True)
    page.goto(live_server.url + reverse("lobby"))

    assert page.get_by_text(
        "Je bent offline; je spellen staan hier weer zodra je terug bent."
    ).count()
    context.close()
