"""What every game service shares: the errors a player reads, and the locked look-ups that
begin each transaction."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.engines import IllegalAction
from games.models import Game, Seat


class GameError(Exception):
    """A request the game cannot honour. ``message`` is a sentence for the player."""

    def __init__(self, message):
        super().__init__(str(message))
        self._message = message

    @property
    def message(self) -> str:
        return str(self._message)


class StaleVersion(GameError):
    """The page the request came from shows an older position than the game's."""

    def __init__(self):
        super().__init__(_("The game has moved on since this page was shown. Here it is now."))


class IllegalMove(GameError):
    """The engine refused the action; the reason is translated when it is read."""

    def __init__(self, error: IllegalAction):
        super().__init__(error.reason)
        self.error = error

    @property
    def message(self) -> str:
        return gettext(self.error.template).format(**self.error.params)


def locked(game: Game) -> Game:
    """``game`` re-read with its row locked until the transaction ends."""
    return Game.objects.select_for_update().get(pk=game.pk)


def snapshot(game: Game) -> dict:
    """The values of ``game``'s columns now (attribute name -> value, the values not copied),
    for ``save_changed`` to tell which of them a service changed."""
    return {field.attname: getattr(game, field.attname) for field in _GAME_COLUMNS}


def save_changed(game: Game, before: dict) -> list[str]:
    """Write the columns of ``game`` that differ from ``before`` (a ``snapshot``): a value
    replaced by another object or unequal, and the state whenever the version moved (an
    engine may change it in place); returns the attribute names written, none when nothing
    changed. A move so writes its few columns, not the whole row."""
    changed = [
        field.attname
        for field in _GAME_COLUMNS
        if getattr(game, field.attname) is not before[field.attname]
        and getattr(game, field.attname) != before[field.attname]
        or getattr(field, "auto_now", False)
    ]
    if game.version != before["version"] and "state" not in changed:
        changed.append("state")
    if changed:
        game.save(update_fields=changed)
    return changed


_GAME_COLUMNS = [field for field in Game._meta.concrete_fields if not field.primary_key]


def bump(game: Game) -> None:
    """Count a change that pages showing the game must pick up (a seat taken or freed)."""
    game.version += 1
    game.save(update_fields=["version"])


def require_open(game: Game) -> None:
    """Raise GameError unless ``game`` still gathers players."""
    if game.status != Game.Status.OPEN:
        raise GameError(_("This game is no longer gathering players."))


def seat_of(game: Game, user: User, seats: list[Seat] | None = None) -> Seat:
    """``user``'s seat in ``game`` (looked up in ``seats``, its seats, when the caller has
    read them); raises GameError when they do not play in it."""
    if seats is None:
        seat = game.seats.filter(user=user).first()
    else:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise GameError(_("You do not play in this game."))
    return seat


def require_active(game: Game) -> None:
    """Raise GameError unless ``game`` is being played."""
    if game.status != Game.Status.ACTIVE:
        raise GameError(_("This game is not being played."))
