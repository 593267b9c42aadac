from django.apps import AppConfig


class TalkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "talk"
    verbose_name = "Talk"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from talk.models import GameChat, Mute, Note
        from talk.services import forget_facts

        for model in (GameChat, Mute, Note):
            name = model.__name__.lower()
            post_save.connect(forget_facts, sender=model, dispatch_uid=f"talk.{name}_saved")
            post_delete.connect(forget_facts, sender=model, dispatch_uid=f"talk.{name}_gone")
