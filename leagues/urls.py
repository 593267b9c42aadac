from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("", views.league_list, name="list"),
    path("<slug:slug>/", views.league_detail, name="detail"),
    path("<slug:slug>/join/", views.league_join, name="join"),
    path("<slug:slug>/leave/", views.league_leave, name="leave"),
]
