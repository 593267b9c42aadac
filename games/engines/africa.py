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

from games.engines.africa_data import (
    ANIMAL,
    GOLD,
    GOODS,
    JEWELS,
    MONUMENT,
    NOMAD,
    board,
    marker_mix,
)
from games.engines.africa_scoring import final_scoring
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _

OPTIONS = {"variant": ("standard", "simple"), "tie_rounding": ("down", "up")}
BONUS_POINTS = 3
CAMPS_IN_HAND = 2

BOARD = board()
MIX = marker_mix()
ADJ = BOARD.adjacent
CELL_ORDER = {cell: index for index, cell in enumerate(BOARD.cells)}
CAMP_USES = ("research", "resources")
RESEARCH_KINDS = frozenset((ANIMAL, NOMAD, MONUMENT))
KIND = MIX.kind


def _not_an_action(action: str) -> IllegalAction:
    return IllegalAction(_('"{action}" is not an action in Africa'), action=action)


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
                return sorted(f"place {c}" for c in _placements(state, pending))
            return sorted(["keep", *_swaps(state, pending["marker"])])
        return sorted(_turn_actions(state))

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
            "slots": _slots(state),
            "moved": state["moved"],
            "pending": None if pending is None else {**pending, "seat": state["current"]},
            "cells": cells,
            "players": [
                {**player, "goods": dict(player["goods"])} for player in state["players"]
            ],
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
            raise _not_an_action(repr(action))
        words = action.split()
        if not words:
            raise IllegalAction(_('Type an action, for example "uncover E4" or "end"'))
        keyword, args = words[0].lower(), words[1:]
        handler = _HANDLERS.get(keyword)
        if handler is None or len(args) != handler[0]:
            raise _not_an_action(" ".join(words))
        _check_phase(state, keyword)
        new = _copy(state)
        handler[1](new, *args)
        return new


# -- set-up helpers ---------------------------------------------------------------------------

def _deal(layout: dict[str, str], seed: int) -> dict[str, str]:
    """The face-down markers {cell: code}: ``layout`` plus the rest of the mix, seeded."""
    if not isinstance(layout, dict):
        raise TypeError("option 'layout' must map cell ids to marker codes")
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
    rest = [code for code, count in left.items() for _copy in range(count)]
    random.Random(seed).shuffle(rest)
    free = [cell for cell in BOARD.marker_cells if cell not in layout]
    hidden = dict(zip(free, rest))
    hidden.update(layout)
    return {cell: hidden[cell] for cell in BOARD.marker_cells}


def _copy(state: State) -> State:
    """A copy of ``state`` whose containers may be changed without touching ``state``."""
    new = dict(state)
    new["hidden"] = dict(state["hidden"])
    new["shown"] = dict(state["shown"])
    new["camps"] = list(state["camps"])
    new["researchers"] = list(state["researchers"])
    new["players"] = [{**p, "goods": dict(p["goods"])} for p in state["players"]]
    if state["pending"] is not None:
        new["pending"] = dict(state["pending"])
    new["events"] = []
    return new


def _slots(state: State) -> int:
    return 1 if state["variant"] == "simple" else 2


# -- board queries ----------------------------------------------------------------------------

def _occupied(state: State) -> set[str]:
    """Cells that are not empty (ruling 3): a marker, face up or down, or a base camp."""
    occupied = set(state["hidden"])
    occupied.update(state["shown"])
    occupied.update(state["camps"])
    return occupied


def _value(state: State, occupied: set[str], code: str, cell: str, vacated: str | None) -> int:
    """Neighbours that count for an animal or nomad ``code`` on ``cell`` (ruling 4).

    Animal: face-up animals of the same kind around ``cell``; nomad: empty cells around it.
    ``vacated`` is the cell the marker leaves, counted as having nothing on it.
    """
    if KIND[code] == NOMAD:
        return sum(1 for n in ADJ[cell] if n == vacated or n not in occupied)
    shown = state["shown"]
    return sum(1 for n in ADJ[cell] if n != vacated and shown.get(n) == code)


