"""An outbox row's ply is called what it holds, the game's version it is about: a renamed
column, no data change."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0002_outbox_rows"),
    ]

    operations = [
        migrations.RenameField(model_name="outboundmail", old_name="ply", new_name="version"),
    ]
