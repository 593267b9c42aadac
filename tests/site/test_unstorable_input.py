"""Characters the database cannot store (NUL, lone surrogates) never reach a view: every URL
of the URLconf answers 400 when one is in a path segment or a query parameter, and text read
from mail is cleaned. (PostgreSQL refuses them with a server error; SQLite would store them.)"""

import importlib
import re
import uuid
from pathlib import Path

import pytest
from django.http import QueryDict
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver

from africa_site.middleware import RefuseUnstorableInputMiddleware, storable

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
APPS = ["accounts", "africa_site", "archive", "games", "mailplay", "notifications", "ratings"]
APPS += ["rulebooks"]
BAD = ["a\x00b", "\x00"]
#: A harmless value for each path converter, so that the URL resolves.
SAMPLES = {"int": "1", "uuid": str(uuid.uuid4()), "slug": "africa", "str": "africa"}
CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")
GROUP = re.compile(r"\(\?P<\w+>[^)]*\)")
OPTIONAL = re.compile(r"\([^)]*\)\?")


def _routes(patterns, prefix=""):
    """Every URL pattern as a path template: "<conv:name>" for route converters, "(?P<name>..)"
    groups of regular expressions kept as they are."""
    for pattern in patterns:
        text = str(pattern.pattern).lstrip("^").rstrip("$").replace("\\Z", "")
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + text)
        elif isinstance(pattern, URLPattern):
            yield "/" + prefix + text


def _fill(route: str, bad_index: int | None = None, bad: str = "") -> str:
    """``route`` with every placeholder filled by a sample, the ``bad_index``-th by ``bad``,
    and optional unnamed groups of regular expressions left out."""
    count = 0

    def sample(match):
        nonlocal count
        count += 1
        if count - 1 == bad_index:
            return bad
        return SAMPLES.get(match.group(1) or "str", "africa") if match.lastindex else "africa"

    route = OPTIONAL.sub("", GROUP.sub(sample, route))
    return CONVERTER.sub(sample, route).replace("\\", "")


def _placeholders(route: str) -> int:
    return len(GROUP.findall(route)) + len(CONVERTER.findall(GROUP.sub("", route)))


def form_parameters(method: str, apps: list[str]) -> set[str]:
    """Every parameter of ``method`` ("GET" or "POST") that a view of ``apps`` reads:
    ``request.GET.get("name")``, ``request.GET["name"]``, and the fields of the forms bound to
    ``request.GET`` (the same with POST)."""
    names, forms = set(), set()
    reads = re.compile(rf"request\.{method}(?:\.get(?:list)?\(|\[)\s*[\"'](\w+)")
    for app in apps:
        for source in (ROOT / app).rglob("*.py"):
            text = source.read_text()
            names |= set(reads.findall(text))
            forms |= set(re.findall(rf"(\w+Form)\(\s*request\.{method}", text))
    for app in apps:
        try:
            module = importlib.import_module(f"{app}.forms")
        except ImportError:
            continue
        for form in forms & set(vars(module)):
            names |= set(getattr(module, form).base_fields)
    return names


def _get_parameters() -> set[str]:
    """Every query parameter a view of the site reads (``form_parameters``), and ``next``."""
    return {"next"} | form_parameters("GET", APPS)


ROUTES = sorted(set(_routes(get_resolver().url_patterns)))


def test_the_urlconf_and_the_parameters_are_found():
    assert {"/players/<str:name>/", "/rules/search/", "/games/<uuid:code>/poll/"} <= set(ROUTES)
    assert {"q", "game", "language", "version", "step", "page", "from", "cell"} <= _get_parameters()


@pytest.mark.parametrize("bad", BAD)
def test_every_path_converter_refuses_unstorable_characters(client, alice, bad):
    client.force_login(alice)
    failures = []
    for route in ROUTES:
        for index in range(_placeholders(route)):
            url = _fill(route, index, bad)
            status = client.get(url).status_code
            if status != 400:
                failures.append((url, status))

    assert failures == []


@pytest.mark.parametrize("bad", BAD)
def test_every_query_parameter_refuses_unstorable_characters(client, alice, bad):
    client.force_login(alice)
    parameters = sorted(_get_parameters())
    failures = []
    for route in ROUTES:
        url = _fill(route)
        for name in parameters:
            for query in ({name: bad}, {f"{name}{bad}": "1"}):
                status = client.get(url, query).status_code
                if status != 400:
                    failures.append((url, query, status))

    assert failures == []


def test_posted_form_fields_with_unstorable_characters_are_refused(client, alice):
    client.force_login(alice)

    multipart = client.post("/accounts/settings/", {"display_name": "Al\x00ice"})
    encoded = client.post(
        "/accounts/settings/",
        "display_name=Al%00ice",
        content_type="application/x-www-form-urlencoded",
    )

    assert (multipart.status_code, encoded.status_code) == (400, 400)


def test_lone_surrogates_are_refused_and_cleaned():
    middleware = RefuseUnstorableInputMiddleware(lambda request: None)
    request = RequestFactory().get("/rules/search/")
    request.GET = QueryDict(mutable=True)
    request.GET["q"] = "E4\udc80"

    assert middleware(request).status_code == 400
    assert storable("a\x00b\ud800c") == "abc"


def test_undecodable_bytes_in_the_query_string_or_path_are_no_server_error(client):
    for url in ("/rules/search/?q=%ED%A0%80&game=%FF", "/players/%ED%A0%80/", "/rules/%FF/"):
        assert client.get(url).status_code < 500
