"""URLs of the calendar feed."""

from django.urls import path

from calendars import views

urlpatterns = [
    path("feed/<str:token>/deadlines.ics", views.feed, name="calendar_feed"),
    path("settings/", views.feed_settings, name="calendar_settings"),
]
