from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_delete, post_save

        from accounts import checks  # noqa: F401  (registers the system checks)
        from accounts.backends import forget_user, use_cached_backend

        user = self.get_model("User")
        post_save.connect(forget_user, sender=user, dispatch_uid="accounts.forget_user")
        post_delete.connect(forget_user, sender=user, dispatch_uid="accounts.drop_user")
        user_logged_in.connect(use_cached_backend, dispatch_uid="accounts.cached_backend")
