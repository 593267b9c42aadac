"""The only writer of the archive: importing a game record as a finished game."""

from __future__ import annotations

import uuid
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from accounts.forms import PreferencesForm
from accounts.models import User
from archive.records import RecordError, played_options, replay_record
from games.models import BotLevel, Game, Move, Seat


def valid_name(name) -> str:
    """``name`` with runs of blanks folded, if the settings page would accept it as a display
    name (its form field, then the model field's validators: length, characters); else
    RecordError saying why. Whether another player has the name is not checked here: an
    import matches existing players by name."""
    try:
        folded = " ".join(PreferencesForm.base_fields["display_name"].clean(str(name)).split())
        User._meta.get_field("display_name").run_validators(folded)
        return folded
    except ValidationError as error:
        raise RecordError(
            _("%(name)s is not a display name this site accepts: %(reason)s")
            % {"name": repr(name), "reason": " ".join(error.messages)}
        ) from None


def player_for(name: str) -> User:
    """The site's player called ``name`` (any case); when nobody is, a new inactive account
    with that display name, an address that receives no mail (``imported-<hex>@invalid``) and
    no usable password: it shows the name in the game and cannot sign in until staff activate
    it and give it a real address."""
    user = User.objects.filter(display_name__iexact=name).first()
    if user is None:
        user = User(email=f"imported-{uuid.uuid4().hex}@invalid", display_name=name)
        user.is_active = False
        user.set_unusable_password()
        user.save()
    return user


def _bot_level(player: dict[str, Any]) -> str:
    """The computer player's level of a record's ``player`` ("" for a person); RecordError
    for a level the site does not know."""
    level = player.get("bot_level") or ""
    if level and level not in BotLevel.values:
        raise RecordError(_("The record names an unknown computer player level."))
    return level


@transaction.atomic
def import_record(record: dict[str, Any]) -> Game:
    """Recreate the finished game of ``record`` (see ``archive.records``) and return it.

    Steps: replay and check the record (RecordError if it fails); check each player's name as
    the settings page would (``valid_name``); match each player by display name or create an
    inactive account (``player_for``), a computer player staying a seat without account;
    create the game with the record's
    code, seed, salt, dates and final state, its seats with scores and places, and one Move per
    action with its events. The game is stored unrated whatever the record says: ratings come
    only from games played on this site, in the order they finished. Raises RecordError when
    the record does not replay, a name is not a valid display name or a game with its code
    exists.
    """
    steps, state = replay_record(record)
    if Game.objects.filter(code=record["code"]).exists():
        raise RecordError(_("A game with this code exists already."))
    players = sorted(record["players"], key=lambda player: player["seat"])
    users = [
        None if _bot_level(player) else player_for(valid_name(player["name"])) for player in players
    ]
    game = Game.objects.create(
        code=record["code"],
        engine=record["game"],
        options=played_options(record),
        num_players=len(players),
        status=Game.Status.FINISHED,
        creator=users[0],
        rated=False,
        seed=record["seed"],
        salt=record["salt"],
        seed_commitment=record["seed_commitment"],
        version=len(steps),
        state=state,
        created_at=parse_datetime(record["created_at"]),
        started_at=parse_datetime(record["started_at"]),
        finished_at=parse_datetime(record["finished_at"]),
    )
    try:
        with transaction.atomic():
            Seat.objects.bulk_create(
                Seat(
                    game=game,
                    user=user,
                    bot_level=_bot_level(player),
                    number=player["seat"],
                    colour=player.get("colour") or game.kind.colour_key(player["seat"]),
                    left_at=parse_datetime(player["left_at"]) if player["left_at"] else None,
                    final_score=player["final_score"],
                    place=player["place"],
                )
                for user, player in zip(users, players, strict=True)
            )
    except IntegrityError:
        raise RecordError(_("Two players of the record have the same name.")) from None
    Move.objects.bulk_create(
        Move(
            game=game,
            version=ply,
            seat=step.seat,
            action=step.action,
            events=step.events,
            automatic=step.automatic,
            created_at=game.finished_at,
        )
        for ply, step in enumerate(steps, start=1)
    )
    return game
