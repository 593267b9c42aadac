"""URLs of the lobby and the games, by public code."""

from django.urls import path

from games.views import lobby, play

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("new/", lobby.new_game, name="new_game"),
    path("new/estimate/", lobby.new_game_estimate, name="new_game_estimate"),
    path("play-now/<str:engine>/", lobby.play_now, name="play_now"),
    path("mine/", lobby.my_games, name="my_games"),
    path("<uuid:code>/", play.game_detail, name="game_detail"),
    path("<uuid:code>/act/", play.game_act, name="game_act"),
    path("<uuid:code>/act-batch/", play.game_act_batch, name="game_act_batch"),
    path("<uuid:code>/why-not/", play.game_why_not, name="game_why_not"),
    path("<uuid:code>/undo/", play.game_undo, name="game_undo"),
    path("<uuid:code>/poll/", play.game_poll, name="game_poll"),
    path("<uuid:code>/join/", lobby.game_join, name="game_join"),
    path("<uuid:code>/leave/", lobby.game_leave, name="game_leave"),
    path("<uuid:code>/start/", lobby.game_start, name="game_start"),
    path("<uuid:code>/invite/", lobby.game_invite, name="game_invite"),
    path("<uuid:code>/decline/", lobby.game_decline, name="game_decline"),
    path("<uuid:code>/resign/", play.game_resign, name="game_resign"),
    path("<uuid:code>/more-time/", play.game_ask_time, name="game_ask_time"),
    path("<uuid:code>/give-time/", play.game_give_time, name="game_give_time"),
    path("<uuid:code>/abort/", play.game_abort_vote, name="game_abort_vote"),
    path("<uuid:code>/end-vote/", play.game_end_vote, name="game_end_vote"),
    path("<uuid:code>/take-over/<int:number>/", lobby.game_take_over, name="game_take_over"),
]
