"""Applying Africa's actions (``apply``): each handler checks that the rules allow the action and
changes the (already copied) state. ``HANDLERS`` maps a keyword to its handler, and
``legal.ARITY`` to its number of arguments. The handlers live in ``turns`` (setup, option A,
option B's moves, the end of a turn) and ``actions`` (option B's actions). ``canonical`` and
``reveals`` read the notation.
"""

from __future__ import annotations

from games.africa.engine.actions import camp, keep, move_marker, place, swap, uncover
from games.africa.engine.data import ANIMAL, GOODS, NOMAD
from games.africa.engine.legal import ARITY, CAMP_USES, KIND
from games.africa.engine.turns import anywhere, cell_of, end, move, not_an_action, seat_of, start
from games.engines.base import IllegalAction, State, has_control_characters
from games.engines.base import gettext_noop as _

# -- checks and handlers ----------------------------------------------------------------------


def check_phase(state: State, keyword: str) -> None:
    """Raise IllegalAction when ``keyword`` is not what the game waits for now."""
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction(_("The game is over"), code="game_over")
    if phase == "setup":
        if keyword != "start":
            raise IllegalAction(
                _("First every player places a researcher on a start city"), code="setup_first"
            )
        return
    if keyword == "start":
        raise IllegalAction(_("The researchers are already on the board"), code="setup_done")
    pending = state["pending"]
    if pending is None:
        if keyword in ("place", "keep", "swap"):
            raise IllegalAction(
                _("There is nothing to place, keep or swap now"), code="nothing_pending"
            )
    elif pending["type"] == "place" and keyword != "place":
        raise IllegalAction(
            _("First place the {marker} you uncovered (place <cell>)"),
            code="place_first",
            marker=pending["marker"],
        )
    elif pending["type"] == "goods" and keyword not in ("keep", "swap"):
        raise IllegalAction(
            _("First keep the {marker} you uncovered or swap it"),
            code="goods_first",
            marker=pending["marker"],
        )


# keyword -> its handler; ``legal.ARITY`` says how many words follow each keyword.
HANDLERS = {
    "start": start,
    "anywhere": anywhere,
    "move": move,
    "uncover": uncover,
    "place": place,
    "keep": keep,
    "swap": swap,
    "animal": lambda state, a, b: move_marker(state, ANIMAL, a, b),
    "nomad": lambda state, a, b: move_marker(state, NOMAD, a, b),
    "camp": camp,
    "end": end,
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
        raise IllegalAction(
            _('Type an action, for example "uncover E4" or "end"'), code="not_an_action"
        )
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
        args = [cell_of(word) for word in args]
    elif keyword == "swap":
        kind = args[1].lower()
        if KIND.get(kind) != GOODS:
            raise IllegalAction(_("{kind} is not a kind of goods"), code="not_goods", kind=args[1])
        args = [f"P{seat_of(state, args[0]) + 1}", kind]
    elif keyword == "camp":
        if args[0].lower() not in CAMP_USES:
            raise not_an_action(f"camp {args[0]}")
        args = [args[0].lower()]
    return " ".join([keyword, *args])


def reveals(state: State, action: str) -> bool:
    """True for ``uncover``: the only action that turns a face-down marker up (the undo barrier
    of the site's rules). Raises IllegalAction for text that is no Africa action."""
    return canonical(state, action).startswith("uncover ")
