"""The pages behind the one-click links of mails (see ``mailplay.links``): a GET asks to
confirm and changes nothing (mail scanners open links); the button POSTs, which acts through
the services."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import translation

from accounts.models import User
from accounts.services import VacationError, start_vacation, vacation_days_left
from games import services
from mailplay.links import PURPOSES, Answer, target_of


def switch_to_digest(user: User) -> None:
    """From now on ``user`` gets one daily digest instead of a mail for each turn."""
    user.notifications = User.Notifications.DAILY_DIGEST
    user.save(update_fields=["notifications"])


def _act(purpose: str, target) -> dict:
    """Do what the link offers; the page's context. Raises GameError or VacationError."""
    if purpose == "extension":
        game = services.take_extension(target.game, target.user)
        return {"game": game}
    if purpose == "vacation":
        start_vacation(target)
        return {}
    if purpose == "digest":
        switch_to_digest(target)
        return {}
    if purpose == "answer":
        game = services.submit_action(target.game, target.user, target.action, target.version)
        return {"game": game}
    services.join_game(target.game, target.user)
    return {"game": target.game}


def answer_words(answer: Answer) -> str:
    """The action of ``answer`` in words, as its player sees the game now."""
    game = answer.game
    names = [seat.name for seat in sorted(game.seats_with_users(), key=lambda seat: seat.number)]
    observation = game.kind.engine.observation(game.state, answer.seat.number)
    return game.kind.page.action_label(answer.action, observation, names)


def confirm(request, purpose: str, token: str):
    """GET: the page asking to confirm the link's action. POST: do it and say so; a refusal
    (no longer possible, done already) is shown as a message. Forged or expired: error page."""
    if purpose not in PURPOSES:
        raise Http404
    target = target_of(purpose, token)
    if target is None:
        return render(request, "mailplay/link_invalid.html", status=400)
    person = target if isinstance(target, User) else target.user
    context = {"purpose": purpose, "target": target, "person": person, "token": token}
    with translation.override(person.language):
        if purpose == "vacation":
            context["days_left"] = int(vacation_days_left(person))
        if purpose == "answer":
            context["answer"] = answer_words(target)
        if request.method == "POST":
            try:
                context.update(_act(purpose, target))
            except (services.GameError, VacationError) as error:
                context["error"] = error.message
                return render(request, "mailplay/link_refused.html", context, status=409)
            return render(request, "mailplay/link_done.html", context)
        return render(request, "mailplay/link_confirm.html", context)
