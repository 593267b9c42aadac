"""Game records: a finished game as JSON that anyone can replay and check.

A record holds everything needed to play the game again: the game and its options, the players
in seat order with their final scores and places, the seed with its salt and commitment, and
the canonical actions in order (``games.engines``' notation). Its shape (format version 2)::

    {"format": "africa-game-record", "format_version": 2,
     "code": "<uuid>", "game": "<Game.engine>", "options": {<Game.options>},
     "rated": true, "created_at": "<ISO 8601>", "started_at": ..., "finished_at": ...,
     "players": [{"seat": 0, "name": "Alice", "colour": "blue", "left_at": null | "<ISO>",
                  "final_score": 31, "place": 1, "bot_level": null | "easy" | "hard"}, ...],
     "seed": 123, "salt": "<hex>", "seed_commitment": "<SHA-256 hex of 'seed:salt'>",
     "actions": ["start C2", "start H16", ...],
     "automatic": [12, 13],            # indexes of actions the site's bots played
     "final_scores": [31, 24]}

Only finished games have records: while a game runs its seed and salt are secret.

A game whose rules changed after games were played keeps its rules version in its options
(``games.engines.base.RULES_VERSION_OPTION``) and replays by it. Format version 1 records were
written before versions were kept: they replay by the first rules (version 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.engines import IllegalAction, get_engine
from games.engines.base import with_rules_version
from games.models import Game, seed_commitment

FORMAT = "africa-game-record"
FORMAT_VERSION = 2
#: The format versions this site reads (1: written before rules versions were kept).
READ_VERSIONS = (1, 2)


class RecordError(Exception):
    """A record that is malformed or does not replay to what it claims; the message says
    what is wrong, in words."""


@dataclass
class Step:
    """One replayed action: the seat that played it, its canonical text, the public events
    it caused (as ``Move.events``) and whether the site played it for an absent seat."""

    seat: int
    action: str
    events: list[dict]
    automatic: bool


def game_record(game: Game) -> dict[str, Any]:
    """The record (shape above) of a finished ``game``. Raises ValueError for a game that is
    not finished: a running game's seed must stay secret."""
    if game.status != Game.Status.FINISHED:
        raise ValueError("only finished games have records")
    seats = sorted(game.seats.select_related("user"), key=lambda seat: seat.number)
    moves = list(
        game.moves.filter(taken_back=False).order_by("version").values("action", "automatic")
    )
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "code": str(game.code),
        "game": game.engine,
        "options": game.options,
        "rated": game.rated,
        "created_at": _iso(game.created_at),
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "players": [
            {
                "seat": seat.number,
                "name": seat.name,
                "colour": seat.colour,
                "left_at": _iso(seat.left_at),
                "final_score": seat.final_score,
                "place": seat.place,
                "bot_level": seat.bot_level or None,
            }
            for seat in seats
        ],
        "seed": game.seed,
        "salt": game.salt,
        "seed_commitment": game.seed_commitment,
        "actions": [move["action"] for move in moves],
        "automatic": [index for index, move in enumerate(moves) if move["automatic"]],
        "final_scores": [seat.final_score for seat in seats],
    }


def played_options(record: dict[str, Any]) -> dict[str, Any]:
    """The options ``record``'s game was played with, its rules version included: a format 1
    record names none and was played by the first rules of its game. KeyError, TypeError or
    ValueError for a record without a known game or options."""
    options = dict(record["options"])
    if record["format_version"] == 1:
        return with_rules_version(get_engine(record["game"]), options, 1)
    return options


def replay_record(record: dict[str, Any]) -> tuple[list[Step], dict]:
    """Check ``record`` and play it again: its steps and the final state.

    Checks, in order: the format; that the game exists; that SHA-256 of "seed:salt" is the
    commitment; that every action is legal when it comes; that the game ended (by the rules,
    or because every player but one left); that the scores are the final scores claimed, for
    the game and for each player. Raises RecordError naming the first check that fails.
    """
    try:
        if record["format"] != FORMAT or record["format_version"] not in READ_VERSIONS:
            raise RecordError(_("This is not a game record of a version this site reads."))
        rules = get_engine(record["game"])
        options = played_options(record)
        players = sorted(record["players"], key=lambda player: player["seat"])
        if [player["seat"] for player in players] != list(range(len(players))):
            raise ValueError("the seats must be numbered 0, 1, 2... without a gap")
        seed, salt = int(record["seed"]), str(record["salt"])
        actions, automatic = list(record["actions"]), set(record.get("automatic", []))
        claimed = list(record["final_scores"])
        state = rules.initial_state(num_players=len(players), seed=seed, options=options)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(_("The record is malformed: %(error)s") % {"error": error}) from None
    if seed_commitment(seed, salt) != record.get("seed_commitment"):
        raise RecordError(_("The seed and salt do not match the commitment."))
    steps = []
    for index, action in enumerate(actions):
        seat = rules.current_player(state)
        try:
            state = rules.apply(state, action)
        except IllegalAction as error:
            raise RecordError(
                _("Action %(number)d (%(action)s) is not legal: %(reason)s")
                % {"number": index + 1, "action": action, "reason": error.reason}
            ) from None
        steps.append(Step(seat, action, state["events"], index in automatic))
    stayed = sum(1 for player in players if not player.get("left_at"))
    if not rules.is_terminal(state) and stayed > 1:
        raise RecordError(_("The actions do not finish the game."))
    scores = rules.scores(state)
    if scores != claimed or [player.get("final_score") for player in players] != scores:
        raise RecordError(
            _("The replayed scores %(replayed)s differ from the record's %(claimed)s.")
            % {"replayed": scores, "claimed": claimed}
        )
    return steps, state


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None
