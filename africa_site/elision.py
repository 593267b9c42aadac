"""French elision where a translated sentence meets a name: "de Africa" -> "d'Africa".

A French catalogue writes "Votre partie de %(game)s" or "chercheur de %(name)s" once, for
every game and player name; whether "de" elides depends on the name put in at run time. This
module applies the rule to the rendered text: "de" and "que" before a word beginning with a
vowel become "d'" and "qu'" (an "h" or a "y" is left alone: it may sound as a consonant).
"""

from __future__ import annotations

import re

from django.utils import translation

VOWELS = "AEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouàâäéèêëîïôöùûü"
_ELIDABLE = re.compile(rf"\b([Dd]e|[Qq]ue) (?=[{VOWELS}])")
#: The parts of an HTML page that are not text to read: tags (with their attributes, which
#: may hold values a form sends back) and the contents of text areas.
_MARKUP = re.compile(r"(<textarea\b.*?</textarea>|<[^>]*>)", re.DOTALL | re.IGNORECASE)


def elide_html(html: str) -> str:
    """French ``elide`` applied to the text of ``html`` only, never inside a tag or a text
    area (so a form never sends back a value other than the one it was given)."""
    parts = _MARKUP.split(html)
    return "".join(part if index % 2 else elide(part, "fr") for index, part in enumerate(parts))


def elide(text: str, language: str | None = None) -> str:
    """``text`` with French elision applied when ``language`` (default: the active one) is
    French, else ``text`` unchanged. Example: "Votre partie de Africa" -> "Votre partie
    d'Africa"."""
    language = language or translation.get_language() or ""
    if not language.startswith("fr"):
        return text
    return _ELIDABLE.sub(lambda match: match[1][:-1] + "'", text)


class FrenchElisionMiddleware:
    """Applies ``elide`` to every HTML page and fragment served in French."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
            and (translation.get_language() or "").startswith("fr")
        ):
            charset = response.charset or "utf-8"
            response.content = elide_html(response.content.decode(charset)).encode(charset)
        return response
