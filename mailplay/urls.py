"""Inbound mail webhooks (django-anymail's, guarded by ``mailplay.webhooks``) and the
one-click links of the site's mails."""

from django.urls import include, path

from mailplay import views

urlpatterns = [
    path("anymail/", include("mailplay.webhooks")),
    path("do/<str:purpose>/<str:token>/", views.confirm, name="mailplay_link"),
]
