"""URLs of a game's chat and notes, by the game's public code."""

from django.urls import path

from talk import views

urlpatterns = [
    path("<uuid:code>/chat/", views.chat, name="talk_chat"),
    path("<uuid:code>/chat/post/", views.chat_post, name="talk_chat_post"),
    path("<uuid:code>/chat/watchers/", views.chat_watchers, name="talk_chat_watchers"),
    path("<uuid:code>/chat/mute/", views.chat_mute, name="talk_chat_mute"),
    path("<uuid:code>/chat/<uuid:message>/report/", views.chat_report, name="talk_chat_report"),
    path("<uuid:code>/notes/", views.note_save, name="talk_note_save"),
]
