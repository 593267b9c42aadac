"""URLs of the friends page, following, and rematches."""

from django.urls import path

from friends import views

urlpatterns = [
    path("", views.friends, name="friends"),
    path("follow/", views.follow, name="friends_follow"),
    path("rematch/<uuid:code>/", views.play_again, name="friends_play_again"),
]
