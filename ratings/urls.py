"""URLs of the leaderboards (/ratings/<game>/) and the players' profiles (/players/<name>/)."""

from django.urls import path

from ratings import solo, views

urlpatterns = [
    path("ratings/", views.leaderboards, name="leaderboards"),
    path("ratings/<slug:engine>/", views.leaderboard, name="leaderboard"),
    path("ratings/<slug:engine>/solo/", solo.solo_scores, name="solo_scores"),
    path("players/<str:name>/", views.player_profile, name="player_profile"),
]
