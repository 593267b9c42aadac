"""The staff's view of personal API tokens (names and prefixes; the tokens are not kept)."""

from django.contrib import admin

from api.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["user", "name", "prefix", "created_at", "last_used_at"]
    search_fields = ["user__display_name", "user__email", "name"]
    list_select_related = ["user"]
    readonly_fields = ["user", "name", "prefix", "digest", "created_at", "last_used_at"]

    def has_add_permission(self, request):
        return False  # a token is made by its owner, who alone ever sees it
