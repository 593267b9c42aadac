"""Inbound mail webhooks (django-anymail's, guarded by ``mailplay.webhooks``) and the
one-click links of the site's mails."""

from django.urls import include, path

from mailplay import links

urlpatterns = [
    path("anymail/", include("mailplay.webhooks")),
    path("do/<str:purpose>/<str:token>/", links.confirm, name="mailplay_link"),
]
