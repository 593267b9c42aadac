"""The frame of Africa's turns (rulebook "Game Setup", "Game Play", "The Sequence of Actions"
and "Game End and Scoring"; rulings 1, 2, 9 and 10): placing the researchers, option A (moving
anywhere), option B's moves, the end of an action and of a turn, the monument that ends the game
and the final scoring added to the totals. Also the readers of cells and players and the events
that ``actions`` shares.
"""

from __future__ import annotations

from typing import Any

from games.africa.engine.legal import BOARD, move_targets, slots
from games.africa.engine.scoring import final_scoring
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _

BONUS_POINTS = 3


def not_an_action(action: str) -> IllegalAction:
    """The error for text that is no Africa action at all."""
    return IllegalAction(
        _('"{action}" is not an action in Africa'), code="not_an_action", action=action
    )


def cell_of(word: str) -> str:
    """The cell id of ``word`` (any case); IllegalAction when the board has no such cell."""
    cell = BOARD.by_upper.get(word.upper())
    if cell is None:
        raise IllegalAction(_("{cell} is not a cell of the board"), code="no_cell", cell=word)
    return cell


def event(state: State, type_: str, **fields: Any) -> None:
    """Append the public event ``type_`` of the current seat, with ``fields``."""
    state["events"].append({"type": type_, "seat": state["current"], **fields})


def add_points(state: State, points: int) -> None:
    """Add ``points`` to the current seat's running total."""
    state["players"][state["current"]]["score"] += points


def check_free(state: State, cell: str) -> None:
    """A researcher may not stop on a face-down marker or another researcher."""
    if cell in state["hidden"]:
        raise IllegalAction(_("{cell} has a face-down marker"), code="cell_face_down", cell=cell)
    if cell in state["researchers"]:
        if cell == state["researchers"][state["current"]]:
            raise IllegalAction(
                _("Your researcher is already on {cell}"), code="already_there", cell=cell
            )
        raise IllegalAction(_("{cell} has another researcher"), code="cell_researcher", cell=cell)


def start(state: State, word: str) -> None:
    """Ruling 1: in seat order, each player puts a researcher on a free start city."""
    cell = cell_of(word)
    if cell not in BOARD.start_cities:
        raise IllegalAction(_("{cell} is not a start city"), code="not_start_city", cell=cell)
    if cell in state["researchers"]:
        raise IllegalAction(_("{cell} already has a researcher"), code="start_taken", cell=cell)
    seat = state["current"]
    state["researchers"][seat] = cell
    event(state, "start", cell=cell)
    if seat + 1 < state["num_players"]:
        state["current"] = seat + 1
    else:
        state["phase"] = "play"
        state["current"] = 0
        state["events"].append({"type": "turn", "seat": 0})


def anywhere(state: State, word: str) -> None:
    """Option A (rulebook "Move a Researcher Anywhere", ruling 2): the whole turn."""
    cell = cell_of(word)
    if state["slot"] or state["moved"]:
        raise IllegalAction(
            _("Moving anywhere takes the whole turn: do it first or not at all"),
            code="anywhere_whole_turn",
        )
    check_free(state, cell)
    seat = state["current"]
    event(state, "anywhere", **{"from": state["researchers"][seat], "to": cell})
    state["researchers"][seat] = cell
    next_turn(state)


def move(state: State, word: str) -> None:
    """Option B's move before an action: 1 or 2 steps on a free path (ruling 2)."""
    cell = cell_of(word)
    if state["moved"]:
        raise IllegalAction(
            _("You already moved for this action: take the action or end"), code="moved_already"
        )
    check_free(state, cell)
    seat = state["current"]
    here = state["researchers"][seat]
    if cell not in BOARD.within_two[here]:
        raise IllegalAction(
            _("{cell} is more than two steps from your researcher"), code="move_too_far", cell=cell
        )
    if cell not in move_targets(state, here):
        raise IllegalAction(_("No free path leads to {cell}"), code="move_no_path", cell=cell)
    event(state, "move", **{"from": here, "to": cell})
    state["researchers"][seat] = cell
    state["moved"] = True


def found_monument(state: State) -> None:
    """Ruling 9: a camp from the supply while any is left; the last monument ends the game."""
    state["monuments_found"] += 1
    if state["monuments_found"] >= state["monuments_to_end"]:
        add_points(state, BONUS_POINTS)
        event(state, "bonus", points=BONUS_POINTS)
        game_over(state)
    elif state["supply"]:
        state["supply"] -= 1
        state["players"][state["current"]]["camps"] += 1
        event(state, "supply_camp")


def game_over(state: State) -> None:
    """Rulebook "Game End and Scoring" (ruling 10): add the final scoring to every total."""
    final = final_scoring(state["players"], state["tie_rounding"])
    for seat, (player, part) in enumerate(zip(state["players"], final, strict=True)):
        part["bonus"] = BONUS_POINTS if seat == state["current"] else 0
        player["score"] += part["goods"] + part["gold"] + part["jewels"]
    state["final"] = final
    state["phase"] = "over"
    state["pending"] = None
    state["events"].append(
        {
            "type": "game_end",
            "final": [dict(f) for f in final],
            "scores": [p["score"] for p in state["players"]],
        }
    )


def seat_of(state: State, word: str) -> int:
    """The seat (0-based) that ``word`` ("P1".."P5", any case) names; IllegalAction when it
    names no player of this game."""
    number = word[1:]
    if word[:1].upper() != "P" or not number.isdigit():
        raise IllegalAction(
            _("{player} is not a player: write P1, P2 and so on"), code="not_a_player", player=word
        )
    if not 1 <= int(number) <= state["num_players"]:
        raise IllegalAction(
            _("There is no player {player}"), code="no_such_player", player=word.upper()
        )
    return int(number) - 1


def end(state: State) -> None:
    """Ruling 2: the player ends the turn (possibly having done nothing)."""
    event(state, "end")
    next_turn(state)


def action_done(state: State) -> None:
    """A slot's action is resolved: the next slot, or the next player after the last one."""
    state["slot"] += 1
    state["moved"] = False
    if state["slot"] >= slots(state):
        next_turn(state)


def next_turn(state: State) -> None:
    """The next seat's turn begins (rulebook "Game Play": play passes to the left)."""
    state["current"] = (state["current"] + 1) % state["num_players"]
    state["slot"] = 0
    state["moved"] = False
    state["events"].append({"type": "turn", "seat": state["current"]})
