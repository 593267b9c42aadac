"""Reiner Knizia's Africa (Goldsieber 2001) as a pure rules engine, for 2 to 5 players.

The rules are the rulebook's, with the project's rulings 1-11 where it is silent (see the game's
specification). Actions are canonical strings: ``start E4``, ``anywhere E4``, ``move E4``,
``uncover E4``, ``place E4``, ``keep``, ``swap P2 kettle``, ``animal E4 F5``, ``nomad E4 F5``,
``camp research``, ``camp resources``, ``end``. Parsing accepts any case and extra blanks.

A turn (ruling 2) is either ``anywhere <cell>`` (option A, the whole turn) or up to two slots
(one in the simple variant), each an optional ``move`` followed by one action. After a ``move``
the slot goes on with its action or ``end``; a second ``move`` in the same slot is not allowed.
An uncovered animal or nomad waits for ``place``, uncovered goods for ``keep`` or ``swap``; that
decision comes before anything else. The turn passes by itself once the last slot's action is
resolved, and ``end`` passes it at any other time.

State: a JSON-serialisable dict, private to the engine (it holds the face-down layout; only
``observation`` may show things to players). ``apply`` builds a new state and never changes the
one it is given.

Events: ``state["events"]`` lists what the last action did, as dicts with a ``type`` and the
seat that acted; they name only public things (an uncovered marker is public). Types:

- ``start`` {seat, cell}: a researcher placed on a start city.
- ``anywhere`` / ``move`` {seat, from, to}: a researcher moved (option A / within a slot).
- ``uncover`` {seat, cell, marker, points}: a marker turned face up; points scored at once
  (gold and jewels; an animal or nomad scores when placed, goods at the end).
- ``place`` {seat, marker, from, to, points}: an uncovered animal or nomad placed.
- ``keep`` {seat, marker}: uncovered goods kept.
- ``swap`` {seat, other, gave, took, count}: ``count`` goods ``gave`` given to seat ``other``
  for all its goods ``took``.
- ``animal`` / ``nomad`` {seat, marker, from, to, points}: a face-up marker moved.
- ``camp`` {seat, cell, use, points, gold, jewels}: a base camp set up; ``use`` is "research" or
  "resources"; gold and jewels are the nuggets and gems taken.
- ``supply_camp`` {seat}: a base camp from the supply for a monument.
- ``end`` {seat}: the player ended the turn.
- ``turn`` {seat}: the turn passed to ``seat``.
- ``bonus`` {seat, points}: the +3 for the monument that ends the game.
- ``final`` {final, scores}: the final scoring (same shape as the observation's ``final``) and
  the totals.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.africa_actions import HANDLERS, check_phase, not_an_action
from games.engines.africa_queries import BOARD, MIX, placements, slots, swaps, turn_actions
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _

OPTIONS = {"variant": ("standard", "simple"), "tie_rounding": ("down", "up")}
CAMPS_IN_HAND = 2
ADJ = BOARD.adjacent


class AfricaEngine:
    """The Africa engine (see the module docstring for actions, state and events).

    ``board`` is the shared ``Board`` (cells, neighbours, start cities). Seats are 0-based and
    shown to players as P1..P5; seat 0 begins (ruling 1).
    """

    name = "africa"
    min_players = 2
    max_players = 5
    board = BOARD

    # -- set-up -------------------------------------------------------------------------------

    def initial_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """The state before the start cities are chosen (rulebook "Game Setup").

        ``options``: "variant" ("standard" | "simple"), "tie_rounding" ("down" | "up"),
        "layout" ({cell: marker code}: the face-down markers of those cells; the other cells
        get the rest of the mix, shuffled with ``random.Random(seed)``). With 2 players the
        supply has 8 camps and the 9th monument ends the game (rulebook "Special Variant for
        2 Players"). Raises ValueError for a player count out of 2..5, an unknown option or
        value, or a layout that does not fit the board and the mix.
        """
        if not isinstance(num_players, int) or not 2 <= num_players <= 5:
            raise ValueError(f"Africa is for 2 to 5 players, not {num_players!r}")
        options = dict(options or {})
        layout = options.pop("layout", None) or {}
        for key, value in options.items():
            if key not in OPTIONS:
                raise ValueError(f"unknown option {key!r} for Africa")
            if value not in OPTIONS[key]:
                raise ValueError(f"option {key!r} must be one of {OPTIONS[key]}, not {value!r}")
        two = num_players == 2
        return {
            "num_players": num_players,
            "variant": options.get("variant", "standard"),
            "tie_rounding": options.get("tie_rounding", "down"),
            "hidden": _deal(layout, seed),
            "shown": {},
            "camps": [],
            "researchers": [None] * num_players,
            "players": [
                {"score": 0, "goods": {}, "gold": 0, "jewels": 0, "camps": CAMPS_IN_HAND}
                for _seat in range(num_players)
            ],
            "supply": 8 if two else 10,
            "monuments_found": 0,
            "monuments_to_end": 9 if two else 11,
            "phase": "setup",
            "current": 0,
            "slot": 0,
            "moved": False,
            "pending": None,
            "final": None,
            "events": [],
        }

    # -- queries ------------------------------------------------------------------------------

    def current_player(self, state: State) -> int | None:
        """The seat to act (during a pending decision, the player who uncovered), or None."""
        return None if state["phase"] == "over" else state["current"]

    def is_terminal(self, state: State) -> bool:
        """True once a monument count of 11 (9 with 2 players) has ended the game (ruling 9)."""
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        """Each seat's running total; at the end it includes final scoring and the bonus."""
        return [player["score"] for player in state["players"]]

    def legal_actions(self, state: State) -> list[str]:
        """Every legal action as a canonical string, sorted with ``sorted()``; [] at the end.

        Never empty while the game runs: ``end`` is legal whenever no decision is pending, a
        pending placement can always stay on its cell and pending goods can always be kept.
        """
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "setup":
            taken = set(state["researchers"])
            return sorted(f"start {c}" for c in BOARD.start_cities if c not in taken)
        pending = state["pending"]
        if pending is not None:
            if pending["type"] == "place":
                return sorted(f"place {c}" for c in placements(state, pending))
            return sorted(["keep", *swaps(state, pending["marker"])])
        return turn_actions(state)  # built in sorted() order

    def observation(self, state: State, viewer: int | None) -> dict[str, Any]:
        """What seat ``viewer`` (or a spectator, None) sees; the same for every viewer.

        Shape (the contract in the game's specification): current_player, terminal,
        monuments_found, monuments_to_end, supply_camps, cells {id: {marker, researcher, camp,
        face_down}}, players [{score, goods, gold, jewels, camps}], final; plus phase, variant,
        slot, slots, moved, pending (None or {type: "place"|"goods", seat, marker, cell}) and
        the last action's events. A face-down marker reads "hidden" until the game is over.
        """
        over = state["phase"] == "over"
        hidden, shown, camps = state["hidden"], state["shown"], set(state["camps"])
        where = {cell: seat for seat, cell in enumerate(state["researchers"]) if cell}
        cells = {}
        for cell in BOARD.cells:
            face_down = cell in hidden
            if face_down:
                marker = hidden[cell] if over else "hidden"
            else:
                marker = shown.get(cell)
            cells[cell] = {
                "marker": marker,
                "researcher": where.get(cell),
                "camp": cell in camps,
                "face_down": face_down,
            }
        pending = state["pending"]
        return {
            "current_player": self.current_player(state),
            "terminal": over,
            "phase": state["phase"],
            "variant": state["variant"],
            "monuments_found": state["monuments_found"],
            "monuments_to_end": state["monuments_to_end"],
            "supply_camps": state["supply"],
            "slot": state["slot"],
            "slots": slots(state),
            "moved": state["moved"],
            "pending": None if pending is None else {**pending, "seat": state["current"]},
            "cells": cells,
            "players": [{**player, "goods": dict(player["goods"])} for player in state["players"]],
            "final": None if state["final"] is None else [dict(f) for f in state["final"]],
            "events": [dict(event) for event in state["events"]],
        }

    # -- actions ------------------------------------------------------------------------------

    def apply(self, state: State, action: str) -> State:
        """The state after ``action`` (a canonical string, any case, extra blanks allowed).

        Raises IllegalAction, with a reason a player understands, for text that is no action
        and for an action the rules do not allow now; ``state`` is never changed.
        """
        if not isinstance(action, str):
            raise not_an_action(repr(action))
        words = action.split()
        if not words:
            raise IllegalAction(_('Type an action, for example "uncover E4" or "end"'))
        keyword, args = words[0].lower(), words[1:]
        handler = HANDLERS.get(keyword)
        if handler is None or len(args) != handler[0]:
            raise not_an_action(" ".join(words))
        check_phase(state, keyword)
        new = _copy(state)
        handler[1](new, *args)
        return new


# -- set-up helpers ---------------------------------------------------------------------------


def _deal(layout: dict[str, str], seed: int) -> dict[str, str]:
    """The face-down markers {cell: code}: ``layout`` plus the rest of the mix, seeded."""
    if not isinstance(layout, dict):
        raise ValueError("option 'layout' must map cell ids to marker codes")
    left = dict(MIX.counts)
    for cell, code in layout.items():
        if cell not in ADJ:
            raise ValueError(f"layout: {cell!r} is not a cell of the board")
        if cell in BOARD.start_cities:
            raise ValueError(f"layout: {cell} is a start city and has no marker")
        if code not in left:
            raise ValueError(f"layout: {code!r} is not a marker code")
        if left[code] == 0:
            raise ValueError(f"layout: more {code} markers than the mix has")
        left[code] -= 1
    rest = [code for code, count in left.items() for _n in range(count)]
    random.Random(seed).shuffle(rest)
    free = [cell for cell in BOARD.marker_cells if cell not in layout]
    hidden = dict(zip(free, rest, strict=True))
    hidden.update(layout)
    return {cell: hidden[cell] for cell in BOARD.marker_cells}


def _copy(state: State) -> State:
    """A copy of ``state`` whose containers may be changed without touching ``state``."""
    new = dict(state)
    new["hidden"] = dict(state["hidden"])
    new["shown"] = dict(state["shown"])
    new["camps"] = list(state["camps"])
    new["researchers"] = list(state["researchers"])
    players = []
    for player in state["players"]:  # copy() in a loop: faster than {**player, ...}
        copied = player.copy()
        copied["goods"] = player["goods"].copy()
        players.append(copied)
    new["players"] = players
    if state["pending"] is not None:
        new["pending"] = dict(state["pending"])
    new["events"] = []
    return new
