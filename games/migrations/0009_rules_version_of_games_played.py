"""Games started before their engine kept rules versions were played by its first rules:
their options name rules version 1, so that they go on, and their records replay, by them."""

from django.db import migrations

from games.engines import get_engine
from games.engines.base import with_rules_version


def name_the_first_rules(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.exclude(status="open").only("engine", "options").iterator():
        try:
            engine = get_engine(game.engine)
        except (KeyError, ValueError):
            continue
        options = with_rules_version(engine, game.options or {}, 1)
        if options != game.options:
            game.options = options
            game.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [("games", "0008_seat_bot_level")]

    operations = [migrations.RunPython(name_the_first_rules, migrations.RunPython.noop)]