def _better_cells(state: State, code: str, origin: str) -> list[str]:
    """Empty cells where ``code`` from ``origin`` has more neighbours that count (rules 5, 7)."""
    occupied = _occupied(state)
    before = _value(state, occupied, code, origin, None)
    if KIND[code] == NOMAD:
        candidates = BOARD.cells
    else:
        shown = state["shown"]
        candidates = {n for c, m in shown.items() if m == code and c != origin for n in ADJ[c]}
    return [
        cell for cell in candidates
        if cell not in occupied and _value(state, occupied, code, cell, origin) > before
    ]


def _placements(state: State, pending: dict[str, Any]) -> list[str]:
    return [pending["cell"], *_better_cells(state, pending["marker"], pending["cell"])]


def _swaps(state: State, code: str) -> list[str]:
    """``swap P<n> <kind>`` actions open to the current player for new goods ``code`` (6)."""
    mine = state["players"][state["current"]]["goods"].get(code, 0)
    return [
        f"swap P{seat + 1} {kind}"
        for seat, player in enumerate(state["players"]) if seat != state["current"]
        for kind, count in player["goods"].items() if kind != code and 0 < count <= mine
    ]


def _move_targets(state: State, origin: str) -> list[str]:
    """Cells 1 or 2 steps from ``origin`` that a researcher may reach (rule "Researchers
    move"): no face-down marker and no researcher on the way or at the end."""
    blocked = set(state["hidden"])
    blocked.update(c for c in state["researchers"] if c)
    return [
        cell for cell, via in BOARD.within_two[origin].items()
        if cell not in blocked and (not via or any(v not in blocked for v in via))
    ]


def _turn_actions(state: State) -> list[str]:
    seat = state["current"]
    here = state["researchers"][seat]
    actions = ["end"]
    if not state["moved"]:
        actions.extend(f"move {cell}" for cell in _move_targets(state, here))
        if state["slot"] == 0:
            blocked = set(state["hidden"])
            blocked.update(c for c in state["researchers"] if c)
            actions.extend(f"anywhere {c}" for c in BOARD.cells if c not in blocked)
    hidden, shown = state["hidden"], state["shown"]
    actions.extend(f"uncover {cell}" for cell in ADJ[here] if cell in hidden)
    for origin in (here, *ADJ[here]):
        code = shown.get(origin)
        if code is not None and KIND[code] in (ANIMAL, NOMAD):
            word = KIND[code]
            actions.extend(f"{word} {origin} {c}" for c in _better_cells(state, code, origin))
    if state["players"][seat]["camps"] and here not in _occupied(state):
        actions.extend(f"camp {use}" for use in CAMP_USES)
    return actions


# -- checks and handlers ----------------------------------------------------------------------

def _check_phase(state: State, keyword: str) -> None:
    """Raise IllegalAction when ``keyword`` is not what the game waits for now."""
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction(_("The game is over"))
    if phase == "setup":
        if keyword != "start":
            raise IllegalAction(_("First every player places a researcher on a start city"))
        return
    if keyword == "start":
        raise IllegalAction(_("The researchers are already on the board"))
    pending = state["pending"]
    if pending is None:
        if keyword in ("place", "keep", "swap"):
            raise IllegalAction(_("There is nothing to place, keep or swap now"))
    elif pending["type"] == "place" and keyword != "place":
        raise IllegalAction(
            _("First place the {marker} you uncovered (place <cell>)"), marker=pending["marker"]
        )
    elif pending["type"] == "goods" and keyword not in ("keep", "swap"):
        raise IllegalAction(
            _("First keep the {marker} you uncovered or swap it"), marker=pending["marker"]
        )


def _cell(word: str) -> str:
    cell = BOARD.by_upper.get(word.upper())
    if cell is None:
        raise IllegalAction(_("{cell} is not a cell of the board"), cell=word)
    return cell


