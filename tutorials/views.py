"""The tutorial pages: a game's "Learn to play" page, starting a tutorial, its page and its
steps. Every form works without JavaScript (POST, then redirect to the tutorial)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.limits import hourly_limit
from tutorials import page, script, services
from tutorials.forms import StepForm
from tutorials.models import Tutorial


def _script_or_404(game: str) -> script.Script:
    if not script.has_tutorial(game):
        raise Http404
    return script.load(game, services.language())


def _get_tutorial(request, code) -> Tutorial:
    """The requesting user's tutorial ``code``; 404 for anyone else's (nobody sees another's)."""
    return get_object_or_404(Tutorial, code=code, user=request.user)


@require_GET
def learn(request, game):
    """What the tutorial of ``game`` teaches, the button that starts it and, for a player who
    left one of its tutorials unfinished, the link back to it."""
    context = {"script": _script_or_404(game), "unfinished": None}
    if request.user.is_authenticated:
        mine = Tutorial.objects.filter(user=request.user, engine=game, finished_at=None)
        context["unfinished"] = mine.first()
    return render(request, "tutorials/learn.html", context)


@login_required
@require_POST
@hourly_limit("new_game", redirect_to=lambda request, game: reverse("tutorials:learn", args=[game]))
def start(request, game):
    """Start a new tutorial of ``game`` for the requesting user."""
    _script_or_404(game)
    tutorial = services.start(request.user, game)
    return redirect(tutorial)


@login_required
@require_GET
def tutorial(request, code):
    """The tutorial's page: the step, its board, the actions; at the end the final table."""
    tutorial = _get_tutorial(request, code)
    return render(request, "tutorials/tutorial.html", page.context(tutorial))


@login_required
@require_POST
def step(request, code):
    """Play the tutorial's current step: the learner's action or the computer player's."""
    tutorial = _get_tutorial(request, code)
    form = StepForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.error_message())
        return redirect(tutorial)
    data = form.cleaned_data
    try:
        services.play_step(tutorial, request.user, data["step"], data["action"])
    except services.TutorialError as error:
        messages.error(request, error.message)
    return redirect(tutorial)
