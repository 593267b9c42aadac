"""The JSON API, version 1, under /api/v1/ (OpenAPI document at /api/v1/openapi.json, its
reader at /api/v1/docs).

A personal token (``Authorization: Bearer afr_...``, made on the settings page) acts as its
owner. What a game shows is what the owner's play page shows: the engine's observation for
their seat (or a watcher's, when they may watch and hold no seat: ``games.access``), their
legal actions when it is their turn, and the move log in words. Actions go through
``games.services.submit_action``, the same writer as the web page and the mail replies.
Requests are counted per token (``API_RATE``, e.g. "300/m") and per account, whatever its
tokens (``API_ACCOUNT_RATE``, e.g. "600/m"): past either, 429.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.utils import translation
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Schema, Status
from ninja.security import HttpBearer
from ninja.throttling import AuthRateThrottle, UserRateThrottle

from africa_site.middleware import UNSTORABLE
from api.tokens import token_for
from games import access, services
from games.models import Game, Seat

LOG_LENGTH = 1000  # moves at most in one answer of the move log


class TokenAuth(HttpBearer):
    """A personal token in the ``Authorization: Bearer`` header; the request acts as its
    owner, in their language."""

    def authenticate(self, request, token):
        row = token_for(token)
        if row is None:
            return None
        request.user = row.user
        translation.activate(row.user.language)
        return row


class TokenRateThrottle(AuthRateThrottle):
    """Requests per token, at the rate of the setting ``API_RATE`` (read at each request)."""

    def allow_request(self, request) -> bool:
        self.rate = settings.API_RATE
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request)


class AccountRateThrottle(UserRateThrottle):
    """Requests per account, all its tokens together, at the rate of the setting
    ``API_ACCOUNT_RATE`` (read at each request)."""

    def allow_request(self, request) -> bool:
        self.rate = settings.API_ACCOUNT_RATE
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request)


api = NinjaAPI(
    title="Africa games API",
    version="1",
    urls_namespace="api-v1",
    auth=TokenAuth(),
    throttle=[TokenRateThrottle(), AccountRateThrottle()],
    description=__doc__,
)


class Error(Schema):
    detail: str
    version: int | None = None


class InvalidRequest(Schema):
    """422: the path or the body does not fit the operation (one entry per problem)."""

    detail: list[dict]


#: The answers every operation may give besides its own: 401 without a live token, 429 past
#: the rate (``API_RATE``, ``API_ACCOUNT_RATE``).
REFUSALS = {401: Error, 429: Error}
#: The answers of an operation on one game: 403 when its owner may not see it, 404 for an
#: unknown code, 422 for a path that is no game code.
ON_A_GAME = REFUSALS | {403: Error, 404: Error, 422: InvalidRequest}


class Player(Schema):
    seat: int | None
    name: str
    left: bool


class GameSummary(Schema):
    code: UUID
    game: str
    status: str
    version: int
    seat: int | None
    current_seat: int | None
    your_turn: bool
    turn_deadline: datetime | None
    players: list[Player]


class GameView(GameSummary):
    observation: dict | None


class LegalAction(Schema):
    action: str
    label: str


class Legal(Schema):
    version: int
    actions: list[LegalAction]


class LogLine(Schema):
    text: str
    event: dict


class LogEntry(Schema):
    ply: int  # the move's version (``Move.version``): the API's name for it stays
    seat: int
    action: str | None
    lines: list[LogLine]


class ActionIn(Schema):
    action: str
    version: int


@api.exception_handler(PermissionDenied)
def _forbidden(request, exc):
    return api.create_response(request, {"detail": _("You may not see this game.")}, status=403)


def _your_turn(game: Game, seat: Seat | None) -> bool:
    return (
        seat is not None
        and seat.left_at is None
        and game.status == Game.Status.ACTIVE
        and game.current_seat == seat.number
    )


def _summary(game: Game, seat: Seat | None, seats: list[Seat]) -> dict:
    return {
        "code": game.code,
        "game": game.engine,
        "status": game.status,
        "version": game.version,
        "seat": seat.number if seat is not None else None,
        "current_seat": game.current_seat,
        "your_turn": _your_turn(game, seat),
        "turn_deadline": game.turn_deadline,
        "players": [
            {"seat": s.number, "name": s.name, "left": s.left_at is not None} for s in seats
        ],
    }


def observation_for(game: Game, seat: Seat | None) -> dict | None:
    """What the play page shows the holder of ``seat`` (None: a watcher): the engine's
    observation for that viewer, or None before the game starts."""
    if game.state is None:
        return None
    return game.kind.engine.observation(game.state, seat.number if seat is not None else None)


def _game_view(game: Game, seat: Seat | None) -> dict:
    return _summary(game, seat, game.seat_list) | {"observation": observation_for(game, seat)}


@api.get("/games", response={200: list[GameSummary]} | REFUSALS, summary="My games, newest first")
def my_games(request):
    games = (
        Game.objects.of_player(request.user)
        .exclude(status=Game.Status.ABORTED)
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("user").with_robot_rank()))
        .order_by("-created_at")[:200]
    )
    answer = []
    for game in games:
        seats = list(game.seats.all())
        seat = next(s for s in seats if s.user_id == request.user.pk)
        answer.append(_summary(game, seat, seats))
    return answer


@api.get(
    "/games/{code}", response={200: GameView} | ON_A_GAME, summary="A game as your seat sees it"
)
def game(request, code: UUID):
    found, seat = access.game_for(request.user, code)
    return _game_view(found, seat)


@api.get("/games/{code}/legal", response={200: Legal} | ON_A_GAME, summary="Your legal actions now")
def legal(request, code: UUID):
    found, seat = access.game_for(request.user, code)
    if not _your_turn(found, seat):
        return {"version": found.version, "actions": []}
    kind = found.kind
    observation = observation_for(found, seat)
    names = [s.name for s in found.seat_list]
    actions = kind.engine.legal_actions(found.state)
    return {
        "version": found.version,
        "actions": [
            {"action": a, "label": str(kind.page.action_label(a, observation, names))}
            for a in actions
        ],
    }


@api.get(
    "/games/{code}/moves",
    response={200: list[LogEntry]} | ON_A_GAME,
    summary="The move log, oldest first",
)
def moves(request, code: UUID):
    """Each move's words as the page's log tells them; the action's own spelling only for
    your moves, and for everyone's once the game is over."""
    found, seat = access.game_for(request.user, code)
    names = [s.name for s in found.seat_list]
    rows = list(found.moves.filter(taken_back=False).order_by("version")[:LOG_LENGTH])
    over = found.status in (Game.Status.FINISHED, Game.Status.ABORTED)
    entries = found.kind.log.entries(rows, names)
    for row, entry in zip(rows, entries, strict=True):
        mine = seat is not None and row.seat == seat.number
        entry["action"] = row.action if (mine or over) else None
        entry["lines"] = [{"text": str(li["text"]), "event": li["event"]} for li in entry["lines"]]
    return entries


@api.post(
    "/games/{code}/actions",
    response={200: GameView, 400: Error, 409: Error} | ON_A_GAME,
    summary="Play an action at the version you saw",
)
def act(request, code: UUID, payload: ActionIn):
    """Apply ``action`` if the game is still at ``version``. 409: the game has moved on (the
    answer gives the version now) or it is not your turn; 400: the action is not legal or
    not storable text; 422: the body is not an action and a version."""
    found, seat = access.game_for(request.user, code)
    if seat is None:
        return Status(403, {"detail": _("You do not play in this game.")})
    if UNSTORABLE.search(payload.action) or len(payload.action) > 200:
        return Status(400, {"detail": _("No action holds such characters.")})
    try:
        services.submit_action(found, request.user, payload.action, payload.version)
    except services.StaleVersion as error:
        found.refresh_from_db()
        return Status(409, {"detail": error.message, "version": found.version})
    except services.IllegalMove as error:
        return Status(400, {"detail": error.message})
    except services.GameError as error:
        return Status(409, {"detail": error.message})
    fresh, seat = access.game_for(request.user, code)
    return _game_view(fresh, seat)
