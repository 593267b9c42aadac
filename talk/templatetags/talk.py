"""The play page's talk panel (chat and private notes), drawn from the page's context."""

from django import template

from talk import services
from talk.views import chat_context

register = template.Library()


@register.inclusion_tag("games/partials/talk_panel.html", takes_context=True)
def talk_panel(context):
    """The chat and notes of ``context["game"]`` for the request's user (``seat`` or None)."""
    request, game, seat = context["request"], context["game"], context.get("seat")
    panel = {"request": request, "user": request.user, "csrf_token": context.get("csrf_token")}
    if not request.user.is_authenticated or game.status == game.Status.OPEN:
        return panel | {"show": False}
    # One query tells what the panel needs before its messages (the watchers' channel, any
    # mutes, the notes). A solo game has nobody to talk to: its player keeps the notes only.
    facts = services.panel_facts(game, request.user)
    panel |= {"show": True, "chat": not game.is_solo}
    if not game.is_solo:
        panel |= chat_context(request, game, seat, facts)
    else:
        panel |= {"game": game, "seat": seat}
    if seat is not None:
        panel["note_text"] = facts.note
    return panel
