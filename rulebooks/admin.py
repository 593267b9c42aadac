"""The admin for rulebooks: staff upload a Markdown or plain-text file, or edit the source; the
rulebook is rendered again on every save."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from rulebooks import services
from rulebooks.models import Rulebook


class RulebookForm(forms.ModelForm):
    """The rulebook's fields, plus a file that replaces the source when given."""

    upload = forms.FileField(
        label=_("rulebook file"),
        required=False,
        help_text=_(
            "A Markdown (.md) or plain-text file in UTF-8. It replaces the source, and its name "
            "sets the format: .md is Markdown, anything else plain text."
        ),
    )

    class Meta:
        model = Rulebook
        fields = (
            "game",
            "language",
            "kind",
            "title",
            "version",
            "upload",
            "source_format",
            "source",
            "differences",
            "credits",
        )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].required = False

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("upload")
        if upload:
            try:
                cleaned["source"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                self.add_error("upload", _("The file is not UTF-8 text."))
                return cleaned
            cleaned["source_format"] = services.source_format_for(upload.name)
            meta, body = services.split_front_matter(cleaned["source"])
            if cleaned["source_format"] == Rulebook.Format.MARKDOWN and meta:
                cleaned["source"] = body
                for key, value in meta.items():
                    cleaned[key] = cleaned.get(key) or value
        if not cleaned.get("source", "").strip() and not self.has_error("upload"):
            self.add_error("upload", _("Upload a file or write the source."))
        return cleaned


@admin.register(Rulebook)
class RulebookAdmin(admin.ModelAdmin):
    form = RulebookForm
    list_display = ("title", "game", "language", "kind", "version", "updated_at")
    list_filter = ("game", "language", "kind")
    search_fields = ("title",)
    readonly_fields = ("updated_at",)

    def save_model(self, request, obj, form, change):
        services.save_rulebook(obj)

    def view_on_site(self, obj):
        return obj.get_absolute_url()
