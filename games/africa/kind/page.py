"""What the Africa play page shows one viewer: the board's clickable cells, the question of a
pending decision, the buttons, the players' panel and the move log in words.

Everything comes from ``engine.observation(state, viewer)`` and, for the player whose turn it
is, ``engine.legal_actions(state)``: only legal actions are offered, and nothing hidden is
ever read here.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.africa.kind.log import city, marker_name
from games.africa.kind.terms import SEAT_COLOURS
from games.kinds import page
from games.kinds.board import board_seats

CELL_ACTIONS = ("start", "anywhere", "move", "uncover", "place")
MARKER_MOVES = ("animal", "nomad")
GOODS = ("statue", "kettle", "clothing", "mask", "drum")

#: The kind of highlighted target a cell's one action makes, by its keyword; a cell with a
#: marker to move is a "marker" target, a cell with several actions a "choose" target.
TARGET_OF = {
    "start": "start",
    "move": "step",
    "anywhere": "jump",
    "uncover": "uncover",
    "place": "place",
}


@dataclass
class Choices:
    """The legal actions sorted by how a player reaches them on the page.

    ``by_cell``: {cell: [actions]} for actions aimed at one cell (start, anywhere, move,
    uncover, place); ``from_cell``: {origin: [actions]} for moving a face-up animal or nomad;
    ``buttons``: the rest (keep, swap, camp, end).
    """

    by_cell: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    from_cell: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    buttons: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, legal: list[str]) -> Choices:
        """``legal`` (Africa's actions) sorted into cell links, moves by their start and
        buttons."""
        choices = cls()
        for action in legal:
            words = action.split()
            if words[0] in CELL_ACTIONS:
                choices.by_cell[words[1]].append(action)
            elif words[0] in MARKER_MOVES:
                choices.from_cell[words[1]].append(action)
            else:
                choices.buttons.append(action)
        return choices


def board_links(
    choices: Choices,
    selected_from: str | None,
    label,
    target,
    confirm: frozenset[str] = frozenset(),
) -> dict:
    """{cell: link} for the board: one click applies a cell's only action (htmx) or opens the
    cell's choices; the href always leads to a page that works without JavaScript. An action
    in ``confirm`` (one that ends the turn while others were possible) is never applied by one
    click: its cell opens its choice, whose button says so.

    ``label(action)`` gives an action's words; ``target(kind, label, action, query=...)``
    makes a link (``games.kinds.page.Page.move_target`` for the game), ``kind`` a key of
    ``Board.target_kinds``.
    """

    links = {}
    if selected_from is not None:
        for action in choices.from_cell.get(selected_from, []):
            cell = action.split()[2]
            query = {"from": selected_from, "cell": cell}
            links[cell] = target("place", label(action), action, query=query)
        return links
    for cell in set(choices.by_cell) | set(choices.from_cell):
        actions = choices.by_cell.get(cell, [])
        if len(actions) == 1 and cell not in choices.from_cell:
            action = actions[0]
            kind = TARGET_OF[action.split()[0]]
            post = None if action in confirm else action
            links[cell] = target(kind, label(action), post, query={"cell": cell})
        elif not actions:
            words = _("Move the marker on %(cell)s") % {"cell": cell}
            links[cell] = target("marker", words, query={"from": cell})
        else:
            words = _("%(cell)s: choose what to do") % {"cell": cell}
            links[cell] = target("choose", words, query={"cell": cell})
    return links


def tried_action(observation: dict, cell: str, selected_from: str | None, choices: Choices):
    """What a click on ``cell``, no move target, would try (for "Why not?"): moving the marker
    picked on ``selected_from`` there; else by the phase a start city, the place of the
    uncovered animal or nomad, uncovering a face-down marker or moving there."""
    if selected_from is not None:
        return f"{choices.from_cell[selected_from][0].split()[0]} {selected_from} {cell}"
    pending = observation["pending"]
    if observation["phase"] == "setup":
        return f"start {cell}"
    if pending is not None and pending["type"] == "place":
        return f"place {cell}"
    return f"{'uncover' if observation['cells'][cell]['face_down'] else 'move'} {cell}"


class Page(page.Page):
    """Africa's half of the play page: a click on a cell plays its one action or opens its
    choices; the panel shows each player's goods, gold, jewels and base camps."""

    shuffled = gettext_lazy("The markers were shuffled before the game began.")
    replay_note = gettext_lazy(
        "Every face-down marker is shown, faded with a dashed edge, because the game is over."
    )
    fragment_sources = {"board_area": ["board_area", "board", "legend"]}

    def context(self, request, game, seat, observation, legal, names) -> dict:
        """The Africa half of the play page (see ``games.kinds.page.Page.context``): the cell
        or marker the player picked (``?cell=``, ``?from=``, each ignored unless it is one the
        legal actions or the board offer), the board's links for the player to move, the
        choices for a picked cell, the buttons, and the board's context. An action that ends
        the turn while others were possible asks before it is played (``confirming``)."""
        confirm = self.confirming(legal)
        choices = Choices.of(legal)
        selected_from = request.GET.get("from")
        if selected_from not in choices.from_cell:
            selected_from = None
        selected_cell = request.GET.get("cell")
        if selected_cell not in observation["cells"]:
            selected_cell = None

        def label(action):
            return self.action_label(action, observation, names)

        targets = {}
        if legal:
            target = functools.partial(self.move_target, game)
            targets = board_links(choices, selected_from, label, target, confirm)
        cell_choices = []
        if selected_cell and not selected_from:
            cell_choices = [(a, label(a)) for a in choices.by_cell.get(selected_cell, [])]
        elif selected_from and selected_cell:
            wanted = [a for a in choices.from_cell[selected_from] if a.split()[2] == selected_cell]
            cell_choices = [(a, label(a)) for a in wanted]

        def board_context():
            seats = board_seats(game.seat_list)
            selected = selected_from or (selected_cell if cell_choices else None)
            links = targets
            if legal:  # asked on a cache miss only: a "why not?" link on every other cell
                links = self.with_why_not(
                    game,
                    targets,
                    observation["cells"],
                    lambda cell: tried_action(observation, cell, selected_from, choices),
                )
            board = self.kind.board.context(
                observation, seats, links=links, selected=selected, highlight=set(targets)
            )
            return {"board": board, "target_kinds": self.kind.board.target_kinds}

        return {
            "action_label": label,
            "board_context": board_context,
            "board_selection": f"{selected_from}:{selected_cell}",
            "buttons": [(a, label(a)) for a in choices.buttons],
            "cell_choices": cell_choices,
            "confirm_choice": bool(cell_choices) and all(a in confirm for a, _w in cell_choices),
            "selected_cell": selected_cell,
            "selected_from": selected_from,
            "can_move_from": selected_cell in choices.from_cell and not selected_from,
        }

    def panel(self, observation: dict, seats) -> list[dict]:
        """One row per seat, in seat order, for the players' panel."""
        colours = {colour.key: (colour.name, colour.fill) for colour in SEAT_COLOURS}
        rows = []
        for seat in seats:
            player = observation["players"][seat.number]
            colour_name, fill = colours.get(seat.colour, (seat.colour, "#888888"))
            rows.append(
                {
                    "seat": seat,
                    "name": seat.name,
                    "colour": seat.colour,
                    "colour_name": colour_name,
                    "is_current": observation["current_player"] == seat.number,
                    "score": player["score"],
                    "goods": [
                        (marker_name(kind), player["goods"][kind])
                        for kind in GOODS
                        if player["goods"].get(kind)
                    ],
                    "gold": player["gold"],
                    "jewels": player["jewels"],
                    "camps": player["camps"],
                }
            )
        return rows

    def action_label(self, action: str, observation: dict, names: list[str]) -> str:
        """A player's words for ``action`` ("uncover E4" -> "Uncover E4")."""
        words = action.split()
        keyword = words[0]
        cells = observation["cells"]
        if keyword == "start":
            return _("Start in %(city)s") % {"city": city(words[1])}
        if keyword == "anywhere":
            return _("Travel to %(cell)s (this ends your turn)") % {"cell": words[1]}
        if keyword == "move":
            return _("Move your researcher to %(cell)s") % {"cell": words[1]}
        if keyword == "uncover":
            return _("Uncover the marker on %(cell)s") % {"cell": words[1]}
        if keyword == "place":
            marker = marker_name(observation["pending"]["marker"])
            return _("Place the %(marker)s on %(cell)s") % {"marker": marker, "cell": words[1]}
        if keyword in MARKER_MOVES:
            marker = marker_name(cells[words[1]]["marker"])
            return _("Move the %(marker)s from %(origin)s to %(target)s") % {
                "marker": marker,
                "origin": words[1],
                "target": words[2],
            }
        if keyword == "keep":
            return _("Keep it")
        if keyword == "swap":
            seat = int(words[1][1:]) - 1
            count = observation["players"][seat]["goods"][words[2]]
            return _("Exchange with %(player)s for their %(count)d × %(goods)s") % {
                "player": names[seat],
                "count": count,
                "goods": marker_name(words[2]),
            }
        if action == "camp research":
            return _("Set up a base camp here to do research")
        if action == "camp resources":
            return _("Set up a base camp here to use natural resources")
        if keyword == "end":
            return _("End your turn")
        return action

    def question(self, observation: dict) -> str | None:
        """The question a pending decision asks its player, in words, or None."""
        pending = observation.get("pending")
        if not pending:
            return None
        marker = marker_name(pending["marker"])
        if pending["type"] == "place":
            return _(
                "Where does the %(marker)s go? Leave it on %(cell)s, or click a highlighted "
                "cell where it scores more."
            ) % {"marker": marker, "cell": pending["cell"]}
        return _("Keep the %(marker)s, or exchange it with another player?") % {"marker": marker}
