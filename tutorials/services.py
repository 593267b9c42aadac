"""The only writers of tutorials: start one, play its next step.

Each step is checked against the script before the engine sees it: the learner's action must
be the step's ``do`` (a wrong one is refused with the step's ``why`` and changes nothing); a
computer player's step plays the script's ``bot`` actions, so that the tutorial is the same for
everyone (no search, no randomness beyond the fixed deal).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engines.base import IllegalAction
from games.kinds import get_kind
from games.models import BotLevel, bot_name
from tutorials import script
from tutorials.models import Tutorial

#: The seat the learner plays; the others are the script's computer players.
LEARNER = 0


class TutorialError(Exception):
    """A step refused, with ``message`` for the learner; nothing was changed."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def seat_names(user, players: int) -> list[str]:
    """The names of a tutorial's seats: the learner, then easy computer players."""
    robots = [bot_name(BotLevel.EASY, index) for index in range(1, players)]
    return [user.display_name, *robots]


def start(user, game: str) -> Tutorial:
    """A new tutorial of ``game`` for ``user``, at its first step, on the script's fixed deal.

    Raises TutorialError when the game ships no tutorial."""
    if not script.has_tutorial(game):
        raise TutorialError(_("This game has no tutorial yet."))
    deal = script.deal(game)
    engine = get_kind(game).engine
    state = engine.initial_state(deal.players, deal.seed, deal.options)
    return Tutorial.objects.create(user=user, engine=game, state=state)


def wrong_action(tutorial: Tutorial, step: script.Step, given: str) -> str:
    """The words for ``given`` (a canonical action other than the step's ``do``): the action
    asked, and why it and not ``given`` (the step's ``why``)."""
    kind = tutorial.kind
    observation = kind.engine.observation(tutorial.state, LEARNER)
    names = seat_names(tutorial.user, script.deal(tutorial.engine).players)
    return _("Not this time: this step asks for “%(asked)s”, not “%(given)s”. %(why)s") % {
        "asked": kind.page.action_label(step.do, observation, names),
        "given": kind.page.action_label(given, observation, names),
        "why": step.why,
    }


def play_step(tutorial: Tutorial, user, step_number: int, action: str = "") -> Tutorial:
    """Play step ``step_number`` of ``user``'s ``tutorial`` and return it moved on.

    The steps: lock the tutorial; refuse a page that is not at this step (a stale page or a
    double click) or a finished tutorial; for the learner's step, read ``action`` as the engine
    spells it (``canonical``) and refuse any other than the step's ``do``, with its ``why``;
    for a computer player's step, take the script's ``bot`` actions (``action`` is ignored);
    apply it with the engine, move to the next step and, after the last, mark the tutorial
    finished. Raises TutorialError (nothing changed) for every refusal."""
    with transaction.atomic():
        tutorial = Tutorial.objects.select_for_update().get(pk=tutorial.pk, user=user)
        steps = script.load(tutorial.engine, "en").steps
        if tutorial.is_over:
            raise TutorialError(_("This tutorial is over."))
        if step_number != tutorial.step:
            raise TutorialError(_("That step was already played: here is the next one."))
        step = steps[tutorial.step]
        engine = tutorial.kind.engine
        if step.do is not None:
            try:
                given = engine.canonical(tutorial.state, action)
            except IllegalAction as error:
                raise TutorialError(_(error.template).format(**error.params)) from error
            if given != step.do and given not in engine.legal_actions(tutorial.state):
                _refuse_illegal(engine, tutorial.state, given)
            if given != step.do:
                raise TutorialError(wrong_action(tutorial, _localised(tutorial), given))
        for played in step.actions:
            tutorial.state = engine.apply(tutorial.state, played)
        tutorial.step += 1
        if tutorial.step == len(steps):
            tutorial.finished_at = timezone.now()
        tutorial.save(update_fields=["state", "step", "finished_at"])
    return tutorial


def _refuse_illegal(engine, state: dict, action: str) -> None:
    """Raise TutorialError with the engine's reason why ``action`` is not legal in ``state``."""
    try:
        engine.apply(state, action)
    except IllegalAction as error:
        raise TutorialError(_(error.template).format(**error.params)) from error
    raise TutorialError(_("That action is not possible now."))


def _localised(tutorial: Tutorial) -> script.Step:
    """The same step in the reader's language (its ``why`` in their words)."""
    return current_script(tutorial).steps[tutorial.step]


def current_script(tutorial: Tutorial) -> script.Script:
    """The tutorial's script in the active language (English when it has no file)."""
    return script.load(tutorial.engine, language())


def language() -> str:
    """The active language as the tutorial files name it ("fr" of "fr-be")."""
    return (get_language() or script.FALLBACK_LANGUAGE).split("-")[0]
