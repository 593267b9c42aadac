"""URLs of the tutorials: /learn/<game>/ and a tutorial by its public code."""

from django.urls import path

from tutorials import views

app_name = "tutorials"

urlpatterns = [
    path("<slug:game>/", views.learn, name="learn"),
    path("<slug:game>/start/", views.start, name="start"),
    path("t/<uuid:code>/", views.tutorial, name="tutorial"),
    path("t/<uuid:code>/step/", views.step, name="step"),
]
