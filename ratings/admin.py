"""The admin for ratings: read-only, since only finished games change them
(``manage.py rebuild_ratings`` rebuilds them all)."""

from django.contrib import admin

from ratings.models import PlayerRating, RatingChange


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "engine", "ordinal", "mu", "sigma", "games", "wins")
    list_filter = ("engine",)
    search_fields = ("user__display_name", "user__email")
    ordering = ("engine", "-ordinal")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "engine", "finished_at", "place", "mu_after", "sigma_after")
    list_filter = ("engine",)
    search_fields = ("user__display_name",)
    raw_id_fields = ("user", "game")
    date_hierarchy = "finished_at"
