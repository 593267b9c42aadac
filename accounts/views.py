"""Account pages of our own; allauth serves sign-up, login, email and password pages."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts import services
from accounts.forms import PreferencesForm


@login_required
def preferences(request):
    """The settings page: show the form, save it, then redirect back to it (POST/redirect/GET)."""
    form = PreferencesForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)
        messages.success(request, _("Your settings are saved."))
        response = redirect("account_settings")
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, user.language, samesite="Lax")
        return response
    context = {
        "form": form,
        "vacation_days_left": services.vacation_days_left(request.user),
        "vacation_days_per_year": services.VACATION_DAYS_PER_YEAR,
    }
    return render(request, "accounts/preferences.html", context)


@login_required
@require_POST
def vacation(request):
    """Start or end the signed-in player's vacation (``action`` "start" or "end")."""
    try:
        if request.POST.get("action") == "start":
            services.start_vacation(request.user)
            messages.success(request, _("Your vacation has begun: your deadlines stand still."))
        else:
            services.end_vacation(request.user)
            messages.success(request, _("Your vacation is over: your deadlines run again."))
    except services.VacationError as error:
        messages.error(request, error.message)
    return redirect("account_settings")


@require_POST
def set_language(request):
    """Django's language switcher, which also remembers the choice on a signed-in account."""
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        request.user.language = language
        request.user.save(update_fields=["language"])
    return django_set_language(request)
