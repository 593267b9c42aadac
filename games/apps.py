from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        # Register the games' tasks in every process, so that the services can enqueue the
        # bots' moves by name (games.services.bot_queue) and eager mode runs them in place.
        # The end of a vacation moves the deadlines of the player's games.
        from accounts.signals import vacation_ended
        from games import tasks, waiting  # noqa: F401
        from games.services import deadlines

        vacation_ended.connect(deadlines.on_vacation_ended, dispatch_uid="games.vacation_ended")
        # A change of whose turn it is forgets the players' lists of games waiting for them.
        waiting.connect()
        # Time given in a game forgets the gifts its log keeps.
        from django.db.models.signals import post_delete, post_save

        from games.clocks import forget_gifts
        from games.models import TimeGift

        post_save.connect(forget_gifts, sender=TimeGift, dispatch_uid="games.gift_saved")
        post_delete.connect(forget_gifts, sender=TimeGift, dispatch_uid="games.gift_gone")
