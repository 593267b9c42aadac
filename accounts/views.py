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
from notifications.forms import ChannelChoicesForm, channels_offered
from notifications.models import PushSubscription


@login_required
def preferences(request):
    """The settings page: show the forms (the account's, and the channels per event), save them,
    then redirect back to it (POST/redirect/GET); it lists the devices notified by push."""
    form = PreferencesForm(request.POST or None, instance=request.user)
    channels = channels_offered()
    channel_form = ChannelChoicesForm(request.user, request.POST or None, channels=channels)
    if request.method == "POST" and form.is_valid() and channel_form.is_valid():
        user = form.save()
        channel_form.save()
        response = redirect("account_settings")
        if "language" in form.changed_data:  # this browser's pages follow the new choice
            translation.activate(user.language)
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, user.language, samesite="Lax")
        messages.success(request, _("Your settings are saved."))
        return response
    context = {
        "form": form,
        "channel_form": channel_form,
        "channels": channels,
        "push_devices": PushSubscription.objects.filter(user=request.user),
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
    """Django's language switcher: the language of this browser's pages (its cookie). The
    account's language, that of the mails, changes only on the settings page
    (``accounts.middleware.UserPreferencesMiddleware``)."""
    return django_set_language(request)
