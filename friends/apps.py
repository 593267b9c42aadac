from django.apps import AppConfig


class FriendsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "friends"
    verbose_name = "Friends"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from friends.models import Follow
        from friends.services import forget_followed

        post_save.connect(forget_followed, sender=Follow, dispatch_uid="friends.follow_saved")
        post_delete.connect(forget_followed, sender=Follow, dispatch_uid="friends.follow_gone")
