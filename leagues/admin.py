"""The admin for leagues: operators make leagues and see their seasons, divisions and entrants."""

from datetime import timedelta

from django.contrib import admin
from django.utils import timezone

from leagues.models import ENTRY_DAYS, Division, Entry, League, Season, Table


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0
    fields = ("number", "status", "starts_at", "ends_at")
    readonly_fields = ("status",)


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "engine", "table_size", "season_days", "min_reliability")
    list_filter = ("engine",)
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")
    inlines = [SeasonInline]

    def save_model(self, request, obj, form, change):
        """A new league gets its first season, open for entry (as ``league create`` makes)."""
        super().save_model(request, obj, form, change)
        if not change and not obj.seasons.exists():
            Season.after(obj, 1, timezone.now() + timedelta(days=ENTRY_DAYS))


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "status", "starts_at", "ends_at")
    list_filter = ("status", "league")


@admin.register(Division)
class DivisionAdmin(admin.ModelAdmin):
    list_display = ("season", "level", "rookie")
    list_filter = ("season__league",)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("user", "season", "division", "rank", "points", "movement", "left_out")
    list_filter = ("season__league", "movement", "left_out")
    search_fields = ("user__display_name",)
    raw_id_fields = ("user", "division")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("division", "round", "game", "closed_with")
    raw_id_fields = ("game",)
