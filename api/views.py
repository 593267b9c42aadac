"""The settings page's API tokens: make one (shown once, on the page that answers the POST)
and revoke one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from api import tokens


@login_required
@require_POST
def token_new(request):
    """Make a token named ``name`` and show it this once."""
    try:
        row, token = tokens.make_token(request.user, request.POST.get("name", ""))
    except tokens.TokenError as error:
        messages.error(request, error.message)
        return redirect("account_settings")
    response = render(request, "api/token_new.html", {"row": row, "token": token})
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request, code):
    """Revoke the user's token with public ``code``: it stops working at once."""
    if tokens.revoke(request.user, code):
        messages.success(request, _("The token is revoked."))
    return redirect("account_settings")