def _event(state: State, type_: str, **fields: Any) -> None:
    state["events"].append({"type": type_, "seat": state["current"], **fields})


def _score(state: State, points: int) -> None:
    state["players"][state["current"]]["score"] += points


def _check_free(state: State, cell: str) -> None:
    """A researcher may not stop on a face-down marker or another researcher."""
    if cell in state["hidden"]:
        raise IllegalAction(_("{cell} has a face-down marker"), cell=cell)
    if cell in state["researchers"]:
        if cell == state["researchers"][state["current"]]:
            raise IllegalAction(_("Your researcher is already on {cell}"), cell=cell)
        raise IllegalAction(_("{cell} has another researcher"), cell=cell)


def _start(state: State, word: str) -> None:
    """Ruling 1: in seat order, each player puts a researcher on a free start city."""
    cell = _cell(word)
    if cell not in BOARD.start_cities:
        raise IllegalAction(_("{cell} is not a start city"), cell=cell)
    if cell in state["researchers"]:
        raise IllegalAction(_("{cell} already has a researcher"), cell=cell)
    seat = state["current"]
    state["researchers"][seat] = cell
    _event(state, "start", cell=cell)
    if seat + 1 < state["num_players"]:
        state["current"] = seat + 1
    else:
        state["phase"] = "play"
        state["current"] = 0
        state["events"].append({"type": "turn", "seat": 0})


def _anywhere(state: State, word: str) -> None:
    """Option A (rulebook "Move a Researcher Anywhere", ruling 2): the whole turn."""
    cell = _cell(word)
    if state["slot"] or state["moved"]:
        raise IllegalAction(_("Moving anywhere takes the whole turn: do it first or not at all"))
    _check_free(state, cell)
    seat = state["current"]
    _event(state, "anywhere", **{"from": state["researchers"][seat], "to": cell})
    state["researchers"][seat] = cell
    _next_turn(state)


def _move(state: State, word: str) -> None:
    """Option B's move before an action: 1 or 2 steps on a free path (ruling 2)."""
    cell = _cell(word)
    if state["moved"]:
        raise IllegalAction(_("You already moved for this action: take the action or end"))
    _check_free(state, cell)
    seat = state["current"]
    here = state["researchers"][seat]
    if cell not in BOARD.within_two[here]:
        raise IllegalAction(_("{cell} is more than two steps from your researcher"), cell=cell)
    if cell not in _move_targets(state, here):
        raise IllegalAction(_("No free path leads to {cell}"), cell=cell)
    _event(state, "move", **{"from": here, "to": cell})
    state["researchers"][seat] = cell
    state["moved"] = True


def _uncover(state: State, word: str) -> None:
    """Action 1 (rulebook "Uncover a marker"): turn up a face-down neighbour and resolve it."""
    cell = _cell(word)
    seat = state["current"]
    if cell not in ADJ[state["researchers"][seat]]:
        raise IllegalAction(_("{cell} is not next to your researcher"), cell=cell)
    if cell not in state["hidden"]:
        raise IllegalAction(_("{cell} has no face-down marker"), cell=cell)
    code = state["hidden"].pop(cell)
    kind = KIND[code]
    player = state["players"][seat]
    points = MIX.value.get(code, 0)
    _event(state, "uncover", cell=cell, marker=code, points=points)
    if kind in (GOLD, JEWELS):
        state["shown"][cell] = code
        _score(state, points)
    elif kind == GOODS:
        player["goods"][code] = player["goods"].get(code, 0) + 1
        state["pending"] = {"type": "goods", "marker": code, "cell": cell}
        return
    elif kind in (ANIMAL, NOMAD):
        state["shown"][cell] = code
        state["pending"] = {"type": "place", "marker": code, "cell": cell}
        return
    else:
        state["shown"][cell] = code
        _found_monument(state)
        if state["phase"] == "over":
            return
    _action_done(state)


