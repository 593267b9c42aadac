"""URLs of the lobby and the games, by public code."""

from django.urls import path

from games import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.new_game, name="new_game"),
    path("play-now/<str:engine>/", views.play_now, name="play_now"),
    path("mine/", views.my_games, name="my_games"),
    path("<uuid:code>/", views.game_detail, name="game_detail"),
    path("<uuid:code>/act/", views.game_act, name="game_act"),
    path("<uuid:code>/act-batch/", views.game_act_batch, name="game_act_batch"),
    path("<uuid:code>/undo/", views.game_undo, name="game_undo"),
    path("<uuid:code>/poll/", views.game_poll, name="game_poll"),
    path("<uuid:code>/join/", views.game_join, name="game_join"),
    path("<uuid:code>/leave/", views.game_leave, name="game_leave"),
    path("<uuid:code>/start/", views.game_start, name="game_start"),
    path("<uuid:code>/invite/", views.game_invite, name="game_invite"),
    path("<uuid:code>/decline/", views.game_decline, name="game_decline"),
    path("<uuid:code>/resign/", views.game_resign, name="game_resign"),
    path("<uuid:code>/abort/", views.game_abort_vote, name="game_abort_vote"),
]
