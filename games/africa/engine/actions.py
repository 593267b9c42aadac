"""The actions of Africa's option B (rulebook "Move a Researcher and Execute Actions"; rulings
5-8): uncovering a marker ("Uncovering Gold and Jewels", "Goods", "Animals", "Nomads",
"Monuments": placing, keeping or swapping what was uncovered), moving a face-up animal or nomad,
and building a base camp for research or resources.
"""

from __future__ import annotations

from games.africa.engine.data import ANIMAL, GOLD, GOODS, JEWELS, MONUMENT, NOMAD
from games.africa.engine.legal import ADJ, CAMP_USES, KIND, MIX, non_empty_cells, value
from games.africa.engine.turns import (
    action_done,
    add_points,
    cell_of,
    event,
    found_monument,
    not_an_action,
    seat_of,
)
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _

RESEARCH_KINDS = frozenset((ANIMAL, NOMAD, MONUMENT))


def uncover(state: State, word: str) -> None:
    """Action 1 (rulebook "Uncover a marker"): turn up a face-down neighbour and resolve it."""
    cell = cell_of(word)
    seat = state["current"]
    if cell not in ADJ[state["researchers"][seat]]:
        raise IllegalAction(
            _("{cell} is not next to your researcher"), code="uncover_not_next", cell=cell
        )
    if cell not in state["hidden"]:
        raise IllegalAction(
            _("{cell} has no face-down marker"), code="uncover_no_marker", cell=cell
        )
    code = state["hidden"].pop(cell)
    kind = KIND[code]
    player = state["players"][seat]
    points = MIX.value.get(code, 0)
    event(state, "uncover", cell=cell, marker=code, points=points)
    if kind in (GOLD, JEWELS):
        state["shown"][cell] = code
        add_points(state, points)
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
        found_monument(state)
        if state["phase"] == "over":
            return
    action_done(state)


def place(state: State, word: str) -> None:
    """Ruling 5: leave the uncovered animal or nomad, or move it where it counts more."""
    cell = cell_of(word)
    pending = state["pending"]
    code, origin = pending["marker"], pending["cell"]
    if cell != origin:
        check_better(state, code, origin, cell)
        del state["shown"][origin]
        state["shown"][cell] = code
    points = value(state, non_empty_cells(state), code, cell, None)
    if KIND[code] == ANIMAL:
        points += 1
    add_points(state, points)
    event(state, "place", marker=code, points=points, **{"from": origin, "to": cell})
    state["pending"] = None
    action_done(state)


def check_better(state: State, code: str, origin: str, cell: str) -> int:
    """Raise unless ``cell`` is empty and counts more for ``code`` than ``origin``; the gain."""
    occupied = non_empty_cells(state)
    if cell in occupied:
        raise IllegalAction(_("{cell} is not empty"), code="place_not_empty", cell=cell)
    before = value(state, occupied, code, origin, None)
    after = value(state, occupied, code, cell, origin)
    if after <= before:
        template = (
            _("On {cell} the nomad would not have more empty neighbours than on {origin}")
            if KIND[code] == NOMAD
            else _("On {cell} the {marker} would not have more of its kind around than on {origin}")
        )
        raise IllegalAction(
            template, code="place_not_better", cell=cell, origin=origin, marker=code
        )
    return after - before


def keep(state: State) -> None:
    """Ruling 6: keep the uncovered goods."""
    event(state, "keep", marker=state["pending"]["marker"])
    state["pending"] = None
    action_done(state)


def swap(state: State, who: str, kind_word: str) -> None:
    """Ruling 6: take all of one kind from a player, giving as many of the new goods."""
    code = state["pending"]["marker"]
    kind = kind_word.lower()
    seat = state["current"]
    other = seat_of(state, who)
    if other == seat:
        raise IllegalAction(_("You cannot swap with yourself"), code="swap_yourself")
    if KIND.get(kind) != GOODS:
        raise IllegalAction(_("{kind} is not a kind of goods"), code="not_goods", kind=kind_word)
    if kind == code:
        raise IllegalAction(
            _("Swap your {marker} for another kind of goods"), code="swap_same_kind", marker=code
        )
    theirs = state["players"][other]["goods"]
    mine = state["players"][seat]["goods"]
    count = theirs.get(kind, 0)
    if count == 0:
        raise IllegalAction(
            _("P{player} has no {kind}"), code="swap_none", player=other + 1, kind=kind
        )
    if mine[code] < count:
        raise IllegalAction(
            _("To take {count} {kind} you need {count} {marker}"),
            code="swap_too_few",
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
    event(state, "swap", other=other, gave=code, took=kind, count=count)
    state["pending"] = None
    action_done(state)


def move_marker(state: State, kind: str, source: str, target: str) -> None:
    """Actions 2 and 3 (ruling 7): move a face-up animal or nomad for the gain in neighbours."""
    origin, cell = cell_of(source), cell_of(target)
    here = state["researchers"][state["current"]]
    if origin != here and origin not in ADJ[here]:
        raise IllegalAction(
            _("{cell} is not on or next to your researcher"), code="marker_not_near", cell=origin
        )
    code = state["shown"].get(origin)
    if code is None or KIND[code] != kind:
        if kind == NOMAD:
            raise IllegalAction(
                _("There is no face-up nomad on {cell}"), code="no_nomad", cell=origin
            )
        raise IllegalAction(
            _("There is no face-up animal on {cell}"), code="no_animal", cell=origin
        )
    points = check_better(state, code, origin, cell)
    del state["shown"][origin]
    state["shown"][cell] = code
    add_points(state, points)
    event(state, kind, marker=code, points=points, **{"from": origin, "to": cell})
    action_done(state)


def camp(state: State, use_word: str) -> None:
    """Actions 4 and 5 (ruling 8): a base camp on the researcher's empty cell."""
    use = use_word.lower()
    if use not in CAMP_USES:
        raise not_an_action(f"camp {use_word}")
    seat = state["current"]
    player = state["players"][seat]
    here = state["researchers"][seat]
    if not player["camps"]:
        raise IllegalAction(_("You have no base camp left"), code="no_camp_left")
    if here in non_empty_cells(state):
        raise IllegalAction(
            _("A base camp needs an empty cell, and {cell} is not empty"),
            code="camp_not_empty",
            cell=here,
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
    add_points(state, points)
    event(state, "camp", cell=here, use=use, points=points, gold=gold, jewels=jewels)
    action_done(state)
