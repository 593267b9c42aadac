from django.contrib import admin

from notifications.models import OutboundMail


@admin.register(OutboundMail)
class OutboundMailAdmin(admin.ModelAdmin):
    list_display = (
        "key",
        "user",
        "template",
        "status",
        "send_after",
        "attempts",
        "sent_at",
        "reason",
    )
    list_filter = ("status", "template", "reason", "created_at")
    search_fields = ("key", "user__email", "user__display_name")
    readonly_fields = [f.name for f in OutboundMail._meta.fields]
