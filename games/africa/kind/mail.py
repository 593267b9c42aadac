"""What mails about an Africa position say: the board as text with its key, the question of a
pending decision worded for a reply, and the legal actions grouped by keyword.

Everything comes from ``engine.observation(state, viewer)`` and ``legal_actions``: a face-down
marker is only ever "?".
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.africa.engine.data import board as africa_board
from games.africa.kind.log import marker_name
from games.kinds import mail
from games.kinds.mailtext import board_order

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
#: Arguments per line in the grouped list of actions.
GROUP_WIDTH = 10


class Mail(mail.Mail):
    """Africa's mails: the board as rows of two-letter markers, the pending decision, and the
    legal actions grouped by keyword."""

    reply_example = gettext_lazy(
        "For example: uncover E4, then on the next line: end. Text below the actions and the "
        "quoted mail are ignored."
    )

    def board_text(self, observation: dict) -> str:
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
                mark = (
                    "?" if marker == "hidden" else ABBREVIATIONS.get(marker, ".") if marker else "."
                )
                researcher = info.get("researcher")
                mark += str(researcher + 1) if researcher is not None else ""
                mark += "^" if info.get("camp") else ""
                text += f"{mark:<4}"
            lines.append(text.rstrip())
        return "\n".join(lines)

    def legend(self) -> str:
        """The key of the text board, in the active language."""
        markers = ", ".join(f"{short} {marker_name(code)}" for code, short in ABBREVIATIONS.items())
        return _(
            "? face-down marker, . no marker, 1-5 the researcher of P1-P5, ^ base camp; %(markers)s"
        ) % {"markers": markers}

    def question(self, observation: dict) -> str | None:
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

    def group_actions(self, legal: list[str]) -> list[str]:
        """Legal actions as lines "<keyword> <argument> <argument> ...": one-word arguments
        separated by blanks, two-word arguments by commas, in the text board's reading order
        (row, then column: H3 before H15); at most GROUP_WIDTH per line."""
        groups: dict[str, list[str]] = defaultdict(list)
        for action in legal:
            keyword, _sep, rest = action.partition(" ")
            groups[keyword].append(rest)
        lines = []
        for keyword, arguments in groups.items():
            arguments = sorted((a for a in arguments if a), key=board_order)
            if not arguments:
                lines.append(keyword)
                continue
            joiner = ", " if " " in arguments[0] else " "
            for start in range(0, len(arguments), GROUP_WIDTH):
                lines.append(f"{keyword} {joiner.join(arguments[start : start + GROUP_WIDTH])}")
        return lines