def _found_monument(state: State) -> None:
    """Ruling 9: a camp from the supply while any is left; the last monument ends the game."""
    state["monuments_found"] += 1
    if state["monuments_found"] >= state["monuments_to_end"]:
        _score(state, BONUS_POINTS)
        _event(state, "bonus", points=BONUS_POINTS)
        _game_over(state)
    elif state["supply"]:
        state["supply"] -= 1
        state["players"][state["current"]]["camps"] += 1
        _event(state, "supply_camp")


def _game_over(state: State) -> None:
    """Rulebook "Game End and Scoring" (ruling 10): add the final scoring to every total."""
    final = final_scoring(state["players"], state["tie_rounding"])
    for seat, (player, part) in enumerate(zip(state["players"], final)):
        part["bonus"] = BONUS_POINTS if seat == state["current"] else 0
        player["score"] += part["goods"] + part["gold"] + part["jewels"]
    state["final"] = final
    state["phase"] = "over"
    state["pending"] = None
    state["events"].append(
        {"type": "final", "final": [dict(f) for f in final], "scores": [
            p["score"] for p in state["players"]
        ]}
    )


def _place(state: State, word: str) -> None:
    """Ruling 5: leave the uncovered animal or nomad, or move it where it counts more."""
    cell = _cell(word)
    pending = state["pending"]
    code, origin = pending["marker"], pending["cell"]
    if cell != origin:
        _check_better(state, code, origin, cell)
        del state["shown"][origin]
        state["shown"][cell] = code
    points = _value(state, _occupied(state), code, cell, None)
    if KIND[code] == ANIMAL:
        points += 1
    _score(state, points)
    _event(state, "place", marker=code, points=points, **{"from": origin, "to": cell})
    state["pending"] = None
    _action_done(state)


def _check_better(state: State, code: str, origin: str, cell: str) -> int:
    """Raise unless ``cell`` is empty and counts more for ``code`` than ``origin``; the gain."""
    occupied = _occupied(state)
    if cell in occupied:
        raise IllegalAction(_("{cell} is not empty"), cell=cell)
    before = _value(state, occupied, code, origin, None)
    after = _value(state, occupied, code, cell, origin)
    if after <= before:
        template = (
            _("On {cell} the nomad would not have more empty neighbours than on {origin}")
            if KIND[code] == NOMAD
            else _("On {cell} the {marker} would not have more of its kind around than on {origin}")
        )
        raise IllegalAction(template, cell=cell, origin=origin, marker=code)
    return after - before


def _keep(state: State) -> None:
    """Ruling 6: keep the uncovered goods."""
    _event(state, "keep", marker=state["pending"]["marker"])
    state["pending"] = None
    _action_done(state)


def _swap(state: State, who: str, kind_word: str) -> None:
    """Ruling 6: take all of one kind from a player, giving as many of the new goods."""
    code = state["pending"]["marker"]
    kind = kind_word.lower()
    seat = state["current"]
    other = _seat(state, who)
    if other == seat:
        raise IllegalAction(_("You cannot swap with yourself"))
    if KIND.get(kind) != GOODS:
        raise IllegalAction(_("{kind} is not a kind of goods"), kind=kind_word)
    if kind == code:
        raise IllegalAction(_("Swap your {marker} for another kind of goods"), marker=code)
    theirs = state["players"][other]["goods"]
    mine = state["players"][seat]["goods"]
    count = theirs.get(kind, 0)
    if count == 0:
        raise IllegalAction(_("P{player} has no {kind}"), player=other + 1, kind=kind)
    if mine[code] < count:
        raise IllegalAction(
            _("To take {count} {kind} you need {count} {marker}"),
            count=count, kind=kind, marker=code,
        )
    del theirs[kind]
    theirs[code] = theirs.get(code, 0) + count
    mine[kind] = mine.get(kind, 0) + count
    mine[code] -= count
    if not mine[code]:
        del mine[code]
    _event(state, "swap", other=other, gave=code, took=kind, count=count)
    state["pending"] = None
    _action_done(state)


