"""The site's URL map: pages by area, allauth's account pages, the admin and i18n."""

from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from africa_site import views, webapp

urlpatterns = [
    path("", views.home, name="home"),
    path("manifest.webmanifest", webapp.manifest, name="webmanifest"),
    path("service-worker.js", webapp.service_worker, name="service_worker"),
    path("offline/", webapp.offline, name="offline"),
    path("games/", include("games.urls")),
    path("notifications/", include("notifications.urls")),
    path("rules/", include("rulebooks.urls")),
    path("mail/", include("mailplay.urls")),
    path("archive/", include("archive.urls")),
    path("talk/", include("talk.urls")),
    path("api/", include("api.urls")),
    path("calendar/", include("calendars.urls")),
    path("friends/", include("friends.urls")),
    path("learn/", include("tutorials.urls")),
    path("leagues/", include("leagues.urls")),
    path("", include("ratings.urls")),
    path("accounts/settings/", account_views.preferences, name="account_settings"),
    path("accounts/vacation/", account_views.vacation, name="account_vacation"),
    path("accounts/", include("allauth.urls")),
    path("i18n/setlang/", account_views.set_language, name="set_language"),
    path("admin/", admin.site.urls),
    path("health/", include("operations.urls")),
]

handler500 = "africa_site.views.server_error"
