"""``makemessages`` that writes catalogues sorted by message and without source locations.

A catalogue sorted by msgid, with no ``#: file:line`` comments, changes only where a message
is added, changed or removed: moving code between files or adding a line above a message
leaves it alone, so that two branches that each add messages rarely touch the same lines.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    """Django's ``makemessages`` with ``--no-location`` and ``--sort-output`` always on."""

    msgmerge_options = [*makemessages.Command.msgmerge_options, "--sort-output", "--no-location"]
    msguniq_options = [*makemessages.Command.msguniq_options, "--sort-output", "--no-location"]
    msgattrib_options = [*makemessages.Command.msgattrib_options, "--sort-output", "--no-location"]
    xgettext_options = [*makemessages.Command.xgettext_options, "--sort-output"]

    def handle(self, *args, **options):
        options["no_location"] = True
        return super().handle(*args, **options)
