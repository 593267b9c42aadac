"""URLs of the leaderboards (/ratings/<game>/) and the players' profiles (/players/<name>/)."""

from django.urls import path

from ratings import views

urlpatterns = [
    path("ratings/", views.leaderboards, name="leaderboards"),
    path("ratings/<slug:engine>/", views.leaderboard, name="leaderboard"),
    path("players/<str:name>/", views.player_profile, name="player_profile"),
]
