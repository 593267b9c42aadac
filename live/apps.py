from django.apps import AppConfig


class LiveConfig(AppConfig):
    """The live play page: connects the publishing of games' versions and chat news to the
    models' signals (``live.publish``)."""

    name = "live"
    verbose_name = "Live"

    def ready(self):
        from django.db.models.signals import post_init, post_save

        from games.models import Game
        from live import publish
        from talk.models import Message

        post_init.connect(publish.game_read, sender=Game, dispatch_uid="live.game_read")
        post_save.connect(publish.game_saved, sender=Game, dispatch_uid="live.game_saved")
        post_save.connect(publish.chat_written, sender=Message, dispatch_uid="live.chat")