def _seat(state: State, word: str) -> int:
    number = word[1:]
    if word[:1].upper() != "P" or not number.isdigit():
        raise IllegalAction(_("{player} is not a player: write P1, P2 and so on"), player=word)
    if not 1 <= int(number) <= state["num_players"]:
        raise IllegalAction(_("There is no player {player}"), player=word.upper())
    return int(number) - 1


def _move_marker(state: State, kind: str, source: str, target: str) -> None:
    """Actions 2 and 3 (ruling 7): move a face-up animal or nomad for the gain in neighbours."""
    origin, cell = _cell(source), _cell(target)
    here = state["researchers"][state["current"]]
    if origin != here and origin not in ADJ[here]:
        raise IllegalAction(_("{cell} is not on or next to your researcher"), cell=origin)
    code = state["shown"].get(origin)
    if code is None or KIND[code] != kind:
        if kind == NOMAD:
            raise IllegalAction(_("There is no face-up nomad on {cell}"), cell=origin)
        raise IllegalAction(_("There is no face-up animal on {cell}"), cell=origin)
    points = _check_better(state, code, origin, cell)
    del state["shown"][origin]
    state["shown"][cell] = code
    _score(state, points)
    _event(state, kind, marker=code, points=points, **{"from": origin, "to": cell})
    _action_done(state)


def _camp(state: State, use_word: str) -> None:
    """Actions 4 and 5 (ruling 8): a base camp on the researcher's empty cell."""
    use = use_word.lower()
    if use not in CAMP_USES:
        raise _not_an_action(f"camp {use_word}")
    seat = state["current"]
    player = state["players"][seat]
    here = state["researchers"][seat]
    if not player["camps"]:
        raise IllegalAction(_("You have no base camp left"))
    if here in _occupied(state):
        raise IllegalAction(_("A base camp needs an empty cell, and {cell} is not empty"), cell=here)
    player["camps"] -= 1
    state["camps"].append(here)
    shown = state["shown"]
    points = gold = jewels = 0
    for cell in ADJ[here]:
        code = shown.get(cell)
        if code is None:
            continue
        kind = KIND[code]
        if use == "research" and kind in RESEARCH_KINDS:
            points += 1
        elif use == "resources" and kind in (GOLD, JEWELS):
            del shown[cell]
            if kind == GOLD:
                gold += MIX.value[code]
            else:
                jewels += MIX.value[code]
    player["gold"] += gold
    player["jewels"] += jewels
    _score(state, points)
    _event(state, "camp", cell=here, use=use, points=points, gold=gold, jewels=jewels)
    _action_done(state)


def _end(state: State) -> None:
    """Ruling 2: the player ends the turn (possibly having done nothing)."""
    _event(state, "end")
    _next_turn(state)


def _action_done(state: State) -> None:
    """A slot's action is resolved: the next slot, or the next player after the last one."""
    state["slot"] += 1
    state["moved"] = False
    if state["slot"] >= _slots(state):
        _next_turn(state)


def _next_turn(state: State) -> None:
    state["current"] = (state["current"] + 1) % state["num_players"]
    state["slot"] = 0
    state["moved"] = False
    state["events"].append({"type": "turn", "seat": state["current"]})


# keyword -> (number of words after it, handler)
_HANDLERS = {
    "start": (1, _start),
    "anywhere": (1, _anywhere),
    "move": (1, _move),
    "uncover": (1, _uncover),
    "place": (1, _place),
    "keep": (0, _keep),
    "swap": (2, _swap),
    "animal": (2, lambda state, a, b: _move_marker(state, ANIMAL, a, b)),
    "nomad": (2, lambda state, a, b: _move_marker(state, NOMAD, a, b)),
    "camp": (1, _camp),
    "end": (0, _end),
}
