"""The chat and notes of the play page. Every form works without JavaScript (POST, then
redirect to the game's chat or notes); with htmx the same endpoints answer with the part of
the panel that changed."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from games import access
from talk import services
from talk.models import Message


def _is_htmx(request) -> bool:
    return bool(request.htmx) and not request.htmx.boosted


def _back(code, anchor: str):
    return redirect(reverse("game_detail", kwargs={"code": code}) + f"#{anchor}")


def chat_context(request, game, seat, facts: services.PanelFacts | None = None) -> dict:
    """What the chat part of the play page shows ``request.user`` (holding ``seat``);
    ``facts``: ``services.panel_facts`` of the same request, when the caller has them."""
    if facts is None:
        allowed = services.channels(game, request.user, seat)
        muted = services.muted_ids(request.user)
    else:
        allowed = services.channels(game, request.user, seat, watchers=facts.watchers)
        muted = services.muted_ids(request.user) if facts.mutes else set()
    return {
        "game": game,
        "seat": seat,
        "chat_channels": services.messages_for(
            game, request.user, seat, allowed=allowed, muted=muted
        ),
        "chat_write": allowed.write,
        # the creator plays, and players read the watchers' channel when it is open
        "chat_watchers_open": Message.Channel.WATCHERS in allowed.read,
        "chat_muted": User.objects.filter(pk__in=muted) if muted else [],
        "is_creator": request.user.is_authenticated and request.user.pk == game.creator_id,
    }


def _chat_answer(request, code, error: str | None = None):
    """htmx: the fresh chat part (with ``error``, if any); otherwise back to the page."""
    if _is_htmx(request):
        game, seat = access.game_for(request.user, code)
        context = chat_context(request, game, seat) | {"chat_error": error}
        return render(request, "games/partials/talk_chat.html", context)
    if error:
        messages.error(request, error)
    return _back(code, "chat")


@require_GET
def chat(request, code):
    """The chat part alone (htmx polls it), or the play page's chat for a plain request."""
    game, seat = access.game_for(request.user, code)
    if not _is_htmx(request):
        return _back(code, "chat")
    template = "games/partials/talk_chat.html#chat-messages"
    return render(request, template, chat_context(request, game, seat))


@login_required
@require_POST
def chat_post(request, code):
    """Write a message in the channel the user writes in."""
    game, seat = access.game_for(request.user, code)
    try:
        services.post_message(game, request.user, seat, request.POST.get("text", ""))
    except services.TalkError as error:
        return _chat_answer(request, code, error.message)
    return _chat_answer(request, code)


@login_required
@require_POST
def chat_watchers(request, code):
    """The creator opens (``open`` = "1") or closes the watchers' channel."""
    game, _seat = access.game_for(request.user, code)
    try:
        services.open_watchers_channel(game, request.user, request.POST.get("open") == "1")
    except services.TalkError as error:
        return _chat_answer(request, code, error.message)
    return _chat_answer(request, code)


@login_required
@require_POST
def chat_mute(request, code):
    """Mute (``mute`` = "1") or unmute the player called ``name``."""
    access.game_for(request.user, code)
    other = User.objects.filter(display_name=request.POST.get("name", "")).first()
    if other is None:
        raise Http404
    try:
        services.mute(request.user, other, request.POST.get("mute") == "1")
    except services.TalkError as error:
        return _chat_answer(request, code, error.message)
    return _chat_answer(request, code)


@login_required
@require_POST
def chat_report(request, code, message):
    """Report the message with public code ``message`` to the staff."""
    game, seat = access.game_for(request.user, code)
    found = get_object_or_404(Message, code=message, game=game)
    try:
        services.report(found, request.user, seat)
    except services.TalkError as error:
        return _chat_answer(request, code, error.message)
    if not _is_htmx(request):
        messages.success(request, _("Thank you: the message is reported to the staff."))
    return _chat_answer(request, code)


@login_required
@require_POST
def note_save(request, code):
    """Save the player's notes on the game (htmx: as they type; plain: a Save button)."""
    game, seat = access.game_for(request.user, code)
    if seat is None:
        raise PermissionDenied
    status = "games/partials/talk_notes.html#note-status"
    try:
        note = services.save_note(game, request.user, seat, request.POST.get("text", ""))
    except services.TalkError as error:
        if _is_htmx(request):
            return render(request, status, {"note_error": error.message})
        messages.error(request, error.message)
        return _back(code, "notes")
    if _is_htmx(request):
        return render(request, status, {"note": note})
    messages.success(request, _("Your notes are saved."))
    return _back(code, "notes")
