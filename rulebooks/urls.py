"""URLs of the rulebooks: /rules/, /rules/<game>/, /rules/<game>/<language>/ and their print
pages, the full rulebooks under .../full/, and the search."""

from django.urls import path

from rulebooks import views

app_name = "rulebooks"

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search, name="search"),
    path("<slug:game>/", views.game_rules, name="game"),
    path("<slug:game>/<slug:language>/", views.rulebook, name="rulebook"),
    path("<slug:game>/<slug:language>/print/", views.rulebook_print, name="rulebook_print"),
    path(
        "<slug:game>/<slug:language>/full/",
        views.rulebook,
        {"kind": "full"},
        name="full_rulebook",
    ),
    path(
        "<slug:game>/<slug:language>/full/print/",
        views.rulebook_print,
        {"kind": "full"},
        name="full_rulebook_print",
    ),
]
