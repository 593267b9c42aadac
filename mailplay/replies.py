"""What mails about a position say: the board as text, the legal actions in the move notation,
the question of a pending decision, and the answer to a player's reply.

Everything here comes from ``engine.observation(state, viewer)`` and ``legal_actions`` (only for
the player to move): a face-down marker is only ever "?".
"""

from __future__ import annotations

import logging
from collections import defaultdict

from django.utils import translation
from django.utils.translation import gettext as _

from games.africa_log import marker_name
from games.africa_page import action_label
from games.board import board_svg_context
from games.engines.africa.data import board as africa_board
from games.models import Game, Seat
from mailplay.tokens import reply_address
from notifications.emails import absolute_url, make_message

logger = logging.getLogger(__name__)

#: Two letters per marker code in the text board ("?" face-down, "." no marker).
ABBREVIATIONS = {
    "monument": "mo",
    "statue": "st",
    "kettle": "ke",
    "clothing": "cl",
    "mask": "ma",
    "drum": "dr",
    "elephant": "el",
    "zebra": "ze",
    "giraffe": "gi",
    "lion": "li",
    "rhino": "rh",
    "nomad": "no",
    "gold1": "g1",
    "gold2": "g2",
    "jewels1": "j1",
    "jewels2": "j2",
}
#: At most this many actions are listed one per line with their words; more are grouped.
LABELLED_ACTIONS = 12
#: Arguments per line in the grouped list of actions.
GROUP_WIDTH = 10


def board_text(observation: dict) -> str:
    """The board as a grid of text: columns A..M, rows 1..16, four characters per cell.

    A cell shows its marker ("?" face-down, "." none, else two letters, see ABBREVIATIONS),
    then the seat number of a researcher standing there (1..5) and "^" for a base camp.
    """
    grid = africa_board()
    columns = sorted({cell[0] for cell in grid.cells})
    rows = sorted({int(cell[1:]) for cell in grid.cells})
    lines = ["    " + "".join(f"{column:<4}" for column in columns).rstrip()]
    for row in rows:
        text = f"{row:>2}  "
        for column in columns:
            info = observation["cells"].get(f"{column}{row}")
            if info is None:
                text += "    "
                continue
            marker = info.get("marker")
            mark = "?" if marker == "hidden" else ABBREVIATIONS.get(marker, ".") if marker else "."
            researcher = info.get("researcher")
            mark += str(researcher + 1) if researcher is not None else ""
            mark += "^" if info.get("camp") else ""
            text += f"{mark:<4}"
        lines.append(text.rstrip())
    return "\n".join(lines)


def legend_text() -> str:
    """The key of the text board, in the active language."""
    markers = ", ".join(f"{short} {marker_name(code)}" for code, short in ABBREVIATIONS.items())
    return _(
        "? face-down marker, . no marker, 1-5 the researcher of P1-P5, ^ base camp; %(markers)s"
    ) % {"markers": markers}


def mail_question(observation: dict) -> str | None:
    """The question of a pending decision, worded for a reply by mail, or None."""
    pending = observation.get("pending") or {}
    words = {"marker": marker_name(pending.get("marker", "")), "cell": pending.get("cell")}
    if pending.get("type") == "place":
        return (
            _(
                'Where does the %(marker)s go? Reply "place %(cell)s" to leave it where it '
                "was uncovered, or place it on one of the other cells listed below, where it "
                "scores more."
            )
            % words
        )
    if pending:
        return (
            _(
                'Keep the %(marker)s (reply "keep"), or exchange it with another player (one '
                'of the "swap" actions below)?'
            )
            % words
        )
    return None


def group_actions(legal: list[str]) -> list[str]:
    """Legal actions as lines "<keyword> <argument> <argument> ...": one-word arguments
    separated by blanks, two-word arguments by commas; at most GROUP_WIDTH per line."""
    groups: dict[str, list[str]] = defaultdict(list)
    for action in legal:
        keyword, _sep, rest = action.partition(" ")
        groups[keyword].append(rest)
    lines = []
    for keyword, arguments in groups.items():
        arguments = [a for a in arguments if a]
        if not arguments:
            lines.append(keyword)
            continue
        joiner = ", " if " " in arguments[0] else " "
        for start in range(0, len(arguments), GROUP_WIDTH):
            lines.append(f"{keyword} {joiner.join(arguments[start : start + GROUP_WIDTH])}")
    return lines


def position_context(game: Game, seat: Seat, names: list[str]) -> dict:
    """What a mail about ``game`` shows ``seat``'s player, in the active language.

    Returns {"board_text", "legend", "board" (the SVG board's context), "scores" [(name,
    points)], and when it is the seat's turn: "question" (or None), "actions" [(action,
    words)] or [] and "action_groups" [str] (see ``group_actions``), "reply_to" (the reply
    address for the game's current version)}."""
    rules = game.rules
    observation = rules.observation(game.state, seat.number)
    seats = sorted(game.seats.select_related("user"), key=lambda s: s.number)
    context = {
        "board_text": board_text(observation),
        "legend": legend_text(),
        "board": board_svg_context(
            observation,
            seats=[{"name": s.user.display_name, "colour": s.colour} for s in seats],
            highlight=set(),
        ),
        "scores": [(names[s.number], observation["players"][s.number]["score"]) for s in seats],
        "my_turn": False,
        "game_url": absolute_url(game.get_absolute_url()),
    }
    if game.status == Game.Status.ACTIVE and game.current_seat == seat.number:
        legal = rules.legal_actions(game.state)
        context.update(
            {
                "my_turn": True,
                "question": mail_question(observation),
                "actions": [(a, action_label(a, observation, names)) for a in legal]
                if len(legal) <= LABELLED_ACTIONS
                else [],
                "action_groups": group_actions(legal),
                "reply_to": reply_address(game.pk, seat.number, game.version),
            }
        )
    return context


def send_answer(user, context: dict, *, in_reply_to: str = "") -> None:
    """Send ``user`` the answer to their reply (``emails/play_answer-*``), threaded under it.

    ``context`` holds "status" ("applied", "rejected", "stale", "refused"), "applied"
    [actions], "error" (a sentence) and "failed_line" when rejected, and what
    ``position_context`` gives when there is a game. The reply address is the Reply-To.
    Errors of the mail backend are logged, not raised: the reply has been handled already.
    """
    with translation.override(user.language):
        message = make_message("play_answer", user, context)
    if in_reply_to:
        message.extra_headers["In-Reply-To"] = in_reply_to
        message.extra_headers["References"] = in_reply_to
    try:
        message.send()
    except Exception:
        logger.exception("the answer to an emailed move could not be sent (user %s)", user.pk)


def turn_mail_context(game: Game, seat: Seat, names: list[str]) -> dict:
    """What a your-turn mail adds for playing by email, in the player's language: the position
    (``position_context``, with the reply address as "reply_to") and "mail_links", the
    one-click links (``links.turn_links``)."""
    from mailplay.links import turn_links

    with translation.override(seat.user.language):
        context = position_context(game, seat, names)
    context["mail_links"] = turn_links(seat)
    return context
