"""Applying Africa's actions (``apply``): each handler checks that the rules allow the action and
changes the (already copied) state. ``HANDLERS`` maps a keyword to its handler, and
``legal.ARITY`` to its number of arguments.
"""

from __future__ import annotations

from typing import Any

from games.africa.engine.data import ANIMAL, GOLD, GOODS, JEWELS, MONUMENT, NOMAD
from games.africa.engine.legal import (
    ADJ,
    ARITY,
    BOARD,
    CAMP_USES,
    KIND,
    MIX,
    move_targets,
    non_empty_cells,
    slots,
    value,
)
from games.africa.engine.scoring import final_scoring
from games.engines.base import IllegalAction, State, has_control_characters
from games.engines.base import gettext_noop as _

BONUS_POINTS = 3
RESEARCH_KINDS = frozenset((ANIMAL, NOMAD, MONUMENT))


def not_an_action(action: str) -> IllegalAction:
    """The error for text that is no Africa action at all."""
    return IllegalAction(_('"{action}" is not an action in Africa'), action=action)


# -- checks and handlers ----------------------------------------------------------------------


def check_phase(state: State, keyword: str) -> None:
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
    if cell not in move_targets(state, here):
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


def _place(state: State, word: str) -> None:
    """Ruling 5: leave the uncovered animal or nomad, or move it where it counts more."""
    cell = _cell(word)
    pending = state["pending"]
    code, origin = pending["marker"], pending["cell"]
    if cell != origin:
        _check_better(state, code, origin, cell)
        del state["shown"][origin]
        state["shown"][cell] = code
    points = value(state, non_empty_cells(state), code, cell, None)
    if KIND[code] == ANIMAL:
        points += 1
    _score(state, points)
    _event(state, "place", marker=code, points=points, **{"from": origin, "to": cell})
    state["pending"] = None
    _action_done(state)


def _check_better(state: State, code: str, origin: str, cell: str) -> int:
    """Raise unless ``cell`` is empty and counts more for ``code`` than ``origin``; the gain."""
    occupied = non_empty_cells(state)
    if cell in occupied:
        raise IllegalAction(_("{cell} is not empty"), cell=cell)
    before = value(state, occupied, code, origin, None)
    after = value(state, occupied, code, cell, origin)
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
            count=count,
            kind=kind,
            marker=code,
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
        raise not_an_action(f"camp {use_word}")
    seat = state["current"]
    player = state["players"][seat]
    here = state["researchers"][seat]
    if not player["camps"]:
        raise IllegalAction(_("You have no base camp left"))
    if here in non_empty_cells(state):
        raise IllegalAction(
            _("A base camp needs an empty cell, and {cell} is not empty"), cell=here
        )
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
    if state["slot"] >= slots(state):
        _next_turn(state)


def _next_turn(state: State) -> None:
    state["current"] = (state["current"] + 1) % state["num_players"]
    state["slot"] = 0
    state["moved"] = False
    state["events"].append({"type": "turn", "seat": state["current"]})


# keyword -> its handler; ``legal.ARITY`` says how many words follow each keyword.
HANDLERS = {
    "start": _start,
    "anywhere": _anywhere,
    "move": _move,
    "uncover": _uncover,
    "place": _place,
    "keep": _keep,
    "swap": _swap,
    "animal": lambda state, a, b: _move_marker(state, ANIMAL, a, b),
    "nomad": lambda state, a, b: _move_marker(state, NOMAD, a, b),
    "camp": _camp,
    "end": _end,
}


def apply(state: State, action: str) -> State:
    """The state after ``action`` (a canonical string, any case, extra blanks allowed).

    Raises IllegalAction, with a reason a player understands, for text that is no action
    and for an action the rules do not allow now; ``state`` is never changed.
    """
    keyword, args = _read(action)
    check_phase(state, keyword)
    new = copy(state)
    HANDLERS[keyword](new, *args)
    return new


def _read(text: str) -> tuple[str, list[str]]:
    """(keyword in lower case, the words after it) of ``text``; IllegalAction unless the
    keyword exists and has its number of words."""
    if not isinstance(text, str):
        raise not_an_action(repr(text))
    words = text.split()
    if not words:
        raise IllegalAction(_('Type an action, for example "uncover E4" or "end"'))
    keyword, args = words[0].lower(), words[1:]
    if keyword not in HANDLERS or len(args) != ARITY[keyword]:
        raise not_an_action(" ".join(words))
    return keyword, args


def copy(state: State) -> State:
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


# Keywords whose arguments are all cells; ``swap`` and ``camp`` are read apart.
CELL_KEYWORDS = frozenset(("start", "anywhere", "move", "uncover", "place", "animal", "nomad"))


def canonical(state: State, text: str) -> str:
    """The canonical spelling of the typed action ``text`` (the move notation of the game's
    specification): keywords, goods and camp uses lower case, cells as their ids, players as
    P1..P5; any case and extra blanks are accepted.

    Raises IllegalAction for text that is no Africa action: an unknown keyword, a wrong number
    of words, a cell, player, kind of goods or camp use that does not exist, or a control
    character. Whether the action is legal now is for ``apply`` to say.
    """
    if isinstance(text, str) and has_control_characters(text):
        raise not_an_action(repr(text))
    keyword, args = _read(text)
    if keyword in CELL_KEYWORDS:
        args = [_cell(word) for word in args]
    elif keyword == "swap":
        kind = args[1].lower()
        if KIND.get(kind) != GOODS:
            raise IllegalAction(_("{kind} is not a kind of goods"), kind=args[1])
        args = [f"P{_seat(state, args[0]) + 1}", kind]
    elif keyword == "camp":
        if args[0].lower() not in CAMP_USES:
            raise not_an_action(f"camp {args[0]}")
        args = [args[0].lower()]
    return " ".join([keyword, *args])


def reveals(state: State, action: str) -> bool:
    """True for ``uncover``: the only action that turns a face-down marker up (the undo barrier
    of the site's rules). Raises IllegalAction for text that is no Africa action."""
    return canonical(state, action).startswith("uncover ")
