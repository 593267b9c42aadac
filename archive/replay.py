"""A finished game of any kind at any step: the position, the board and the log, for the replay.

Step ``n`` is the position after the first ``n`` actions that stand (taken-back moves are
skipped), from 0 (before the first action) to the number of actions.

Revealed layout: the replay shows every hidden thing at every step, through the engine's
``revealed`` (the spectator's observation with every hidden thing shown; face-down markers, for
instance, keep ``face_down`` and carry their code, and the board draws them as revealed: dashed,
faded). This is done only for finished games (``replay_context`` refuses any other): while a
game runs, hidden things must never leave the engine except through ``observation``.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.engines import replay
from games.kinds.board import board_seats
from games.models import Game
from games.scoresheet import final_breakdown


def revealed_observation(rules, state: dict) -> dict[str, Any]:
    """The spectator's observation of ``state`` with every hidden thing shown (the engine's
    ``revealed``; see the module docstring). Only for finished games."""
    return rules.revealed(state)


CURRENT = mark_safe(' class="current" aria-current="step"')


def log_items(url: str, log: list[dict], step: int) -> SafeString:
    """The replay's move log as ``<li>`` items, each a link to its step (``url?step=N``, for
    htmx too), the item of ``step`` marked current. Built here rather than in a template:
    a game has hundreds of entries and every step of the replay renders them all."""
    nothing = _("(nothing to tell)")
    return format_html_join(
        "\n",
        '<li{}><a href="{}?step={}" hx-get="{}?step={}">'
        '<span class="step-number">{}.</span> {}</a></li>',
        (
            (
                CURRENT if entry["step"] == step else "",
                url,
                entry["step"],
                url,
                entry["step"],
                entry["step"],
                " ".join(entry["lines"]) or nothing,
            )
            for entry in log
        ),
    )


def replay_context(game: Game, step: int | None) -> dict[str, Any]:
    """What the replay page shows of finished ``game`` at ``step`` (clamped to the game; None
    is the last step): {"step", "last", "previous", "next" (step numbers), "board" (as
    the kind's ``board_context`` gives it), "observation", "panel" (the kind's ``panel``),
    "log" [{"step", "lines"}], "log_items" (the log as HTML),
    "current_lines", "breakdown" (the final breakdown at the last step, else None)}.

    ``game.seat_list`` must hold its seats with their users (as ``_get_game`` leaves it).
    Raises ValueError for a game that is not finished.
    """
    if game.status != Game.Status.FINISHED:
        raise ValueError("only finished games are replayed with their layout revealed")
    moves = list(game.moves.filter(taken_back=False).order_by("version").values("action", "events"))
    last = len(moves)
    step = last if step is None else max(0, min(step, last))
    kind = game.kind
    rules = kind.engine
    state = replay(
        rules, game.num_players, game.seed, game.options, [move["action"] for move in moves[:step]]
    )
    observation = revealed_observation(rules, state)
    seats = game.seat_list
    names = [seat.name for seat in seats]
    log = [
        {
            "step": number,
            "lines": [
                text for event in move["events"] if (text := kind.log.describe(event, names))
            ],
        }
        for number, move in enumerate(moves, start=1)
    ]
    board = kind.board.context(observation, board_seats(seats))
    return {
        "kind": kind,
        "step": step,
        "last": last,
        "previous": max(step - 1, 0),
        "next": min(step + 1, last),
        "board": board,
        "observation": observation,
        "panel": kind.page.panel(observation, seats),
        "log": log,
        "log_items": log_items(reverse("replay", args=[game.code]), log, step),
        "current_lines": log[step - 1]["lines"] if step else [],
        "breakdown": final_breakdown(game, observation) if step == last else None,
    }
