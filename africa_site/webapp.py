"""The site as an installable app: its web app manifest, its service worker and the page the
worker shows when the network is gone.

All three come from the site's own origin, at the root, so that the worker's scope is the
whole site (``/``) and the CSP's ``'self'`` covers them (``worker-src``, ``manifest-src``).
The worker's source is ``static/js/service-worker.js``, served here (not from ``/static/``,
whose scope would be ``/static/`` only) with the names of the files it keeps put before it
(``precache``): in production those names carry a hash of their content, so a new deployment
makes a new worker, which browsers fetch again at once (``Cache-Control: no-cache``).
"""

from __future__ import annotations

import functools
import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

#: The site's colours (``static/css/site.css``: ``--accent`` and ``--paper``).
THEME_COLOUR = "#8a3b12"
BACKGROUND_COLOUR = "#fbf7ef"
#: The worker's source, under the static files.
WORKER_SOURCE = "js/service-worker.js"
#: The static files the worker keeps for the offline page (its stylesheet and icons).
OFFLINE_ASSETS = ("css/site.css", "favicon.svg", "icons/icon-192.png")
#: The icons of the manifest: (static path, size in pixels, purpose).
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-192.png", 192, "maskable"),
    ("icons/maskable-512.png", 512, "maskable"),
)
#: The small monochrome icon of a notification in the status bar (Android masks it).
BADGE_ICON = "icons/badge-96.png"


def manifest_data() -> dict:
    """The web app manifest (W3C "Web Application Manifest") in the active language: names,
    the start at My games, standalone display, colours and icons (192 and 512 pixels, each
    also "maskable": the emblem inside the safe zone, on a full-bleed background)."""
    return {
        "id": "/",
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME[:12],
        "description": gettext("Board games of African exploration, played by web and by email."),
        "lang": get_language(),
        "dir": "ltr",
        "start_url": reverse("my_games"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": use}
            for path, size, use in ICONS
        ],
    }


@require_GET
@cache_control(max_age=60 * 60)
def manifest(request):
    """``/manifest.webmanifest``: the manifest as ``application/manifest+json``, in the
    reader's language (it varies with it: the locale middleware says so)."""
    return JsonResponse(
        manifest_data(),
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


def precache() -> dict:
    """What the worker is told before its source: ``{"version", "offline", "assets", "icon",
    "badgeIcon"}``: the offline page's URL, the static files' URLs (with their production
    names) and a version (a digest of them and of the worker's source), which names its
    cache."""
    source = _worker_source()
    config = {
        "offline": reverse("offline"),
        "assets": [static(path) for path in OFFLINE_ASSETS],
        "icon": static("icons/icon-192.png"),
        "badgeIcon": static(BADGE_ICON),
    }
    text = json.dumps(config, sort_keys=True) + source
    config["version"] = hashlib.sha256(text.encode()).hexdigest()[:12]
    return config


@functools.cache
def _worker_source() -> str:
    """The text of ``static/js/service-worker.js`` (read once per process)."""
    path = finders.find(WORKER_SOURCE)
    if path is None:  # pragma: no cover - the file is in the repository
        raise FileNotFoundError(WORKER_SOURCE)
    with open(path, encoding="utf-8") as source:
        return source.read()


@require_GET
@cache_control(no_cache=True, max_age=0)
def service_worker(request):
    """``/service-worker.js``: the worker, its scope allowed to be the whole site
    (``Service-Worker-Allowed: /``), always checked again by the browser (no-cache)."""
    body = f"self.PRECACHE = {json.dumps(precache())};\n{_worker_source()}"
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(no_cache=True, max_age=0)
def offline(request):
    """``/offline/``: the page the worker shows when the network is gone, in the reader's
    language. It names nobody and carries no form: the worker keeps it."""
    return render(request, "offline.html", {"site_name": settings.SITE_NAME})
