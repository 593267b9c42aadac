"""Rendering a rulebook: ids on headings, headings found in plain text, maths as code, and no
script of any kind from the source."""

from html.parser import HTMLParser

import pytest

from rulebooks.render import looks_like_heading, render, render_fragment, sanitise


class Elements(HTMLParser):
    """Every start tag of an HTML fragment with its attributes."""

    def __init__(self, html):
        super().__init__()
        self.tags = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def assert_harmless(html: str):
    for tag, attrs in Elements(html).tags:
        assert tag not in ("script", "iframe", "object", "embed", "style", "img", "svg", "form")
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)
        assert "style" not in attrs
        for name in ("href", "src"):
            assert not (attrs.get(name) or "").strip().lower().startswith(("javascript:", "data:"))


INJECTIONS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<div onclick="alert(1)">click</div>',
    "[click me](javascript:alert(1))",
    "[click me](JaVaScRiPt:alert(1))",
    '<a href="javascript:alert(1)">link</a>',
    "<javascript:alert(1)>",
    "![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    '<iframe src="https://example.org"></iframe>',
    "<style>body { display: none }</style>",
    "## Heading <script>alert(1)</script> {#x}",
    "| a | b |\n|:-:|--:|\n| <b onmouseover=alert(1)>1</b> | 2 |",
]


@pytest.mark.parametrize("source_format", ["markdown", "text"])
@pytest.mark.parametrize("payload", INJECTIONS)
def test_no_script_or_event_handler_survives(payload, source_format):
    source = f"Game Setup\n\nSome text.\n\n{payload}\n\nMore text after it.\n"

    rendered = render(source, source_format)

    assert_harmless(rendered.html)
    assert "More text after it." in rendered.html


def test_raw_html_in_markdown_is_shown_as_text():
    html = render("Look: <b>bold</b> <script>x()</script>").html

    assert "&lt;script&gt;" in html
    assert "<b>" not in html


def test_the_sanitiser_strips_what_a_renderer_might_let_through():
    html = sanitise(
        '<h2 id="a" onclick="x()">T</h2><a href="javascript:x()">l</a><script>y()</script>'
        '<p style="color:red">p</p>'
    )

    assert_harmless(html)
    assert '<h2 id="a">T</h2>' in html


def test_differences_and_credits_are_sanitised_too():
    assert_harmless(render_fragment("[x](javascript:alert(1)) <img src=x onerror=alert(1)>"))


def test_an_explicit_id_is_the_anchor_and_leaves_the_heading_text():
    rendered = render("## Uncovering a marker {#uncover}\n\nTurn it over.\n")

    assert '<h2 id="uncover">Uncovering a marker</h2>' in rendered.html
    assert rendered.toc == [{"anchor": "uncover", "title": "Uncovering a marker", "level": 2}]


def test_headings_without_id_get_unique_slugs():
    rendered = render("## Gold and Jewels\n\nA\n\n### Example\n\nB\n\n### Example\n\nC\n")

    assert [s.anchor for s in rendered.sections] == ["gold-and-jewels", "example", "example-2"]


def test_a_leading_title_is_taken_out_and_the_other_headings_move_down():
    rendered = render("# Africa\n\nIntro.\n\n# Setup\n\nText.\n\n## Detail\n\nMore.\n")

    assert rendered.title == "Africa"
    assert "<h1" not in rendered.html
    assert '<h2 id="setup">Setup</h2>' in rendered.html
    assert '<h3 id="detail">Detail</h3>' in rendered.html


def test_maths_in_plain_text_becomes_code():
    html = render("Moving Nomads\n\nThe player receives $3 - 1 = 2$ points.\n", "text").html

    assert "<code>3 - 1 = 2</code>" in html
    assert "$" not in html


def test_prices_are_not_taken_for_maths():
    html = render("Costs\n\nA ticket costs $500 and a guide $1000.\n", "text").html

    assert "$500 and a guide $1000" in html


@pytest.mark.parametrize(
    "line",
    ["Game Setup", "1. Uncover a marker and undergo its effect", "Goods.", "Contents",
     "Uncovering Monuments.", "B. Move a Researcher and Execute Actions", "**AFRICA:**",
     "1. ***Découvrir un marqueur et subir son effet***"],
)  # fmt: skip
def test_these_lines_are_headings(line):
    assert looks_like_heading(line)


@pytest.mark.parametrize(
    "line",
    ["Once", "Or", "Example:", "Jewels are scored in the same way.", "- A bullet point",
     "de 2 à 5 joueurs", "Africa, the black continent, in the 19th Century", "Also..."],
)  # fmt: skip
def test_these_lines_are_not_headings(line):
    assert not looks_like_heading(line)


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError):
        render("x", "rst")


def test_a_very_long_heading_gets_a_short_anchor():
    rendered = render("## " + "very " * 60 + "long\n\nText.\n")

    assert len(rendered.sections[0].anchor) <= 80
