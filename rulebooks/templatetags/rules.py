"""``{% rule_link what %}``: a "?" link to the section of the rules that governs ``what``."""

from functools import lru_cache

from django import template
from django.urls import get_script_prefix
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebooks.links import rule_url, section_label

register = template.Library()


@register.simple_tag(takes_context=True)
def rule_link(context, what, game=None):
    """An accessible "?" link to the rules about ``what`` in the reader's language, or "".

    ``what``: an action ("uncover E4"), a keyword, a pending decision's type, a section id or
    an engine event (see ``rulebooks.links.section_key``). ``game`` defaults to the engine of
    the context's ``game``; without either there is no link. The link's label names the
    section: "Rules: uncovering a marker".
    """
    if game is None:
        game = getattr(context.get("game"), "engine", None)
    if not game:
        return ""
    if isinstance(what, dict):  # an event: its type and use name its rule (section_key)
        what = " ".join(str(what[k]) for k in ("type", "use") if what.get(k))
    return _link(game, str(what), get_language(), get_script_prefix())


@lru_cache(maxsize=4096)
def _link(game: str, what: str, language: str, prefix: str) -> str:
    """The link of ``rule_link``, made once per game, action or event, language and URL
    prefix: a move log names the same few rules on every line."""
    url = rule_url(game, what, language)
    if url is None:
        return ""
    label = _("Rules: %(section)s") % {"section": section_label(game, what)}
    return format_html(
        '<a class="rule-link" href="{}" aria-label="{}" title="{}">?</a>', url, label, label
    )
