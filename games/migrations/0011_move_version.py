"""A move's ply is called what it holds, the game's version after it: a renamed column, no data
change (the unique constraint keeps its name); the public game's help text in new words."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_engine_default_is_the_first_game"),
    ]

    operations = [
        migrations.RenameField(model_name="move", old_name="ply", new_name="version"),
        migrations.AlterModelOptions(name="move", options={"ordering": ["game", "version"]}),
        # The database's constraint follows its renamed column; only the state names the field.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveConstraint(model_name="move", name="games_move_unique_ply"),
                migrations.AddConstraint(
                    model_name="move",
                    constraint=models.UniqueConstraint(
                        fields=("game", "version"), name="games_move_unique_ply"
                    ),
                ),
            ],
        ),
        migrations.AlterField(
            model_name="game",
            name="public",
            field=models.BooleanField(
                default=False,
                help_text="Anyone may follow the game while it runs (what is hidden stays hidden).",
                verbose_name="others may watch",
            ),
        ),
    ]
