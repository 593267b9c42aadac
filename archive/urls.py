"""URLs of the archive: the list, a game's replay and its record, by public code."""

from django.urls import path

from archive import views

urlpatterns = [
    path("", views.archive_list, name="archive"),
    path("<uuid:code>/", views.replay, name="replay"),
    path("<uuid:code>.json", views.record, name="game_record"),
    path("<uuid:code>/review/", views.review, name="game_review"),
]
