"""Inbound mail webhooks (django-anymail) and the one-click links of the site's mails."""

from django.urls import include, path

from mailplay import views

urlpatterns = [
    path("anymail/", include("anymail.urls")),
    path("do/<str:purpose>/<str:token>/", views.confirm, name="mailplay_link"),
]
