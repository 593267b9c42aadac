"""Source of the Nile's rules live under the engine's name, "nile" (was "source-of-the-nile"),
so that the rules pages, the summaries (``nile.<language>.md``) and the games share one slug."""

from django.db import migrations, models

OLD, NEW = "source-of-the-nile", "nile"


def rename(apps, schema_editor, old=OLD, new=NEW):
    apps.get_model("rulebooks", "Rulebook").objects.filter(game=old).update(game=new)


def rename_back(apps, schema_editor):
    rename(apps, schema_editor, old=NEW, new=OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("rulebooks", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="rulebook",
            name="game",
            field=models.CharField(
                choices=[
                    ("africa", "Africa"),
                    ("africana", "Africana"),
                    ("nile", "Source of the Nile"),
                ],
                max_length=32,
                verbose_name="game",
            ),
        ),
        migrations.RunPython(rename, rename_back),
    ]
