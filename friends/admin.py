"""The staff's view of follows and rematches."""

from django.contrib import admin

from friends.models import Follow, Rematch


@admin.register(Follow)
class FollowAdmin(admin.ModelAdmin):
    list_display = ["user", "followed", "created_at"]
    raw_id_fields = ["user", "followed"]


@admin.register(Rematch)
class RematchAdmin(admin.ModelAdmin):
    list_display = ["previous", "game", "created_at"]
    raw_id_fields = ["previous", "game"]
