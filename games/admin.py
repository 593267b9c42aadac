"""The admin for games: find them by status, game, date or player; seats and moves read-only."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.models import Game, Invitation, Move, Seat


class ReadOnlyInline(admin.TabularInline):
    can_delete = False
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = (
        "number",
        "user",
        "bot_level",
        "colour",
        "joined_at",
        "left_at",
        "final_score",
        "place",
    )
    readonly_fields = fields


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ("version", "seat", "action", "automatic", "taken_back", "created_at")
    readonly_fields = fields
    ordering = ("version",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "engine",
        "status",
        "num_players",
        "players",
        "rated",
        "version",
        "created_at",
        "turn_deadline",
    )
    list_filter = ("status", "engine", "rated", "invite_only", "created_at")
    search_fields = ("code", "seats__user__display_name", "seats__user__email")
    date_hierarchy = "created_at"
    inlines = [SeatInline, MoveInline]
    # The seed stays out of the admin while a game runs: see get_fields.
    readonly_fields = (
        "code",
        "engine",
        "options",
        "num_players",
        "creator",
        "seed_commitment",
        "version",
        "current_seat",
        "created_at",
        "started_at",
        "finished_at",
        "turn_started_at",
    )

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    def get_fields(self, request, obj=None):
        fields = [
            "code",
            "engine",
            "options",
            "status",
            "num_players",
            "creator",
            "rated",
            "invite_only",
            "days_per_move",
            "seed_commitment",
            "version",
            "current_seat",
            "turn_started_at",
            "turn_deadline",
            "created_at",
            "started_at",
            "finished_at",
        ]
        if obj is not None and obj.status == Game.Status.FINISHED:
            fields += ["seed", "salt"]
        return fields

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.status == Game.Status.FINISHED:
            return (*self.readonly_fields, "seed", "salt")
        return self.readonly_fields

    @admin.display(description=_("players"))
    def players(self, obj):
        return ", ".join(seat.name for seat in obj.seats.all())


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "invited_by", "created_at")
    search_fields = ("user__display_name", "game__code")
    raw_id_fields = ("game", "user", "invited_by")
