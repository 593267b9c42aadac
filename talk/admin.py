"""The staff's view of the talk: reported messages first, and every message by game."""

from django.contrib import admin

from talk.models import Message, Mute, Report


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "message_text", "author", "reporter", "game", "resolved"]
    list_filter = ["resolved"]
    list_editable = ["resolved"]
    list_select_related = ["message__author", "message__game", "reporter"]
    readonly_fields = ["message", "reporter", "created_at"]

    @admin.display(description="message")
    def message_text(self, report):
        return report.message.text

    @admin.display(description="author")
    def author(self, report):
        return report.message.author

    @admin.display(description="game")
    def game(self, report):
        return report.message.game


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ["created_at", "author", "channel", "text", "game"]
    list_filter = ["channel"]
    search_fields = ["text", "author__display_name"]
    list_select_related = ["author", "game"]
    raw_id_fields = ["game", "author"]


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    list_display = ["user", "muted", "created_at"]
    raw_id_fields = ["user", "muted"]
