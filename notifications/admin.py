from django.contrib import admin

from notifications.models import OutboundMail, PushSubscription


@admin.register(OutboundMail)
class OutboundMailAdmin(admin.ModelAdmin):
    list_display = (
        "key",
        "channel",
        "user",
        "template",
        "status",
        "send_after",
        "attempts",
        "sent_at",
        "reason",
    )
    list_filter = ("channel", "status", "template", "reason", "created_at")
    search_fields = ("key", "user__email", "user__display_name")
    readonly_fields = [f.name for f in OutboundMail._meta.fields]


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    """The devices players have notified; deleting one stops its pushes."""

    list_display = ("user", "label", "created_at", "last_used_at")
    search_fields = ("user__email", "user__display_name", "label")
    readonly_fields = [f.name for f in PushSubscription._meta.fields]
