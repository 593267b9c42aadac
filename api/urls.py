"""The JSON API (version 1) and the settings page's token forms."""

from django.urls import path

from api import views
from api.v1 import api

urlpatterns = [
    path("v1/", api.urls),
    path("tokens/new/", views.token_new, name="api_token_new"),
    path("tokens/<uuid:code>/revoke/", views.token_revoke, name="api_token_revoke"),
]
