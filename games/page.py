"""The play page's presenter: everything the page shows a seat or a watcher, what happened
since the player's last visit, and the parts of the page kept in the shared cache.

The views (``games.views.play``) and the poll call ``play_context``, which renders the page's
pieces (``games.pieces``: status, board, actions, players, log, fairness, messages) and
remembers their digests, so that a page a few versions behind gets only those that changed.
The pieces that depend only on the game's version, the viewer's board view and language (the
board, the log, the actions of the player to move) are rendered once and reused by every reload
and every watcher's poll (``Fragment``, ``_cached_fragments``); the others are small and
rendered each time.
"""

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.cache import cache
from django.template.loader import get_template, render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import annotations, clocks, pieces, polling, queries, scoresheet, services, text_mode
from games.context_processors import next_game
from games.forms import InviteForm
from games.kinds import GameKind
from games.kinds.board import board_seats
from games.models import END_BY_VOTE, TAKEOVER_LEVEL, Game, Seat, bot_name
from games.pieces import CSRF_SLOT
from games.services import solo

PLAY_TEMPLATE = "games/play.html"


@functools.cache
def _template_generation(sources: tuple[str, ...]) -> str:
    """A short digest of the templates ``sources`` (a partial and those it includes), so that
    a deployment that changes them never serves fragments cached by the version before."""
    texts = [get_template(name).template.source for name in sources]
    return hashlib.sha256("".join(texts).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Fragment:
    """A part of the play page kept in the shared cache (``_cached_fragments``).

    ``key``: what the part depends on (the game, its version, the language and, for the
    board and the actions, the ``board_view``); ``template``: the partial that renders it;
    ``sources``: the template paths whose text makes it (a change of one is a new fragment);
    ``make_context``: a callable giving the partial's context, called only on a cache miss.
    """

    key: str
    template: str
    sources: tuple[str, ...]
    make_context: Callable[[], dict]


@dataclass(frozen=True)
class Position:
    """What the play page shows of a game under way or over, for one viewer.

    ``kind``: the game's GameKind; ``observation``: ``engine.observation(state, viewer)``,
    the only way the viewer learns the position; ``names``: the players' names in seat order;
    ``my_turn``: whether the viewer is the seated, present player to move in an active game;
    ``legal``: the engine's legal actions when it is the viewer's turn, else [].
    """

    kind: GameKind
    observation: dict
    names: list[str]
    my_turn: bool
    legal: list[str]


def _cached_fragments(fragments: dict[str, Fragment], extra: tuple[str, ...] = ()) -> tuple:
    """The play page's parts rendered, kept in the shared cache: ``fragments`` is {name:
    Fragment}, the answer ({name: its ``template`` rendered with its ``make_context()``,
    cached under its ``key`` and the digest of its ``sources``}, {cache key: value} of those
    to store, what ``cache.get_many`` found of the ``extra`` keys). One round trip to the
    cache looks all of them up; the caller stores the missing.

    For the parts of the play page that depend only on the game's version, the viewer's
    board view and language (the board, the log, the actions): a reload or another
    watcher's poll reuses them.
    """
    keys = {
        name: f"{fragment.key}:{_template_generation(fragment.sources)}"
        for name, fragment in fragments.items()
    }
    found = cache.get_many([*keys.values(), *extra])
    missing = {}
    html = {}
    for name, fragment in fragments.items():
        text = found.get(keys[name])
        if text is None:
            text = missing[keys[name]] = render_to_string(
                fragment.template, fragment.make_context()
            )
        html[name] = mark_safe(text)  # rendered by the template engine, which escaped it
    return html, missing, {key: found[key] for key in extra if key in found}


def play_context(request, game: Game, seat: Seat | None, page: str | None = None) -> dict:
    """Everything the play page shows ``seat`` (None: someone without a seat): the page's
    context, its rendered ``pieces`` ({name: html}, see ``games.pieces``) and their
    ``digests``, the ``page_key`` it remembers them under and, when ``page`` names the page
    the request came from (its key), that page's ``previous`` pieces (or None)."""
    context = {
        "game": game,
        "seat": seat,
        "seats": game.seat_list,
        "text_mode": text_mode.is_text_mode(request),
        "poll_token": polling.poll_token(game, seat, request.session.session_key),
        "viewer": "-" if seat is None else str(seat.number),
        "messages": messages.get_messages(request),
        "game_notes": annotations.header_notes(game),
    }
    context["stream_url"] = polling.stream_url(game, context["poll_token"])
    context["messages_shown"] = len(context["messages"]) > 0
    extra = (pieces.memory_key(page),) if page else ()
    if game.status == Game.Status.OPEN:
        context["invite_form"] = InviteForm()
        if seat is not None:
            context["invite_token"] = services.invite_token(game)
        return _with_pieces(request, context, {}, extra)
    if game.state is None:
        return _with_pieces(request, context, {}, extra)
    fragments = _add_position(request, game, seat, context)
    return _with_pieces(request, context, fragments, extra)


def _add_position(request, game: Game, seat: Seat | None, context: dict) -> dict[str, Fragment]:
    """Add to the play ``context`` what shows the position of a game under way or over;
    return the fragments to render (``_cached_fragments``). The steps: the viewer's
    ``Position``; the kind's half of the page (``Page.context``); what the others did since
    the viewer's last visit; the generic context (``_position_context``); the board, the log
    and, on the viewer's turn, the actions as fragments."""
    position = _position(game, seat)
    kind = position.kind
    half = kind.page.context(
        request, game, seat, position.observation, position.legal, position.names
    )
    label = half.pop("action_label")
    board_context = half.pop("board_context")
    view = _board_view(seat, position.my_turn, half.pop("board_selection"))
    if context["text_mode"]:
        view += ":text"
        board_context = functools.partial(_text_board_context, game, seat, position)
    since = since_last_visit(game, seat, position.names)
    if since["cells"]:
        digest = hashlib.sha256(" ".join(sorted(since["cells"])).encode()).hexdigest()[:12]
        view += f":new-{digest}"
    full_log = request.GET.get("log") == "all"
    context.update(half)
    context.update(_position_context(game, seat, position, since, full_log))
    context.update(next_game(request, game))
    context["solo_comparison"] = solo.comparison(game, seat)
    prefix = f"game:{game.code}:{game.version}:{get_language()}"
    board_part = "text_board" if context["text_mode"] else "board_area"
    fragments = {
        "board_html": Fragment(
            f"{prefix}:board:{view}",
            kind.template(board_part),
            tuple(kind.page.sources(board_part)),
            board_context
            if context["text_mode"]
            else _marking_changes(kind, board_context, since["cells"]),
        ),
        "log_html": Fragment(
            f"{prefix}:log:{full_log}:{clocks.stamp(game)}",
            kind.template("log"),
            tuple(kind.page.sources("log")),
            functools.partial(_log_context, game, position, full_log),
        ),
    }
    if position.my_turn:
        fragments["actions"] = Fragment(
            f"{prefix}:actions:{view}",
            "games/play.html#actions",
            (PLAY_TEMPLATE, kind.template("moves"), kind.template("action_options")),
            functools.partial(_actions_context, context, position, label),
        )
    return fragments


def _position(game: Game, seat: Seat | None) -> Position:
    """The ``Position`` of ``game`` (under way or over) as ``seat`` (None: a watcher) sees it."""
    kind = game.kind
    viewer = seat.number if seat is not None else None
    my_turn = (
        seat is not None
        and seat.left_at is None
        and game.status == Game.Status.ACTIVE
        and game.current_seat == seat.number
    )
    return Position(
        kind=kind,
        observation=kind.engine.observation(game.state, viewer),
        names=[s.name for s in game.seat_list],
        my_turn=my_turn,
        legal=kind.engine.legal_actions(game.state) if my_turn else [],
    )


def _text_board_context(game: Game, seat: Seat | None, position: Position) -> dict:
    """The text board's context (``Board.text_context`` of the viewer's observation), with
    the cells changed since the viewer's last visit left out: the log says what changed."""
    viewer = seat.number if seat is not None else None
    seats = board_seats(game.seat_list)
    return {"text_board": position.kind.board.text_context(position.observation, seats, viewer)}


def _board_view(seat: Seat | None, my_turn: bool, selection: str) -> str:
    """Which board the viewer gets, for the fragment cache: the player to move gets their
    seat's board with its move targets and what they picked on it (``selection``, the kind's
    "board_selection"); every other viewer the same board without targets, "watch"."""
    return f"seat{seat.number}:{selection}" if my_turn else "watch"


def _position_context(
    game: Game, seat: Seat | None, position: Position, since: dict, full_log: bool
) -> dict:
    """The play page's generic context of a ``position``: the kind, the observation, whether
    it is the viewer's turn and what they may do (a question, undo, a vote to call off), the
    players' panel, the final scores and winners, and ``since`` (``since_last_visit``)."""
    kind, observation, my_turn = position.kind, position.observation, position.my_turn
    seats = game.seat_list
    return {
        "kind": kind,
        "observation": observation,
        "my_turn": my_turn,
        "question": kind.page.question(observation) if my_turn else None,
        "has_action_list": len(position.legal) > 1,
        "can_undo": my_turn and queries.undoable(game, seat.number),
        "can_vote_abort": seat is not None
        and seat.left_at is None
        and not seat.abort_vote
        and game.status == Game.Status.ACTIVE
        and any(s.left_at for s in seats),
        **_end_vote_context(game, seat, seats),
        "panel": kind.page.panel(observation, seats),
        "full_log": full_log,
        "breakdown": scoresheet.final_breakdown(game, observation),
        "winners": [s.name for s in seats if s.place == 1]
        if game.status == Game.Status.FINISHED and game.num_players > 1
        else [],
        "since_last_visit": since,
        "clock": clocks.turn_clock(game, seats=seats),
        **clocks.time_choices(game, seat, seats, my_turn),
    }


def _log_context(game: Game, position: Position, full_log: bool) -> dict:
    """The log fragment's context: the moves in words, newest first (the whole log when
    ``full_log``, else the kind's ``log.length`` newest moves)."""
    kind = position.kind
    moves = game.moves.filter(taken_back=False).order_by("-version")
    shown = moves if full_log else moves[: kind.log.length]
    # Described anew for each version the log is rendered at (its fragment is kept per
    # version): about 30 microseconds a move, less than reading its words from the cache.
    entries = kind.log.entries(list(shown), position.names)
    for entry in entries:  # newest first within an action too, as the actions are
        entry["lines"].reverse()
    cut = not full_log and len(entries) >= kind.log.length
    notes = [n for n in table_notes(game) if not cut or n["ply"] > entries[-1]["ply"]]
    if notes:
        entries = sorted(entries + notes, key=lambda entry: -entry["ply"])
    entries = clocks.with_time_gifts(entries, game, position.names)
    return {"log": entries, "game_name": kind.name}


def table_notes(game: Game) -> list[dict]:
    """The log's lines about the table rather than the board, as log entries ({"ply", "seat",
    "lines": [{"text", "event"}]}, "ply" the game's version then): a newcomer took over a
    seat a robot played (``Seat.substituted_version``), the players voted to end the game
    (``Game.end_reason``); and those other apps add (``annotations.log_notes``)."""
    notes = annotations.log_notes(game)
    for seat in game.seat_list:
        if seat.substituted_version is None:
            continue
        text = _("%(newcomer)s took over %(robot)s's seat (%(seat)s), with all it holds.") % {
            "newcomer": seat.name,
            "robot": bot_name(TAKEOVER_LEVEL, seat.number),
            "seat": seat.label,
        }
        line = {"text": text, "event": ""}
        notes.append({"ply": seat.substituted_version, "seat": seat.number, "lines": [line]})
    if game.end_reason == END_BY_VOTE:
        text = _("The players voted to end the game: the scores as they stood are final.")
        notes.append({"ply": game.version, "seat": None, "lines": [{"text": text, "event": ""}]})
    return notes


def _end_vote_context(game: Game, seat: Seat | None, seats: list[Seat]) -> dict:
    """Whether the viewer may vote to end the game (a player still in a running game of three
    or more) and has voted, and the votes so far: "end_votes" (the names of the players who
    voted) and "end_votes_needed" (all the active players but one)."""
    if game.status != Game.Status.ACTIVE or game.num_players < queries.VOTE_END_PLAYERS:
        return {"can_vote_end": False}
    votes, needed = queries.end_votes(seats)
    return {
        "can_vote_end": seat is not None and seat.left_at is None,
        "my_end_vote": seat is not None and seat.end_vote,
        "end_votes": [s.name for s in seats if s.end_vote and s.left_at is None and s.user_id],
        "end_votes_needed": needed,
    }


def _actions_context(context: dict, position: Position, label) -> dict:
    """The actions fragment's context: the page's ``context`` with the legal actions' options
    (each action with its words, ``label(action)``) and the CSRF slot the page fills in; in
    the text mode, the actions with their words as ``text_actions`` and the words the typed
    line completes (the notation's keywords, then the legal actions) as ``action_words``."""
    legal = position.legal
    if context["text_mode"]:
        keywords = sorted(position.kind.notation.keywords)
        return context | {
            "text_actions": [(a, label(a)) for a in legal],
            "action_words": [*keywords, *(a for a in legal if a not in keywords)],
            "csrf_token": CSRF_SLOT,
        }
    options = render_to_string(
        position.kind.template("action_options"), {"actions": [(a, label(a)) for a in legal]}
    )
    return context | {"action_options_html": mark_safe(options), "csrf_token": CSRF_SLOT}


def _with_pieces(request, context: dict, fragments: dict, extra: tuple[str, ...]) -> dict:
    """``context`` with the page's ``pieces``, their ``digests``, its ``page_key`` and the
    ``previous`` page (see ``play_context``); the pieces and the page kept in the cache."""
    cached, missing, found = _cached_fragments(fragments, extra)
    context["previous"] = pieces.remembered(list(extra), found)
    slotted = context | {"csrf_token": CSRF_SLOT}
    if "observation" in context:
        slotted.update(cached)
        names = [name for name in pieces.PIECES if name not in cached]
        rendered = {name: pieces.render_piece(name, slotted) for name in names}
        rendered["actions"] = rendered.get("actions") or cached["actions"].strip()
        rendered = {name: rendered[name] for name in pieces.PIECES}
    else:
        rendered = {"messages": pieces.render_piece("messages", slotted)}
    code = context["game"].code
    digests = {name: pieces.digest(html, code) for name, html in rendered.items()}
    board = found = None
    if "board" in rendered:  # a board holds no form: its places need no csrf token
        board, found = pieces.board_digests(rendered["board"], code)
    key, remembered = pieces.memory(context["game"], context["viewer"], digests, board)
    missing[pieces.memory_key(key)] = remembered
    pieces.store(missing)
    context["page_key"] = key
    rendered[pieces.SYNC] = pieces.render_piece(pieces.SYNC, context)
    context.update(
        {
            "pieces": pieces.with_token(request, rendered),
            "digests": digests,
            "board_digests": board,
            "board_places": found,
        }
    )
    return context


#: The most moves "since your last visit" lists (a longer absence shows the newest ones).
SINCE_LIMIT = 50


#: How long what was done since a player's last visit stays in the shared cache (seconds): it is
#: filed under the game's version and the visit, so that it is never out of date, only unused.
SINCE_SECONDS = 60 * 60


def since_last_visit(game: Game, seat: Seat | None, names: list[str]) -> dict:
    """What the other players did since ``seat`` last had the game open (``Seat.last_seen_at``,
    noted by ``services.mark_seen``): {"count" (moves, at most SINCE_LIMIT), "log" (their
    entries in words, as ``Log.entries``), "cells" (the board cells they changed)}.
    Empty for a watcher and on a player's first visit. Kept in the shared cache under the
    game's version, the seat, its last visit, the language and the players' names: a reload
    of the page reads no moves, nor the answer to the viewer's own move (``Game.moved_by``,
    set by ``services.apply_action``: the version before it tells the same)."""
    if seat is None or seat.last_seen_at is None or seat.number is None:
        return {"count": 0, "log": [], "cells": set()}
    text = "\x1f".join([seat.last_seen_at.isoformat(), get_language(), *names])
    digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    keys = [f"since:{game.pk}:{game.version}:{seat.number}:{digest}"]
    # The answer to the viewer's own move: what the others did is what it was a version ago.
    if getattr(game, "moved_by", None) == (game.version, seat.number):
        keys.append(f"since:{game.pk}:{game.version - 1}:{seat.number}:{digest}")
    found = cache.get_many(keys)
    if keys[0] in found:
        return found[keys[0]]
    if len(found):  # the version before: kept under this one too, for the next reload
        cache.set(keys[0], found[keys[1]], SINCE_SECONDS)
        return found[keys[1]]
    moves = list(
        game.moves.filter(taken_back=False, created_at__gt=seat.last_seen_at)
        .exclude(seat=seat.number)
        .order_by("-version")[:SINCE_LIMIT]
    )
    moves.reverse()
    kind = game.kind
    events = [event for move in moves for event in move.events]
    since = {
        "count": len(moves),
        "log": kind.log.entries(moves, names),
        "cells": kind.board.changed_cells(events),
    }
    cache.set(keys[0], since, SINCE_SECONDS)
    return since


def _marking_changes(kind, board_context, cells: set[str]):
    """The kind's ``board_context`` callable, with ``cells`` marked as changed."""
    if not cells:
        return board_context
    return lambda: kind.board.mark_changed(board_context(), cells)
